import { AsyncLocalStorage } from 'node:async_hooks'
import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type {
  BelongsToRelationContract,
  ManyToManyRelationContract,
  RelationshipsContract,
} from '@adonisjs/lucid/types/relations'
import { assignValue, manyToManyClient, valueOf } from '../resource/record_values.ts'
import { sqlColumn, whereInPivot } from '../../support/sql.ts'
import { KitConfigurationException, MissingTenantException } from '../../support/errors.ts'
import type { KitUser } from '../types.ts'
import { useRequestScopeTranslator, type KitTranslator } from '../../i18n/translator.ts'

/**
 * Implemented by tenant models: decides whether a user belongs to the
 * tenant. Non-members get a 404, as if the tenant did not exist.
 *
 * @example
 * ```ts
 * export default class Team extends BaseModel implements TenantAccess {
 *   async canAccessTenant(user: User) {
 *     return Boolean(await db.from('team_user').where({ team_id: this.id, user_id: user.id }).first())
 *   }
 * }
 * ```
 */
export interface TenantAccess {
  canAccessTenant(user: KitUser | null): boolean | Promise<boolean>
}

/**
 * What the kit keeps for one request: the tenant, and the parent record of
 * a nested resource. It lives in request-scoped storage and is forgotten
 * when the request ends.
 */
export interface KitRequestState {
  tenant: LucidRow | null
  parent: LucidRow | null
  /** The request's translator, once the kit context is built */
  translator?: KitTranslator
  /** The signed-in member's tenants, for the tenant switcher of a page */
  tenantMenu?: TenantMenu
}

/**
 * The tenants of the tenant switcher, read by the tenant middleware of a
 * page request: each by its route key and name, the current one's key,
 * and the path after the tenant segment when the page names no record
 * (null otherwise: the switcher links to the tenant's panel home).
 */
export interface TenantMenu {
  tenants: { key: string; name: string }[]
  current: string
  samePath: string | null
}

const storage = new AsyncLocalStorage<KitRequestState>()

/* validation messages read the request's translator from its scope */
useRequestScopeTranslator(() => storage.getStore()?.translator)

/**
 * The current tenant of a request. The kit enters a fresh scope for every
 * request it serves (and for every kit() test step), so concurrent requests
 * of different tenants never see each other's tenant.
 *
 * @example
 * ```ts
 * // a middleware listed in the panel's middleware
 * Tenancy.resolve().set(await Team.findOrFail(ctx.params.team))
 * ```
 */
export class Tenancy {
  private constructor(readonly state: KitRequestState) {}

  /**
   * The tenancy of the current request. Throws outside a request the kit
   * serves.
   */
  static resolve(): Tenancy {
    const state = storage.getStore()
    if (!state) {
      throw new KitConfigurationException(
        'Tenancy.resolve() was called outside a request served by the kit; set the tenant in a middleware of the panel (or the route facade)'
      )
    }
    return new Tenancy(state)
  }

  /**
   * The current tenant, or null (also outside a request).
   */
  static current(): LucidRow | null {
    return storage.getStore()?.tenant ?? null
  }

  /**
   * The current request's state, if any.
   * @internal
   */
  static state(): KitRequestState | undefined {
    return storage.getStore()
  }

  /**
   * Run a callback in a fresh request scope (the kit does it for every
   * request; tests use it to act as a tenant).
   */
  static run<T>(tenant: LucidRow | null, callback: () => T): T {
    return storage.run({ tenant, parent: null }, callback)
  }

  /**
   * Set the tenant of the request, once. Setting the same tenant again is
   * a no-op; another tenant is refused.
   */
  set(tenant: LucidRow): this {
    if (!tenant || typeof tenant !== 'object' || !('$primaryKeyValue' in tenant)) {
      throw new KitConfigurationException('Tenancy.set() takes a Lucid model instance')
    }
    const current = this.state.tenant
    if (current && !sameRow(current, tenant)) {
      throw new KitConfigurationException(
        'The tenant of a request is set once; this request already has another tenant'
      )
    }
    this.state.tenant = tenant
    return this
  }

  /**
   * The tenant of the request, or null.
   */
  get(): LucidRow | null {
    return this.state.tenant
  }

  /**
   * Forget the tenant (the kit does it when the request ends).
   */
  forget(): void {
    this.state.tenant = null
    this.state.parent = null
  }
}

