import { fieldLabels, translatedMessages } from '../../i18n/validation.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import type { KitMessageKey } from '../../i18n/en.ts'
import { errors as vineErrors } from '@vinejs/vine'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { RecordNotFoundException, UnauthorizedOperationException } from '../../support/errors.ts'
import { attachTenant, withTenantKey } from '../../definitions/tenancy/tenancy.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { findRecord, lockRecord } from '../query/scoped_query.ts'
import {
  assertNoNulCharacters,
  assertStorableInput,
  compiledFieldValidator,
  declaredFields,
  validateWith,
} from '../validation/validator_cache.ts'
import { runWithValidationState } from '../../definitions/validation/rules.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import {
  ORIGINAL_KEY,
  reconcileWithOriginal,
  sameFormValue,
  submittedOriginal,
} from '../form/form_original.ts'
import { fieldKit } from '../form/field_kit.ts'
import {
  checkFieldValues,
  splitRelationWrites,
  storedValues,
  writeRelations,
} from './field_writes.ts'
import {
  prepareColumnValue,
  prepareFieldInput,
  validatePrepared,
  verifyColumnValue,
  type PreparedFieldInput,
} from '../form/field_input.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import { RichEditor } from '../../definitions/form/fields/rich_editor.ts'
import type { RulesClass } from '../../definitions/validation/rules.ts'
import { uniqueViolationError } from './unique_violation.ts'
import { STEP_PARAMETER } from '../form/form_layout.ts'
import type { RecordSource } from '../records/record_source.ts'
import { LIFECYCLES, removesRow, runLifecycle, type LifecycleName } from './lifecycle.ts'
import { sourceOf } from '../records/resource_source.ts'
import { snapshot, writeAudit } from '../audit/audit_writer.ts'
import { keepUntouchedNulls } from '../form/empty_values.ts'
import {
  VERSION_KEY,
  assertVersionSent,
  compareVersion,
  submittedVersion,
  versionConflict,
  withNextVersion,
} from './record_version.ts'
import type { KitContext, ModelRecord, MutationData } from '../../definitions/types.ts'
import {
  recordFiles,
  sanitizeTextFields,
  storeUploads,
  type FileChanges,
} from '../files/file_fields.ts'

export { lockRecord }

/**
 * A resource, or the source of records a mutation writes (a resource's or
 * a relation manager's).
 */
type Writable<Model extends LucidModel> = Resource<Model> | RecordSource<Model>

/**
 * Keys the kit itself adds to requests; never part of the input.
 */
const INTERNAL_KEYS = ['_csrf', '_method', '_kit_page', ORIGINAL_KEY, STEP_PARAMETER, VERSION_KEY]

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
 * What a form's fields and its Rules class accepted of a submission.
 */
export interface AcceptedInput {
  /** The input once the fields had their say: what the Rules class saw */
  input: Record<string, any>
  /** The validated data, each value checked by its field, rich text and Markdown sanitized */
  validated: MutationData
  /** The upload fields' new values, and the files written and replaced for them */
  uploads: { data: MutationData; changes: FileChanges }
}

/**
 * Take a submission through a form's fields, as every form of the kit takes
 * it (a resource's create and edit forms, an action's form, an attach form,
 * an option form), in this order:
 *
 * 1. the kit's internal keys dropped; the posted value of a disabled,
 *    read-only or hidden field, or of one not visible for the submitted
 *    values, dropped (neither validated nor written); each other value
 *    normalized by its field (trimmed tags, parsed JSON, a lower-case
 *    color) or refused with a field error; `requiredWhen` checked;
 * 2. `validate` (the Rules class) over what is left, then each field's own
 *    check of its validated value; every field error of 1 and 2 answers
 *    one 422; each field's `checkValue()` (select values against the
 *    options the user may pick);
 * 3. `beforeStore`, then rich text and Markdown sanitized (what is stored or
 *    handed on can never execute);
 * 4. uploads checked (type by content, size, count) and written under
 *    generated names: the caller deletes them when its transaction fails
 *    (`withFileChanges`).
 */
export async function acceptFormInput(
  target: { model: LucidModel; fields: Field[]; record: LucidRow | null },
  context: KitContext,
  rawInput: unknown,
  validate: (prepared: PreparedFieldInput) => Promise<Record<string, any>>,
  beforeStore?: () => Promise<void>
): Promise<AcceptedInput> {
  const { model, fields, record } = target
  const prepared = prepareFieldInput(fields, prepareInput(rawInput), record, context.user)
  const validated = await validatePrepared(fields, prepared, () => validate(prepared))
  await checkFieldValues(fields, validated, fieldKit(model, context))
  await beforeStore?.()
  sanitizeTextFields(fields, validated)
  const uploads = await storeUploads(fields, rawInput, record, context)
  return { input: prepared.input, validated, uploads }
}

