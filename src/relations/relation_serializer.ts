import type { LucidRow } from '@adonisjs/lucid/types/model'
import type {
  ActionContract,
  BulkActionContract,
  FormContract,
  RelationChooserContract,
  RelationEntryContract,
  RelationManagerContract,
  TableContract,
  TableRowContract,
} from '../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { serializeValue } from '../resource/serialize_value.ts'
import { buildForm, buildTable, TRASHED_FILTER } from '../table/builders.ts'
import { applyTableState, readTableState, type TableState } from '../table/table_query.ts'
import type { Table } from '../table/table.ts'
import { serializeForm } from '../form/form_serializer.ts'
import { tableStateContract } from '../table/table_serializer.ts'
import { joinPath } from '../routing/path_safety.ts'
import type { ResourceMount } from '../routing/resource_mount.ts'
import type { TrashedMode } from '../query/scoped_query.ts'
import type { KitContext } from '../types.ts'
import { RelationOperation } from './relation_operation.ts'
import { buildAttachForm, RELATION_ROW_PRESETS, type MountedRelation } from './relation_mount.ts'
import { relatedQuery, relationAllows } from './relation_query.ts'
import { valueOf } from '../resource/record_values.ts'
import { mountOf } from '../routing/mount_registry.ts'

/**
 * Options of the relation serializers.
 */
export interface RelationSerializeOptions {
  /**
   * Read-only managers (view pages): the table with its filters (the trashed
   * filter included) and no mutation action, form or chooser.
   */
  readOnly?: boolean
}

/**
 * Base URL of a manager's endpoints for one owner.
 */
export function relationBaseUrl(relation: MountedRelation, owner: LucidRow | string): string {
  const mount = mountOf(relation.resource)!
  const key = mount.recordKey(owner, `relation "${relation.name}"`)
  return joinPath(mount.baseUrl(), encodeURIComponent(key), 'relations', relation.name)
}

/**
 * Whether a related record is in the trash.
 */
function isTrashed(relation: MountedRelation, record: LucidRow) {
  if (!relation.manager.softDeletes) return false
  const value = valueOf(record, relation.manager.deletedAtAttribute)
  return value !== null && value !== undefined
}

/**
 * The value of a column of a related row: pivot attributes come from the
 * pivot row, as root attributes.
 */
function cellValue(relation: MountedRelation, record: LucidRow, name: string) {
  if (relation.manager.pivotAttributes.includes(name)) {
    return serializeValue(record.$extras[`pivot_${name}`])
  }
  return serializeValue(valueOf(record, name))
}

/**
 * Which preset row actions the manager offers at all.
 */
function presetActions(relation: MountedRelation, table: Table): string[] {
  const custom = new Set(table.getActions().map((action) => action.name))
  return RELATION_ROW_PRESETS.filter((name) => {
    if (custom.has(name)) return false
    if (name === 'edit') return relation.formFields.length > 0
    if (name === 'restore' || name === 'forceDelete') return relation.manager.softDeletes
    if (name === 'detach') return relation.kind === 'manyToMany'
    if (name === 'dissociate') return relation.kind === 'hasMany' && relation.manager.dissociates
    return true
  })
}

const PRESET_OPERATIONS: Record<string, RelationOperation> = {
  edit: RelationOperation.Edit,
  delete: RelationOperation.Delete,
  restore: RelationOperation.Restore,
  forceDelete: RelationOperation.ForceDelete,
  detach: RelationOperation.Detach,
  dissociate: RelationOperation.Dissociate,
}

function presetContract(base: string, name: string): ActionContract {
  const template = joinPath(base, '{record}')
  const common = { name, color: 'gray', hosted: true, requiresConfirmation: true }
  switch (name) {
    case 'edit':
      return {
        ...common,
        label: 'Edit',
        method: 'patch',
        url: template,
        requiresConfirmation: false,
      }
    case 'delete':
      return { ...common, label: 'Delete', color: 'red', method: 'delete', url: template }
    case 'restore':
      return {
        ...common,
        label: 'Restore',
        method: 'post',
        url: `${template}/restore`,
        requiresConfirmation: false,
      }
    case 'forceDelete':
      return {
        ...common,
        label: 'Delete permanently',
        color: 'red',
        method: 'delete',
        url: `${template}/force-delete`,
      }
    case 'detach':
      return { ...common, label: 'Detach', method: 'post', url: `${template}/detach` }
    default:
      return { ...common, label: 'Dissociate', method: 'post', url: `${template}/dissociate` }
  }
}