function sameRow(a: LucidRow, b: LucidRow) {
  return a.constructor === b.constructor && a.$primaryKeyValue === b.$primaryKeyValue
}

/**
 * The ownership of a model by the tenant, read from one of its
 * relationships: belongsTo (a foreign key on the model) or manyToMany (a
 * pivot table).
 */
export type TenantOwnership =
  | {
      kind: 'belongsTo'
      relation: BelongsToRelationContract<LucidModel, LucidModel>
      tenantModel: LucidModel
    }
  | {
      kind: 'manyToMany'
      relation: ManyToManyRelationContract<LucidModel, LucidModel>
      tenantModel: LucidModel
    }

const ownerships = new WeakMap<LucidModel, Map<string, TenantOwnership>>()

/**
 * Resolve (once per model) how a model belongs to its tenant.
 */
export function tenantOwnership(
  model: LucidModel,
  relationship: string,
  where: string
): TenantOwnership {
  let byModel = ownerships.get(model)
  if (!byModel) {
    byModel = new Map()
    ownerships.set(model, byModel)
  }
  const cached = byModel.get(relationship)
  if (cached) {
    return cached
  }
  const relation = model.$getRelation(relationship) as RelationshipsContract | undefined
  if (!relation) {
    throw new KitConfigurationException(
      `${where}: tenantRelationship "${relationship}" is not a relationship of ${model.name}`
    )
  }
  relation.boot()
  if (relation.type !== 'belongsTo' && relation.type !== 'manyToMany') {
    throw new KitConfigurationException(
      `${where}: tenantRelationship "${relationship}" is a ${relation.type} relationship; tenants own records through belongsTo or manyToMany`
    )
  }
  /* one branch per kind: each ownership carries its relation's own type */
  const ownership =
    relation.type === 'belongsTo'
      ? { kind: relation.type, relation, tenantModel: relation.relatedModel() }
      : { kind: relation.type, relation, tenantModel: relation.relatedModel() }
  byModel.set(relationship, ownership)
  return ownership
}

/**
 * The key of the tenant that the model's records point at (a column value:
 * the tenant's local key of a belongsTo, its related key of a manyToMany).
 */
export function tenantKeyOf(ownership: TenantOwnership, tenant: LucidRow): string | number {
  if (!(tenant instanceof ownership.tenantModel)) {
    throw new KitConfigurationException(
      `The current tenant is a ${(tenant as LucidRow).constructor.name}, but records are owned by ${ownership.tenantModel.name}`
    )
  }
  return valueOf(
    tenant,
    ownership.kind === 'belongsTo' ? ownership.relation.localKey : ownership.relation.relatedKey
  ) as string | number
}

/**
 * Constrain a query of the model to the records the tenant owns.
 */
export function constrainToTenant(
  query: ModelQueryBuilderContract<LucidModel, LucidRow>,
  model: LucidModel,
  ownership: TenantOwnership,
  tenant: LucidRow,
  client?: QueryClientContract
) {
  const key = tenantKeyOf(ownership, tenant)
  if (ownership.kind === 'belongsTo') {
    query.where(sqlColumn(model, ownership.relation.foreignKey), key)
    return
  }
  const relation = ownership.relation
  whereInPivot(
    query,
    model,
    relation.localKey,
    {
      table: relation.pivotTable,
      matched: relation.pivotRelatedForeignKey,
      selected: relation.pivotForeignKey,
      key,
    },
    client
  )
}

const tenantRelations = new WeakMap<LucidModel, Map<LucidModel, TenantOwnership | null>>()

/**
 * How a model belongs to a tenant model, found among its relationships (a
 * belongsTo or manyToMany to the tenant model), or null when it does not.
 */
export function findTenantOwnership(model: LucidModel, tenantModel: LucidModel) {
  let byTenant = tenantRelations.get(model)
  if (!byTenant) {
    byTenant = new Map()
    tenantRelations.set(model, byTenant)
  }
  if (!byTenant.has(tenantModel)) {
    model.boot()
    let found: TenantOwnership | null = null
    for (const [name, relation] of model.$relationsDefinitions) {
      if (relation.type !== 'belongsTo' && relation.type !== 'manyToMany') {
        continue
      }
      relation.boot()
      if (relation.relatedModel() === tenantModel) {
        found = tenantOwnership(model, name, model.name)
        break
      }
    }
    byTenant.set(tenantModel, found)
  }
  return byTenant.get(tenantModel)!
}

