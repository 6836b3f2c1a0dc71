import { DateTime } from 'luxon'
import { errors as vineErrors } from '@vinejs/vine'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException, RecordNotFoundException } from '../errors.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { pickColumns } from '../resource/resource.ts'
import { qualifiedKey, type TrashedMode } from '../query/scoped_query.ts'
import { inTransaction, prepareInput } from '../mutation/mutation_runner.ts'
import { contractValue, reconcileWithOriginal, submittedOriginal } from '../form/form_original.ts'
import type { FormValue } from '../contracts/main.ts'
import { serializeValue } from '../resource/serialize_value.ts'
import { assignValue, keyOf, manyToManyClient, valueOf } from '../resource/record_values.ts'
import { logRelationNotFound } from '../authorization/denial_log.ts'
import { verifySelectValues } from '../form/select_options.ts'
import { assignCurrentTenant, attachCurrentTenant, withoutTenantKey } from '../tenancy/tenancy.ts'
import { declaredFields, validateWith } from '../validation/validator_cache.ts'
import type { RulesClass } from '../validation/rules.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import {
  findHostedAction,
  executeAction,
  BULK_CHUNK_SIZE,
  MAX_SELECTED_KEYS,
} from '../table/actions/action_runner.ts'
import { readTableState } from '../table/table_query.ts'
import type { BulkActionResult } from '../contracts/main.ts'
import type { KitContext, MutationData } from '../types.ts'
import { RelationOperation } from './relation_operation.ts'
import { buildAttachForm, type MountedRelation } from './relation_mount.ts'
import type { RelationHookContext } from './relation_manager.ts'
import {
  associateCandidatesQuery,
  attachCandidatesQuery,
  authorizeRelation,
  findCandidate,
  findRelated,
  lockRelated,
  relatedQuery,
  relationAllows,
  resolveOwner,
} from './relation_query.ts'
import { applyTableState } from '../table/table_query.ts'

/**
 * Name of the input key carrying the chosen record of the attach and
 * associate forms.
 */
export const CHOSEN_RECORD_KEY = 'record'

function fieldError(field: string, message: string, rule: string): never {
  throw new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}

function rulesOf(relation: MountedRelation, Rules: RulesClass | undefined, member: string) {
  if (typeof Rules !== 'function') {
    throw new KitConfigurationException(
      `${relation.manager.constructor.name}.${member}() must return a Rules class`
    )
  }
  return Rules
}

/**
 * Split validated data into the related model's columns (never its key, nor
 * the relationship's foreign key) and the declared pivot attributes.
 */