async function serializeRow(
  relation: MountedRelation,
  table: Table,
  presets: string[],
  record: LucidRow,
  context: KitContext,
  writable: boolean
): Promise<TableRowContract> {
  const values: TableRowContract['values'] = {}
  for (const column of table.getColumns()) {
    values[column.name] = cellValue(relation, record, column.name)
  }

  const actions: string[] = []
  const trashed = isTrashed(relation, record)
  if (writable) {
    for (const name of presets) {
      if (trashed !== (name === 'restore') && !(trashed && name === 'forceDelete')) {
        continue
      }
      if (await relationAllows(relation, PRESET_OPERATIONS[name], record, context)) {
        actions.push(name)
      }
    }
    if (!trashed) {
      for (const action of table.getActions()) {
        if (await action.allows({ record, user: context.user, http: context.http })) {
          actions.push(action.name)
        }
      }
    }
  }

  const row: TableRowContract = {
    key: record.$primaryKeyValue as string | number,
    title: relation.manager.recordTitle(record),
    values,
    url: null,
    actions,
  }
  if (relation.manager.softDeletes) {
    row.trashed = trashed
  }
  return row
}

/**
 * Read a manager's table state from a query string.
 */
export function relationTableState(relation: MountedRelation, qs: Record<string, unknown> = {}) {
  return readTableState(buildTable(relation.manager), qs)
}

/**
 * Serialize the table of a manager for one owner: one paginated query
 * through the owner's relationship with the table state applied.
 */
async function serializeRelationTable(
  relation: MountedRelation,
  owner: LucidRow,
  table: Table,
  state: TableState,
  context: KitContext,
  writable: boolean
): Promise<{ contract: TableContract; total: number }> {
  const trashed = relation.manager.softDeletes
    ? (state.filters[TRASHED_FILTER] as TrashedMode | undefined)
    : undefined
  const page = await applyTableState(
    relatedQuery(relation, owner, { trashed }),
    relation.related,
    table,
    state,
    context,
    { skipFilters: [TRASHED_FILTER] }
  ).paginate(state.page, state.perPage)

  const base = relationBaseUrl(relation, owner)
  const presets = presetActions(relation, table)
  const rows: TableRowContract[] = []
  for (const record of page.all() as LucidRow[]) {
    rows.push(await serializeRow(relation, table, presets, record, context, writable))
  }

  const actions: ActionContract[] = []
  const bulkActions: BulkActionContract[] = []
  if (writable) {
    actions.push(...presets.map((name) => presetContract(base, name)))
    for (const action of table.getActions()) {
      const own = action.getUrl()
      actions.push({
        name: action.name,
        label: action.getLabel(),
        color: action.getColor(),
        method: action.getMethod(),
        url: own
          ? own.replaceAll('{id}', '{record}')
          : joinPath(base, '{record}', 'actions', action.name),
        requiresConfirmation: action.needsConfirmation(),
        hosted: action.isHosted(),
      })
    }
    const custom = new Set(table.getBulkActions().map((action) => action.name))
    if (relation.manager.softDeletes) {
      const presetsAny: [string, string, RelationOperation][] = [
        ['delete', 'Delete', RelationOperation.DeleteAny],
        ['restore', 'Restore', RelationOperation.RestoreAny],
        ['forceDelete', 'Delete permanently', RelationOperation.ForceDeleteAny],
      ]
      for (const [name, label, operation] of presetsAny) {
        if (!custom.has(name) && (await relationAllows(relation, operation, null, context))) {
          bulkActions.push({
            name,
            label,
            color: name === 'restore' ? 'gray' : 'red',
            url: joinPath(base, 'bulk-actions', name),
            requiresConfirmation: true,
          })
        }
      }
    }
    for (const action of table.getBulkActions()) {
      bulkActions.push({
        name: action.name,
        label: action.getLabel(),
        color: action.getColor(),
        url: joinPath(base, 'bulk-actions', action.name),
        requiresConfirmation: action.needsConfirmation(),
      })
    }
  }

  return {
    total: Number(page.total),
    contract: {
      columns: table.getColumns().map((column) => column.toContract()),
      actions,
      bulkActions,
      rows,
      ...tableStateContract(table, state, page),
    },
  }
}

/**
 * The edit form of a related record, with the current values of its fields
 * (declared pivot attributes read from the pivot row).
 */
