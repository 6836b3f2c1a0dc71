import db from '@adonisjs/lucid/services/db'
import type { LucidModel, LucidRow, ModelAttributes } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException, RecordNotFoundException } from '../errors.ts'
import { resourceOwnership, resourceTenant, tenantKeyOf } from '../tenancy/tenancy.ts'
import { ResourceOperation } from '../resource/operation.ts'
import type { Resource } from '../resource/resource.ts'
import {
  findRecord,
  qualifiedKey,
  resourceQuery,
  lockQuery,
  type TrashedMode,
} from '../query/scoped_query.ts'
import { authorize } from '../authorization/authorizer.ts'
import {
  assertNoNulCharacters,
  assertStorableInput,
  compiledFieldValidator,
  declaredFields,
  validateWith,
} from '../validation/validator_cache.ts'
import { runWithValidationState } from '../validation/rules.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import {
  splitRelationshipData,
  syncRelationships,
  verifySelectValues,
} from '../form/select_options.ts'
import { ORIGINAL_KEY, reconcileWithOriginal, submittedOriginal } from '../form/form_original.ts'
import type { RulesClass } from '../validation/rules.ts'
import { uniqueViolationError } from './unique_violation.ts'
import { logNotFound } from '../authorization/denial_log.ts'
import type { HookContext, KitContext, ModelRecord, MutationData } from '../types.ts'
import { manyToManyClient } from '../resource/record_values.ts'
import { mountOf } from '../routing/mount_registry.ts'

/**
 * Keys the kit itself adds to requests; never part of the input.
 */
const INTERNAL_KEYS = ['_csrf', '_method', '_kit_page', ORIGINAL_KEY]

/**
 * Prepare raw input for validation: a plain object without the kit's and the
 * framework's internal keys.
 */
export function prepareInput(raw: unknown): Record<string, any> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return {}
  }
  const input: Record<string, any> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (!INTERNAL_KEYS.includes(key)) {
      input[key] = value
    }
  }
  return input
}

/**
 * The Rules class of a resource, required for mutations.
 */
export function rulesOf(resource: Resource<any>): RulesClass {
  const Rules = resource.validation()
  if (typeof Rules !== 'function') {
    throw new KitConfigurationException(
      `${resource.constructor.name}.validation() must return a Rules class to create or update records`
    )
  }
  return Rules
}

/**
 * Run a callback in a transaction on the model's connection. With
 * `uniqueErrors`, a unique violation the database raises inside it becomes
 * the field error the `unique` rule gives (a 422, never a 500): concurrent
 * writes can pass a `unique` rule together, only the database decides.
 * Without it, the driver's error is rethrown as it is.
 */
export async function inTransaction<T>(
  model: LucidModel,
  callback: (trx: TransactionClientContract) => Promise<T>,
  options: { uniqueErrors?: { rules?: RulesClass; model?: LucidModel } } = {}
): Promise<T> {
  try {
    return await db.connection(model.connection).transaction(callback)
  } catch (error) {
    if (!options.uniqueErrors) {
      throw error
    }
    throw await uniqueViolationError(
      error,
      options.uniqueErrors.model ?? model,
      options.uniqueErrors.rules
    )
  }
}

/**
 * Write the current tenant's key into the data of a new record (belongsTo
 * tenancy), overwriting whatever the input or the hooks put there.
 */
function ownedByTenant(resource: Resource<any>, data: MutationData): MutationData {
  const tenancy = resourceTenant(resource)
  if (tenancy?.ownership.kind !== 'belongsTo') {
    return data
  }
  const key = tenantKeyOf(tenancy.ownership, tenancy.tenant)
  return { ...data, [tenancy.ownership.relation.foreignKey]: key }
}

/**
 * Attach a new record to the current tenant (manyToMany tenancy).
 */
async function attachTenant(
  resource: Resource<any>,
  record: LucidRow,
  trx: TransactionClientContract
) {
  const tenancy = resourceTenant(resource)
  if (tenancy?.ownership.kind === 'manyToMany') {
    await manyToManyClient(record, resource.tenantRelationship!).attach(
      [tenantKeyOf(tenancy.ownership, tenancy.tenant)],
      trx
    )
  }
}

