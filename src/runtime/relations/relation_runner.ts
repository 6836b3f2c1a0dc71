import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import { snapshot, writeAudit, type AuditSnapshot } from '../audit/audit_writer.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException, RecordNotFoundException } from '../../support/errors.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { findRecord } from '../query/scoped_query.ts'
import {
  acceptFormInput,
  createRecord,
  deleteRecord,
  forceDeleteRecord,
  inTransaction,
  prepareInput,
  restoreRecord,
  updateRecord,
  validateDeclared,
  withFileChanges,
} from '../mutation/mutation_runner.ts'
import { FileChanges } from '../files/file_fields.ts'
import { parseUniqueViolation } from '../mutation/unique_violation.ts'
import { assignValue, manyToManyClient, valueOf } from '../../definitions/resource/record_values.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import { findHostedAction, runBulkAction, runRowAction } from '../table/actions/action_runner.ts'
import { logNotFound } from '../authorization/denial_log.ts'
import type { BulkActionResult } from '../../contracts/main.ts'
import { RelationSource, relationBulkActions } from '../records/relation_source.ts'
import type { KitContext, MutationData } from '../../definitions/types.ts'
import { buildAttachForm, type MountedRelation } from './relation_mount.ts'
import { associateCandidatesQuery, attachCandidatesQuery, findCandidate } from './relation_query.ts'

/**
 * Name of the input key carrying the chosen record of the attach and
 * associate forms.
 */
export const CHOSEN_RECORD_KEY = 'record'

function fieldError(field: string, message: string, rule: string): never {
  throw new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}

/**
 * Refuse (404) an operation the manager does not offer: a relationship of
 * another kind, a disabled option, a preset a custom action replaces.
 */
function assertOffered(
  relation: MountedRelation,
  offered: boolean,
  reason: string,
  message?: string
) {
  if (!offered) {
    logNotFound(relation, null, reason)
    throw new RecordNotFoundException(message)
  }
}

function assertKind(relation: MountedRelation, kinds: MountedRelation['kind'][]) {
  assertOffered(
    relation,
    kinds.includes(relation.kind),
    `the operation needs a ${kinds.join(' or ')} relationship; ${relation.name} is ${relation.kind}`
  )
}

/**
 * Create a related record through the mutation sequence: the owner
 * resolved (Edit), Create authorized, the form validated, then in one
 * transaction the record inserted under the owner (for many-to-many,
 * attached with the validated pivot attributes).
 */
export async function createRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  rawInput: unknown
): Promise<LucidRow> {
  const source = await RelationSource.forOwner(relation, context, ownerKey, true)
  const { record } = await createRecord(source, context, rawInput)
  return record
}

/**
 * Update a related record (and its declared pivot attributes) through the
 * mutation sequence, resolved through the owner's relationship.
 */
export async function updateRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown,
  rawInput: unknown
): Promise<LucidRow> {
  const source = await RelationSource.forOwner(relation, context, ownerKey, true)
  const { record } = await updateRecord(source, context, relatedKey, rawInput)
  return record
}

/**
 * The record lifecycle of a manager (delete, restore, force delete): a
 * preset a custom row action of the same name replaces does not exist, nor
 * do restore and force delete without the soft-delete preset.
 */
function lifecycle(run: typeof deleteRecord, preset: string, softDeletesOnly: boolean) {
  return async (
    relation: MountedRelation,
    context: KitContext,
    ownerKey: unknown,
    relatedKey: unknown
  ): Promise<LucidRow> => {
    assertOffered(
      relation,
      !softDeletesOnly || relation.manager.softDeletes,
      'the manager has no soft-delete preset'
    )
    assertOffered(
      relation,
      !relation.hasCustomAction(preset),
      `"${preset}" is taken by a custom action of the manager`,
      'Action not found'
    )
    const source = await RelationSource.forOwner(relation, context, ownerKey, true)
    return run(source, context, relatedKey)
  }
}

/** Delete a related record (to the trash with the soft-delete preset) */
export const deleteRelated = lifecycle(deleteRecord, 'delete', false)
/** Restore a trashed related record, with the manager's restore hooks */
export const restoreRelated = lifecycle(restoreRecord, 'restore', true)
/** Delete a related record permanently, with the manager's force-delete hooks */
export const forceDeleteRelated = lifecycle(forceDeleteRecord, 'forceDelete', true)

/**
 * Resolve the owner (Edit), authorize the chooser's operation (Attach or
 * Associate) and give the query of its candidates: what the chooser's
 * options search and what a submitted key is resolved through.
 */
