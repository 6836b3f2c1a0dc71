import type { LucidRow } from '@adonisjs/lucid/types/model'
import { versionOf } from '../mutation/record_version.ts'
import type {
  FormContract,
  RelationChooserContract,
  RelationEntryContract,
  RelationManagerContract,
} from '../../contracts/main.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { serializeValue } from '../../definitions/resource/serialize_value.ts'
import { buildForm, buildTable } from '../../definitions/table/builders.ts'
import { readTableState, tableQuery, type TableState } from '../table/table_query.ts'
import { serializeForm } from '../form/form_serializer.ts'
import { conditionValues } from '../form/field_input.ts'
import { serializeTable } from '../table/table_serializer.ts'
import { joinPath } from '../../support/path_safety.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'
import { RelationSource, relationBaseUrl } from '../records/relation_source.ts'
import { buildAttachForm, type MountedRelation } from './relation_mount.ts'
import { allows } from '../authorization/authorizer.ts'

export { relationBaseUrl }

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
 * Read a manager's table state from a query string.
 */
export function relationTableState(relation: MountedRelation, qs: Record<string, unknown> = {}) {
  return readTableState(buildTable(relation.manager), qs)
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
      version: record
        ? versionOf(
            {
              declaration: relation.manager,
              model: relation.related,
              name: relation.manager.constructor.name,
            },
            record
          )
        : null,
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
  const source = new RelationSource(relation, owner, !readOnly)
  const table = buildTable(relation.manager)
  const state = options.state ?? readTableState(table, {})
  /* Lucid's own paginate(): a relationship query applies its constraints
     when it runs, which the resource lists' two-ended pagination bypasses */
  const page = await tableQuery(source, table, state, context).paginate(state.page, state.perPage)
  const contract = await serializeTable(source, table, state, page, context)
  const total = Number(page.total)
  const base = relationBaseUrl(relation, owner)
  const can = (operation: ResourceOperation) => source.allows(operation, null, context)

  let form: FormContract | null = null
  if (
    !readOnly &&
    relation.formFields.length &&
    !(relation.kind === 'hasOne' && total > 0) &&
    (await can(ResourceOperation.Create))
  ) {
    form = await serializeRelatedForm(relation, owner, null, context)
  }

  const select = relation.manager.getAttachRecordSelect()
  let attach: RelationChooserContract | null = null
  if (!readOnly && relation.kind === 'manyToMany' && (await can(ResourceOperation.Attach))) {
    const attachForm = buildAttachForm(relation.manager)
    const attachFields = attachForm.getFields()
    attach = {
      label: select.label,
      optionsUrl: joinPath(base, 'options', 'attach'),
      url: joinPath(base, 'attach'),
      /* with their affordances, as the create form's (hidden ones left out,
         conditions evaluated for the defaults) */
      fields: attachFields
        .filter((field) => !field.isHidden())
        .map((field) => field.serialize(conditionValues(attachFields, {}, null))),
      columns: attachForm.getColumns(),
    }
  }
  let associate: RelationChooserContract | null = null
  if (
    !readOnly &&
    relation.kind === 'hasMany' &&
    relation.manager.associates &&
    (await can(ResourceOperation.Associate))
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
    (await allows(mount.resource, ResourceOperation.Edit, owner, context))
  const visible = async (relation: MountedRelation) =>
    (await new RelationSource(relation, owner).allows(ResourceOperation.ViewAny, null, context))
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
    const { defaultRelation: preferred, ...shown } = entry.group.settings()
    const name =
      typeof preferred === 'string'
        ? preferred
        : entry.relations.find((relation) => relation.manager.constructor === preferred)?.name
    entries.push({
      type: 'group',
      ...shown,
      defaultRelation: managers.some((manager) => manager.name === name) ? name! : managers[0].name,
      managers,
    })
  }
  return entries
}
