import { KitConfigurationException } from '../../support/errors.ts'
import { localize, type LocalizedText } from '../../i18n/localized.ts'
import type { KitUser } from '../types.ts'
import type { WidgetEntry } from './widgets.ts'

/**
 * A dashboard's date range filter: the days shown when the URL names none.
 */
export interface DashboardDateRange {
  /** Days of the default range, ending today (default: 30) */
  days: number
}

/**
 * The longest date range a dashboard accepts, in days.
 */
export const MAX_DASHBOARD_RANGE_DAYS = 731

/**
 * A dashboard page of a panel: a grid of widgets, each authorized on its
 * own and loaded after the page (Inertia deferred props), with an optional
 * date range passed to every widget and optional polling. A panel's
 * `dashboard()` is its landing page (`<path>`); `dashboards()` adds others
 * (`<path>/dashboards/<slug>`).
 *
 * @example
 * ```ts
 * Dashboard.make('sales')
 *   .label({ en: 'Sales', fr: 'Ventes' })
 *   .columns(2)
 *   .dateRange({ days: 30 })
 *   .widgets([OrdersStats, OrdersChart])
 * ```
 */
export class Dashboard {
  #label: LocalizedText | null = null
  #icon: string | null = null
  #columns = 2
  #widgets: WidgetEntry[] = []
  #range: DashboardDateRange | null = null
  #poll: number | null = null
  #authorizer?: (context: { user: KitUser | null }) => unknown

  constructor(readonly slug: string) {
    if (typeof slug !== 'string' || !/^[a-z][a-z0-9-]*$/.test(slug)) {
      throw new KitConfigurationException(
        `Dashboard slug ${JSON.stringify(slug)} must start with a lowercase letter and hold only a-z, 0-9 and "-"`
      )
    }
  }

  static make(slug: string) {
    return new this(slug)
  }

  /**
   * The page's title and navigation label (default: "Dashboard" in the
   * request's language).
   */
  label(label: LocalizedText): this {
    this.#label = label
    return this
  }

  /**
   * The navigation icon (a Heroicons name).
   */
  icon(name: string): this {
    this.#icon = name
    return this
  }

  /**
   * Columns of the widget grid on wide screens (1 to 12, default 2).
   */
  columns(columns: number): this {
    if (!Number.isInteger(columns) || columns < 1 || columns > 12) {
      throw new KitConfigurationException(`Dashboard "${this.slug}": columns() takes 1 to 12`)
    }
    this.#columns = columns
    return this
  }

  /**
   * The widgets, in reading order.
   */
  widgets(widgets: WidgetEntry[]): this {
    if (!Array.isArray(widgets)) {
      throw new KitConfigurationException(`Dashboard "${this.slug}": widgets() takes a list`)
    }
    this.#widgets = widgets
    return this
  }

  /**
   * A date range filter (`from`, `until` in the query string, `YYYY-MM-DD`)
   * handed to every widget: trends, stats and charts read that period.
   */
  dateRange(range: Partial<DashboardDateRange> = {}): this {
    const days = range.days ?? 30
    if (!Number.isInteger(days) || days < 1 || days > MAX_DASHBOARD_RANGE_DAYS) {
      throw new KitConfigurationException(
        `Dashboard "${this.slug}": dateRange() days must be 1 to ${MAX_DASHBOARD_RANGE_DAYS}`
      )
    }
    this.#range = { days }
    return this
  }

  /**
   * Reload the widgets every `seconds` (at least 5) while the page is open.
   */
  pollEvery(seconds: number): this {
    if (!Number.isInteger(seconds) || seconds < 5) {
      throw new KitConfigurationException(
        `Dashboard "${this.slug}": pollEvery() takes 5 seconds or more`
      )
    }
    this.#poll = seconds
    return this
  }

  /**
   * Who may open the dashboard (only a literal `true` allows). Without it,
   * every signed-in user of the panel may; each widget still decides on
   * its own whether it is shown.
   */
  authorizeUsing(callback: (context: { user: KitUser | null }) => unknown): this {
    this.#authorizer = callback
    return this
  }

  /**
   * Whether a user may open the dashboard.
   */
  async allows(user: KitUser | null): Promise<boolean> {
    if (this.#authorizer) {
      return (await this.#authorizer({ user })) === true
    }
    return user !== null && user !== undefined
  }

  /**
   * The title in the request's language, or null for the default.
   */
  getLabel(): string | null {
    return this.#label === null ? null : localize(this.#label)
  }

  getIcon(): string | null {
    return this.#icon
  }

  getColumns(): number {
    return this.#columns
  }

  getWidgets(): WidgetEntry[] {
    return this.#widgets
  }

  getDateRange(): DashboardDateRange | null {
    return this.#range
  }

  getPoll(): number | null {
    return this.#poll
  }
}
