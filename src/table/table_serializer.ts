import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { TableContract, TableRowContract } from '../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import type { Resource } from '../resource/resource.ts'
import { serializeValue } from '../resource/serialize_value.ts'
import type { KitContext, ModelRecord } from '../types.ts'
import type { Table } from './table.ts'
import { TABLE_PARAMETERS, type TableState } from './table_query.ts'

/**
 * Serialize one row: key, title, the declared columns' values and the
 * operations the user may perform on it.
 */
async function serializeRow<Model extends LucidModel>(
  resource: Resource<Model>,
  table: Table,
  record: ModelRecord<Model>,
  context: KitContext
): Promise<TableRowContract> {
  const values: TableRowContract['values'] = {}
  for (const column of table.getColumns()) {
    const relationship = column.relationship()
    const source = relationship ? (record as any)[relationship] : record
    values[column.name] = source ? serializeValue(source[column.attribute()]) : null
  }

  const actions: string[] = []
  const edit = resource.$mount?.pageOfKind('edit')
  let url: string | null = null
  if (edit && (await resource.allows(ResourceOperation.Edit, record, context.user, context))) {
    actions.push('edit')
    url = resource.$mount!.url(edit.key, record)
  }
  if (await resource.allows(ResourceOperation.Delete, record, context.user, context)) {
    actions.push('delete')
  }

  return {
    key: record.$primaryKeyValue as string | number,
    title: resource.recordTitle(record),
    values,
    url,
    actions,
  }
}

/**
 * Serialize a page of records into the `table` contract.
 */
export async function serializeTable<Model extends LucidModel>(
  resource: Resource<Model>,
  table: Table,
  state: TableState,
  page: { all(): ModelRecord<Model>[]; total: number; lastPage: number },
  context: KitContext
): Promise<TableContract> {
  const rows: TableRowContract[] = []
  for (const record of page.all()) {
    rows.push(await serializeRow(resource, table, record, context))
  }

  return {
    columns: table.getColumns().map((column) => column.toContract()),
    filters: table
      .getFilters()
      .map((filter) => filter.toContract(state.filters[filter.name] ?? null)),
    rows,
    searchable: table.getColumns().some((column) => column.isSearchable()),
    search: state.search,
    sort: state.sort,
    pagination: {
      page: state.page,
      perPage: state.perPage,
      perPageOptions: table.getPerPageOptions(),
      total: Number(page.total),
      lastPage: Math.max(1, Number(page.lastPage)),
    },
    parameters: { ...TABLE_PARAMETERS },
  }
}