export async function chooserScope(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  chooser: 'attach' | 'associate'
) {
  const operation = chooser === 'attach' ? ResourceOperation.Attach : ResourceOperation.Associate
  const source = await RelationSource.forOwner(relation, context, ownerKey, true)
  await source.authorize(operation, null, context)
  const scope = chooser === 'attach' ? attachCandidatesQuery : associateCandidatesQuery
  return { source, operation, query: scope(relation, source.owner, context) }
}

/**
 * Resolve the owner (Edit), authorize the chooser's operation, resolve the
 * submitted key through the chooser's scope (otherwise a field error), and
 * authorize the operation on the chosen record.
 */
async function choose(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  input: Record<string, unknown>,
  chooser: 'attach' | 'associate'
) {
  const { source, query, operation } = await chooserScope(relation, context, ownerKey, chooser)
  const candidate = await findCandidate(relation, query, input[CHOSEN_RECORD_KEY])
  if (!candidate) {
    fieldError(CHOSEN_RECORD_KEY, `The selected record cannot be ${chooser}d`, chooser)
  }
  await source.authorize(operation, candidate, context)
  return { source, candidate }
}

/**
 * Attach an existing record (many-to-many): resolve the owner (Edit),
 * authorize Attach, resolve the submitted key through the attach scope
 * (modifyAttachQuery, not trashed, not yet attached; otherwise a field
 * error), authorize Attach on the candidate, validate the attach form, then
 * insert one pivot row with the declared pivot attributes. Other pivot rows
 * are never touched.
 */
export async function attachRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  rawInput: unknown
): Promise<LucidRow> {
  assertKind(relation, ['manyToMany'])
  const input = prepareInput(rawInput)
  const { source, candidate } = await choose(relation, context, ownerKey, input, 'attach')
  const owner = source.owner

  let pivot: MutationData = {}
  let files = new FileChanges()
  if (relation.attachFields.length) {
    const Rules = relation.manager.attachValidation()
    if (typeof Rules !== 'function') {
      throw new KitConfigurationException(
        `${source.name}.attachValidation() must return a Rules class`
      )
    }
    /* the attach form's fields have their say as a create form's do: a
       disabled, read-only, hidden or not visible pivot field is neither
       validated nor written, values are normalized, requiredWhen holds,
       rich text is sanitized, uploads are stored */
    const fields = buildAttachForm(relation.manager).getFields()
    const accepted = await acceptFormInput(
      { model: relation.related, fields, record: null },
      context,
      rawInput,
      (prepared) =>
        validateDeclared(
          Rules,
          {
            operation: 'relation.attach',
            source: 'relation',
            record: candidate,
            context,
            fields,
          },
          prepared
        )
    )
    files = accepted.uploads.changes
    pivot = source.splitData({ ...accepted.validated, ...accepted.uploads.data }).pivot
  }

  try {
    return await withFileChanges(
      files,
      inTransaction(relation.related, async (trx) => {
        owner.useTransaction(trx)
        await manyToManyClient(owner, relation.name).attach(
          { [String(valueOf(candidate, relation.pivot().relatedKey))]: pivot },
          trx
        )
        await writeAudit(source, context, trx, 'attach', candidate, null, { ...pivot })
        return candidate
      })
    )
  } catch (error) {
    /* attached meanwhile by another request: the pivot's unique index says so */
    if (parseUniqueViolation(error)) {
      fieldError(CHOSEN_RECORD_KEY, 'The selected record is already attached', 'attach')
    }
    throw error
  }
}

/**
 * The record a detach or a dissociation unlinks: the owner resolved (Edit),
 * the record resolved only through the owner's relationship (trashed or
 * not), the operation authorized on it.
 */
async function unlinked(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown,
  unlink: 'detach' | 'dissociate'
) {
  const source = await RelationSource.forOwner(relation, context, ownerKey, true)
  const record = await findRecord(source, context, relatedKey, { trashed: 'with' })
  const operation = unlink === 'detach' ? ResourceOperation.Detach : ResourceOperation.Dissociate
  await source.authorize(operation, record, context)
  return { source, record }
}

/**
 * Detach a related record (many-to-many): resolved only through the owner's
 * relationship, authorized with Detach, then its one pivot row is removed.
 */
export async function detachRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown
): Promise<LucidRow> {
  assertKind(relation, ['manyToMany'])
  const { source, record } = await unlinked(relation, context, ownerKey, relatedKey, 'detach')
  return inTransaction(relation.related, async (trx) => {
    await source.pivotRow(record, trx).delete()
    await writeAudit(source, context, trx, 'detach', record, null, null)
    return record
  })
}