/**
 * Validate a prepared submission with a Rules class: every field it
 * declares for the operation, less the fields the form left out.
 */
export function validateDeclared(
  Rules: RulesClass,
  options: {
    operation: string
    source: string
    record: LucidRow | null
    context: KitContext
    /** the form's fields: messages name them by their labels */
    fields: Iterable<{ name: string; getLabel(): string }>
  },
  prepared: PreparedFieldInput
): Promise<Record<string, any>> {
  const { operation, source, record, context } = options
  return validateWith(Rules, {
    operation,
    source,
    record,
    user: context.user,
    input: prepared.input,
    labels: fieldLabels(options.fields),
    fields: prepared.excluded.size
      ? declaredFields(Rules, operation, source).filter((field) => !prepared.excluded.has(field))
      : undefined,
  })
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
    return await model.$adapter.modelConstructorClient(model).transaction(callback)
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
 * Options of a write run for a job: `inTransaction` runs last in the
 * write's transaction (an import saves its cursor there, so the row and
 * the cursor are committed together, or neither is).
 */
export interface WriteOptions {
  /** Run in the transaction after the after hook, with the record written */
  inTransaction?: (trx: TransactionClientContract, record: LucidRow) => Promise<void>
  /**
   * Change a created record's data after `mutateDataBeforeCreate` (a
   * replica's `beforeReplicaSaved()`), before it is saved.
   */
  mutateData?: (data: MutationData, trx: TransactionClientContract) => Promise<MutationData>
  /**
   * The application's own write (an import), not a request's: it carries
   * no version and is not version-checked. Requests must carry the version
   * they were based on unless the source accepts unversioned writes.
   */
  unversioned?: boolean
}

/**
 * Create a record: authorize, validate, then in one transaction run
 * beforeCreate, mutateDataBeforeCreate, the creation (under the parent or
 * the owner) and afterCreate. Any exception from the transaction's start to
 * the after hook rolls back.
 */
export async function createRecord<Model extends LucidModel>(
  from: Writable<Model>,
  context: KitContext,
  rawInput: unknown,
  options: WriteOptions = {}
): Promise<{ record: ModelRecord<Model>; data: MutationData }> {
  const source = sourceOf(from)
  const operation = ResourceOperation.Create

  /* 1. nothing to resolve on create; 2. authorize before reading input */
  await source.authorize(operation, null, context)

  /* 3. validate; only the keys the rules declare go on. Fields that are
     disabled, read-only, hidden or not visible for the submitted values
     are neither validated nor written */
  const fields = source.formFields()
  const Rules = source.rules()
  /* rich text sanitized; uploads checked (type by content, size) and written */
  const { input, validated, uploads } = await acceptFormInput(
    { model: source.model, fields, record: null },
    context,
    rawInput,
    (prepared) =>
      validateDeclared(
        Rules,
        { operation: operation.name, source: source.kind, record: null, context, fields },
        prepared
      ),
    async () => source.beforeCreateTransaction?.(context)
  )
  Object.assign(validated, uploads.data)

  /* values that are not model attributes (many-to-many selects,
     relationship repeaters) are written after the owner */
  const kit = fieldKit(source.model, context)
  const { data: ownerData, writes } = splitRelationWrites(
    fields,
    validated,
    { input, original: null },
    kit
  )

  /* 4. begin the transaction (9. commits when the callback resolves) */
  const transaction = inTransaction(
    source.model,
    async (trx) => {
      const hookContext = source.hookContext(context, trx, operation)
      const hooks = source.declaration

      /* 5. before hook */
      await hooks.beforeCreate(ownerData, hookContext)

      /* 6. mutate the validated data; the tenant key is written server-side */
      const tenancy = source.tenancy()
      const data = withTenantKey(
        tenancy,
        storedValues(
          source.model,
          fields,
          await hooks.mutateDataBeforeCreate(ownerData, hookContext)
        )
      )
      const saved = options.mutateData
        ? withTenantKey(tenancy, await options.mutateData(data, trx))
        : data

      /* 7. create the model (under its parent, or its owner), then attach a
       many-to-many tenant and write the relation values */
      const record = await source.createRecord(saved, hookContext)
      await attachTenant(tenancy, record, trx)
      const items = await writeRelations(record, writes, trx)
      /* the audit row with the repeaters' items, in the same transaction (an
         after hook that throws rolls it back with the record) */
      await writeAudit(source, context, trx, 'create', record, null, snapshot(record), items)

      /* 8. after hook */
      await hooks.afterCreate(record, saved, hookContext)
      await options.inTransaction?.(trx, record)
      return { record: record as ModelRecord<Model>, data: saved }
    },
    { uniqueErrors: { rules: Rules } }
  )
  return withFileChanges(uploads.changes, transaction)
}

