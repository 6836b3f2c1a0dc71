import { DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { sentenceCase } from '../../resource/labels.ts'
import type { DateRangeFilterContract } from '../../contracts/main.ts'
import type { FilterQueryCallback } from './select_filter.ts'
import { attributeProblem, scalarString, type DateRangeValue } from './filter_value.ts'

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/

/**
 * A calendar day `YYYY-MM-DD` that exists, or null.
 */
function parseDay(value: unknown): string | null {
  const text = scalarString(value)
  if (text === null || !DAY.test(text)) return null
  return DateTime.fromFormat(text, 'yyyy-MM-dd', { zone: 'utc' }).isValid ? text : null
}

/**
 * A filter on a date or datetime column with two optional, inclusive bounds:
 * `filters[publishedAt][from]=2026-01-01&filters[publishedAt][until]=2026-01-31`.
 * Bounds that are not calendar days (`YYYY-MM-DD`) are ignored.
 *
 * On a `@column.date` the days compare as they are. On a `@column.dateTime`
 * a day runs from midnight to midnight in the filter's time zone (`timezone()`,
 * UTC by default, as the kit has no time zone setting): "until 2026-01-31"
 * in Europe/Paris keeps rows before 2026-01-31T23:00:00Z. Stored datetimes
 * are compared as UTC, which is how Lucid writes them when the process runs
 * in UTC.
 *
 * @example
 * ```ts
 * DateRangeFilter.make('publishedAt').timezone('Europe/Paris')
 * ```
 */
export class DateRangeFilter {
  #label?: string
  #attribute?: string
  #query?: FilterQueryCallback<DateRangeValue>
  #zone = 'UTC'
  #labels = { from: 'From', until: 'Until' }

  protected constructor(
    /** Name of the filter in the query string (`filters[publishedAt][from]=…`) */
    readonly name: string
  ) {}

  /**
   * Create a filter.
   */
  static make(name: string) {
    return new this(name)
  }

  /**
   * Label shown with the filter.
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  /**
   * Labels of the two date inputs (default "From" and "Until").
   */
  boundLabels(from: string, until: string): this {
    this.#labels = { from, until }
    return this
  }

  /**
   * IANA time zone in which the days of a datetime column start and end
   * (default UTC). An unknown zone is refused.
   */
  timezone(zone: string): this {
    if (!DateTime.now().setZone(zone).isValid) {
      throw new TypeError(`DateRangeFilter "${this.name}": unknown time zone "${zone}"`)
    }
    this.#zone = zone
    return this
  }

  /**
   * Model property the filter compares (default: the filter name).
   */
  attribute(attribute: string): this {
    this.#attribute = attribute
    return this
  }

  /**
   * Apply the value (`{ from?, until? }`, days `YYYY-MM-DD`) with a custom query.
   */
  query(callback: FilterQueryCallback<DateRangeValue>): this {
    this.#query = callback
    return this
  }

  getAttribute() {
    return this.#attribute ?? this.name
  }

  getQuery() {
    return this.#query
  }

  getTimezone() {
    return this.#zone
  }

  /**
   * The accepted bounds of a raw query-string value, or null: an object with
   * `from` and/or `until` days; other shapes and invalid days are ignored.
   */
  parse(raw: unknown): DateRangeValue | null {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null
    const value: DateRangeValue = {}
    const bounds = raw as { from?: unknown; until?: unknown }
    const from = Object.hasOwn(bounds, 'from') ? parseDay(bounds.from) : null
    const until = Object.hasOwn(bounds, 'until') ? parseDay(bounds.until) : null
    if (from) value.from = from
    if (until) value.until = until
    return from || until ? value : null
  }

  /**
   * Narrow the query to the accepted bounds (without a custom query).
   */
  apply(query: any, column: string, value: DateRangeValue, model: LucidModel) {
    const type = model.$getColumn(this.getAttribute())?.meta?.type
    if (type !== 'datetime') {
      if (value.from) query.where(column, '>=', value.from)
      if (value.until) query.where(column, '<=', value.until)
      return
    }
    const format: string = query.client?.dialect?.dateTimeFormat ?? 'yyyy-MM-dd HH:mm:ss'
    const boundary = (day: string, plusDays: number) =>
      DateTime.fromFormat(day, 'yyyy-MM-dd', { zone: this.#zone })
        .plus({ days: plusDays })
        .toUTC()
        .toFormat(format)
    if (value.from) query.where(column, '>=', boundary(value.from, 0))
    if (value.until) query.where(column, '<', boundary(value.until, 1))
  }

  /**
   * Why the filter cannot be used on the model (null when it can): its
   * attribute must be a visible `@column.date` or `@column.dateTime`.
   */
  problem(model: LucidModel): string | null {
    if (this.#query) return null
    const attribute = this.getAttribute()
    const problem = attributeProblem(model, attribute)
    if (problem) return `compares "${attribute}", which ${problem}`
    const type = model.$getColumn(attribute)?.meta?.type
    if (type !== 'date' && type !== 'datetime') {
      return `compares "${attribute}", which is not a @column.date or @column.dateTime of ${model.name}`
    }
    return null
  }

  /**
   * Serialize the filter with its current value.
   */
  toContract(value: unknown): DateRangeFilterContract {
    const range =
      value && typeof value === 'object' && !Array.isArray(value) ? (value as DateRangeValue) : null
    return {
      name: this.name,
      label: this.#label ?? sentenceCase(this.name),
      type: 'dateRange',
      fromLabel: this.#labels.from,
      untilLabel: this.#labels.until,
      value: range ? { from: range.from ?? null, until: range.until ?? null } : null,
    }
  }
}