/**
 * Associate an existing record (has-many): resolve the owner (Edit),
 * authorize Associate, resolve the submitted key through the associate scope
 * (otherwise a field error), authorize Associate on the candidate, then move
 * its foreign key to the owner in one transaction.
 */
export async function associateRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  rawInput: unknown
): Promise<LucidRow> {
  assertKind(relation, ['hasMany'])
  assertOffered(relation, relation.manager.associates, 'the manager does not associate')
  const input = prepareInput(rawInput)
  const { source, candidate } = await choose(relation, context, ownerKey, input, 'associate')
  return setForeignKey(
    relation,
    candidate,
    valueOf(source.owner, relation.relation.localKey),
    (trx, before, after) => writeAudit(source, context, trx, 'associate', candidate, before, after)
  )
}

/**
 * Point a related record's foreign key at an owner's key (or at none), in
 * one transaction.
 */
async function setForeignKey(
  relation: MountedRelation,
  record: LucidRow,
  value: unknown,
  audit: (
    trx: TransactionClientContract,
    before: AuditSnapshot,
    after: AuditSnapshot
  ) => Promise<void>
) {
  return inTransaction(relation.related, async (trx) => {
    record.useTransaction(trx)
    const before = snapshot(record)
    assignValue(record, relation.foreignKey, value)
    await record.save()
    await audit(trx, before, snapshot(record))
    return record
  })
}

/**
 * The knex handles a query client may hold: the write client of a connection
 * or the knex transaction of a transaction client.
 */
interface KnexHolder {
  getWriteClient?: QueryClientContract['getWriteClient']
  knexClient?: ReturnType<QueryClientContract['getWriteClient']>
}

const nullableChecked = new WeakMap<MountedRelation, true>()

/**
 * Check once, against the database schema, that the foreign key a manager
 * dissociates is nullable.
 */
async function assertNullableForeignKey(relation: MountedRelation) {
  if (nullableChecked.has(relation)) {
    return
  }
  const related = relation.related
  const column = related.$getColumn(relation.foreignKey)?.columnName ?? relation.foreignKey
  /* knex directly: Lucid's transaction client does not read column info */
  const client: KnexHolder = related.query().client
  const knex =
    typeof client.getWriteClient === 'function' ? client.getWriteClient() : client.knexClient!
  const info = await knex.table(related.table).columnInfo(column)
  if (!info || info.nullable !== true) {
    throw new KitConfigurationException(
      `${relation.manager.constructor.name}: dissociates is enabled but ${related.table}.${column} is not a nullable column in the database`
    )
  }
  nullableChecked.set(relation, true)
}

/**
 * Dissociate a related record (has-many): resolved only through the owner's
 * current relationship, authorized with Dissociate, then its foreign key is
 * set to null in one transaction.
 */
export async function dissociateRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown
): Promise<LucidRow> {
  assertKind(relation, ['hasMany'])
  assertOffered(relation, relation.manager.dissociates, 'the manager does not dissociate')
  const { source, record } = await unlinked(relation, context, ownerKey, relatedKey, 'dissociate')
  await assertNullableForeignKey(relation)
  return setForeignKey(relation, record, null, (trx, before, after) =>
    writeAudit(source, context, trx, 'dissociate', record, before, after)
  )
}

/**
 * Run a hosted custom row action of the manager's table on a related record
 * resolved through the owner's relationship (the owner authorized with Edit,
 * the action with its own `authorizeUsing()`).
 */
export async function runRelatedAction(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown,
  name: unknown,
  rawInput: unknown
) {
  findHostedAction(buildTable(relation.manager).getActions(), name)
  const source = await RelationSource.forOwner(relation, context, ownerKey, true)
  return runRowAction(source, context, relatedKey, name, rawInput)
}

/**
 * Run a bulk action of a manager through the shared bulk runner: records
 * are the selected keys, or every record the table matches (`selectAll`,
 * minus `except`), always read through the owner's relationship in key
 * order and in chunks; a preset reaches its whole trashed scope.
 */
export async function runRelatedBulkAction(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  name: unknown,
  rawInput: unknown
): Promise<BulkActionResult> {
  const actions = relationBulkActions(relation)
  assertOffered(
    relation,
    actions.some((action) => action.name === name),
    `no bulk action named ${JSON.stringify(name)}`,
    'Action not found'
  )
  const source = await RelationSource.forOwner(relation, context, ownerKey, true)
  return runBulkAction(source, context, name, rawInput, { actions, narrowToShownTrashed: false })
}