function splitData(relation: MountedRelation, validated: MutationData) {
  const pivot: MutationData = {}
  const rest: MutationData = {}
  for (const [key, value] of Object.entries(validated)) {
    if (relation.kind === 'manyToMany' && relation.manager.pivotAttributes.includes(key)) {
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
 * Only the declared pivot attributes of some data.
 */
function pivotOnly(relation: MountedRelation, data: MutationData): MutationData {
  const pivot: MutationData = {}
  for (const column of relation.manager.pivotAttributes) {
    if (Object.hasOwn(data, column)) pivot[column] = data[column]
  }
  return pivot
}

function hookContext(
  context: KitContext,
  owner: LucidRow,
  trx: TransactionClientContract,
  operation: ResourceOperation
): RelationHookContext {
  return { ...context, owner, trx, operation }
}

function assertKind(relation: MountedRelation, kinds: MountedRelation['kind'][]) {
  if (!kinds.includes(relation.kind)) {
    logRelationNotFound(
      relation,
      null,
      `the operation needs a ${kinds.join(' or ')} relationship; ${relation.name} is ${relation.kind}`
    )
    throw new RecordNotFoundException()
  }
}

/**
 * The pivot row of one owner and one related record.
 */
function pivotRow(
  relation: MountedRelation,
  owner: LucidRow,
  related: LucidRow,
  trx: TransactionClientContract
) {
  const meta = relation.relation
  return trx
    .from(meta.pivotTable)
    .where(meta.pivotForeignKey, keyOf(owner, meta.localKey))
    .where(meta.pivotRelatedForeignKey, keyOf(related, meta.relatedKey))
}

/**
 * Create a related record: resolve the owner (Edit), authorize Create, then
 * validate and, in one transaction, insert the record under the owner (for
 * many-to-many, insert it and attach it with the validated pivot state).
 */
export async function createRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  rawInput: unknown
): Promise<LucidRow> {
  /* 1. resolve and authorize the owner, then the relation */
  const owner = await resolveOwner(relation, context, ownerKey, true)
  await authorizeRelation(relation, RelationOperation.Create, null, context)
  if (!relation.formFields.length) {
    logRelationNotFound(relation, null, 'the manager has no form fields')
    throw new RecordNotFoundException()
  }

  /* 2. validate; only the declared keys go on */
  const Rules = rulesOf(relation, relation.manager.validation(), 'validation')
  const validated = await validateWith(Rules, {
    operation: 'create',
    source: 'relation',
    record: null,
    user: context.user,
    input: prepareInput(rawInput),
  })
  await verifySelectValues(
    relation.related,
    buildForm(relation.manager).getFields(),
    validated,
    context
  )
  const { columns, pivot } = splitData(relation, validated)

  /* 3. a has-one relationship holds one record at most */
  if (
    relation.kind === 'hasOne' &&
    (await relatedQuery(relation, owner, { trashed: 'with' }).first())
  ) {
    fieldError(relation.formFields[0], `${relation.manager.getLabel()} already exists`, 'hasOne')
  }

  /* 4. write in one transaction */
  return inTransaction(
    relation.related,
    async (trx) => {
      const meta = relation.relation
      const record = new relation.related() as LucidRow
      record.merge(columns)
      if (relation.kind !== 'manyToMany') {
        assignValue(record, meta.foreignKey, valueOf(owner, meta.localKey))
      }
      assignCurrentTenant(record)
      record.useTransaction(trx)
      await record.save()
      await attachCurrentTenant(record, trx)
      if (relation.kind === 'manyToMany') {
        owner.useTransaction(trx)
        await manyToManyClient(owner, relation.name).attach(
          { [String(valueOf(record, meta.relatedKey))]: pivot },
          trx
        )
      }
      return record
    },
    { uniqueErrors: { rules: Rules } }
  )
}

/**
 * Update a related record: resolve the owner (Edit) and the record through
 * the owner's relationship, authorize Edit, validate the declared fields the
 * request carries, then update the record and its declared pivot attributes
 * in one transaction.
 */
export async function updateRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown,
  rawInput: unknown
): Promise<LucidRow> {
  const owner = await resolveOwner(relation, context, ownerKey, true)
  const record = await findRelated(relation, owner, relatedKey, { context })
  await authorizeRelation(relation, RelationOperation.Edit, record, context)
  if (!relation.formFields.length) {
    logRelationNotFound(relation, null, 'the manager has no form fields')
    throw new RecordNotFoundException()
  }

  const input = prepareInput(rawInput)
  const Rules = rulesOf(relation, relation.manager.validation(), 'validation')
  const fields = declaredFields(Rules, 'edit', 'relation')
    .filter((field) => input[field] !== undefined)
    .sort()
  const validated = await validateWith(Rules, {
    operation: 'edit',
    source: 'relation',
    record,
    user: context.user,
    input,
    fields,
  })
  const formFields = buildForm(relation.manager).getFields()
  await verifySelectValues(relation.related, formFields, validated, context)
  const pivotAttributes = new Set(relation.manager.pivotAttributes)
  const original = submittedOriginal(rawInput)

  return inTransaction(
    relation.related,
    async (trx) => {
      const locked = await lockRelated(relation, owner, record, 'without', trx)
      /* a stale form never silently undoes a change made since it was
         loaded: reconciled with the locked row (and its pivot row) */
      const reconciled = reconcileWithOriginal(
        relation.related,
        formFields,
        locked,
        validated,
        input,
        original,
        (field, row) =>
          pivotAttributes.has(field.name)
            ? (serializeValue(row.$extras[`pivot_${field.name}`]) as FormValue)
            : contractValue(field, row)
      )
      const { columns, pivot } = splitData(relation, reconciled)
      locked.merge(withoutTenantKey(relation.related, columns))
      await locked.save()
      if (Object.keys(pivot).length) {
        await pivotRow(relation, owner, locked, trx).update(pivot)
      }
      return locked
    },
    { uniqueErrors: { rules: Rules } }
  )
}

/**
 * The shape of the record lifecycle operations: resolve the owner (Edit),
 * the record through the relationship (with the trashed mode), authorize,
 * then run the steps in one transaction.
 */
async function relatedLifecycle(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown,
  steps: {
    operation: RelationOperation
    hookOperation: ResourceOperation
    trashed: TrashedMode
    preset?: string
    run: (record: LucidRow, hooks: RelationHookContext) => Promise<unknown>
  }
): Promise<LucidRow> {
  if (steps.preset && relation.hasCustomAction(steps.preset)) {
    logRelationNotFound(
      relation,
      null,
      `"${steps.preset}" is taken by a custom action of the manager`
    )
    throw new RecordNotFoundException('Action not found')
  }
  const owner = await resolveOwner(relation, context, ownerKey, true)
  const record = await findRelated(relation, owner, relatedKey, { trashed: steps.trashed, context })
  await authorizeRelation(relation, steps.operation, record, context)
  return inTransaction(relation.related, async (trx) => {
    /* read again and locked: a record a concurrent request removed is a 404 */
    const locked = await lockRelated(relation, owner, record, steps.trashed, trx)
    await steps.run(locked, hookContext(context, owner, trx, steps.hookOperation))
    return locked
  })
}

/**
 * Delete a related record (moved to the trash with the soft-delete preset).
 * For many-to-many, a removed record's pivot rows go with it.
 */
export function deleteRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown
) {
  return relatedLifecycle(relation, context, ownerKey, relatedKey, {
    operation: RelationOperation.Delete,
    hookOperation: ResourceOperation.Delete,
    trashed: 'without',
    preset: 'delete',
    run: async (record, { trx }) => {
      if (relation.manager.softDeletes) {
        record.merge({ [relation.manager.deletedAtAttribute]: DateTime.now() })
        return record.save()
      }
      await removeRecord(relation, record, trx)
    },
  })
}

