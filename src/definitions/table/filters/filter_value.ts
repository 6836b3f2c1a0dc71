import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { KitTranslator } from '../../../i18n/translator.ts'
import { isHiddenAttribute } from '../../resource/serialize_value.ts'

/**
 * The accepted value of a filter after it was read from the query string:
 * one option (select, ternary), several options (multiple select), a date
 * range or a numeric range.
 */
export type TableFilterValue =
  | string
  | string[]
  | DateRangeValue
  | NumericRangeValue
  | { column: string; operator: string; value: string | number | null }[]

/**
 * The accepted bounds of a date-range filter (`YYYY-MM-DD`, both inclusive).
 */
export interface DateRangeValue {
  from?: string
  until?: string
}

/**
 * The accepted bounds of a numeric-range filter (both inclusive).
 */
export interface NumericRangeValue {
  min?: number
  max?: number
}

/**
 * Longest raw string a filter looks at (longer values are ignored).
 */
export const MAX_FILTER_STRING_LENGTH = 255

/**
 * The string a filter expects, or null for anything else (arrays, objects,
 * numbers, overlong strings).
 */
export function scalarString(value: unknown): string | null {
  return typeof value === 'string' && value.length <= MAX_FILTER_STRING_LENGTH ? value : null
}

/**
 * Why a filter without a custom query cannot compare its attribute on the
 * model (null when it can): not a column, or a hidden one (serializeAs: null)
 * whose values a filter would reveal.
 */
export function attributeProblem(model: LucidModel, attribute: string): string | null {
  if (!model.$hasColumn(attribute)) {
    return `is not a column of ${model.name}`
  }
  if (isHiddenAttribute(model, attribute)) {
    return `is a hidden attribute of ${model.name} (serializeAs: null)`
  }
  return null
}

/**
 * The text of a range's bounds that are set: `from 2024-01-01 until 2024-02-01`.
 */
export function rangeText(
  low: string | number | null | undefined,
  high: string | number | null | undefined,
  t: KitTranslator['t']
): string {
  const parts: string[] = []
  if (low !== null && low !== undefined) parts.push(t('table.indicator.from', { value: low }))
  if (high !== null && high !== undefined) parts.push(t('table.indicator.until', { value: high }))
  return parts.join(' ')
}
