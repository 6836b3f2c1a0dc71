import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException, RecordNotFoundException } from '../errors.ts'
import { logNotFound } from '../authorization/denial_log.ts'
import { constrainToTenant, resourceTenant, Tenancy } from '../tenancy/tenancy.ts'
import { constrainToParent } from '../nesting/parent_registration.ts'
import { normalizeRecordKey, type Resource, type ResourceQuery } from '../resource/resource.ts'
import type { KitContext, ModelRecord } from '../types.ts'
import { mountOf } from '../routing/mount_registry.ts'

/**
 * Dialects whose row locks the kit takes (`SELECT ... FOR UPDATE`). SQLite
 * has none and needs none: a transaction holds its only connection.
 */
const ROW_LOCK_DIALECTS = new Set(['postgres', 'mysql', 'oracledb'])

/**
 * What a database refuses to lock (`FOR UPDATE` with grouping, DISTINCT or
 * aggregates), read from the compiled SQL. A false positive only costs the
 * two-step lock of {@link lockQuery}.
 */
const UNLOCKABLE_SQL = /\bgroup by\b|\bdistinct\b|\bhaving\b|\b(count|sum|avg|min|max)\s*\(/i

/**
 * Make a query lock the rows of the model's table it reads, where the
 * dialect locks rows (PostgreSQL: `FOR UPDATE OF <table>`, so joined
 * tables are not locked; a schema-qualified table by its name).
 */
export function lockInQuery(
  query: { forUpdate(...tables: string[]): unknown },
  model: LucidModel,
  trx: QueryClientContract
) {
  if (ROW_LOCK_DIALECTS.has(trx.dialect.name)) {
    query.forUpdate(model.table.split('.').pop()!)
  }
}

/**
 * Lock the row a scoped query reads (by its key), inside a transaction,
 * before the caller runs the query (nothing is returned: a query builder
 * is a thenable, and returning it from an async function would run it).
 * The scoped query itself carries `FOR UPDATE OF <table>` (PostgreSQL) or
 * `FOR UPDATE` (MySQL/MariaDB)
 * where the database accepts it; when `modifyQuery()` groups, uses
 * DISTINCT or aggregates, the row is first locked by its key on the
 * model's table, then read through the scoped query unlocked. SQLite
 * needs no lock: a transaction holds its only connection.
 */
export async function lockQuery<
  Query extends { forUpdate(...tables: string[]): unknown; toSQL(): { sql: string } },
>(query: Query, model: LucidModel, key: unknown, trx: QueryClientContract): Promise<void> {
  if (!ROW_LOCK_DIALECTS.has(trx.dialect.name)) {
    return
  }
  if (!UNLOCKABLE_SQL.test(query.toSQL().sql)) {
    lockInQuery(query, model, trx)
    return
  }
  await model
    .query({ client: trx })
    .select(qualifiedKey(model))
    .where(qualifiedKey(model), key as string | number)
    .forUpdate()
}

/**
 * The one scoped query of a resource. Every read of the kit starts here:
 * lists, record lookups, actions, option searches, global search and the
 * test driver. It builds `Model.query()` and applies, in this order, the
 * resource's `modifyQuery()`, the tenant constraint, the parent
 * relationship (nested resources) and the soft-delete default.
 */
export function resourceQuery<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  options: ScopedQueryOptions = {}
): ResourceQuery<Model> {
  const query = resource.model.query({ client: options.client }) as ResourceQuery<Model>

  /* 1. the resource's own scoping */
  const scoped = resource.modifyQuery(query, context)
  if (
    !scoped ||
    typeof scoped !== 'object' ||
    !('model' in scoped) ||
    scoped.model !== resource.model
  ) {
    throw new KitConfigurationException(
      `${resource.constructor.name}.modifyQuery() must return a query builder of ${resource.model.name}`
    )
  }

  /* 2. the tenant: a tenant-scoped resource reads nothing without one */
  const tenancy = resourceTenant(resource)
  if (tenancy) {
    constrainToTenant(scoped, resource.model, tenancy.ownership, tenancy.tenant, options.client)
  }

  /* 3. the parent of a nested resource: only its related records */
  const parentBinding = mountOf(resource)?.parent
  if (parentBinding) {
    const parent = context.parent ?? Tenancy.state()?.parent
    if (!parent) {
      throw new KitConfigurationException(
        `${resource.constructor.name} is nested: its queries need the parent record`
      )
    }
    constrainToParent(scoped, resource.model, parentBinding.bound, parent, options.client)
  }

  /* 4. the soft-delete default: trashed records are hidden unless asked for */
  if (resource.softDeletes) {
    const column = trashedColumn(resource)
    const trashed = options.trashed ?? 'without'
    if (trashed === 'without') {
      scoped.whereNull(column)
    } else if (trashed === 'only') {
      scoped.whereNotNull(column)
    }
  }
  return scoped
}

/**
 * Which records a scoped query reaches on a soft-deleting resource.
 */
export type TrashedMode = 'without' | 'with' | 'only'

/**
 * Options of the scoped query.
 */
export interface ScopedQueryOptions {
  client?: QueryClientContract
  trashed?: TrashedMode
}

/**
 * The qualified `deleted_at` column of a soft-deleting resource.
 */
export function trashedColumn(resource: Resource<any>): string {
  const model = resource.model
  const column = model.$getColumn(resource.deletedAtAttribute)?.columnName
  return `${model.table}.${column ?? resource.deletedAtAttribute}`
}

/**
 * The primary key column of a model, qualified by its table.
 */
export function qualifiedKey(model: LucidModel): string {
  const column = model.$getColumn(model.primaryKey)?.columnName ?? model.primaryKey
  return `${model.table}.${column}`
}

/**
 * Resolve a record by its route key through the scoped query. A key of the
 * wrong shape, or a record outside the scope, is a 404: the record does not
 * exist for this resource, whatever the database holds. Numbers and numeric
 * strings name the same record.
 */
export async function findRecord<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  key: unknown,
  options: ScopedQueryOptions = {}
): Promise<ModelRecord<Model>> {
  const value = normalizeRecordKey(key)
  if (!resource.isValidRecordKey(value)) {
    logNotFound(resource, key, 'the key does not have the shape of recordKeyType', { context })
    throw new RecordNotFoundException()
  }
  const record = await resourceQuery(resource, context, options)
    .where(qualifiedKey(resource.model), value)
    .first()
  if (!record) {
    logNotFound(resource, key, 'no record with this key in the scoped query', {
      trashed: resource.softDeletes ? (options.trashed ?? 'without') : undefined,
      context,
    })
    throw new RecordNotFoundException()
  }
  return record as ModelRecord<Model>
}