/**
 * Constrain a query of any model to the current tenant when the model
 * belongs to the tenant's model (option searches of relationship selects
 * use it, so a tenant never sees another tenant's options).
 */
export function constrainToCurrentTenant(
  query: ModelQueryBuilderContract<LucidModel, LucidRow>,
  model: LucidModel,
  client?: QueryClientContract
) {
  const current = currentTenancy(model)
  if (current) {
    constrainToTenant(query, model, current.ownership, current.tenant, client)
  }
}

/**
 * The current tenant and how the model belongs to it, or null when there is
 * no tenant or the model does not belong to the tenant's model.
 */
export function currentTenancy(model: LucidModel): SourceTenancy | null {
  const tenant = Tenancy.current()
  if (!tenant) {
    return null
  }
  const ownership = findTenantOwnership(model, tenant.constructor as LucidModel)
  return ownership ? { tenant, ownership } : null
}

/**
 * The one place that writes tenant keys: the data of a new record with the
 * tenant's key in its foreign key (belongsTo ownership), whatever the input
 * or the hooks put there.
 */
export function withTenantKey<Data extends Record<string, unknown>>(
  tenancy: SourceTenancy | null,
  data: Data
): Data {
  if (tenancy?.ownership.kind !== 'belongsTo') {
    return data
  }
  const key = tenantKeyOf(tenancy.ownership, tenancy.tenant)
  return { ...data, [tenancy.ownership.relation.foreignKey]: key }
}

/**
 * Attach a saved record to its tenant (manyToMany ownership), in the given
 * transaction.
 */
export async function attachTenant(
  tenancy: SourceTenancy | null,
  record: LucidRow,
  trx: TransactionClientContract
) {
  if (tenancy?.ownership.kind === 'manyToMany') {
    await manyToManyClient(record, tenancy.ownership.relation.relationName).attach(
      [tenantKeyOf(tenancy.ownership, tenancy.tenant)],
      trx
    )
  }
}

/**
 * Data without the key that ties a record of a tenant-owned model to its
 * tenant: an update never moves a record to another tenant.
 */
export function withoutTenantKey(model: LucidModel, data: Record<string, unknown>) {
  const ownership = currentTenancy(model)?.ownership
  if (ownership?.kind !== 'belongsTo') {
    return data
  }
  const rest = { ...data }
  delete rest[ownership.relation.foreignKey]
  return rest
}

/**
 * Give a new record of a tenant-owned model to the current tenant
 * (belongsTo: its foreign key, written before the save).
 */
export function assignCurrentTenant(record: LucidRow) {
  const model = record.constructor as LucidModel
  for (const [key, value] of Object.entries(withTenantKey(currentTenancy(model), {}))) {
    assignValue(record, key, value)
  }
}

/**
 * Attach a saved record of a tenant-owned model to the current tenant
 * (manyToMany ownership), in the given transaction.
 */
export function attachCurrentTenant(record: LucidRow, trx: TransactionClientContract) {
  return attachTenant(currentTenancy(record.constructor as LucidModel), record, trx)
}

/**
 * How a tenant-scoped resource's model belongs to its tenant, or null for a
 * resource without a `tenantRelationship`.
 */
export function resourceOwnership(resource: {
  model: LucidModel
  tenantRelationship?: string
}): TenantOwnership | null {
  if (!resource.tenantRelationship) {
    return null
  }
  return tenantOwnership(resource.model, resource.tenantRelationship, resource.constructor.name)
}

/**
 * The current tenant of a tenant-scoped resource with its ownership; null
 * for a resource without a `tenantRelationship`. Without a current tenant,
 * a tenant-scoped resource refuses (E_KIT_NO_TENANT).
 */
export function resourceTenant(resource: {
  model: LucidModel
  tenantRelationship?: string
}): SourceTenancy | null {
  const ownership = resourceOwnership(resource)
  if (!ownership) {
    return null
  }
  const tenant = Tenancy.current()
  if (!tenant) {
    throw new MissingTenantException()
  }
  return { tenant, ownership }
}

/**
 * The tenant a source's records belong to, and how.
 */
export interface SourceTenancy {
  tenant: LucidRow
  ownership: TenantOwnership
}
