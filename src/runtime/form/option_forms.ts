import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException, RecordNotFoundException } from '../../support/errors.ts'
import {
  assignCurrentTenant,
  attachCurrentTenant,
  withoutTenantKey,
} from '../../definitions/tenancy/tenancy.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { pickColumns, type Resource } from '../../definitions/resource/resource.ts'
import { findRecord } from '../query/scoped_query.ts'
import { authorize } from '../authorization/authorizer.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import {
  acceptFormInput,
  inTransaction,
  validateDeclared,
  withFileChanges,
} from '../mutation/mutation_runner.ts'
import type { HookContext, KitContext } from '../../definitions/types.ts'
import type { Select, OptionForm, OptionValue } from '../../definitions/form/fields/select.ts'
import { selectNamed as registeredSelect } from './field_registry.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import {
  bindRelationship,
  relatedQuery,
  resolveLabels,
  type SelectOption,
} from './select_options.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import type { FormValue } from '../../contracts/main.ts'

/**
 * The select of a resource's form that a request names, or a 404.
 */
function selectNamed(resource: Resource<any>, name: unknown): Select {
  const field = registeredSelect(buildForm(resource).getFields(), name)
  if (!field) {
    throw new RecordNotFoundException('Field not found')
  }
  return field
}

/**
 * Option forms sit on the create form (authorized as `create`) or on a
 * record's edit form (resolved through the scoped query, authorized as
 * `edit`): the same boundary as the parent form, without submitting it.
 */
export async function authorizeParentForm(
  resource: Resource<any>,
  context: KitContext,
  recordKey: unknown
) {
  if (recordKey === undefined || recordKey === null || recordKey === '') {
    await authorize(resource, ResourceOperation.Create, null, context)
    return
  }
  const record = await findRecord(resource, context, recordKey)
  await authorize(resource, ResourceOperation.Edit, record, context)
}

/**
 * The fields of a select's option form (create or edit), or none for an
 * unknown field: a refused option form flashes only them back.
 */
export function optionFormFields(
  resource: Resource<any>,
  fieldName: unknown,
  kind: 'create' | 'edit'
): Field[] {
  const field = registeredSelect(buildForm(resource).getFields(), fieldName)
  if (!field) {
    return []
  }
  const form = kind === 'create' ? field.getCreateOptionForm() : field.getEditOptionForm()
  return form?.fields ?? []
}

async function labelled(
  resource: Resource<any>,
  field: Select,
  value: OptionValue,
  context: KitContext
): Promise<SelectOption> {
  const labels = await resolveLabels(resource.model, field, [value], context)
  return { value: String(value), label: labels.get(String(value)) ?? String(value) }
}

/**
 * Create an option of a select from its option form: authorize like the
 * parent form, validate the option form's data with its own Rules class,
 * then create it in a transaction (the select's `createOptionUsing()`, or a
 * new related record). The parent record is neither submitted nor saved.
 */
export async function createOption(
  resource: Resource<any>,
  context: KitContext,
  fieldName: unknown,
  recordKey: unknown,
  rawInput: unknown
): Promise<SelectOption> {
  const field = selectNamed(resource, fieldName)
  const optionForm = field.getCreateOptionForm()
  if (!optionForm) {
    throw new RecordNotFoundException('Field not found')
  }

  /* authorize before reading input */
  await authorizeParentForm(resource, context, recordKey)

  /* the option form's own fields and validation, as a resource form's:
     only its declared keys go on, rich text sanitized, uploads stored */
  const { data, files } = await acceptOptionForm(
    resource,
    field,
    optionForm,
    null,
    context,
    rawInput
  )

  const value = await withFileChanges(
    files,
    inTransaction(
      resource.model,
      async (trx) => {
        const hookContext: HookContext = { ...context, trx, operation: ResourceOperation.Create }
        const callback = field.getCreateOptionUsing()
        if (callback) {
          const created = await callback(data, hookContext)
          const key = isRow(created) ? (created.$primaryKeyValue as OptionValue) : created
          await assertReachable(resource, field, key, context, trx)
          return key
        }
        const bound = bindRelationship(resource.model, field)!
        const option = new bound.related()
        option.merge(pickColumns(bound.related, data))
        /* the related record belongs where the select's options come from: the
       current tenant's key is written server-side, a forged one overwritten */
        assignCurrentTenant(option)
        option.useTransaction(trx)
        await option.save()
        await attachCurrentTenant(option, trx)
        return valueOf(option, bound.valueProperty) as OptionValue
      },
      {
        uniqueErrors: {
          rules: optionForm.rules,
          model: bindRelationship(resource.model, field)?.related,
        },
      }
    )
  )
  return labelled(resource, field, value, context)
}

/**
 * An option form's data through its own fields and Rules class, as a
 * resource form's (`acceptFormInput`): read-only, hidden and not visible
 * fields dropped, values normalized, rich text sanitized, uploads stored
 * (their files written: the caller deletes them if its transaction fails).
 */
