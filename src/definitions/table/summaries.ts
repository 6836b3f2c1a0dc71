import { DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { TableSummaryContract } from '../../contracts/main.ts'
import { DEFAULT_PRESENTATION, type Presentation } from '../../support/value_format.ts'
import type { ResourceQuery } from '../resource/resource.ts'
import type { Column } from './columns/column.ts'
import type { Table } from './table.ts'

/**
 * The aggregates a column summary can show.
 */
export type SummaryKind = 'count' | 'sum' | 'average' | 'min' | 'max'

export const SUMMARY_KINDS: readonly SummaryKind[] = ['count', 'sum', 'average', 'min', 'max']

const SQL: Record<SummaryKind, string> = {
  count: 'count',
  sum: 'sum',
  average: 'avg',
  min: 'min',
  max: 'max',
}

/**
 * One declared summary of a column.
 */
export interface ColumnSummary {
  kind: SummaryKind
  label: string
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null
  const number = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(number) ? number : null
}

/**
 * The summaries of a table over every row its query selects (the scoped,
 * searched, filtered query of the list, not the page): one aggregate query
 * over that query as a derived table, so a `modifyQuery()` with DISTINCT or
 * GROUP BY is summarized as the list shows it. Sums, averages, minimums and
 * maximums are shown with the column's format (`money()`, `number()`…);
 * counts as numbers in the panel's locale.
 */
export async function summarizeTable(
  table: Table,
  model: LucidModel,
  /** Builds the list's query (only called when the table has summaries) */
  listQuery: () => ResourceQuery<any>,
  presentation: Presentation = DEFAULT_PRESENTATION
): Promise<TableSummaryContract[] | undefined> {
  const summarized = table
    .getColumns()
    .flatMap((column) => column.getSummaries().map((summary) => ({ column, summary })))
  if (summarized.length === 0) {
    return undefined
  }

  const rows = listQuery().clearOrder().as('kit_rows')
  const client = model.$adapter.modelConstructorClient(model)
  const aggregate = client.query().from(rows)
  summarized.forEach(({ column, summary }, index) => {
    const attribute = model.$getColumn(column.name)?.columnName ?? column.name
    aggregate.select(
      client.raw(`${SQL[summary.kind]}(??) as ??`, [
        `kit_rows.${attribute}`,
        `kit_summary_${index}`,
      ])
    )
  })
  const [result] = await aggregate

  const now = DateTime.now()
  return summarized.map(({ column, summary }, index) => {
    const raw = toNumber(result?.[`kit_summary_${index}`])
    return {
      column: column.name,
      kind: summary.kind,
      label: summary.label,
      value: raw,
      formatted: format(column, summary.kind, raw, presentation, now),
    }
  })
}

function format(
  column: Column,
  kind: SummaryKind,
  value: number | null,
  presentation: Presentation,
  now: DateTime
): string | null {
  if (value === null) return null
  if (kind === 'count' || !column.hasFormat()) {
    return new Intl.NumberFormat(presentation.locale, { maximumFractionDigits: 2 }).format(value)
  }
  return column.present(value, null, presentation, now).formatted
}