async function removeRecord(
  relation: MountedRelation,
  record: LucidRow,
  trx: TransactionClientContract
) {
  if (relation.kind === 'manyToMany') {
    const meta = relation.relation
    await trx
      .from(meta.pivotTable)
      .where(meta.pivotRelatedForeignKey, keyOf(record, meta.relatedKey))
      .delete()
  }
  await record.delete()
}

function assertSoftDeletes(relation: MountedRelation) {
  if (!relation.manager.softDeletes) {
    logRelationNotFound(relation, null, 'the manager has no soft-delete preset')
    throw new RecordNotFoundException()
  }
}

/**
 * Restore a trashed related record (soft-delete preset), with the
 * beforeRestore and afterRestore hooks in the transaction.
 */
export function restoreRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown
) {
  assertSoftDeletes(relation)
  return relatedLifecycle(relation, context, ownerKey, relatedKey, {
    operation: RelationOperation.Restore,
    hookOperation: ResourceOperation.Restore,
    trashed: 'only',
    preset: 'restore',
    run: async (record, hooks) => {
      await relation.manager.beforeRestore(record, hooks)
      record.merge({ [relation.manager.deletedAtAttribute]: null })
      await record.save()
      await relation.manager.afterRestore(record, hooks)
    },
  })
}

/**
 * Delete a related record permanently (soft-delete preset), with the
 * beforeForceDelete and afterForceDelete hooks in the transaction.
 */