async function acceptOptionForm(
  resource: Resource<any>,
  field: Select,
  optionForm: OptionForm,
  option: LucidRow | null,
  context: KitContext,
  rawInput: unknown
) {
  const operation = option ? 'edit' : 'create'
  const accepted = await acceptFormInput(
    {
      model: bindRelationship(resource.model, field)?.related ?? resource.model,
      fields: optionForm.fields,
      record: option,
    },
    context,
    rawInput,
    (prepared) =>
      validateDeclared(
        optionForm.rules,
        { operation, source: 'option-form', record: option, context, fields: optionForm.fields },
        prepared
      )
  )
  return {
    data: { ...accepted.validated, ...accepted.uploads.data },
    files: accepted.uploads.changes,
  }
}

/**
 * Update an option of a relationship select from its edit option form: the
 * option is resolved through the select's scoped related query (404
 * outside it), authorized like the parent form, validated with the option
 * form's Rules class and saved in a transaction.
 */
/**
 * The values an option's edit form starts from (`GET options/:field/:option`):
 * the option is resolved through the select's query, under the parent form's
 * authorization, exactly as its update. Only the edit form's fields are
 * read; a secret or hidden attribute is sent as null.
 */
export async function readOption(
  resource: Resource<any>,
  context: KitContext,
  fieldName: unknown,
  optionKey: unknown,
  recordKey: unknown
): Promise<{ option: SelectOption; values: Record<string, FormValue> }> {
  const field = selectNamed(resource, fieldName)
  const optionForm = field.getEditOptionForm()
  const bound = bindRelationship(resource.model, field)
  if (!optionForm || !bound) {
    throw new RecordNotFoundException('Field not found')
  }

  await authorizeParentForm(resource, context, recordKey)

  const key = String(optionKey)
  const labels = await resolveLabels(resource.model, field, [key], context)
  if (!labels.has(key)) {
    throw new RecordNotFoundException('Option not found')
  }
  const option = (await relatedQuery(field, bound, context)
    .where(bound.valueColumn, key)
    .firstOrFail()) as LucidRow

  const values: Record<string, FormValue> = {}
  for (const nested of optionForm.fields) {
    values[nested.name] =
      nested.isSecret() || isHiddenAttribute(bound.related, nested.name)
        ? null
        : nested.recordValue(option)
  }
  return { option: { value: key, label: labels.get(key)! }, values }
}

export async function updateOption(
  resource: Resource<any>,
  context: KitContext,
  fieldName: unknown,
  optionKey: unknown,
  recordKey: unknown,
  rawInput: unknown
): Promise<SelectOption> {
  const field = selectNamed(resource, fieldName)
  const optionForm = field.getEditOptionForm()
  const bound = bindRelationship(resource.model, field)
  if (!optionForm || !bound) {
    throw new RecordNotFoundException('Field not found')
  }

  await authorizeParentForm(resource, context, recordKey)

  /* the option must be one the select offers */
  const labels = await resolveLabels(resource.model, field, [String(optionKey)], context)
  if (!labels.has(String(optionKey))) {
    throw new RecordNotFoundException('Option not found')
  }
  const option = (await relatedQuery(field, bound, context)
    .where(bound.valueColumn, String(optionKey))
    .firstOrFail()) as LucidRow

  const { data, files } = await acceptOptionForm(
    resource,
    field,
    optionForm,
    option,
    context,
    rawInput
  )

  await withFileChanges(
    files,
    inTransaction(
      resource.model,
      async (trx) => {
        const hookContext: HookContext = { ...context, trx, operation: ResourceOperation.Edit }
        option.useTransaction(trx)
        const callback = field.getUpdateOptionUsing()
        if (callback) {
          await callback(option, data, hookContext)
          return
        }
        /* an option never moves to another tenant */
        option.merge(withoutTenantKey(bound.related, pickColumns(bound.related, data)))
        await option.save()
      },
      { uniqueErrors: { rules: optionForm.rules, model: bound.related } }
    )
  )
  return labelled(resource, field, valueOf(option, bound.valueProperty) as OptionValue, context)
}

/**
 * An option created by a relationship select's `createOptionUsing()` must be
 * one the select offers (inside its scoped related query, so inside the
 * current tenant): otherwise the transaction rolls back.
 */
async function assertReachable(
  resource: Resource<any>,
  field: Select,
  key: OptionValue,
  context: KitContext,
  trx: TransactionClientContract
) {
  if (!bindRelationship(resource.model, field)) {
    return
  }
  const labels = await resolveLabels(resource.model, field, [key], context, trx)
  if (!labels.has(String(key))) {
    throw new KitConfigurationException(
      `createOptionUsing() of select "${field.name}" created a record its relationship query does not reach (another tenant, or outside the query)`
    )
  }
}

function isRow(value: unknown): value is LucidRow {
  return Boolean(value) && typeof value === 'object' && '$primaryKeyValue' in (value as object)
}
