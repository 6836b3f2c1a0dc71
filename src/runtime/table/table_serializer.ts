import { ReplicateAction } from '../../definitions/table/actions/replicate_action.ts'
import { ImpersonateAction } from '../../definitions/table/actions/impersonate_action.ts'
import { mayImpersonate } from '../impersonation/impersonation.ts'
import { versionOf } from '../mutation/record_version.ts'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { columnKit } from './column_kit.ts'
import type {
  ActionContract,
  BulkActionContract,
  TableContract,
  TableRowContract,
} from '../../contracts/main.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import type { RecordSource } from '../records/record_source.ts'
import { sourceOf } from '../records/resource_source.ts'
import {
  isHiddenAttribute,
  serializeAttribute,
  serializeValue,
} from '../../definitions/resource/serialize_value.ts'
import { attributeHolder, modelOf, valueOf } from '../../definitions/resource/record_values.ts'
import { RowPresenter } from '../../definitions/resource/value_presenter.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { Table } from '../../definitions/table/table.ts'
import type { Column } from '../../definitions/table/columns/column.ts'
import { TRASHED_FILTER } from '../../definitions/table/builders.ts'
import type { TrashedMode } from '../query/scoped_query.ts'
import { TABLE_PARAMETERS, type TableState } from './table_query.ts'
import { serializeBulkAction, serializeRowAction } from './actions/action_serializer.ts'
import { paginationMeta } from '../../definitions/table/count_strategy.ts'
import { editUrlBuilder } from './row_urls.ts'
import { cursorMeta } from './keyset.ts'
import { filterIndicators } from './filter_indicators.ts'
import { sentenceCase } from '../../definitions/resource/labels.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import {
  sanitizedValue,
  textSanitizer,
  type TextSanitizer,
} from '../../definitions/form/text_sanitizers.ts'

/**
 * A row action the source offers besides the table's own: its name, the
 * operation that authorizes it and, for `edit`, the page it opens.
 */
export interface RowPreset {
  name: string
  operation: ResourceOperation
  url?: string | null
}

/**
 * The URLs of a table's actions: the source's preset row actions (their
 * contracts), the hosted URL of a custom row or bulk action, and of an
 * editable column.
 */
export interface TableLinks {
  presets: ActionContract[]
  actionUrl(name: string): string
  bulkActionUrl(name: string): string
  columnUrl?(name: string): string
  reorderUrl?(): string
}

/**
 * The value of a cell: a declared pivot attribute from the pivot row, an
 * attribute of a to-one relationship, or of the record.
 */
function cellValue(source: RecordSource<any>, column: Column, record: LucidRow) {
  if (source.pivotAttributes.includes(column.name)) {
    return serializeValue(record.$extras[`pivot_${column.name}`])
  }
  const holder = attributeHolder(record, column.relationship())
  const attribute = column.attribute()
  return holder
    ? column.castValue(serializeAttribute(modelOf(holder), attribute, valueOf(holder, attribute)))
    : null
}

/**
 * What sanitizes a table's text on its way out: the form's fields, and the
 * sanitizer of each column over rich text or Markdown (a `RichEditor` or
 * `MarkdownEditor` field of its attribute, or `richText()`).
 */
interface CellText {
  fields: Field[]
  sanitizers: Map<string, TextSanitizer>
}

function cellText(source: RecordSource<any>, table: Table): CellText {
  const fields = source.formFields()
  const sanitizers = new Map<string, TextSanitizer>()
  for (const column of table.getColumns()) {
    /* a relationship's attribute has no field of this form */
    const sanitize = textSanitizer(
      column.relationship() ? [] : fields,
      column.name,
      column.isRichText()
    )
    if (sanitize) sanitizers.set(column.name, sanitize)
  }
  return { fields, sanitizers }
}

/**
 * The lines under the values of the columns with a description: a visible
 * attribute of the record (never a hidden one), or the callback's text.
 */
function columnDescriptions(table: Table, record: LucidRow, fields: Field[]) {
  let descriptions: Record<string, string | null> | null = null
  for (const column of table.getColumns()) {
    const description = column.getDescription()
    if (description === null) continue
    let text: unknown = null
    if (typeof description === 'function') {
      text = description(record)
    } else {
      const model = record.constructor as LucidModel
      /* an attribute holding rich text is sanitized, as in the form */
      text =
        model.$hasColumn(description) && !isHiddenAttribute(model, description)
          ? sanitizedValue(
              textSanitizer(fields, description),
              serializeAttribute(model, description, valueOf(record, description))
            )
          : null
    }
    descriptions ??= {}
    descriptions[column.name] = text === null || text === undefined ? null : String(text)
  }
  return descriptions
}

/**
 * Serialize one row: key, title, the declared columns' values and the
 * operations the user may perform on it. A trashed record offers the
 * lifecycle actions only (restore, delete permanently); others never offer
 * restore.
 */
