import { DateTime } from 'luxon'
import { errors as vineErrors } from '@vinejs/vine'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { RecordNotFoundException, UnauthorizedOperationException } from '../../support/errors.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { pickColumns } from '../../definitions/resource/resource.ts'
import { serializeValue } from '../../definitions/resource/serialize_value.ts'
import {
  assignValue,
  keyOf,
  manyToManyClient,
  relationClient,
  valueOf,
} from '../../definitions/resource/record_values.ts'
import { logNotFound } from '../authorization/denial_log.ts'
import {
  allows,
  authorize,
  managerAllows,
  managerAuthorize,
  type ManagerScope,
} from '../authorization/authorizer.ts'
import { currentTenancy, withoutTenantKey } from '../../definitions/tenancy/tenancy.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { FormValue } from '../../contracts/main.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import type { Table } from '../../definitions/table/table.ts'
import { softDeletePresets, type BulkAction } from '../../definitions/table/actions/bulk_action.ts'
import type { RowPreset, TableLinks } from '../table/table_serializer.ts'
import { presetAction } from '../table/actions/action_serializer.ts'
import { joinPath } from '../../support/path_safety.ts'
import { mountOf } from '../mounts/mount_registry.ts'
import { sqlColumn } from '../../support/sql.ts'
import { findRecord, lockInQuery, scopedQuery } from '../query/scoped_query.ts'
import { RELATION_ROW_PRESETS, type MountedRelation } from '../relations/relation_mount.ts'
import {
  type RelationManager,
  type RelationHookContext,
} from '../../definitions/relations/relation_manager.ts'
import type { HookContext, KitContext, MutationData } from '../../definitions/types.ts'
import { RecordSource, type SourceQuery } from './record_source.ts'

/**
 * The records of one owner's relationship, as a relation manager shows and
 * writes them: the owner's relationship query (declared pivot attributes
 * selected), the current tenant, the manager's authorization, and the
 * relationship's writes (the foreign key, the pivot row).
 */
export class RelationSource extends RecordSource<LucidModel> {
  readonly kind = 'relation'
  readonly bulkWrites = 'hooks'
  readonly missingRecord = "no related record with this key through the owner's relationship"
  readonly manager: RelationManager<any>
  override readonly pivotAttributes: string[]

  constructor(
    readonly relation: MountedRelation,
    readonly owner: LucidRow,
    /** Read-only (a view page, or an owner the user may not edit): no actions */
    override readonly writable = true
  ) {
    super(relation.manager, relation.related)
    this.manager = relation.manager
    this.pivotAttributes = relation.manager.pivotAttributes
  }

  /**
   * Resolve the owner record through its resource's scoped query (404
   * outside it) and authorize it: writes need the owner's Edit operation,
   * reads its View or Edit operation. Gives the source of its related records.
   */
  static async forOwner(
    relation: MountedRelation,
    context: KitContext,
    key: unknown,
    writes: boolean
  ): Promise<RelationSource> {
    const resource = relation.resource
    const owner = await findRecord(resource, context, key)
    if (writes) {
      await authorize(resource, ResourceOperation.Edit, owner, context)
    } else if (
      !(await allows(resource, ResourceOperation.View, owner, context)) &&
      !(await allows(resource, ResourceOperation.Edit, owner, context))
    ) {
      throw new UnauthorizedOperationException()
    }
    return new RelationSource(relation, owner)
  }

  /** The preset row actions the manager offers, each authorized on its own */
  rowPresets(table: Table): RowPreset[] {
    return this.writable
      ? presetActions(this.relation, table).map((name) => ({
          name,
          operation: PRESET_OPERATIONS[name],
        }))
      : []
  }

  mount() {
    return mountOf(this.relation.resource)
  }

  tableLinks(): TableLinks | null {
    if (!this.writable) {
      return null
    }
    const base = relationBaseUrl(this.relation, this.owner)
    const table = buildTable(this.manager)
    return {
      presets: presetActions(this.relation, table).map((name) =>
        presetAction(name, `${joinPath(base, '{record}')}${PRESET_SUFFIXES[name] ?? ''}`)
      ),
      actionUrl: (name) => joinPath(base, '{record}', 'actions', name),
      bulkActionUrl: (name) => joinPath(base, 'bulk-actions', name),
    }
  }

