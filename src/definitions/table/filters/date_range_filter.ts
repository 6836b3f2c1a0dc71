import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import { DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { DateRangeFilterContract } from '../../../contracts/main.ts'
import { rangeText, scalarString, type DateRangeValue } from './filter_value.ts'

import { BaseFilter, type FilterIndicator } from './base_filter.ts'
import type { KitTranslator } from '../../../i18n/translator.ts'

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
 * a day runs from midnight to midnight in the filter's time zone (`timezone()`),
 * by default the panel's (`timeZone` of `kit.routes()` or `panel.timeZone()`,
 * UTC when none is set): "until 2026-01-31"
 * in Europe/Paris keeps rows before 2026-01-31T23:00:00Z. Stored datetimes
 * are compared as UTC, which is how Lucid writes them when the process runs
 * in UTC.
 *
 * @example
 * ```ts
 * DateRangeFilter.make('publishedAt').timezone('Europe/Paris')
 * ```
 */
export class DateRangeFilter extends BaseFilter<DateRangeValue> {
  #zone: string | null = null
  /* the declared labels, else the request's language */
  #labels: { from: LocalizedText; until: LocalizedText } | null = null

  /**
   * Labels of the two date inputs (default "From" and "Until").
   */
  boundLabels(from: LocalizedText, until: LocalizedText): this {
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
   * The declared time zone (null: the panel's).
   */
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
  apply(
    query: any,
    column: string,
    value: DateRangeValue,
    model: LucidModel,
    panelTimeZone: string = 'UTC'
  ) {
    const zone = this.#zone ?? panelTimeZone
    const type = model.$getColumn(this.getAttribute())?.meta?.type
    if (type !== 'datetime') {
      if (value.from) query.where(column, '>=', value.from)
      if (value.until) query.where(column, '<=', value.until)
      return
    }
    const format: string = query.client?.dialect?.dateTimeFormat ?? 'yyyy-MM-dd HH:mm:ss'
    const boundary = (day: string, plusDays: number) =>
      DateTime.fromFormat(day, 'yyyy-MM-dd', { zone })
        .plus({ days: plusDays })
        .toUTC()
        .toFormat(format)
    if (value.from) query.where(column, '>=', boundary(value.from, 0))
    if (value.until) query.where(column, '<', boundary(value.until, 1))
  }

  /**
   * Its attribute must be a `@column.date` or `@column.dateTime`.
   */
  protected columnProblem(model: LucidModel, attribute: string): string | null {
    const type = model.$getColumn(attribute)?.meta?.type
    return type === 'date' || type === 'datetime'
      ? null
      : `is not a @column.date or @column.dateTime of ${model.name}`
  }

  /**
   * Hook: the bounds that are set.
   */
  indicators(value: DateRangeValue, t: KitTranslator['t']): FilterIndicator[] {
    return [{ label: `${this.getLabel()}: ${rangeText(value.from, value.until, t)}` }]
  }

  /**
   * Serialize the filter with its current value.
   */
  toContract(value: unknown): DateRangeFilterContract {
    const range =
      value && typeof value === 'object' && !Array.isArray(value) ? (value as DateRangeValue) : null
    return {
      name: this.name,
      label: this.getLabel(),
      type: 'dateRange',
      fromLabel: this.#labels ? localize(this.#labels.from) : contextTranslator().t('table.from'),
      untilLabel: this.#labels
        ? localize(this.#labels.until)
        : contextTranslator().t('table.until'),
      value: range ? { from: range.from ?? null, until: range.until ?? null } : null,
    }
  }
}