/**
 * Remove the keys that tie a record to its tenant and to its parent from
 * update data: an update never moves a record out of its scope.
 */
function withoutOwnerKeys(resource: Resource<any>, data: MutationData): MutationData {
  const rest = { ...data }
  const ownership = resourceOwnership(resource)
  if (ownership?.kind === 'belongsTo') {
    delete rest[ownership.relation.foreignKey]
  }
  const parent = mountOf(resource)?.parent
  if (parent && parent.bound.kind !== 'manyToMany') {
    delete rest[parent.bound.relation.foreignKey]
  }
  return rest
}

/**
 * Read a resolved record again inside the mutation's transaction, through
 * the same scoped query (and trashed mode), locking its row where the
 * dialect supports it. A record a concurrent request deleted, trashed,
 * restored or moved out of scope in the meantime is a 404: of concurrent
 * mutations of one record, each runs against the row as the previous one
 * left it, and its hooks run only when the record is still there.
 */
export async function lockRecord<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  found: ModelRecord<Model>,
  trashed: TrashedMode,
  trx: TransactionClientContract
): Promise<ModelRecord<Model>> {
  const query = resourceQuery(resource, context, { trashed, client: trx }).where(
    qualifiedKey(resource.model),
    found.$primaryKeyValue!
  )
  await lockQuery(query, resource.model, found.$primaryKeyValue, trx)
  const record = await query.first()
  if (!record) {
    logNotFound(
      resource,
      found.$primaryKeyValue,
      'gone from the scoped query meanwhile (a concurrent request)',
      {
        trashed: resource.softDeletes ? trashed : undefined,
        context,
      }
    )
    throw new RecordNotFoundException()
  }
  record.useTransaction(trx)
  return record as ModelRecord<Model>
}

function assertInstance(resource: Resource<any>, record: unknown, member: string) {
  if (!(record instanceof resource.model)) {
    throw new KitConfigurationException(
      `${resource.constructor.name}.${member}() must return an instance of ${resource.model.name}`
    )
  }
}

/**
 * Create a record: authorize, validate, then in one transaction run
 * beforeCreate, mutateDataBeforeCreate, handleRecordCreation and afterCreate.
 * Any exception from the transaction's start to the after hook rolls back.
 */
export async function createRecord<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  rawInput: unknown
): Promise<{ record: ModelRecord<Model>; data: MutationData }> {
  const operation = ResourceOperation.Create

  /* 1. nothing to resolve on create; 2. authorize before reading input */
  await authorize(resource, operation, null, context)

  /* 3. validate; only the keys the rules declare go on */
  const input = prepareInput(rawInput)
  const Rules = rulesOf(resource)
  const validated = await validateWith(Rules, {
    operation: operation.name,
    record: null,
    user: context.user,
    input,
  })
  const fields = buildForm(resource).getFields()
  await verifySelectValues(resource.model, fields, validated, context)

  /* many-to-many selects are not model attributes: they sync after the owner */
  const { data: ownerData, pending } = splitRelationshipData(resource.model, fields, validated)

  /* 4. begin the transaction (9. commits when the callback resolves) */
  return inTransaction(
    resource.model,
    async (trx) => {
      const hookContext: HookContext = { ...context, trx, operation }

      /* 5. before hook */
      await resource.beforeCreate(ownerData, hookContext)

      /* 6. mutate the validated data; the tenant key is written server-side */
      const data = ownedByTenant(
        resource,
        await resource.mutateDataBeforeCreate(ownerData, hookContext)
      )

      /* 7. create the model (under its parent for a nested resource), then
       attach a many-to-many tenant and sync the many-to-many selects */
      const record = context.parent
        ? await resource.handleRecordCreationForParent(context.parent, data, hookContext)
        : await resource.handleRecordCreation(data, hookContext)
      assertInstance(
        resource,
        record,
        context.parent ? 'handleRecordCreationForParent' : 'handleRecordCreation'
      )
      await attachTenant(resource, record, trx)
      await syncRelationships(record, pending, context, trx)

      /* 8. after hook */
      await resource.afterCreate(record, data, hookContext)
      return { record: record as ModelRecord<Model>, data }
    },
    { uniqueErrors: { rules: Rules } }
  )
}