async function serializeRow(
  source: RecordSource<any>,
  table: Table,
  record: LucidRow,
  context: KitContext,
  presenter: RowPresenter,
  editUrl: (record: LucidRow) => string | null,
  text: CellText
): Promise<TableRowContract> {
  const values: TableRowContract['values'] = {}
  const kit = columnKit(context)
  for (const column of table.getColumns()) {
    values[column.name] = (await column.cellValue(
      sanitizedValue(text.sanitizers.get(column.name) ?? null, cellValue(source, column, record)),
      kit
    )) as TableRowContract['values'][string]
  }
  const descriptions = columnDescriptions(table, record, text.fields)

  const actions: string[] = []
  const trashed = source.isTrashed(record)
  let url: string | null = null
  for (const preset of source.rowPresets(table, record, editUrl)) {
    if (trashed ? !TRASHED_ROW_ACTIONS.includes(preset.name) : preset.name === 'restore') {
      continue
    }
    if (await source.allows(preset.operation, record, context)) {
      actions.push(preset.name)
      url ??= preset.url ?? null
    }
  }
  if (!trashed && source.writable) {
    for (const action of table.getActions()) {
      /* a replica is created: offered only to users who may create */
      if (
        action instanceof ReplicateAction &&
        !(await source.allows(ResourceOperation.Create, null, context))
      ) {
        continue
      }
      /* an impersonation: the policy's ability, never oneself, never nested */
      if (action instanceof ImpersonateAction) {
        if (await mayImpersonate(source, action, record, context)) actions.push(action.name)
        continue
      }
      if (await action.allows({ record, user: context.user, http: context.http })) {
        actions.push(action.name)
      }
    }
  }

  const row: TableRowContract = {
    key: record.$primaryKeyValue as string | number,
    title: source.recordTitle(record),
    values,
    url,
    actions,
  }
  if (descriptions) {
    row.descriptions = descriptions
  }
  const group = table.getGroup()
  if (group) {
    const value = serializeAttribute(
      record.constructor as LucidModel,
      group.column,
      valueOf(record, group.column)
    )
    row.group = value === null ? '' : (group.labels[String(value)] ?? String(value))
  }
  /* the version the row is drawn with, sent back with an editable cell's
     value and with a hosted row action */
  if (
    table.getColumns().some((column) => column.isEditable()) ||
    table.getActions().some((action) => action.isHosted())
  ) {
    const version = versionOf(source, record)
    if (version !== null) {
      row.version = version
    }
  }
  presenter.present(row, record)
  if (source.softDeletes) {
    row.trashed = trashed
  }
  return row
}

/**
 * The row actions a trashed record may offer.
 */
const TRASHED_ROW_ACTIONS = ['restore', 'forceDelete']

/**
 * The bulk actions a list offers: those the user may run at all (the
 * built-in ones check their `*Any` ability), and with the soft-delete
 * preset those that apply in the trashed filter's state (restore with
 * trashed records, delete with records that are not).
 */
async function offeredBulkActions(
  source: RecordSource<any>,
  table: Table,
  state: TableState,
  context: KitContext,
  links: TableLinks
): Promise<BulkActionContract[]> {
  const requested = state.filters[TRASHED_FILTER]
  const mode: TrashedMode = requested === 'with' || requested === 'only' ? requested : 'without'
  const offered: BulkActionContract[] = []
  for (const action of source.bulkActions(table)) {
    if (action.appliesToTrashedState(source, mode) && (await action.allowsAny(source, context))) {
      offered.push(serializeBulkAction(action, links.bulkActionUrl(action.name)))
    }
  }
  return offered
}

/**
 * Serialize a page of records into the `table` contract: a resource's list,
 * or a relation manager's table of one owner's related records.
 */
export async function serializeTable<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>,
  table: Table,
  state: TableState,
  page: { all(): LucidRow[]; total: number | string; lastPage: number | string },
  context: KitContext
): Promise<TableContract> {
  const source = sourceOf(from)
  const links = source.tableLinks()
  const rows: TableRowContract[] = []
  const presenter = new RowPresenter(table.getColumns(), source.mount()?.options.presentation)
  /* one edit URL template per table, not one route fill per row */
  const editUrl = editUrlBuilder(source.kind === 'resource' ? source.mount() : undefined)
  const text = cellText(source, table)
  for (const record of page.all()) {
    rows.push(await serializeRow(source, table, record, context, presenter, editUrl, text))
  }

  return {
    columns: table.getColumns().map((column) => {
      const contract = column.toContract()
      if (contract.editable && links?.columnUrl) {
        contract.editUrl = links.columnUrl(column.name)
      }
      return contract
    }),
    actions: links
      ? [
          ...links.presets,
          ...table
            .getActions()
            .map((action) => serializeRowAction(action, links.actionUrl(action.name))),
        ]
      : [],
    bulkActions: links ? await offeredBulkActions(source, table, state, context, links) : [],
    rows,
    records: source.recordWords(),
    ...tableStateContract(table, state, page),
    ...groupContract(table),
    ...(table.getReorderColumn() && links?.reorderUrl
      ? { reorder: { column: table.getReorderColumn()!, url: links.reorderUrl() } }
      : {}),
  }
}

/**
 * The `group` of a grouped table's contract.
 */
function groupContract(table: Table): Pick<TableContract, 'group'> {
  const group = table.getGroup()
  if (!group) return {}
  return {
    group: {
      column: group.column,
      label: group.label ?? table.getColumn(group.column)?.getLabel() ?? sentenceCase(group.column),
    },
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
  page: { total: number | string; lastPage: number | string; currentPage?: number }
): Pick<
  TableContract,
  | 'filters'
  | 'filtersOpen'
  | 'indicators'
  | 'searchable'
  | 'search'
  | 'sort'
  | 'pagination'
  | 'parameters'
> {
  const indicators = filterIndicators(table, state)
  return {
    filters: table
      .getFilters()
      .map((filter) => filter.toContract(state.filters[filter.name] ?? null)),
    ...(table.areFiltersAlwaysOpen() ? { filtersOpen: true } : {}),
    ...(indicators.length ? { indicators } : {}),
    searchable: table.getColumns().some((column) => column.isSearchable()),
    search: state.search,
    sort: state.sort,
    pagination: {
      /* the page read: the requested one, or the last one when a jump past
         an estimated total's end was answered with it */
      page: page.currentPage ?? state.page,
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
