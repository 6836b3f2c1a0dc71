import { contextTranslator } from '../../i18n/translator.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import type { Field } from '../../definitions/form/fields/field.ts'
import { fieldState, type FieldState } from '../../definitions/form/fields/field_state.ts'
import type { KitUser } from '../../definitions/types.ts'

/**
 * A field error as Vine reports it.
 */
type FieldMessage = { field: string; message: string; rule: string }

/**
 * The submitted input once the form's fields have had their say, before the
 * Rules class validates it.
 */
export interface PreparedFieldInput {
  /** The input without the fields that are not written, values normalized */
  input: Record<string, any>
  /** Fields neither validated nor written (disabled, read-only, hidden, not visible, refused) */
  excluded: Set<string>
  /** Errors of malformed values and of `requiredWhen` */
  messages: FieldMessage[]
}

function isEmpty(value: unknown) {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  )
}

/**
 * The values conditions are evaluated with: on an edit form, the record's
 * current values with the submitted ones over them (a partial PATCH keeps
 * the others); on a create form, the defaults with the submitted ones over
 * them.
 */
export function conditionValues(
  fields: Field[],
  input: Record<string, unknown>,
  record: LucidRow | null
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const field of fields) {
    values[field.name] = record ? field.recordValue(record) : field.defaultValue()
  }
  for (const [key, value] of Object.entries(input)) {
    values[key] = value
  }
  return values
}

/**
 * The form state reactive closures read (`hidden()`, `required()`,
 * `disabled()`, a select's `options()`, live hooks): each field of the form
 * with its posted value when the field takes input (not disabled, read-only
 * or hidden), else its stored value (edit) or default (create). Keys the
 * form does not have are left out: a request cannot steer a closure with a
 * value the form would never write.
 */
export function stateValues(
  fields: Field[],
  input: Record<string, unknown>,
  record: LucidRow | null
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const field of fields) {
    if (field.isSecret()) continue
    values[field.name] =
      field.isWritable() && Object.hasOwn(input, field.name)
        ? input[field.name]
        : record
          ? field.recordValue(record)
          : field.defaultValue()
  }
  return values
}

/**
 * The form state of a submission (see {@link stateValues}).
 */
export function submissionState(
  fields: Field[],
  input: Record<string, unknown>,
  record: LucidRow | null,
  user: KitUser | null
): FieldState {
  return fieldState(stateValues(fields, input, record), record, user)
}

/**
 * Apply the fields to a submission before validation: the posted value of
 * a disabled, read-only or hidden field is dropped, and so is the value of
 * a field whose `visibleWhen` does not hold for the submitted values (they
 * are neither validated nor written); each remaining value is normalized by
 * its field (trimmed tags, parsed JSON, a lower-case color) or refused with
 * a field error; a field whose `requiredWhen` holds and that is empty gets
 * a `required` error. A password left blank on an edit form is dropped
 * (unchanged). Reactive closures (`hidden()`, `disabled()`, `required()`,
 * a select's `options()`) are evaluated against the submitted state, as
 * the state endpoint evaluated them: the client never decides.
 */
