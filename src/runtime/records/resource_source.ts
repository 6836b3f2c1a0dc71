import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException } from '../../support/errors.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { Table } from '../../definitions/table/table.ts'
import type { RowPreset, TableLinks } from '../table/table_serializer.ts'
import { builtInActions } from '../table/actions/action_serializer.ts'
import type { Resource, ResourceQuery } from '../../definitions/resource/resource.ts'
import { mountOf } from '../mounts/mount_registry.ts'
import { resourceOwnership, resourceTenant, Tenancy } from '../../definitions/tenancy/tenancy.ts'
import { constrainToParent } from '../../definitions/nesting/parent_registration.ts'
import { logNotFound } from '../authorization/denial_log.ts'
import { allows, authorize } from '../authorization/authorizer.ts'
import { lockQuery } from '../query/scoped_query.ts'
import { kitQueryClient } from '../query/primary_reads.ts'
import type { HookContext, KitContext, MutationData } from '../../definitions/types.ts'
import { RecordSource, type SourceQuery } from './record_source.ts'

/**
 * The records of a resource: its model's query, scoped by `modifyQuery()`,
 * the tenant and the parent, authorized by the resource, written through
 * its hooks.
 */
export class ResourceSource<Model extends LucidModel = LucidModel> extends RecordSource<Model> {
  readonly kind = 'resource'
  readonly bulkWrites = 'statement'
  readonly missingRecord = 'no record with this key in the scoped query'

  constructor(readonly resource: Resource<Model>) {
    super(resource, resource.model)
  }

  /** Edit (when the resource has an edit page), delete, and the soft-delete preset's */
  rowPresets(
    _table: Table,
    record: LucidRow,
    editUrls: (record: LucidRow) => string | null
  ): RowPreset[] {
    const editUrl = editUrls(record)
    const presets: RowPreset[] = editUrl
      ? [{ name: 'edit', operation: ResourceOperation.Edit, url: editUrl }]
      : []
    presets.push({ name: 'delete', operation: ResourceOperation.Delete })
    if (this.softDeletes) {
      presets.push(
        { name: 'restore', operation: ResourceOperation.Restore },
        { name: 'forceDelete', operation: ResourceOperation.ForceDelete }
      )
    }
    return presets
  }

  mount() {
    return mountOf(this.resource)
  }

  tableLinks(): TableLinks | null {
    const mount = mountOf(this.resource)
    if (!mount) {
      return null
    }
    return {
      presets: builtInActions(mount),
      actionUrl: (name) => mount.recordTemplate(`actions/${name}`),
      bulkActionUrl: (name) => mount.bulkActionUrl(name),
      columnUrl: (name) => mount.recordTemplate(`columns/${name}`),
      reorderUrl: () => mount.reorderUrl(),
    }
  }

  modelQuery(client?: QueryClientContract) {
    const model = this.resource.model
    return model.query({ client: kitQueryClient(model, client) }) as unknown as SourceQuery
  }

  override modifyQuery(query: SourceQuery, context: KitContext) {
    return this.resource.modifyQuery(
      query as ResourceQuery<Model>,
      context
    ) as unknown as SourceQuery
  }

  tenancy() {
    return resourceTenant(this.resource)
  }

  override constrainToParent(
    query: SourceQuery,
    context: KitContext,
    client?: QueryClientContract
  ) {
    const binding = mountOf(this.resource)?.parent
    if (!binding) {
      /* a parent asked for where none can apply never widens the query */
      if (context.parent !== undefined && context.parent !== null) {
        throw new KitConfigurationException(
          `${this.name} is not nested: a parent record cannot scope its queries`
        )
      }
      return
    }
    const parent = context.parent ?? Tenancy.state()?.parent
    if (!parent) {
      throw new KitConfigurationException(
        `${this.name} is nested: its queries need the parent record`
      )
    }
    constrainToParent(query, this.model, binding.bound, parent, client)
  }

  lockRows(query: SourceQuery, key: unknown, trx: TransactionClientContract) {
    return lockQuery(query, this.model, key, trx)
  }

  allows(operation: ResourceOperation, record: LucidRow | null, context: KitContext) {
    return allows(this.resource, operation, record, context)
  }

  authorize(operation: ResourceOperation, record: LucidRow | null, context: KitContext) {
    return authorize(this.resource, operation, record, context)
  }

  logNotFound(
    key: unknown,
    reason: string,
    details: { trashed?: string; context?: KitContext } = {}
  ) {
    logNotFound(this.resource, key, reason, {
      ...details,
      trashed: this.softDeletes ? details.trashed : undefined,
    })
  }

  async createRecord(data: MutationData, context: HookContext) {
    /* under its parent for a nested resource */
    const record = context.parent
      ? await this.resource.handleRecordCreationForParent(context.parent, data, context)
      : await this.resource.handleRecordCreation(data, context)
    this.assertInstance(
      record,
      context.parent ? 'handleRecordCreationForParent' : 'handleRecordCreation'
    )
    return record as LucidRow
  }

  /**
   * Refuse what a hook returned when it is not a record of the model.
   */
  assertInstance(record: unknown, member: string) {
    if (!(record instanceof this.model)) {
      throw new KitConfigurationException(
        `${this.name}.${member}() must return an instance of ${this.model.name}`
      )
    }
  }

  async saveRecord(record: LucidRow, data: MutationData, context: HookContext) {
    const saved = await this.resource.handleRecordUpdate(
      record as InstanceType<Model>,
      data,
      context
    )
    this.assertInstance(saved, 'handleRecordUpdate')
    return saved as LucidRow
  }

  deleteRecord(record: LucidRow, context: HookContext) {
    return this.resource.handleRecordDeletion(record as InstanceType<Model>, context)
  }

  withoutScopeKeys(data: MutationData): MutationData {
    const rest = { ...data }
    const ownership = resourceOwnership(this.resource)
    if (ownership?.kind === 'belongsTo') {
      delete rest[ownership.relation.foreignKey]
    }
    const parent = mountOf(this.resource)?.parent
    if (parent && parent.bound.kind !== 'manyToMany') {
      delete rest[parent.bound.relation.foreignKey]
    }
    return rest
  }
}

const sources = new WeakMap<Resource<any>, ResourceSource<any>>()

/**
 * The source of a resource (one per resource instance), or the source given.
 */
export function sourceOf<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>
): RecordSource<Model> {
  if (isSource(from)) {
    return from
  }
  let source = sources.get(from)
  if (!source) {
    source = new ResourceSource(from)
    sources.set(from, source)
  }
  return source
}

function isSource(value: object): value is RecordSource<any> {
  return value instanceof RecordSource
}
