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

/**
 * What a widget receives when it is authorized and computed.
 */
export interface WidgetContext extends KitContext {
  /** The resource whose page shows the widget */
  resource: Resource<any>
  /** The record of a record page, else null */
  record: LucidRow | null
  /** A fresh scoped query of the resource (the kit's runtime builds it) */
  scopedQuery: () => ResourceQuery<any>
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
   * Whether the widget is shown (only a literal `true` allows).
   */
  async allows(context: WidgetContext): Promise<boolean> {
    if (this.#authorizer) {
      return (await this.#authorizer({ user: context.user, record: context.record })) === true
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
export class Stat {
  #value: unknown = null
  #description: string | null = null

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
   * Compute the stat.
   */
  async compute(context: WidgetContext): Promise<StatContract> {
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
  #label: LocalizedText | null = null
  #stats: Stat[] = []

  static make(id: string) {
    return new this(id)
  }

  /**
   * Heading of the widget.
   */
  label(label: LocalizedText): this {
    this.#label = label
    return this
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
      label: this.#label === null ? null : localize(this.#label),
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