export function prepareFieldInput(
  fields: Field[],
  raw: Record<string, any>,
  record: LucidRow | null,
  user: KitUser | null = null
): PreparedFieldInput {
  const input: Record<string, any> = { ...raw }
  const excluded = new Set<string>()
  const messages: FieldMessage[] = []
  const editing = record !== null
  const values = conditionValues(fields, raw, record)
  const state = submissionState(fields, raw, record, user)

  for (const field of fields) {
    const name = field.name
    if (
      !field.isWritable() ||
      !field.isVisibleFor(values, state) ||
      field.isDisabledFor(values, state)
    ) {
      delete input[name]
      excluded.add(name)
      continue
    }
    if (Object.hasOwn(input, name)) {
      const prepared = field.prepareInput(input[name], editing, raw)
      if (prepared === undefined) {
        delete input[name]
        excluded.add(name)
      } else if ('error' in prepared) {
        delete input[name]
        excluded.add(name)
        messages.push({ field: name, message: prepared.error, rule: prepared.rule })
        continue
      } else {
        input[name] = prepared.value
        const refused = field.checkState(prepared.value, state)
        if (refused) {
          delete input[name]
          excluded.add(name)
          messages.push({ field: name, message: refused.error, rule: refused.rule })
          continue
        }
      }
      /* a field with item fields (a repeater stored as a relationship): each
         item through them (errors as `<name>.<index>.<field>`) */
      const itemFields = field.itemFields()
      if (itemFields && Array.isArray(input[name])) {
        input[name] = (input[name] as unknown[]).map((item, index) => {
          if (!item || typeof item !== 'object' || Array.isArray(item)) return item
          const itemInput = prepareFieldInput(itemFields, item as Record<string, any>, null)
          for (const message of itemInput.messages) {
            messages.push({ ...message, field: `${name}.${index}.${message.field}` })
          }
          return itemInput.input
        })
      }
    }
    /* required by a condition: the submitted value, else (edit) the stored one */
    if (field.isRequiredFor(values, state)) {
      const value = Object.hasOwn(input, name)
        ? input[name]
        : editing && !field.isSecret()
          ? values[name]
          : undefined
      if (isEmpty(value) && !(editing && field.isSecret() && !Object.hasOwn(raw, name))) {
        delete input[name]
        excluded.add(name)
        messages.push({
          field: name,
          message: contextTranslator().t('field.error.required'),
          rule: 'required',
        })
      }
    }
  }
  return { input, excluded, messages }
}

/**
 * Validate a prepared submission: run the Rules validation, then each
 * field's own check on its validated value (options of radios and checkbox
 * lists). The field errors of the preparation, of the Rules class and of
 * the checks are thrown together as one validation error. Excluded fields
 * never reach the returned data.
 */
export async function validatePrepared(
  fields: Field[],
  prepared: PreparedFieldInput,
  validate: () => Promise<Record<string, any>>
): Promise<Record<string, any>> {
  const messages = [...prepared.messages]
  let validated: Record<string, any> = {}
  try {
    validated = await validate()
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR) || !messages.length) {
      throw error
    }
    messages.push(...(error.messages as FieldMessage[]))
    throw new vineErrors.E_VALIDATION_ERROR(messages)
  }
  for (const field of fields) {
    if (prepared.excluded.has(field.name)) {
      delete validated[field.name]
      continue
    }
    if (Object.hasOwn(validated, field.name)) {
      const message = field.verify(validated[field.name])
      if (message) {
        messages.push({ field: field.name, message, rule: field.toContract().type })
      }
    }
  }
  if (messages.length) {
    throw new vineErrors.E_VALIDATION_ERROR(messages)
  }
  return validated
}

/**
 * The value an editable column writes, normalized by the form field of the
 * same attribute as the form would normalize it (trimmed tags, parsed
 * JSON, a lower-case color); a malformed value is a field error. A column
 * with no form field of its name keeps its value. The column's own
 * `editable()` declaration decides whether it is written: the field's
 * disabled, read-only or visibility state belongs to the form.
 */
export function prepareColumnValue(
  field: Field | undefined,
  value: unknown
): { value: unknown } | { message: FieldMessage } {
  if (!field) {
    return { value }
  }
  const prepared = field.prepareInput(value, true, { [field.name]: value })
  if (prepared === undefined) {
    return {
      message: {
        field: field.name,
        message: contextTranslator().t('field.error.required'),
        rule: 'required',
      },
    }
  }
  if ('error' in prepared) {
    return { message: { field: field.name, message: prepared.error, rule: prepared.rule } }
  }
  return { value: prepared.value }
}

/**
 * Check an editable column's validated value with its form field (options
 * of radios and checkbox lists), as `validatePrepared()` does for a form.
 */
export function verifyColumnValue(field: Field | undefined, validated: Record<string, any>) {
  if (!field || !Object.hasOwn(validated, field.name)) {
    return
  }
  const message = field.verify(validated[field.name])
  if (message) {
    throw new vineErrors.E_VALIDATION_ERROR([
      { field: field.name, message, rule: field.toContract().type },
    ])
  }
}