export function forceDeleteRelated(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  relatedKey: unknown
) {
  assertSoftDeletes(relation)
  return relatedLifecycle(relation, context, ownerKey, relatedKey, {
    operation: RelationOperation.ForceDelete,
    hookOperation: ResourceOperation.ForceDelete,
    trashed: 'with',
    preset: 'forceDelete',
    run: async (record, hooks) => {
      await relation.manager.beforeForceDelete(record, hooks)
      await removeRecord(relation, record, hooks.trx)
      await relation.manager.afterForceDelete(record, hooks)
    },
  })
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
  const owner = await resolveOwner(relation, context, ownerKey, true)
  await authorizeRelation(relation, RelationOperation.Attach, null, context)

  const input = prepareInput(rawInput)
  const candidate = await findCandidate(
    relation,
    attachCandidatesQuery(relation, owner, context),
    input[CHOSEN_RECORD_KEY]
  )
  if (!candidate) {
    fieldError(CHOSEN_RECORD_KEY, 'The selected record cannot be attached', 'attach')
  }
  await authorizeRelation(relation, RelationOperation.Attach, candidate, context)

  let pivot: MutationData = {}
  if (relation.attachFields.length) {
    const validated = await validateWith(
      rulesOf(relation, relation.manager.attachValidation(), 'attachValidation'),
      {
        operation: 'relation.attach',
        source: 'relation',
        record: candidate,
        user: context.user,
        input,
      }
    )
    await verifySelectValues(
      relation.related,
      buildAttachForm(relation.manager).getFields(),
      validated,
      context
    )
    pivot = pivotOnly(relation, validated)
  }

  try {
    return await inTransaction(relation.related, async (trx) => {
      const meta = relation.relation
      owner.useTransaction(trx)
      await manyToManyClient(owner, relation.name).attach(
        { [String(valueOf(candidate, meta.relatedKey))]: pivot },
        trx
      )
      return candidate
    })
  } catch (error) {
    /* attached meanwhile by another request: the pivot's unique index says so */
    if (isUniqueViolation(error)) {
      fieldError(CHOSEN_RECORD_KEY, 'The selected record is already attached', 'attach')
    }
    throw error
  }
}

/**
 * Whether a database error is a unique-index violation (PostgreSQL,
 * MySQL/MariaDB, SQLite).
 */
