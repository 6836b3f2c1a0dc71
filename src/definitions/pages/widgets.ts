import { localize, type LocalizedText } from '../../i18n/localized.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import type { StatContract, WidgetContract } from '../../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import type { Resource, ResourceQuery } from '../resource/resource.ts'
import { isClass } from '../resource/resource.ts'
import { serializeValue } from '../resource/serialize_value.ts'
import type { Constructor, KitContext, KitUser, LazyImport } from '../types.ts'
import { assertUnique } from '../../support/assert_unique.ts'
import { DateTime } from 'luxon'
import type { TableWidgetContract } from '../../contracts/main.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { Trend, type TrendAggregate, type TrendInterval } from './trend.ts'

/**
 * The date range of a dashboard (its filter), both days included.
 */
export interface WidgetRange {
  start: DateTime
  end: DateTime
}

/**
 * What the runtime lends a widget (a table widget's rows).
 */
export interface WidgetServices {
  /** Rows of the resource's table (only the named columns), read through its scoped query */
  tableRows(options: {
    columns: string[]
    sort: { column: string; direction: 'asc' | 'desc' } | null
    limit: number
  }): Promise<Pick<TableWidgetContract, 'columns' | 'rows' | 'url'>>
}

/**
 * A resource class, or a lazy import of one, that a dashboard widget reads.
 */
export type WidgetResourceReference =
  (new () => Resource<any>) | (() => Promise<{ default: new () => Resource<any> }>)

/**
 * What a widget receives when it is authorized and computed.
 */
export interface WidgetContext extends KitContext {
  /** The resource whose page shows the widget (a dashboard: the widget's `resource()`, else null) */
  resource: Resource<any> | null
  /** The record of a record page, else null */
  record: LucidRow | null
  /** A fresh scoped query of the resource (the kit's runtime builds it) */
  scopedQuery: () => ResourceQuery<any>
  /** The dashboard's date range (null on resource pages and dashboards without one) */
  range?: WidgetRange | null
  /** What the runtime lends widgets on dashboards */
  services?: WidgetServices
}

/**
 * What a stat's value callback receives: a fresh scoped query of the
 * resource (already narrowed by `modifyQuery()`, tenancy and soft deletes),
 * the record of a record page and the user.
 */
export interface StatValueContext {
  query: ResourceQuery<any>
  record: LucidRow | null
  user: KitUser | null
  /** Count the rows of a query (default: the scoped query), in one query */
  count: (query?: ResourceQuery<any>) => Promise<number>
}

/**
 * Count the rows of a query in one `count(*)` query.
 */
export async function countRows(query: ResourceQuery<any>): Promise<number> {
  const rows = await query.count('* as total')
  return Number(rows[0]?.$extras.total ?? 0)
}

/**
 * A widget of a page: authorized, then computed on the server.
 */
export abstract class Widget {
  #authorizer?: (context: { user: KitUser | null; record: LucidRow | null }) => unknown
  #resource?: WidgetResourceReference
  #span: number | 'full' = 'full'
  #label: LocalizedText | null = null

  constructor(readonly id: string) {
    if (typeof id !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(id)) {
      throw new KitConfigurationException(`Widget id ${JSON.stringify(id)} is not a valid name`)
    }
  }

  /**
   * Decide who sees the widget. Without it, the widget is shown to users
   * who may list the resource's records (its ViewAny operation).
   */
  authorizeUsing(
    callback: (context: { user: KitUser | null; record: LucidRow | null }) => unknown
  ): this {
    this.#authorizer = callback
    return this
  }

  /**
   * Heading of the widget.
   */
  label(label: LocalizedText): this {
    this.#label = label
    return this
  }

  /**
   * The heading in the request's language, or null.
   */
  getLabel(): string | null {
    return this.#label === null ? null : localize(this.#label)
  }

  /**
   * On a dashboard: the resource the widget reads (its scoped query) and
   * whose `viewAny` ability shows it (unless `authorizeUsing()` decides).
   * The resource must be one of the panel's.
   */
  resource(resource: WidgetResourceReference): this {
    if (typeof resource !== 'function') {
      throw new KitConfigurationException(
        `Widget "${this.id}": resource() takes a resource class or a lazy import of one`
      )
    }
    this.#resource = resource
    return this
  }

  getResource(): WidgetResourceReference | undefined {
    return this.#resource
  }

  /**
   * Columns of the dashboard's grid the widget spans (default: the whole
   * row). Narrow screens show one widget a row.
   */
  columnSpan(span: number | 'full'): this {
    if (span !== 'full' && !(Number.isInteger(span) && span >= 1 && span <= 12)) {
      throw new KitConfigurationException(
        `Widget "${this.id}": columnSpan() takes 1 to 12 or 'full'`
      )
    }
    this.#span = span
    return this
  }

  getColumnSpan(): number | 'full' {
    return this.#span
  }

