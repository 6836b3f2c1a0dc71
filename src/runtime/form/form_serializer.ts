import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { FormContract, FormFieldContract, FormValue } from '../../contracts/main.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { FieldKit } from '../../definitions/form/fields/field_kit.ts'
import { fieldState } from '../../definitions/form/fields/field_state.ts'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { submittedOriginal } from './form_original.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { Form } from '../../definitions/form/form.ts'
import { serializeLayout } from './form_layout.ts'
import { fieldKit, type FieldLocation } from './field_kit.ts'

/**
 * Where the serialized form lives: the page URL (option searches go to it)
 * and the option-form endpoints of its selects.
 */
export interface FormLocation extends FieldLocation {
  context: KitContext
  /** Values submitted by the previous, refused request (flashed input) */
  oldInput?: Record<string, unknown> | null
  /** The record's version (edit forms of a versioned record) */
  version?: string | null
  /** The form's state endpoint (sent when a field is live) */
  stateUrl?: () => string
}

/**
 * Serialize a form into the `form` contract: its fields, the current values
 * of those fields only (a hidden attribute's value is never sent), and where
 * the renderer submits it. Relationship selects carry the current keys
 * (many-to-many: the attached records the select's query reaches) and the
 * labels they need.
 */
export async function serializeForm(
  resource: { model: LucidModel },
  form: Form,
  operation: 'create' | 'edit',
  record: LucidRow | null,
  action: FormContract['action'],
  location: FormLocation
): Promise<FormContract> {
  const model = resource.model
  const kit = fieldKit(model, location.context, location)
  const values: FormContract['values'] = {}
  const original: Record<string, FormValue> = {}
  const flashedOriginal = location.oldInput ? submittedOriginal(location.oldInput) : null

  const shown = form.getFields().filter((field) => !field.isHidden())
  for (const field of shown) {
    /* a password's value never reaches the browser */
    if (field.isSecret()) {
      values[field.name] = null
      continue
    }
    let current: FormValue | undefined
    if (record && !isHiddenAttribute(model, field.name)) {
      current = await field.currentValue(record, kit)
      /* the value the form started from: after a refused submission, the one
         that submission started from */
      original[field.name] =
        flashedOriginal && Object.hasOwn(flashedOriginal, field.name)
          ? field.flashedValue(flashedOriginal[field.name])
          : current
    }

    let value: FormValue
    if (isHiddenAttribute(model, field.name)) {
      value = null
    } else if (location.oldInput && Object.hasOwn(location.oldInput, field.name)) {
      value = field.flashedValue(location.oldInput[field.name])
    } else if (!record) {
      value = field.defaultValue()
    } else {
      value = current as FormValue
    }
    values[field.name] = value
  }

  /* the fields, their conditions and reactive closures evaluated for the
     form's values */
  const fields = await serializeFields(shown, values, record, location.context, kit)

  const contract: FormContract = { operation, columns: form.getColumns(), fields, values, action }
  if (record) {
    contract.original = original
    /* after a refused submission, the version that submission started from */
    const flashedVersion = location.oldInput?._kit_version
    const version = typeof flashedVersion === 'string' ? flashedVersion : location.version
    if (version) {
      contract.version = version
    }
  }
  if (form.hasLayout()) {
    contract.layout = serializeLayout(form.getSchema())
  }
  if (location.stateUrl && shown.some((field) => field.getLive())) {
    contract.stateUrl = location.stateUrl()
  }
  return contract
}

/**
 * The contracts of a form's fields for a form state: conditions and reactive
 * closures (`hidden()`, `required()`, `disabled()`, a select's `options()`)
 * evaluated against the values, the record and the user.
 */
export async function serializeFields(
  fields: Field[],
  values: Record<string, FormValue>,
  record: LucidRow | null,
  context: KitContext,
  kit: FieldKit
): Promise<FormFieldContract[]> {
  const state = fieldState(values, record, context.user)
  const contracts: FormFieldContract[] = []
  for (const field of fields) {
    contracts.push(await field.serializeFor({ record, values, state }, kit))
  }
  return contracts
}
