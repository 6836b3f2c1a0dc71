import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { keyOf, relationClient, valueOf } from '../resource/record_values.ts'
import { logRelationDenial, logRelationNotFound } from '../authorization/denial_log.ts'
import {
  constrainToCurrentTenant,
  findTenantOwnership,
  resourceOwnership,
  Tenancy,
} from '../tenancy/tenancy.ts'
import {
  KitConfigurationException,
  RecordNotFoundException,
  UnauthorizedOperationException,
} from '../errors.ts'
import { ResourceOperation } from '../resource/operation.ts'
import {
  findRecord,
  qualifiedKey,
  resourceQuery,
  lockInQuery,
  type TrashedMode,
} from '../query/scoped_query.ts'
import { escapeLike, MIN_SEARCH_LENGTH, sqlColumn } from '../table/table_query.ts'
import type { KitContext } from '../types.ts'
import type { MountedRelation } from './relation_mount.ts'
import type { RelatedQuery } from './relation_manager.ts'
import type { RelationOperation } from './relation_operation.ts'

/**
 * Most options a chooser search returns.
 */
export const OPTIONS_LIMIT = 50

/**
 * Resolve the owner record through its resource's scoped query (404 outside
 * it) and authorize it: writes need the owner's Edit operation, reads its
 * View or Edit operation.
 */
export async function resolveOwner(
  relation: MountedRelation,
  context: KitContext,
  key: unknown,
  writes: boolean
): Promise<LucidRow> {
  const resource = relation.resource
  const owner = await findRecord(resource, context, key)
  if (writes) {
    await resource.authorize(ResourceOperation.Edit, owner, context.user, context)
    return owner
  }
  if (
    !(await resource.allows(ResourceOperation.View, owner, context.user, context)) &&
    !(await resource.allows(ResourceOperation.Edit, owner, context.user, context))
  ) {
    throw new UnauthorizedOperationException()
  }
  return owner
}

/**
 * The relation's decision (fail-closed: only a literal `true` allows).
 */
export async function relationAllows(
  relation: MountedRelation,
  operation: RelationOperation,
  record: LucidRow | null,
  context: KitContext
): Promise<boolean> {
  return (await relation.manager.canAccess(operation, record, context.user, context)) === true
}

/**
 * Authorize a relation operation or throw E_KIT_FORBIDDEN (403).
 */
export async function authorizeRelation(
  relation: MountedRelation,
  operation: RelationOperation,
  record: LucidRow | null,
  context: KitContext
): Promise<void> {
  if (!(await relationAllows(relation, operation, record, context))) {
    logRelationDenial(relation, operation, record, context)
    throw new UnauthorizedOperationException()
  }
}

/**
 * The qualified deletion-time column of a soft-deleting manager.
 */
function trashedColumn(relation: MountedRelation): string {
  return sqlColumn(relation.related, relation.manager.deletedAtAttribute)
}

/**
 * The related records of one owner, through the owner's relationship: the
 * only way the kit reads related records. Declared pivot attributes are
 * selected; a soft-deleting manager hides trashed records unless asked.
 */
export function relatedQuery(
  relation: MountedRelation,
  owner: LucidRow,
  options: { trashed?: TrashedMode; trx?: TransactionClientContract } = {}
): RelatedQuery {
  if (options.trx) {
    owner.useTransaction(options.trx)
  }
  /* has-one queries are built on the related model with the relationship's
     constraint, since Lucid does not paginate has-one queries */
  const meta = relation.relation
  const query: any =
    relation.kind === 'hasOne'
      ? relation.related
          .query({ client: options.trx })
          .where(sqlColumn(relation.related, meta.foreignKey), keyOf(owner, meta.localKey))
      : relationClient(owner, relation.name).query()
  if (relation.kind === 'manyToMany' && relation.manager.pivotAttributes.length) {
    query.pivotColumns(relation.manager.pivotAttributes)
  }
  /* related records owned by a tenant stay inside the current tenant */
  constrainToCurrentTenant(query, relation.related, options.trx)
  if (relation.manager.softDeletes) {
    const trashed = options.trashed ?? 'without'
    if (trashed === 'without') query.whereNull(trashedColumn(relation))
    if (trashed === 'only') query.whereNotNull(trashedColumn(relation))
  }
  return query
}

/**
 * Resolve one related record by its key through the owner's relationship,
 * or 404: another owner's record, a trashed one, or a key of the wrong shape
 * does not exist here.
 */
export async function findRelated(
  relation: MountedRelation,
  owner: LucidRow,
  key: unknown,
  /* the context only names the request in the debug log */
  options: { trashed?: TrashedMode; context?: KitContext } = {}
): Promise<LucidRow> {
  if (!relation.manager.isValidRecordKey(key)) {
    logRelationNotFound(relation, key, 'the key does not have the shape of recordKeyType', {
      context: options.context,
    })
    throw new RecordNotFoundException()
  }
  const record = await relatedQuery(relation, owner, options)
    .where(qualifiedKey(relation.related), String(key))
    .first()
  if (!record) {
    logRelationNotFound(
      relation,
      key,
      "no related record with this key through the owner's relationship",
      { trashed: options.trashed ?? 'without', context: options.context }
    )
    throw new RecordNotFoundException()
  }
  return record
}

/**
 * Read a related record again inside a transaction, through the owner's
 * relationship, and lock its row where the dialect supports it (the
 * related table only). A record a concurrent request removed, trashed,
 * restored or detached in the meantime is a 404.
 */