  /**
   * Whether the widget has its own authorization (`authorizeUsing()`).
   */
  hasAuthorizer(): boolean {
    return this.#authorizer !== undefined
  }

  /**
   * The type of contract the widget serializes to.
   */
  abstract readonly type: WidgetContract['type']

  /**
   * Whether the widget is shown (only a literal `true` allows).
   */
  async allows(context: WidgetContext): Promise<boolean> {
    if (this.#authorizer) {
      return (await this.#authorizer({ user: context.user, record: context.record })) === true
    }
    /* a dashboard widget without a resource and without its own decision: denied */
    if (!context.resource) {
      return false
    }
    return context.resource.allows(ResourceOperation.ViewAny, null, context.user, context)
  }

  /**
   * Compute the widget's contract.
   */
  abstract serialize(context: WidgetContext): Promise<WidgetContract>
}

/**
 * One number of a stats widget.
 *
 * @example
 * ```ts
 * Stat.make('Drafts').value(({ query, count }) => count(query.where('status', 'draft')))
 * ```
 */
/**
 * A stat's trend: the series drawn as a sparkline, the stat's value over the
 * period and its change against the previous period of the same length.
 */
export interface StatTrendOptions {
  /** Date or date-time attribute the rows are counted by (default: `createdAt`) */
  column?: string
  /** Bucket size of the sparkline (default: `day`) */
  per?: TrendInterval
  /** What is computed (default: `count`) */
  aggregate?: TrendAggregate
  /** The numeric attribute of `sum` and `avg` */
  of?: string
  /** Days of the period without a dashboard date range (default: 30) */
  days?: number
}

/**
 * The period a trend covers: the dashboard's range, else the last `days`
 * days (today included, UTC).
 */
export function trendRange(context: WidgetContext, days = 30): WidgetRange {
  if (context.range) return context.range
  const end = DateTime.utc().startOf('day')
  return { start: end.minus({ days: days - 1 }), end }
}

export class Stat {
  #value: unknown = null
  #description: string | null = null
  #trend: StatTrendOptions | null = null

  protected constructor(readonly label: LocalizedText) {}

  static make(label: LocalizedText) {
    return new this(label)
  }

  /**
   * The value, or a callback computing it from the resource's scoped query.
   */
  value(value: string | number | ((context: StatValueContext) => unknown)): this {
    this.#value = value
    return this
  }

  /**
   * A line shown under the value.
   */
  description(description: string): this {
    this.#description = description
    return this
  }

  /**
   * The stat's value is an aggregate over the period (the dashboard's date
   * range), shown with its sparkline and its change against the previous
   * period. Read through the widget resource's scoped query.
   *
   * @example
   * ```ts
   * Stat.make('New posts').trend({ column: 'createdAt', per: 'day' })
   * ```
   */
  trend(options: StatTrendOptions = {}): this {
    if ((options.aggregate === 'sum' || options.aggregate === 'avg') && !options.of) {
      throw new KitConfigurationException(
        `Stat "${typeof this.label === 'string' ? this.label : 'stat'}": trend({ aggregate: '${options.aggregate}' }) needs "of"`
      )
    }
    this.#trend = { ...options }
    return this
  }