  override bulkActions() {
    return relationBulkActions(this.relation)
  }

  /**
   * The owner's relationship query: the only way the kit reads related
   * records (has-one queries are built on the related model with the
   * relationship's constraint, since Lucid does not paginate them).
   */
  modelQuery(client?: QueryClientContract): SourceQuery {
    const { relation, owner } = this
    if (client?.isTransaction) {
      owner.useTransaction(client as TransactionClientContract)
    }
    const meta = relation.relation
    const query: any =
      meta.type === 'hasOne'
        ? relation.related
            .query({ client })
            .where(sqlColumn(relation.related, meta.foreignKey), keyOf(owner, meta.localKey))
        : relationClient(owner, relation.name).query()
    if (relation.kind === 'manyToMany' && this.manager.pivotAttributes.length) {
      query.pivotColumns(this.manager.pivotAttributes)
    }
    return query
  }

  /** Related records owned by a tenant stay inside the current tenant */
  tenancy() {
    return currentTenancy(this.model)
  }

  /**
   * Locked in the query itself: a relation query is not compiled first to
   * look for DISTINCT or grouping (compiling applies the relationship's
   * constraints, and the lock was lost).
   */
  async lockRows(query: SourceQuery, _key: unknown, trx: TransactionClientContract) {
    lockInQuery(query, this.model, trx)
  }

