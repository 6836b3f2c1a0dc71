import type { LucidRow } from '@adonisjs/lucid/types/model'
import { valueOf } from '../../definitions/resource/record_values.ts'
import {
  constrainToCurrentTenant,
  currentTenancy,
  resourceOwnership,
} from '../../definitions/tenancy/tenancy.ts'
import { assertQueryOf, qualifiedKey, scopedQuery, trashedColumn } from '../query/scoped_query.ts'
import { escapeLike, MIN_SEARCH_LENGTH, sqlColumn } from '../table/table_query.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { MountedRelation } from './relation_mount.ts'
import type { RelatedQuery } from '../../definitions/relations/relation_manager.ts'

/**
 * Most options a chooser search returns.
 */
export const OPTIONS_LIMIT = 50

/**
 * A chooser's candidates: the manager's scope (`modifyAttachQuery()` or
 * `modifyAssociateQuery()`, a query builder of the related model), the
 * current tenant, minus trashed records.
 */
function chooserScope(
  relation: MountedRelation,
  context: KitContext,
  chooser: 'attach' | 'associate'
): RelatedQuery {
  const { related, manager } = relation
  const query =
    chooser === 'attach'
      ? manager.modifyAttachQuery(related.query(), context)
      : manager.modifyAssociateQuery(related.query(), context)
  const member = chooser === 'attach' ? 'modifyAttachQuery' : 'modifyAssociateQuery'
  const scoped = assertQueryOf(related, query, `${manager.constructor.name}.${member}()`)
  constrainToCurrentTenant(scoped, related)
  if (manager.softDeletes) {
    scoped.whereNull(
      trashedColumn({ model: related, deletedAtAttribute: manager.deletedAtAttribute })
    )
  }
  return scoped
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
  const { related } = relation
  const meta = relation.pivot()
  const scoped = chooserScope(relation, context, 'attach')
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
  const { related } = relation
  const meta = relation.owning()
  const scoped = chooserScope(relation, context, 'associate')
  const column = sqlColumn(related, meta.foreignKey)
  const ownerKey = valueOf(owner, meta.localKey)
  const resource = relation.resource
  const reachableOwners = scopedQuery(resource, context).select(
    sqlColumn(resource.model, meta.localKey)
  )
  /* an orphan is offered when nothing ties it to a tenant the user may not reach */
  const orphans = !resourceOwnership(resource) || currentTenancy(related) !== null
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