/**
 * Await a transaction that file uploads go with: when it fails, the files
 * written for it are deleted; once it commits, the files it replaced are.
 */
export async function withFileChanges<T>(changes: FileChanges, transaction: Promise<T>) {
  let result: T
  try {
    result = await transaction
  } catch (error) {
    await changes.rollback()
    throw error
  }
  await changes.commit()
  return result
}

/**
 * Update a record: resolve it through the scoped query, authorize, validate,
 * then in one transaction run beforeUpdate, mutateDataBeforeSave,
 * handleRecordUpdate and afterUpdate.
 */
export async function updateRecord<Model extends LucidModel>(
  from: Writable<Model>,
  context: KitContext,
  key: unknown,
  rawInput: unknown,
  options: WriteOptions = {}
): Promise<{ record: ModelRecord<Model>; data: MutationData }> {
  const source = sourceOf(from)
  const operation = ResourceOperation.Edit

  /* 1. resolve through the scoped query (404 outside it) */
  const found = await findRecord(source, context, key)

  /* 2. authorize before reading input */
  await source.authorize(operation, found, context)

  /* 3. prepare and validate the declared fields the request carries (a
     partial PATCH changes only those); uploads checked and written */
  const edit = await acceptEdit(source, context, found, rawInput, options)

  /* 4. begin the transaction; the record is read again there and locked
     (a concurrent delete makes this a 404, not a write to a gone row) and
     the submission reconciled with it */
  const transaction = inTransaction(
    source.model,
    async (trx) => {
      const hookContext = source.hookContext(context, trx, operation)
      const hooks = source.declaration
      const record = await lockRecord(source, context, found, 'without', trx)
      const before = snapshot(record)
      const { data: ownerData, writes } = reconcileEdit(source, context, record, edit, options)

      /* 5. before hook */
      await hooks.beforeUpdate(record, ownerData, hookContext)

      /* 6. mutate the validated data; tenant and parent keys never move */
      const data = source.withoutScopeKeys(
        storedValues(
          source.model,
          edit.formFields,
          await hooks.mutateDataBeforeSave(ownerData, record, hookContext)
        )
      )

      /* 7. fill and save (the version moves on), then write the relation values */
      const saved = await source.saveRecord(
        record,
        withNextVersion(source, record, data),
        hookContext
      )
      const items = await writeRelations(saved, writes, trx)
      await writeAudit(source, context, trx, 'update', saved, before, snapshot(saved), items)

      /* 8. after hook */
      await hooks.afterUpdate(saved, data, hookContext)
      await options.inTransaction?.(trx, saved)
      return { record: saved as ModelRecord<Model>, data }
    },
    { uniqueErrors: { rules: edit.Rules } }
  )
  /* 9. commit (files written for a failed transaction are deleted) */
  return withFileChanges(edit.uploads.changes, transaction)
}

/**
 * What an edit submission carries once accepted: the fields it declares,
 * its validated data and uploads, the version and the values its form was
 * rendered with.
 */
interface AcceptedEdit extends AcceptedInput {
  formFields: Field[]
  Rules: RulesClass
  /** The declared fields the request carries */
  submitted: string[]
  version: ReturnType<typeof submittedVersion>
  original: Record<string, unknown> | null
}

/**
 * Step 3 of an update: a request without the version it was based on (or
 * with one that is no version) is refused before anything else (it could
 * undo a newer write); then the declared fields the request carries are
 * prepared and validated.
 */
async function acceptEdit(
  source: RecordSource<any>,
  context: KitContext,
  found: LucidRow,
  rawInput: unknown,
  options: WriteOptions
): Promise<AcceptedEdit> {
  const operation = ResourceOperation.Edit
  const version = submittedVersion(rawInput)
  if (!options.unversioned) {
    assertVersionSent(source, version)
  }
  const formFields = source.formFields()
  const Rules = source.rules()
  let submitted: string[] = []
  const accepted = await acceptFormInput(
    { model: source.model, fields: formFields, record: found },
    context,
    rawInput,
    (prepared) => {
      submitted = declaredFields(Rules, operation.name, source.kind)
        .filter((field) => prepared.input[field] !== undefined)
        .sort()
      return validateWith(Rules, {
        operation: operation.name,
        source: source.kind,
        record: found,
        user: context.user,
        input: prepared.input,
        labels: fieldLabels(formFields),
        fields: submitted,
      })
    }
  )
  return {
    ...accepted,
    formFields,
    Rules,
    submitted,
    version,
    original: submittedOriginal(rawInput),
  }
}

