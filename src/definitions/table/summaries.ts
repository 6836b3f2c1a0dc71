import type { DateTime } from 'luxon'
import { numberFormat } from '../../contracts/intl_formats.ts'
import type { Presentation } from '../../support/value_format.ts'
import type { Column } from './columns/column.ts'

/**
 * The aggregates a column summary can show.
 */
export type SummaryKind = 'count' | 'sum' | 'average' | 'min' | 'max'

export const SUMMARY_KINDS: readonly SummaryKind[] = ['count', 'sum', 'average', 'min', 'max']

/**
 * One declared summary of a column.
 */
export interface ColumnSummary {
  kind: SummaryKind
  label: string
}

/**
 * A summary's value as the panel shows it: sums, averages, minimums and
 * maximums with the column's format (`money()`, `number()`…), counts (and
 * columns without a format) as numbers in the panel's locale.
 */
export function formatSummary(
  column: Column,
  kind: SummaryKind,
  value: number | null,
  presentation: Presentation,
  now: DateTime
): string | null {
  if (value === null) return null
  if (kind === 'count' || !column.hasFormat()) {
    return numberFormat(presentation.locale, { maximumFractionDigits: 2 }).format(value)
  }
  return column.present(value, null, presentation, now).formatted
}