/**
 * Update a record: resolve it through the scoped query, authorize, validate,
 * then in one transaction run beforeUpdate, mutateDataBeforeSave,
 * handleRecordUpdate and afterUpdate.
 */
export async function updateRecord<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  key: unknown,
  rawInput: unknown
): Promise<{ record: ModelRecord<Model>; data: MutationData }> {
  const operation = ResourceOperation.Edit

  /* 1. resolve through the scoped query (404 outside it) */
  const found = await findRecord(resource, context, key)

  /* 2. authorize before reading input */
  await authorize(resource, operation, found, context)

  /* 3. validate the declared fields the request carries (a partial PATCH
     changes only those) */
  const input = prepareInput(rawInput)
  const Rules = rulesOf(resource)
  const fields = declaredFields(Rules, operation.name)
    .filter((field) => input[field] !== undefined)
    .sort()
  const validated = await validateWith(Rules, {
    operation: operation.name,
    record: found,
    user: context.user,
    input,
    fields,
  })
  const formFields = buildForm(resource).getFields()
  await verifySelectValues(resource.model, formFields, validated, context)

  const original = submittedOriginal(rawInput)

  /* 4. begin the transaction; the record is read again there and locked
     (a concurrent delete makes this a 404, not a write to a gone row) */
  return inTransaction(
    resource.model,
    async (trx) => {
      const hookContext: HookContext = { ...context, trx, operation }
      const record = await lockRecord(resource, context, found, 'without', trx)

      /* a stale form never undoes a change made since it was loaded: it is
         reconciled with the locked row, so of concurrent saves of one
         form, each sees what the previous one wrote. Many-to-many selects
         are not model attributes: they sync after the owner (one that the
         request omits keeps its assignments) */
      const { data: ownerData, pending } = splitRelationshipData(
        resource.model,
        formFields,
        reconcileWithOriginal(resource.model, formFields, record, validated, input, original),
        original
      )

      /* 5. before hook */
      await resource.beforeUpdate(record, ownerData, hookContext)

      /* 6. mutate the validated data; tenant and parent keys never move */
      const data = withoutOwnerKeys(
        resource,
        await resource.mutateDataBeforeSave(ownerData, record, hookContext)
      )

      /* 7. fill and save, then sync the many-to-many selects */
      const saved = await resource.handleRecordUpdate(record, data, hookContext)
      assertInstance(resource, saved, 'handleRecordUpdate')
      await syncRelationships(saved, pending, context, trx)

      /* 8. after hook */
      await resource.afterUpdate(saved, data, hookContext)
      return { record: saved as ModelRecord<Model>, data }
    },
    { uniqueErrors: { rules: Rules } }
  )
}

/**
 * Delete a record: resolve it through the scoped query, authorize, then in
 * one transaction run beforeDelete, the deletion and afterDelete.
 */
export function deleteRecord<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  key: unknown
): Promise<ModelRecord<Model>> {
  return lifecycleMutation(resource, context, key, {
    operation: ResourceOperation.Delete,
    trashed: 'without',
    before: (record, hookContext) => resource.beforeDelete(record, hookContext),
    write: (record, hookContext) => resource.handleRecordDeletion(record, hookContext),
    after: (record, hookContext) => resource.afterDelete(record, hookContext),
  })
}

function assertSoftDeletes(resource: Resource<any>) {
  if (!resource.softDeletes) {
    throw new RecordNotFoundException()
  }
}

/**
 * The shape every record lifecycle mutation shares: resolve the record
 * through the scoped query (with the given trashed mode), authorize the
 * operation, then in one transaction run the before hook, the write and the
 * after hook.
 */