/**
 * An accepted edit reconciled with the locked row: a stale form never undoes
 * a change made since it was loaded.
 *
 * - A request based on a version written since, that carries no values it
 *   was rendered with, is a conflict on every field it changes; nothing is
 *   written.
 * - Otherwise it is reconciled field by field: the fields the person
 *   changed that nobody else did are written, one that both changed is a
 *   conflict (nothing written), so of concurrent saves of one form, each
 *   sees what the previous one wrote; an empty list or map left over a null
 *   attribute keeps the null. A field that merges key by key does so in its
 *   relation write (`mergesByKey()`).
 * - The values that are not model attributes are split off, written after
 *   the owner (`relationWrite()`; one the request omits keeps its state).
 */
function reconcileEdit(
  source: RecordSource<any>,
  context: KitContext,
  record: LucidRow,
  edit: AcceptedEdit,
  options: WriteOptions
) {
  const { formFields, input, original } = edit
  const kit = fieldKit(source.model, context)
  const currentOf = source.formValue?.bind(source) ?? ((field: Field) => field.recordValue(record))
  const stale = !options.unversioned && compareVersion(source, record, edit.version) === 'stale'
  if (stale && !original) {
    throw versionConflict(
      formFields
        .filter((field) => edit.submitted.includes(field.name) && !field.mergesByKey(kit))
        .filter((field) => !sameFormValue(input[field.name], currentOf(field, record)))
        .map((field) => field.name)
    )
  }
  const reconciled = keepUntouchedNulls(
    formFields,
    record,
    reconcileWithOriginal(
      kit,
      formFields,
      record,
      edit.validated,
      input,
      original,
      currentOf,
      stale
    )
  )
  return splitRelationWrites(
    formFields,
    { ...reconciled, ...edit.uploads.data },
    { input, original },
    kit
  )
}

/**
 * Delete a record: resolve it through the scoped query, authorize, then in
 * one transaction run beforeDelete, the deletion and afterDelete.
 */
export function deleteRecord<Model extends LucidModel>(
  from: Writable<Model>,
  context: KitContext,
  key: unknown
): Promise<ModelRecord<Model>> {
  return lifecycleMutation(from, context, key, 'delete')
}

/**
 * Restore a trashed record (soft-delete preset): resolve it among the trashed
 * records of the scoped query, authorize `restore`, then in one transaction
 * run beforeRestore, clear the deletion time and run afterRestore.
 */
export function restoreRecord<Model extends LucidModel>(
  from: Writable<Model>,
  context: KitContext,
  key: unknown
): Promise<ModelRecord<Model>> {
  return lifecycleMutation(from, context, key, 'restore')
}

/**
 * Delete a record permanently (soft-delete preset): resolve it among all
 * records of the scoped query, trashed or not, authorize `forceDelete`, then
 * in one transaction run beforeForceDelete, remove the row and run
 * afterForceDelete.
 */
export function forceDeleteRecord<Model extends LucidModel>(
  from: Writable<Model>,
  context: KitContext,
  key: unknown
): Promise<ModelRecord<Model>> {
  return lifecycleMutation(from, context, key, 'forceDelete')
}

/**
 * The shape every record lifecycle mutation shares: resolve the record
 * through the scoped query (with the operation's trashed mode), authorize
 * the operation (a refusal for a record gone meanwhile is a 404), then in
 * one transaction run the before hook, the write and the after hook. Without the soft-delete preset, restore and force delete
 * do not exist (404).
 */
