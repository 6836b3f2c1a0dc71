import { Stat, StatsWidget } from '../../../../index.ts'

/**
 * A widget class, lazily imported by a page; shown to admins only.
 */
export default class AdminOnlyWidget extends StatsWidget {
  constructor() {
    super('admin-only')
    this.label('Admin')
      .authorizeUsing(({ user }) => user?.isAdmin === true)
      .stats([Stat.make('Everything').value(({ count }) => count())])
  }
}