export async function lockRelated(
  relation: MountedRelation,
  owner: LucidRow,
  record: LucidRow,
  trashed: TrashedMode,
  trx: TransactionClientContract
): Promise<LucidRow> {
  const query: any = relatedQuery(relation, owner, { trashed, trx }).where(
    qualifiedKey(relation.related),
    record.$primaryKeyValue!
  )
  /* locked in the query itself; unlike the resources' lockQuery(), the
     query is not compiled first to look for DISTINCT or grouping (compiling
     a relation query applies its constraints, and the lock was lost) */
  lockInQuery(query, relation.related, trx)
  const locked = (await query.first()) as LucidRow | null
  if (!locked) {
    logRelationNotFound(
      relation,
      record.$primaryKeyValue,
      'the related record was removed, trashed, restored or detached meanwhile',
      { trashed }
    )
    throw new RecordNotFoundException()
  }
  locked.useTransaction(trx)
  return locked
}

function checkScope(relation: MountedRelation, query: unknown, member: string): RelatedQuery {
  if (
    !query ||
    typeof query !== 'object' ||
    !('model' in query) ||
    query.model !== relation.related
  ) {
    throw new KitConfigurationException(
      `${relation.manager.constructor.name}.${member}() must return a query builder of ${relation.related.name}`
    )
  }
  return query as RelatedQuery
}

/**
 * Records that may be attached to the owner: the manager's attach scope,
 * minus trashed records (soft-delete preset) and minus records already
 * attached to this owner.
 */
export function attachCandidatesQuery(
  relation: MountedRelation,
  owner: LucidRow,
  context: KitContext
): RelatedQuery {
  const related = relation.related
  const meta = relation.relation
  const scoped = checkScope(
    relation,
    relation.manager.modifyAttachQuery(related.query(), context),
    'modifyAttachQuery'
  )
  constrainToCurrentTenant(scoped, related)
  if (relation.manager.softDeletes) {
    scoped.whereNull(trashedColumn(relation))
  }
  const ownerKey = valueOf(owner, meta.localKey)
  scoped.whereNotIn(`${related.table}.${meta.relatedKeyColumnName}`, (sub: any) => {
    sub
      .from(meta.pivotTable)
      .select(meta.pivotRelatedForeignKey)
      .where(meta.pivotForeignKey, ownerKey)
  })
  return scoped
}

/**
 * Records that may be associated with the owner: the manager's associate
 * scope, minus trashed records and minus records the owner already has.
 *
 * By default (whatever `modifyAssociateQuery()` returns) a record is only
 * moved from an owner the user reaches through the owner resource's scoped
 * query (its tenant, `modifyQuery()`, its parent): a record of another
 * tenant, or under an owner the user cannot see, is never offered nor
 * moved. A record without an owner is offered only when nothing ties it to a
 * tenant the user may not reach: the owner resource is not tenant-scoped,
 * or the related model belongs to the tenant's model itself (then it is
 * constrained to the current tenant).
 */
export function associateCandidatesQuery(
  relation: MountedRelation,
  owner: LucidRow,
  context: KitContext
): RelatedQuery {
  const related = relation.related
  const meta = relation.relation
  const scoped = checkScope(
    relation,
    relation.manager.modifyAssociateQuery(related.query(), context),
    'modifyAssociateQuery'
  )
  constrainToCurrentTenant(scoped, related)
  if (relation.manager.softDeletes) {
    scoped.whereNull(trashedColumn(relation))
  }
  const column = sqlColumn(related, meta.foreignKey)
  const ownerKey = valueOf(owner, meta.localKey)
  const resource = relation.resource
  const reachableOwners = resourceQuery(resource, context).select(
    sqlColumn(resource.model, meta.localKey)
  )
  const orphans = !resourceOwnership(resource) || ownedByCurrentTenantModel(related)
  scoped.where((group: any) => {
    if (orphans) {
      group.whereNull(column)
    }
    group.orWhere((moved: any) => {
      moved.whereNot(column, ownerKey).whereIn(column, reachableOwners)
    })
  })
  return scoped
}

/**
 * Whether a model belongs to the current tenant's model directly (so its
 * queries are constrained to the current tenant).
 */
function ownedByCurrentTenantModel(model: LucidModel): boolean {
  const tenant = Tenancy.current()
  return Boolean(tenant && findTenantOwnership(model, tenant.constructor as LucidModel))
}

/**
 * Search a chooser's candidates: nothing for terms under two characters,
 * otherwise at most 50 options matching the term in the search columns.
 */
export async function searchCandidates(
  relation: MountedRelation,
  query: RelatedQuery,
  term: unknown
): Promise<{ value: string | number; label: string }[]> {
  const search = typeof term === 'string' ? term.replaceAll('\0', '').trim().slice(0, 255) : ''
  if ([...search].length < MIN_SEARCH_LENGTH) {
    return []
  }
  const select = relation.manager.getAttachRecordSelect()
  const related = relation.related
  const pattern = `%${escapeLike(search.toLowerCase())}%`
  query.where((group: any) => {
    for (const column of select.searchColumns) {
      group.orWhereRaw(`LOWER(??) LIKE ? ESCAPE '!'`, [sqlColumn(related, column), pattern])
    }
  })
  const records = await query
    .orderBy(sqlColumn(related, select.titleAttribute), 'asc')
    .orderBy(qualifiedKey(related), 'asc')
    .limit(OPTIONS_LIMIT)
  return records.map((record) => ({
    value: record.$primaryKeyValue as string | number,
    label: String(valueOf(record, select.titleAttribute) ?? `#${record.$primaryKeyValue}`),
  }))
}

/**
 * Resolve a submitted candidate key through a chooser's query (the same
 * scope the search used), or null.
 */
export async function findCandidate(
  relation: MountedRelation,
  query: RelatedQuery,
  key: unknown
): Promise<LucidRow | null> {
  const value = typeof key === 'number' ? String(key) : key
  if (!relation.manager.isValidRecordKey(value)) {
    return null
  }
  return query.where(qualifiedKey(relation.related), value).first()
}