  /**
   * Compute the stat.
   */
  async compute(context: WidgetContext): Promise<StatContract> {
    if (this.#trend) {
      return this.#computeTrend(context, this.#trend)
    }
    let value = this.#value
    if (typeof value === 'function') {
      const query = context.scopedQuery()
      value = await value({
        query,
        record: context.record,
        user: context.user,
        count: (counted = query) => countRows(counted),
      })
    }
    return { label: localize(this.label), value: readCount(value), description: this.#description }
  }

  async #computeTrend(context: WidgetContext, options: StatTrendOptions): Promise<StatContract> {
    const range = trendRange(context, options.days)
    const aggregate = options.aggregate ?? 'count'
    const trend = (start: DateTime, end: DateTime) =>
      Trend.query(context.scopedQuery())
        .dateColumn(options.column ?? 'createdAt')
        .between(start, end)
        .per(options.per ?? 'day')
    const points = await trend(range.start, range.end).aggregate(aggregate, options.of)
    const length = Math.round(range.end.diff(range.start, 'days').days) + 1
    const current = await trend(range.start, range.end).total(aggregate, options.of)
    const previous = await trend(
      range.start.minus({ days: length }),
      range.start.minus({ days: 1 })
    ).total(aggregate, options.of)
    return {
      label: localize(this.label),
      value: current,
      description: this.#description,
      trend: points.map((point) => point.value),
      change: statChange(current, previous, context),
    }
  }
}

/**
 * The change of a value against the previous period's, as a signed
 * percentage and a sentence in the request's language.
 */
function statChange(
  current: number | null,
  previous: number | null,
  context: WidgetContext
): StatContract['change'] {
  if (current === null || previous === null || previous === 0) {
    return null
  }
  const ratio = (current - previous) / Math.abs(previous)
  const percent = Math.round(ratio * 1000) / 10
  const translator = contextTranslator(context)
  const formatted = new Intl.NumberFormat(translator.locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(percent / 100)
  return {
    percent,
    direction: percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat',
    text: translator.t('dashboard.change', { change: formatted }),
  }
}

/**
 * Count results come back as numbers, strings (PostgreSQL bigint) or rows
 * holding `$extras`; all become plain values.
 */
function readCount(value: unknown) {
  if (typeof value === 'bigint') {
    return Number(value)
  }
  if (typeof value === 'string' && /^[0-9]{1,15}$/.test(value)) {
    return Number(value)
  }
  return serializeValue(value)
}

/**
 * A row of numbers computed on the server.
 *
 * @example
 * ```ts
 * StatsWidget.make('overview').stats([
 *   Stat.make('Projects').value(({ count }) => count()),
 * ])
 * ```
 */
export class StatsWidget extends Widget {
  readonly type = 'stats'
  #stats: Stat[] = []

  static make(id: string) {
    return new this(id)
  }

  /**
   * The numbers of the widget.
   */
  stats(stats: Stat[]): this {
    if (!Array.isArray(stats) || stats.some((stat) => !(stat instanceof Stat))) {
      throw new KitConfigurationException(
        `StatsWidget "${this.id}": stats() takes Stat.make(...) entries`
      )
    }
    this.#stats = stats
    return this
  }

  async serialize(context: WidgetContext): Promise<WidgetContract> {
    const stats: StatContract[] = []
    for (const stat of this.#stats) {
      stats.push(await stat.compute(context))
    }
    return {
      type: 'stats',
      id: this.id,
      label: this.getLabel(),
      stats,
    }
  }
}

/**
 * An object that provides widgets (a dashboard section, a shared set).
 */
export interface WidgetProvider {
  widgets(): WidgetEntry[]
}

/**
 * What `widgets()`, `headerWidgets()` and `footerWidgets()` may list: widget
 * instances, provider objects, widget or provider classes, and lazy imports
 * of those classes.
 */
export type WidgetEntry =
  | Widget
  | WidgetProvider
  | Constructor<Widget | WidgetProvider>
  | LazyImport<Constructor<Widget | WidgetProvider>>

const lazyClasses = new WeakMap<Function, unknown>()

/**
 * Resolve widget entries to widget instances: the one resolver of pages and
 * dashboards. A wrong entry is refused with a message naming where it was
 * declared.
 */
export async function resolveWidgets(entries: unknown, where: string): Promise<Widget[]> {
  if (!Array.isArray(entries)) {
    throw new KitConfigurationException(`${where} must return a list of widgets`)
  }
  const widgets: Widget[] = []
  const visit = async (entry: unknown, depth: number): Promise<void> => {
    if (depth > 4) {
      throw new KitConfigurationException(`${where}: widget providers nest too deeply`)
    }
    if (entry instanceof Widget) {
      widgets.push(entry)
      return
    }
    if (isClass(entry)) {
      return visit(new entry(), depth + 1)
    }
    if (typeof entry === 'function') {
      let resolved = lazyClasses.get(entry)
      if (!resolved) {
        const module = await (entry as () => Promise<{ default?: unknown }>)()
        resolved = module?.default
        if (!isClass(resolved)) {
          throw new KitConfigurationException(
            `${where}: a lazy widget import must have a widget or provider class as default export`
          )
        }
        lazyClasses.set(entry, resolved)
      }
      return visit(resolved, depth + 1)
    }
    if (
      entry &&
      typeof entry === 'object' &&
      'widgets' in entry &&
      typeof entry.widgets === 'function'
    ) {
      const provided = (entry as WidgetProvider).widgets()
      if (!Array.isArray(provided)) {
        throw new KitConfigurationException(`${where}: a widget provider must return a list`)
      }
      for (const child of provided) {
        await visit(child, depth + 1)
      }
      return
    }
    throw new KitConfigurationException(
      `${where}: expected a widget, a widget provider, a class or a lazy import of one`
    )
  }
  for (const entry of entries) {
    await visit(entry, 0)
  }
  assertUniqueWidgets(widgets, where)
  return widgets
}

/**
 * Refuse two widgets with one id in the same place.
 */
export function assertUniqueWidgets(widgets: Widget[], where: string) {
  assertUnique(
    widgets,
    (widget) => widget.id,
    (id) => `${where}: widget "${id}"`
  )
}

/**
 * Resolve, authorize and compute widgets: only the widgets the user may see
 * are serialized.
 */
export async function serializeWidgets(
  widgets: Widget[],
  context: WidgetContext
): Promise<WidgetContract[]> {
  const serialized: WidgetContract[] = []
  for (const widget of widgets) {
    if (await widget.allows(context)) {
      serialized.push(await widget.serialize(context))
    }
  }
  return serialized
}
