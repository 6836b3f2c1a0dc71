import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { BulkActionContract, TableContract, TableRowContract } from '../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import type { Resource } from '../resource/resource.ts'
import { serializeAttribute } from '../resource/serialize_value.ts'
import { RowPresenter } from '../resource/value_presenter.ts'
import type { KitContext, ModelRecord } from '../types.ts'
import type { Table } from './table.ts'
import { TRASHED_FILTER } from './builders.ts'
import type { TrashedMode } from '../query/scoped_query.ts'
import { TABLE_PARAMETERS, type TableState } from './table_query.ts'
import {
  builtInActions,
  serializeBulkAction,
  serializeRowAction,
} from './actions/action_serializer.ts'
import { mountOf } from '../routing/mount_registry.ts'
import { editUrlBuilder } from './row_urls.ts'
import { paginationMeta } from './count_strategy.ts'
import { cursorMeta } from './keyset.ts'

/**
 * Serialize one row: key, title, the declared columns' values and the
 * operations the user may perform on it.
 */
async function serializeRow<Model extends LucidModel>(
  resource: Resource<Model>,
  table: Table,
  record: ModelRecord<Model>,
  context: KitContext,
  presenter: RowPresenter,
  editUrl: (record: ModelRecord<Model>) => string | null
): Promise<TableRowContract> {
  const values: TableRowContract['values'] = {}
  for (const column of table.getColumns()) {
    const relationship = column.relationship()
    const source = relationship ? (record as any)[relationship] : record
    values[column.name] = source
      ? column.castValue(
          serializeAttribute(source.constructor, column.attribute(), source[column.attribute()])
        )
      : null
  }

  const actions: string[] = []
  const can = (operation: ResourceOperation) =>
    resource.allows(operation, record, context.user, context)
  const trashed = resource.softDeletes
    ? (record as any)[resource.deletedAtAttribute] !== null &&
      (record as any)[resource.deletedAtAttribute] !== undefined
    : false

  let url: string | null = null
  if (trashed) {
    /* a trashed record offers the lifecycle actions only */
    if (await can(ResourceOperation.Restore)) actions.push('restore')
    if (await can(ResourceOperation.ForceDelete)) actions.push('forceDelete')
  } else {
    const recordUrl = editUrl(record)
    if (recordUrl && (await can(ResourceOperation.Edit))) {
      actions.push('edit')
      url = recordUrl
    }
    if (await can(ResourceOperation.Delete)) actions.push('delete')
    if (resource.softDeletes && (await can(ResourceOperation.ForceDelete))) {
      actions.push('forceDelete')
    }
    for (const action of table.getActions()) {
      if (await action.allows({ record, user: context.user, http: context.http })) {
        actions.push(action.name)
      }
    }
  }

  const row: TableRowContract = {
    key: record.$primaryKeyValue as string | number,
    title: resource.recordTitle(record),
    values,
    url,
    actions,
  }
  presenter.present(row, record)
  if (resource.softDeletes) {
    row.trashed = trashed
  }
  return row
}

/**
 * The bulk actions a list offers: those the user may run at all (the
 * built-in ones check their `*Any` ability), and on a soft-deleting
 * resource those that apply in the trashed filter's state (restore with
 * trashed records, delete with records that are not).
 */
async function offeredBulkActions(
  resource: Resource<any>,
  table: Table,
  state: TableState,
  context: KitContext
): Promise<BulkActionContract[]> {
  const mount = mountOf(resource)!
  const requested = state.filters[TRASHED_FILTER]
  const mode: TrashedMode = requested === 'with' || requested === 'only' ? requested : 'without'
  const offered: BulkActionContract[] = []
  for (const action of table.getBulkActions()) {
    if (
      action.appliesToTrashedState(resource, mode) &&
      (await action.allowsAny(resource, context))
    ) {
      offered.push(serializeBulkAction(mount, action))
    }
  }
  return offered
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
  const mount = mountOf(resource)
  const rows: TableRowContract[] = []
  const presenter = new RowPresenter(table.getColumns(), mount?.options.presentation)
  const editUrl = editUrlBuilder(mount)
  for (const record of page.all()) {
    rows.push(await serializeRow(resource, table, record, context, presenter, editUrl))
  }

  return {
    columns: table.getColumns().map((column) => {
      const contract = column.toContract()
      if (contract.editable && mount) {
        contract.editUrl = mount.recordTemplate(`columns/${column.name}`)
      }
      return contract
    }),
    actions: mount
      ? [
          ...builtInActions(mount),
          ...table.getActions().map((action) => serializeRowAction(mount, action)),
        ]
      : [],
    bulkActions: mount ? await offeredBulkActions(resource, table, state, context) : [],
    rows,
    ...tableStateContract(table, state, page),
  }
}

/**
 * The parts of the `table` contract that describe the request's state:
 * filters with their values, search, sort, pagination and the parameter
 * names. Resource tables and relation manager tables share them.
 */
export function tableStateContract(
  table: Table,
  state: TableState,
  page: { total: number | string; lastPage: number | string }
): Pick<TableContract, 'filters' | 'searchable' | 'search' | 'sort' | 'pagination' | 'parameters'> {
  return {
    filters: table
      .getFilters()
      .map((filter) => filter.toContract(state.filters[filter.name] ?? null)),
    searchable: table.getColumns().some((column) => column.isSearchable()),
    search: state.search,
    sort: state.sort,
    pagination: {
      page: state.page,
      perPage: state.perPage,
      perPageOptions: table.getPerPageOptions(),
      total: Number(page.total),
      lastPage: Math.max(1, Number(page.lastPage)),
      ...paginationMeta(page),
      ...cursorMeta(page),
    },
    parameters: { ...TABLE_PARAMETERS },
  }
}