function isUniqueViolation(error: unknown): boolean {
  const { code, errno, message } = (error ?? {}) as {
    code?: unknown
    errno?: unknown
    message?: unknown
  }
  return (
    code === '23505' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(String(message)))
  )
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
  const owner = await resolveOwner(relation, context, ownerKey, true)
  const record = await findRelated(relation, owner, relatedKey, { trashed: 'with', context })
  await authorizeRelation(relation, RelationOperation.Detach, record, context)
  return inTransaction(relation.related, async (trx) => {
    await pivotRow(relation, owner, record, trx).delete()
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
  if (!relation.manager.associates) {
    logRelationNotFound(relation, null, 'the manager does not associate')
    throw new RecordNotFoundException()
  }
  const owner = await resolveOwner(relation, context, ownerKey, true)
  await authorizeRelation(relation, RelationOperation.Associate, null, context)

  const input = prepareInput(rawInput)
  const candidate = await findCandidate(
    relation,
    associateCandidatesQuery(relation, owner, context),
    input[CHOSEN_RECORD_KEY]
  )
  if (!candidate) {
    fieldError(CHOSEN_RECORD_KEY, 'The selected record cannot be associated', 'associate')
  }
  await authorizeRelation(relation, RelationOperation.Associate, candidate, context)

  return inTransaction(relation.related, async (trx) => {
    const meta = relation.relation
    candidate.useTransaction(trx)
    assignValue(candidate, meta.foreignKey, valueOf(owner, meta.localKey))
    await candidate.save()
    return candidate
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
  if (!relation.manager.dissociates) {
    logRelationNotFound(relation, null, 'the manager does not dissociate')
    throw new RecordNotFoundException()
  }
  const owner = await resolveOwner(relation, context, ownerKey, true)
  const record = await findRelated(relation, owner, relatedKey, { trashed: 'with', context })
  await authorizeRelation(relation, RelationOperation.Dissociate, record, context)
  await assertNullableForeignKey(relation)
  return inTransaction(relation.related, async (trx) => {
    record.useTransaction(trx)
    assignValue(record, relation.foreignKey, null)
    await record.save()
    return record
  })
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
  const action = findHostedAction(buildTable(relation.manager).getActions(), name)
  const owner = await resolveOwner(relation, context, ownerKey, true)
  const record = await findRelated(relation, owner, relatedKey, { context })
  return executeAction({ model: relation.related }, action, record, context, rawInput)
}

const BULK_PRESETS: Record<
  string,
  { any: RelationOperation; each: RelationOperation; trashed: TrashedMode }
> = {
  delete: { any: RelationOperation.DeleteAny, each: RelationOperation.Delete, trashed: 'without' },
  restore: { any: RelationOperation.RestoreAny, each: RelationOperation.Restore, trashed: 'only' },
  forceDelete: {
    any: RelationOperation.ForceDeleteAny,
    each: RelationOperation.ForceDelete,
    trashed: 'with',
  },
}

function toKeys(relation: MountedRelation, value: unknown): string[] {
  const list = Array.isArray(value) ? value : []
  const keys = new Set<string>()
  for (const entry of list.slice(0, MAX_SELECTED_KEYS)) {
    const key = typeof entry === 'number' ? String(entry) : entry
    if (relation.manager.isValidRecordKey(key)) keys.add(key)
  }
  return [...keys]
}

/**
 * Run a bulk action of a manager: a soft-delete preset (delete, restore,
 * forceDelete; authorized with the `*Any` operation once, then per record)
 * or a custom BulkAction of its table (a custom one with a preset name
 * wins). Records are the selected keys, or every record the table matches
 * (`selectAll`, minus `except`), always read through the owner's
 * relationship in key order and in chunks, each chunk in one transaction.
 */
export async function runRelatedBulkAction(
  relation: MountedRelation,
  context: KitContext,
  ownerKey: unknown,
  name: unknown,
  rawInput: unknown
): Promise<BulkActionResult> {
  const table = buildTable(relation.manager)
  const custom = table.getBulkActions().find((action) => action.name === name)
  const preset =
    !custom &&
    relation.manager.softDeletes &&
    typeof name === 'string' &&
    Object.hasOwn(BULK_PRESETS, name)
      ? BULK_PRESETS[name]
      : null
  if (!custom && !preset) {
    logRelationNotFound(relation, null, `no bulk action named ${JSON.stringify(name)}`)
    throw new RecordNotFoundException('Action not found')
  }
  const owner = await resolveOwner(relation, context, ownerKey, true)
  if (preset) {
    await authorizeRelation(relation, preset.any, null, context)
  }

  const input = prepareInput(rawInput)
  const selectAll = input.selectAll === true || input.selectAll === 'true'
  const selected = selectAll ? [] : toKeys(relation, input.records)
  const except = toKeys(relation, input.except)
  const result: BulkActionResult = { action: String(name), affected: 0, refused: 0 }
  if (!selectAll && !selected.length) {
    return result
  }

  const state = { ...readTableState(table, input), sort: null }
  const trashedFilter = relation.manager.softDeletes ? state.filters.trashed : undefined
  const trashed: TrashedMode = preset
    ? preset.trashed
    : ((trashedFilter as TrashedMode | undefined) ?? 'without')
  const key = qualifiedKey(relation.related)
  let last: LucidRow['$primaryKeyValue'] | null = null
  while (true) {
    const query = applyTableState(
      relatedQuery(relation, owner, { trashed }),
      relation.related,
      table,
      state,
      context,
      { preload: false, skipFilters: ['trashed'] }
    )
    if (!selectAll) query.whereIn(key, selected)
    if (except.length) query.whereNotIn(key, except)
    if (last !== null) query.where(key, '>', last!)
    const records = (await query.limit(BULK_CHUNK_SIZE)) as LucidRow[]
    if (!records.length) break
    last = records[records.length - 1].$primaryKeyValue

    /* authorize every record before the chunk's transaction opens: a policy
       that reads the database never waits for the connection the
       transaction holds (SQLite has one) */
    const allowed: LucidRow[] = []
    for (const record of records) {
      const allows = preset
        ? await relationAllows(relation, preset.each, record, context)
        : await custom!.allows({ record, user: context.user, http: context.http })
      if (allows) {
        allowed.push(record)
      } else {
        result.refused++
      }
    }

    await inTransaction(relation.related, async (trx) => {
      for (const record of allowed) {
        record.useTransaction(trx)
        if (custom) {
          await custom.getEach()!({ record, user: context.user, data: {}, trx })
        } else if (name === 'delete') {
          record.merge({ [relation.manager.deletedAtAttribute]: DateTime.now() })
          await record.save()
        } else if (name === 'restore') {
          const hooks = hookContext(context, owner, trx, ResourceOperation.Restore)
          await relation.manager.beforeRestore(record, hooks)
          record.merge({ [relation.manager.deletedAtAttribute]: null })
          await record.save()
          await relation.manager.afterRestore(record, hooks)
        } else {
          const hooks = hookContext(context, owner, trx, ResourceOperation.ForceDelete)
          await relation.manager.beforeForceDelete(record, hooks)
          await removeRecord(relation, record, trx)
          await relation.manager.afterForceDelete(record, hooks)
        }
        result.affected++
      }
    })
    if (records.length < BULK_CHUNK_SIZE) break
  }
  return result
}
