import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException, RecordNotFoundException } from '../../support/errors.ts'
import { constrainToTenant } from '../../definitions/tenancy/tenancy.ts'
import { qualifiedKey, sqlColumn } from '../../support/sql.ts'
import type { TrashedMode } from '../../definitions/types.ts'

export { qualifiedKey }
export type { TrashedMode }
import {
  normalizeRecordKey,
  type Resource,
  type ResourceQuery,
} from '../../definitions/resource/resource.ts'
import type { RecordSource, SourceQuery } from '../records/record_source.ts'
import { sourceOf } from '../records/resource_source.ts'
import type { KitContext, ModelRecord } from '../../definitions/types.ts'

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
 * The one scoped query. Every read of the kit starts here: lists, record
 * lookups, actions, option searches, relation managers, global search and
 * the test driver. Its steps, in this order:
 *
 * 1. the model query (a relation manager: the owner's relationship query);
 * 2. the declaration's own scoping (`modifyQuery()`);
 * 3. the tenant constraint;
 * 4. the parent of a nested resource;
 * 5. the soft-delete default (trashed records hidden unless asked for).
 */
export function scopedQuery<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>,
  context: KitContext,
  options: ScopedQueryOptions = {}
): ResourceQuery<Model> {
  const source = sourceOf(from)

  /* 1. the model query */
  const query = source.modelQuery(options.client)

  /* 2. the declaration's own scoping */
  const scoped = assertQueryOf(
    source.model,
    source.modifyQuery(query, context),
    `${source.name}.modifyQuery()`
  )

  /* 3. the tenant: a tenant-scoped resource reads nothing without one */
  const tenancy = source.tenancy()
  if (tenancy) {
    constrainToTenant(scoped, source.model, tenancy.ownership, tenancy.tenant, options.client)
  }

  /* 4. the parent of a nested resource: only its related records */
  source.constrainToParent(scoped, context, options.client)

  /* 5. the soft-delete default: trashed records are hidden unless asked for */
  if (source.softDeletes) {
    const column = trashedColumn(source)
    const trashed = options.trashed ?? 'without'
    if (trashed === 'without') {
      scoped.whereNull(column)
    } else if (trashed === 'only') {
      scoped.whereNotNull(column)
    }
  }
  return scoped as unknown as ResourceQuery<Model>
}

/**
 * The scoped query of a resource (see {@link scopedQuery}).
 */
export const resourceQuery = scopedQuery

/**
 * Insist that a query a declaration returned is a query builder of the
 * model (`modifyQuery()`, a chooser's scope).
 */
export function assertQueryOf(model: LucidModel, query: unknown, member: string): SourceQuery {
  if (!query || typeof query !== 'object' || !('model' in query) || query.model !== model) {
    throw new KitConfigurationException(`${member} must return a query builder of ${model.name}`)
  }
  return query as SourceQuery
}

/**
 * Options of the scoped query.
 */
export interface ScopedQueryOptions {
  client?: QueryClientContract
  trashed?: TrashedMode
}

/**
 * The qualified deletion-time column of a soft-deleting source.
 */
export function trashedColumn(source: { model: LucidModel; deletedAtAttribute: string }): string {
  return sqlColumn(source.model, source.deletedAtAttribute)
}

/**
 * Resolve a record by its route key through the scoped query. A key of the
 * wrong shape, or a record outside the scope, is a 404: the record does not
 * exist for this resource (or this owner's relationship), whatever the
 * database holds. Numbers and numeric strings name the same record.
 */
export async function findRecord<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>,
  context: KitContext,
  key: unknown,
  options: ScopedQueryOptions = {}
): Promise<ModelRecord<Model>> {
  const source = sourceOf(from)
  const value = normalizeRecordKey(key)
  if (!source.isValidRecordKey(value)) {
    source.logNotFound(key, 'the key does not have the shape of recordKeyType', { context })
    throw new RecordNotFoundException()
  }
  const record = await scopedQuery(source, context, options)
    .where(qualifiedKey(source.model), value)
    .first()
  if (!record) {
    source.logNotFound(key, source.missingRecord, {
      trashed: options.trashed ?? 'without',
      context,
    })
    throw new RecordNotFoundException()
  }
  return record as ModelRecord<Model>
}

/**
 * Read a resolved record again inside a mutation's transaction, through the
 * same scoped query (and trashed mode), locking its row where the dialect
 * supports it. A record a concurrent request deleted, trashed, restored,
 * detached or moved out of scope in the meantime is a 404: of concurrent
 * mutations of one record, each runs against the row as the previous one
 * left it, and its hooks run only when the record is still there.
 */
export async function lockRecord<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>,
  context: KitContext,
  found: LucidRow,
  trashed: TrashedMode,
  trx: TransactionClientContract
): Promise<ModelRecord<Model>> {
  const source = sourceOf(from)
  const query = scopedQuery(source, context, { trashed, client: trx }).where(
    qualifiedKey(source.model),
    found.$primaryKeyValue!
  )
  await source.lockRows(query as unknown as SourceQuery, found.$primaryKeyValue, trx)
  const record = await query.first()
  if (!record) {
    source.logNotFound(
      found.$primaryKeyValue,
      'gone from the scoped query meanwhile (a concurrent request)',
      { trashed, context }
    )
    throw new RecordNotFoundException()
  }
  record.useTransaction(trx)
  return record as ModelRecord<Model>
}