async function lifecycleMutation<Model extends LucidModel>(
  from: Writable<Model>,
  context: KitContext,
  key: unknown,
  name: LifecycleName
): Promise<ModelRecord<Model>> {
  const source = sourceOf(from)
  const lifecycle = LIFECYCLES[name]
  if (lifecycle.softDeletesOnly && !source.softDeletes) {
    source.logNotFound(null, 'the soft-delete preset is not enabled')
    throw new RecordNotFoundException()
  }
  const found = await findRecord(source, context, key, { trashed: lifecycle.trashed })
  try {
    await source.authorize(lifecycle.operation, found, context)
  } catch (error) {
    /* refused for a record a concurrent request removed after the read (a
       policy that reads the row finds it gone): the record is missing, a 404
       as the transaction's locked read would answer */
    if (error instanceof UnauthorizedOperationException) {
      await findRecord(source, context, found.$primaryKeyValue, { trashed: lifecycle.trashed })
    }
    throw error
  }

  const deleted = await inTransaction(
    source.model,
    async (trx) => {
      /* read again and locked inside the transaction: of concurrent requests
       for one record, one runs the hooks and the write, the others find
       nothing (404) */
      const record = await lockRecord(source, context, found, lifecycle.trashed, trx)
      await runLifecycle(
        source,
        name,
        record,
        source.hookContext(context, trx, lifecycle.operation)
      )
      return record
    },
    { uniqueErrors: {} }
  )
  /* a row gone for good takes its uploaded files with it, once committed */
  if (removesRow(name, source.softDeletes)) {
    await recordFiles(source.formFields(), [deleted]).commit()
  }
  return deleted
}

/**
 * The field errors of a value an editable column's kind refuses.
 */
const COLUMN_VALUE_MESSAGES: Record<string, KitMessageKey> = {
  boolean: 'column.error.boolean',
  in: 'field.error.option',
  string: 'column.error.string',
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
  rawInput: unknown,
  options: Pick<WriteOptions, 'unversioned'> = {}
): Promise<{ record: ModelRecord<Model>; data: MutationData }> {
  const operation = ResourceOperation.Edit
  const editable = buildTable(resource)
    .getColumns()
    .find((candidate) => candidate.name === column && candidate.isEditable())
  if (!editable) {
    throw new RecordNotFoundException('Column not found')
  }

  /* 1. resolve; 2. authorize */
  const source = sourceOf(resource)
  const found = await findRecord(source, context, key)
  await source.authorize(operation, found, context)

  /* a cell without the version its row was drawn with is refused */
  const version = submittedVersion(rawInput)
  if (!options.unversioned) {
    assertVersionSent(source, version)
  }

  /* 3. validate the one field */
  const input = prepareInput(rawInput)
  /* the column's kind narrows the value first (a toggle takes a boolean,
     a select one of its options) */
  const refused = editable.refuseValue(input.value)
  if (refused) {
    throw new vineErrors.E_VALIDATION_ERROR([
      {
        field: editable.name,
        message: contextTranslator(context).t(COLUMN_VALUE_MESSAGES[refused]),
        rule: refused,
      },
    ])
  }
  input.value = editable.normalizeValue(input.value)
  /* the form field of the same attribute normalizes the value as the form
     does (a column declared richText() sanitizes like a rich editor) */
  const field =
    source.formFields().find((candidate) => candidate.name === editable.name) ??
    (editable.isRichText() ? RichEditor.make(editable.name) : undefined)
  const prepared = prepareColumnValue(field, input.value)
  if ('message' in prepared) {
    throw new vineErrors.E_VALIDATION_ERROR([prepared.message])
  }
  input.value = prepared.value
  assertStorableInput({ [editable.name]: input.value }, [editable.name])
  const Rules = source.rules()
  const validator = compiledFieldValidator(Rules, operation.name, editable.name)!
  const validated = await runWithValidationState(
    { record: found, user: context.user, input: { [editable.name]: input.value } },
    () =>
      validator.validate(
        { [editable.name]: input.value },
        {
          messagesProvider: translatedMessages(Rules, contextTranslator(context), {
            [editable.name]: editable.getLabel(),
          }),
        }
      )
  )
  assertNoNulCharacters(validated)
  verifyColumnValue(field, validated)
  /* rich text and Markdown sanitized: what is stored can never execute */
  if (field) {
    sanitizeTextFields([field], validated)
  }
  const data = source.withoutScopeKeys(validated)

  /* 4. to 8. in the transaction, with the update hooks */
  return inTransaction(
    resource.model,
    async (trx) => {
      const hookContext = source.hookContext(context, trx, operation)
      const record = await lockRecord(source, context, found, 'without', trx)
      const before = snapshot(record)
      /* a cell drawn from a row written since is a conflict: nothing
         tells whether its value undoes the newer one */
      if (!options.unversioned && compareVersion(source, record, version) === 'stale') {
        throw versionConflict([editable.name])
      }
      await source.declaration.beforeUpdate(record, data, hookContext)
      const saved = await source.saveRecord(
        record,
        withNextVersion(source, record, data),
        hookContext
      )
      await writeAudit(source, context, trx, 'update', saved, before, snapshot(saved))
      await source.declaration.afterUpdate(saved, data, hookContext)
      return { record: saved as ModelRecord<Model>, data }
    },
    { uniqueErrors: { rules: Rules } }
  )
}