  /**
   * What the manager decides on: the owner, its resource, the related model.
   */
  #scope(): ManagerScope {
    return {
      manager: this.manager,
      owner: this.owner,
      ownerResource: this.relation.resource,
      related: this.model,
      names: {
        resource: this.relation.resource.constructor.name,
        relation: this.relation.name,
        manager: this.name,
      },
    }
  }

  /** The manager's decision (runtime/authorization: fail-closed) */
  allows(operation: ResourceOperation, record: LucidRow | null, context: KitContext) {
    return managerAllows(this.#scope(), operation, record, context)
  }

  authorize(operation: ResourceOperation, record: LucidRow | null, context: KitContext) {
    return managerAuthorize(this.#scope(), operation, record, context)
  }

  logNotFound(
    key: unknown,
    reason: string,
    details: { trashed?: string; context?: KitContext } = {}
  ) {
    logNotFound(this.relation, key, reason, details)
  }

  /**
   * The manager's validation class; a manager without form fields has no
   * create or edit form (404).
   */
  override rules() {
    if (!this.relation.formFields.length) {
      this.logNotFound(null, 'the manager has no form fields')
      throw new RecordNotFoundException()
    }
    return super.rules()
  }

  /** Declared pivot attributes are read from the pivot row */
  formValue(field: Field, record: LucidRow): FormValue {
    return this.manager.pivotAttributes.includes(field.name)
      ? (serializeValue(record.$extras[`pivot_${field.name}`]) as FormValue)
      : field.recordValue(record)
  }

  override hookContext(
    context: KitContext,
    trx: TransactionClientContract,
    operation: ResourceOperation
  ): RelationHookContext {
    return { ...context, owner: this.owner, trx, operation }
  }

  /** A has-one relationship holds one record at most */
  async beforeCreateTransaction(context: KitContext) {
    const { relation } = this
    if (relation.kind !== 'hasOne') {
      return
    }
    if (await scopedQuery(this, context, { trashed: 'with' }).first()) {
      throw new vineErrors.E_VALIDATION_ERROR([
        {
          field: relation.formFields[0],
          message: `${this.manager.getLabel()} already exists`,
          rule: 'hasOne',
        },
      ])
    }
  }

  /**
   * Insert the record under the owner: its foreign key (has-one, has-many),
   * or a pivot row with the validated pivot attributes (many-to-many).
   */
  async createRecord(data: MutationData, context: HookContext) {
    const { relation, owner } = this
    const meta = relation.relation
    const { columns, pivot } = this.splitData(data)
    const record = new relation.related() as LucidRow
    record.merge(columns)
    if (meta.type !== 'manyToMany') {
      assignValue(record, meta.foreignKey, valueOf(owner, meta.localKey))
    }
    record.useTransaction(context.trx)
    await record.save()
    if (meta.type === 'manyToMany') {
      owner.useTransaction(context.trx)
      await manyToManyClient(owner, relation.name).attach(
        { [String(valueOf(record, meta.relatedKey))]: pivot },
        context.trx
      )
    }
    return record
  }

  /** The related row's columns, then its declared pivot attributes */
  async saveRecord(record: LucidRow, data: MutationData, context: HookContext) {
    const { columns, pivot } = this.splitData(data)
    record.merge(columns)
    record.useTransaction(context.trx)
    await record.save()
    if (Object.keys(pivot).length) {
      await this.pivotRow(record, context.trx).update(pivot)
    }
    return record
  }

  /** To the trash with the soft-delete preset, else removed */
  async deleteRecord(record: LucidRow, context: HookContext) {
    if (this.softDeletes) {
      record.merge({ [this.deletedAtAttribute]: DateTime.now() })
      await record.save()
      return
    }
    await this.removeRecord(record, context.trx)
  }

  /** The tenant key; the relationship's foreign key is never in the data */
  withoutScopeKeys(data: MutationData): MutationData {
    return withoutTenantKey(this.model, data)
  }

  /**
   * Split data into the related model's columns (never its key, nor the
   * relationship's foreign key) and the declared pivot attributes.
   */
  splitData(data: MutationData) {
    const { relation } = this
    const pivot: MutationData = {}
    const rest: MutationData = {}
    for (const [key, value] of Object.entries(data)) {
      if (relation.kind === 'manyToMany' && this.manager.pivotAttributes.includes(key)) {
        pivot[key] = value
      } else {
        rest[key] = value
      }
    }
    const columns = pickColumns(relation.related, rest)
    if (relation.kind !== 'manyToMany') {
      delete columns[relation.foreignKey]
    }
    return { columns, pivot }
  }

  /**
   * The pivot row of the owner and one related record.
   */
  pivotRow(related: LucidRow, trx: TransactionClientContract) {
    const meta = this.relation.pivot()
    return trx
      .from(meta.pivotTable)
      .where(meta.pivotForeignKey, keyOf(this.owner, meta.localKey))
      .where(meta.pivotRelatedForeignKey, keyOf(related, meta.relatedKey))
  }

  /**
   * Remove a related record; for many-to-many, its pivot rows go with it.
   */
  override async removeRecord(record: LucidRow, trx: TransactionClientContract) {
    const meta = this.relation.relation
    if (meta.type === 'manyToMany') {
      await trx
        .from(meta.pivotTable)
        .where(meta.pivotRelatedForeignKey, keyOf(record, meta.relatedKey))
        .delete()
    }
    await record.delete()
  }
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
 * Which preset row actions the manager offers at all (a custom row action
 * of the same name replaces one).
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

const PRESET_OPERATIONS: Record<string, ResourceOperation> = {
  edit: ResourceOperation.Edit,
  delete: ResourceOperation.Delete,
  restore: ResourceOperation.Restore,
  forceDelete: ResourceOperation.ForceDelete,
  detach: ResourceOperation.Detach,
  dissociate: ResourceOperation.Dissociate,
}

/**
 * The endpoint of a preset row action of a manager, after the record.
 */
const PRESET_SUFFIXES: Record<string, string> = {
  restore: '/restore',
  forceDelete: '/force-delete',
  detach: '/detach',
  dissociate: '/dissociate',
}

/**
 * The bulk actions of a manager: the soft-delete presets its table does not
 * replace with a custom bulk action of the same name, then the table's.
 */
export function relationBulkActions(relation: MountedRelation): BulkAction[] {
  const custom = buildTable(relation.manager).getBulkActions()
  if (!relation.manager.softDeletes) {
    return custom
  }
  const taken = new Set(custom.map((action) => action.name))
  return [...softDeletePresets().filter((preset) => !taken.has(preset.name)), ...custom]
}
