import type { NumericRangeFilterContract } from '../../../contracts/main.ts'
import { rangeText, scalarString, type NumericRangeValue } from './filter_value.ts'
import { BaseFilter, type FilterIndicator } from './base_filter.ts'
import type { KitTranslator } from '../../../i18n/translator.ts'

/** A plain decimal number as a person types it: `12`, `-3.5`, `0.25` */
const DECIMAL = /^-?[0-9]{1,15}(\.[0-9]{1,10})?$/

/**
 * A bound of a numeric range: a decimal number (typed as text, or a finite
 * number), or null for anything else (`1e9`, `0x10`, `Infinity`, blanks,
 * arrays).
 */
function parseBound(value: unknown): number | null {
  if (typeof value === 'number') {
    /* kit() hands numbers; the query string, strings */
    return Number.isFinite(value) && Math.abs(value) < 1e15 ? value : null
  }
  const text = scalarString(value)?.trim()
  return text && DECIMAL.test(text) ? Number(text) : null
}

/**
 * A filter on a numeric column with two optional, inclusive bounds:
 * `filters[price][min]=10&filters[price][max]=20`. Bounds that are not plain
 * decimal numbers are ignored; a minimum above the maximum matches nothing,
 * as written.
 *
 * `scale(100)` compares a column stored in cents with bounds typed in the
 * currency unit.
 *
 * @example
 * ```ts
 * NumericRangeFilter.make('priceCents').label('Price').scale(100)
 * NumericRangeFilter.make('rating').boundLabels('At least', 'At most')
 * ```
 */
export class NumericRangeFilter extends BaseFilter<NumericRangeValue> {
  #labels = { min: 'Min', max: 'Max' }
  #scale = 1

  /**
   * Labels of the two inputs (default "Min" and "Max").
   */
  boundLabels(min: string, max: string): this {
    this.#labels = { min, max }
    return this
  }

  /**
   * Multiply the typed bounds before comparing (e.g. 100 for cents).
   */
  scale(factor: number): this {
    if (!(typeof factor === 'number' && Number.isFinite(factor) && factor > 0)) {
      throw new TypeError(`NumericRangeFilter "${this.name}": scale() takes a positive number`)
    }
    this.#scale = factor
    return this
  }

  /**
   * The accepted bounds of a raw query-string value, or null: an object with
   * `min` and/or `max` decimal numbers; other shapes are ignored.
   */
  parse(raw: unknown): NumericRangeValue | null {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null
    const value: NumericRangeValue = {}
    const bounds = raw as { min?: unknown; max?: unknown }
    const min = Object.hasOwn(bounds, 'min') ? parseBound(bounds.min) : null
    const max = Object.hasOwn(bounds, 'max') ? parseBound(bounds.max) : null
    if (min !== null) value.min = min
    if (max !== null) value.max = max
    return min !== null || max !== null ? value : null
  }

  /**
   * Narrow the query to the accepted bounds (without a custom query).
   */
  apply(query: any, column: string, value: NumericRangeValue) {
    if (value.min !== undefined) query.where(column, '>=', value.min * this.#scale)
    if (value.max !== undefined) query.where(column, '<=', value.max * this.#scale)
  }

  /**
   * Hook: the bounds that are set.
   */
  indicators(value: NumericRangeValue, t: KitTranslator['t']): FilterIndicator[] {
    return [{ label: `${this.getLabel()}: ${rangeText(value.min, value.max, t)}` }]
  }

  /**
   * Serialize the filter with its current value (bounds as typed).
   */
  toContract(value: unknown): NumericRangeFilterContract {
    const range =
      value && typeof value === 'object' && !Array.isArray(value)
        ? (value as NumericRangeValue)
        : null
    return {
      name: this.name,
      label: this.getLabel(),
      type: 'numericRange',
      minLabel: this.#labels.min,
      maxLabel: this.#labels.max,
      value: range ? { min: range.min ?? null, max: range.max ?? null } : null,
    }
  }
}
