import { DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { TableSummaryContract } from '../../contracts/main.ts'
import { DEFAULT_PRESENTATION, type Presentation } from '../../support/value_format.ts'
import type { ResourceQuery } from '../../definitions/resource/resource.ts'
import { formatSummary, type SummaryKind } from '../../definitions/table/summaries.ts'
import type { Table } from '../../definitions/table/table.ts'

/**
 * The SQL aggregate of each summary kind.
 */
const SQL: Record<SummaryKind, string> = {
  count: 'count',
  sum: 'sum',
  average: 'avg',
  min: 'min',
  max: 'max',
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
 * GROUP BY is summarized as the list shows it. Each value is formatted as
 * the column declares (`formatSummary()`).
 */
export async function summarizeTable(
  table: Table,
  model: LucidModel,
  /** Builds the list's query (only called when the table has summaries) */
  listQuery: () => ResourceQuery<LucidModel>,
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
  const [result]: Array<Record<string, unknown> | undefined> = await aggregate

  const now = DateTime.now()
  return summarized.map(({ column, summary }, index) => {
    const raw = toNumber(result?.[`kit_summary_${index}`])
    return {
      column: column.name,
      kind: summary.kind,
      label: summary.label,
      value: raw,
      formatted: formatSummary(column, summary.kind, raw, presentation, now),
    }
  })
}