export async function serializeRelatedForm(
  relation: MountedRelation,
  owner: LucidRow,
  record: LucidRow | null,
  context: KitContext
): Promise<FormContract> {
  const base = relationBaseUrl(relation, owner)
  const form = await serializeForm(
    { model: relation.related },
    buildForm(relation.manager),
    record ? 'edit' : 'create',
    record,
    record
      ? {
          url: joinPath(base, encodeURIComponent(String(record.$primaryKeyValue))),
          method: 'patch',
        }
      : { url: base, method: 'post' },
    {
      context,
      pageUrl: base,
      optionUrl: (field) => joinPath(base, 'options', encodeURIComponent(field)),
    }
  )
  if (record) {
    for (const name of relation.manager.pivotAttributes) {
      if (Object.hasOwn(form.values, name)) {
        form.values[name] = serializeValue(record.$extras[`pivot_${name}`])
        if (form.original) {
          form.original[name] = form.values[name]
        }
      }
    }
  }
  return form
}

/**
 * Serialize one manager for one owner (the owner already resolved and
 * authorized by the caller).
 */
export async function serializeRelationManager(
  relation: MountedRelation,
  owner: LucidRow,
  context: KitContext,
  options: RelationSerializeOptions & { ownerEditable: boolean; state?: TableState }
): Promise<RelationManagerContract> {
  const readOnly = options.readOnly === true || !options.ownerEditable
  const table = buildTable(relation.manager)
  const state = options.state ?? readTableState(table, {})
  const { contract, total } = await serializeRelationTable(
    relation,
    owner,
    table,
    state,
    context,
    !readOnly
  )
  const base = relationBaseUrl(relation, owner)
  const can = (operation: RelationOperation) => relationAllows(relation, operation, null, context)

  let form: FormContract | null = null
  if (
    !readOnly &&
    relation.formFields.length &&
    !(relation.kind === 'hasOne' && total > 0) &&
    (await can(RelationOperation.Create))
  ) {
    form = await serializeRelatedForm(relation, owner, null, context)
  }

  const select = relation.manager.getAttachRecordSelect()
  let attach: RelationChooserContract | null = null
  if (!readOnly && relation.kind === 'manyToMany' && (await can(RelationOperation.Attach))) {
    const attachForm = buildAttachForm(relation.manager)
    attach = {
      label: select.label,
      optionsUrl: joinPath(base, 'options', 'attach'),
      url: joinPath(base, 'attach'),
      fields: attachForm.getFields().map((field) => field.toContract()),
      columns: attachForm.getColumns(),
    }
  }
  let associate: RelationChooserContract | null = null
  if (
    !readOnly &&
    relation.kind === 'hasMany' &&
    relation.manager.associates &&
    (await can(RelationOperation.Associate))
  ) {
    associate = {
      label: select.label,
      optionsUrl: joinPath(base, 'options', 'associate'),
      url: joinPath(base, 'associate'),
      fields: [],
      columns: 1,
    }
  }

  return {
    contract: 'kit.resources.relation-manager.v1',
    type: 'manager',
    name: relation.name,
    label: relation.manager.getLabel(),
    kind: relation.kind,
    readOnly,
    softDeletes: relation.manager.softDeletes,
    group: relation.group?.getId() ?? null,
    urls: { index: base, record: joinPath(base, '{record}') },
    table: contract,
    form,
    attach,
    associate,
  }
}

/**
 * The `relations` prop of an owner's edit (or, with `readOnly`, view) page:
 * every manager the user may list (ViewAny), in declaration order, grouped
 * as declared. Without the owner's Edit operation every manager is
 * read-only.
 */
export async function serializeRelations(
  mount: ResourceMount,
  owner: LucidRow,
  context: KitContext,
  options: RelationSerializeOptions = {}
): Promise<RelationEntryContract[]> {
  const ownerEditable =
    options.readOnly !== true &&
    (await mount.resource.allows(ResourceOperation.Edit, owner, context.user, context))
  const visible = async (relation: MountedRelation) =>
    (await relationAllows(relation, RelationOperation.ViewAny, null, context))
      ? serializeRelationManager(relation, owner, context, { ...options, ownerEditable })
      : null

  const entries: RelationEntryContract[] = []
  for (const entry of mount.relations.entries) {
    if (entry.type === 'manager') {
      const contract = await visible(entry.relation)
      if (contract) entries.push(contract)
      continue
    }
    const managers: RelationManagerContract[] = []
    for (const relation of entry.relations) {
      const contract = await visible(relation)
      if (contract) managers.push(contract)
    }
    if (!managers.length) continue
    const preferred = entry.group.getDefaultRelation()
    const name =
      typeof preferred === 'string'
        ? preferred
        : entry.relations.find((relation) => relation.manager.constructor === preferred)?.name
    entries.push({
      type: 'group',
      id: entry.group.getId(),
      title: entry.group.title,
      description: entry.group.getDescription(),
      icon: entry.group.getIcon(),
      contained: entry.group.isContained(),
      defaultRelation: managers.some((manager) => manager.name === name) ? name! : managers[0].name,
      managers,
    })
  }
  return entries
}
