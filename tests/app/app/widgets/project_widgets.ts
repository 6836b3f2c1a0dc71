import { Stat, StatsWidget, type WidgetEntry } from '../../../../index.ts'

/**
 * A widget provider class: its widgets() lists the widgets it provides.
 */
export default class ProjectWidgets {
  widgets(): WidgetEntry[] {
    return [
      StatsWidget.make('visibility')
        .label('Visibility')
        .stats([
          Stat.make('Public').value(({ query, count }) =>
            count(query.where('projects.visibility', 'public'))
          ),
          Stat.make('Private').value(({ query, count }) =>
            count(query.where('projects.visibility', 'private'))
          ),
        ]),
    ]
  }
}