async function lifecycleMutation<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  key: unknown,
  steps: {
    operation: ResourceOperation
    trashed: TrashedMode
    before: (record: ModelRecord<Model>, hookContext: HookContext) => Promise<void>
    write: (record: ModelRecord<Model>, hookContext: HookContext) => Promise<unknown>
    after: (record: ModelRecord<Model>, hookContext: HookContext) => Promise<void>
  }
): Promise<ModelRecord<Model>> {
  const found = await findRecord(resource, context, key, { trashed: steps.trashed })
  await authorize(resource, steps.operation, found, context)

  return inTransaction(
    resource.model,
    async (trx) => {
      const hookContext: HookContext = { ...context, trx, operation: steps.operation }
      /* read again and locked inside the transaction: of concurrent requests
       for one record, one runs the hooks and the write, the others find
       nothing (404) */
      const record = await lockRecord(resource, context, found, steps.trashed, trx)
      await steps.before(record, hookContext)
      await steps.write(record, hookContext)
      await steps.after(record, hookContext)
      return record
    },
    { uniqueErrors: {} }
  )
}

/**
 * Restore a trashed record (soft-delete preset): resolve it among the trashed
 * records of the scoped query, authorize `restore`, then in one transaction
 * run beforeRestore, clear the deletion time and run afterRestore.
 */
export function restoreRecord<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  key: unknown
): Promise<ModelRecord<Model>> {
  assertSoftDeletes(resource)
  return lifecycleMutation(resource, context, key, {
    operation: ResourceOperation.Restore,
    trashed: 'only',
    before: (record, hookContext) => resource.beforeRestore(record, hookContext),
    write: (record) => {
      record.merge({ [resource.deletedAtAttribute]: null } as Partial<
        ModelAttributes<ModelRecord<Model>>
      >)
      return record.save()
    },
    after: (record, hookContext) => resource.afterRestore(record, hookContext),
  })
}

/**
 * Delete a record permanently (soft-delete preset): resolve it among all
 * records of the scoped query, trashed or not, authorize `forceDelete`, then
 * in one transaction run beforeForceDelete, remove the row and run
 * afterForceDelete.
 */
export function forceDeleteRecord<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  key: unknown
): Promise<ModelRecord<Model>> {
  assertSoftDeletes(resource)
  return lifecycleMutation(resource, context, key, {
    operation: ResourceOperation.ForceDelete,
    trashed: 'with',
    before: (record, hookContext) => resource.beforeForceDelete(record, hookContext),
    write: (record) => record.delete(),
    after: (record, hookContext) => resource.afterForceDelete(record, hookContext),
  })
}

/**
 * Update one editable column of a record: resolve it through the scoped
 * query, authorize `edit`, validate the value with the resource's rule for
 * that field only, then in one transaction run the update hooks around the
 * write.
 */
export async function updateColumn<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  key: unknown,
  column: unknown,
  rawInput: unknown
): Promise<{ record: ModelRecord<Model>; data: MutationData }> {
  const operation = ResourceOperation.Edit
  const editable = buildTable(resource)
    .getColumns()
    .find((candidate) => candidate.name === column && candidate.isEditable())
  if (!editable) {
    throw new RecordNotFoundException('Column not found')
  }

  /* 1. resolve; 2. authorize */
  const found = await findRecord(resource, context, key)
  await authorize(resource, operation, found, context)

  /* 3. validate the one field */
  const input = prepareInput(rawInput)
  assertStorableInput({ [editable.name]: input.value }, [editable.name])
  const Rules = rulesOf(resource)
  const validator = compiledFieldValidator(Rules, operation.name, editable.name)!
  const validated = await runWithValidationState(
    { record: found, user: context.user, input: { [editable.name]: input.value } },
    () => validator.validate({ [editable.name]: input.value })
  )
  assertNoNulCharacters(validated)
  const data = withoutOwnerKeys(resource, validated)

  /* 4. to 8. in the transaction, with the update hooks */
  return inTransaction(
    resource.model,
    async (trx) => {
      const hookContext: HookContext = { ...context, trx, operation }
      const record = await lockRecord(resource, context, found, 'without', trx)
      await resource.beforeUpdate(record, data, hookContext)
      const saved = await resource.handleRecordUpdate(record, data, hookContext)
      assertInstance(resource, saved, 'handleRecordUpdate')
      await resource.afterUpdate(saved, data, hookContext)
      return { record: saved as ModelRecord<Model>, data }
    },
    { uniqueErrors: { rules: Rules } }
  )
}
