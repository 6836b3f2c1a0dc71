import { ChartWidget, Dashboard, Stat, StatsWidget, TableWidget } from 'adonis-kit'
import { POST_STATUSES } from '../resources/post_resource.ts'

const posts = () => import('../resources/post_resource.ts')
const authors = () => import('../resources/author_resource.ts')

/**
 * The landing page of the admin panels: every widget kind over the posts,
 * read through the posts' scoped query, over a date range (the seeded
 * posts are published from January 2026, every three days).
 */
export function overviewDashboard() {
  return Dashboard.make('overview')
    .columns(2)
    .dateRange({ days: 365 })
    .widgets([
      StatsWidget.make('posts')
        .resource(posts)
        .label({ en: 'Posts', fr: 'Articles' })
        .stats([
          Stat.make({ en: 'All posts', fr: 'Tous les articles' }).value(({ count }) => count()),
          Stat.make({ en: 'Published in the period', fr: 'Publiés sur la période' }).trend({
            column: 'publishedOn',
            per: 'week',
            days: 90,
          }),
        ]),
      ChartWidget.make('published-per-week')
        .resource(posts)
        .label({ en: 'Published per week', fr: 'Publiés par semaine' })
        .chart('bar')
        .columnSpan(1)
        .trend({ label: { en: 'Posts', fr: 'Articles' }, column: 'publishedOn', per: 'week' }),
      ChartWidget.make('statuses')
        .resource(posts)
        .label({ en: 'Posts by status', fr: 'Articles par statut' })
        .chart('doughnut')
        .columnSpan(1)
        .countBy('status', POST_STATUSES, { label: { en: 'Posts', fr: 'Articles' } }),
      TableWidget.make('latest-posts')
        .resource(posts)
        .label({ en: 'Latest posts', fr: 'Derniers articles' })
        .columns(['title', 'status'])
        .sortBy('createdAt', 'desc')
        .limit(5),
      StatsWidget.make('authors')
        .resource(authors)
        .label({ en: 'Authors', fr: 'Auteurs' })
        .stats([Stat.make({ en: 'Authors', fr: 'Auteurs' }).value(({ count }) => count())]),
    ])
}
