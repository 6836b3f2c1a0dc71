import { ChartWidget, Dashboard, Stat, StatsWidget, TableWidget } from '../../../../index.ts'

const posts = () => import('../resources/post_resource.ts')

/**
 * The statuses of a post in English and French (the chart's labels follow
 * the panel's locale).
 */
const STATUSES = {
  draft: { en: 'Draft', fr: 'Brouillon' },
  published: { en: 'Published', fr: 'Publié' },
}

/**
 * The widgets of the test dashboards (dashboards.spec.ts): every kind, and
 * widgets some users may not see.
 */
export function postWidgets({ notes = true } = {}) {
  return [
    StatsWidget.make('posts')
      .resource(posts)
      .label({ en: 'Posts', fr: 'Articles' })
      .stats([
        Stat.make({ en: 'All posts', fr: 'Tous les articles' }).value(({ count }) => count()),
        Stat.make({ en: 'New posts', fr: 'Nouveaux articles' }).trend({
          column: 'createdAt',
          per: 'day',
        }),
      ]),
    ChartWidget.make('posts-per-day')
      .resource(posts)
      .label({ en: 'Posts per day', fr: 'Articles par jour' })
      .chart('line')
      .columnSpan(1)
      .trend({ label: { en: 'Posts', fr: 'Articles' }, per: 'day' }),
    ChartWidget.make('statuses')
      .resource(posts)
      .label({ en: 'Statuses', fr: 'Statuts' })
      .chart('doughnut')
      .columnSpan(1)
      .countBy('status', STATUSES, {
        label: { en: 'Posts', fr: 'Articles' },
        dateColumn: 'createdAt',
      }),
    TableWidget.make('latest')
      .resource(posts)
      .label({ en: 'Latest posts', fr: 'Derniers articles' })
      .columns(['title', 'status'])
      .sortBy('createdAt', 'desc')
      .limit(3),
    /* denied to everyone: notes have no policy */
    ...(notes
      ? [
          StatsWidget.make('notes')
            .resource(() => import('../resources/note_resource.ts'))
            .stats([Stat.make('Notes').value(({ count }) => count())]),
        ]
      : []),
    /* admins only */
    StatsWidget.make('admin-only')
      .resource(posts)
      .authorizeUsing(({ user }) => user?.isAdmin === true)
      .stats([Stat.make('Every post').value(({ count }) => count())]),
    /* no resource and no decision of its own: fail-closed */
    StatsWidget.make('orphan').stats([Stat.make('Nothing').value(42)]),
  ]
}

/**
 * A second dashboard of the panel, for admins only.
 */
export const reviewDashboard = Dashboard.make('review')
  .label({ en: 'Review', fr: 'Relecture' })
  .pollEvery(30)
  .authorizeUsing(({ user }) => user?.isAdmin === true)
  .widgets([
    StatsWidget.make('drafts')
      .resource(posts)
      .stats([
        Stat.make('Drafts').value(({ query, count }) => count(query.where('status', 'draft'))),
      ]),
  ])

/**
 * The tenant panel's dashboard: the boards of the current team only.
 */
export function boardWidgets() {
  const boards = async () => {
    const module = await import('../resources/tenancy_resources.ts')
    return { default: module.BoardResource }
  }
  return [
    StatsWidget.make('boards')
      .resource(boards)
      .stats([Stat.make('Boards').value(({ count }) => count())]),
    TableWidget.make('board-list').resource(boards).columns(['name']).sortBy('name'),
  ]
}
