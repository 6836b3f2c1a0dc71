import type { LucidRow } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import type { FormStateAnswer, FormValue } from '../../contracts/main.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { FieldKit } from '../../definitions/form/fields/field_kit.ts'
import { fieldState, type StateUpdate } from '../../definitions/form/fields/field_state.ts'
import type { KitContext } from '../../definitions/types.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { conditionValues, stateValues } from './field_input.ts'
import { serializeFields } from './form_serializer.ts'

/**
 * What a form's state endpoint reads: the form's values, the field that
 * changed and its value before the change.
 */
export interface StateRequest {
  values: Record<string, unknown>
  changed: string | null
  old: unknown
}

/**
 * Read the body of a state request: `{ values: {...}, changed?: string,
 * old?: unknown }`. Anything else is a 422 field error (never a 500).
 */
export function readStateRequest(body: unknown, context: KitContext): StateRequest {
  const t = contextTranslator(context)
  const payload = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >
  const values = payload.values ?? {}
  const changed = payload.changed ?? null
  const errors: { field: string; message: string; rule: string }[] = []
  if (!values || typeof values !== 'object' || Array.isArray(values)) {
    errors.push({ field: 'values', message: t.t('live.error.values'), rule: 'object' })
  }
  if (changed !== null && typeof changed !== 'string') {
    errors.push({ field: 'changed', message: t.t('live.error.changed'), rule: 'string' })
  }
  if (errors.length) {
    throw new vineErrors.E_VALIDATION_ERROR(errors)
  }
  return {
    values: values as Record<string, unknown>,
    changed: changed as string | null,
    old: payload.old ?? null,
  }
}

/**
 * Whether a field takes input in this state: written by the form (not
 * disabled, read-only or hidden), visible and not disabled by a closure.
 */
function takesInput(
  field: Field,
  values: Record<string, unknown>,
  conditions: Record<string, unknown>,
  record: LucidRow | null,
  context: KitContext
) {
  const state = fieldState(values, record, context.user)
  return (
    field.isWritable() &&
    !field.isSecret() &&
    field.isVisibleFor(conditions, state) &&
    !field.isDisabledFor(conditions, state)
  )
}

/**
 * Resolve a form's new state on the server, writing nothing:
 *
 * 1. the state: each field of the form with its posted value when it takes
 *    input, else its stored value (edit) or default (create); keys the form
 *    does not have, and values of hidden, read-only, disabled (by a closure
 *    too) and not visible fields, are ignored;
 * 2. the changed field's `afterStateUpdated()` hooks, when it is live and
 *    takes input: `set()` changes values of the form's fields only (never a
 *    password's);
 * 3. the answer: the values the hooks set, and every field's contract for
 *    the new state (conditions, `hidden()`, `required()`, `disabled()` and a
 *    select's `options()` evaluated).
 */
export async function resolveFormState(
  fields: Field[],
  request: StateRequest,
  record: LucidRow | null,
  context: KitContext,
  kit: FieldKit
): Promise<FormStateAnswer> {
  /* 1. the state, posted values of fields that take input only */
  const posted = stateValues(fields, request.values, record)
  const conditions = conditionValues(fields, posted, record)
  const values: Record<string, unknown> = stateValues(fields, {}, record)
  for (const field of fields) {
    if (
      Object.hasOwn(request.values, field.name) &&
      takesInput(field, posted, conditions, record, context)
    ) {
      values[field.name] = posted[field.name]
    }
  }

  /* 2. the changed field's hooks */
  const set = new Map<string, unknown>()
  const changed = fields.find((field) => field.name === request.changed)
  if (
    changed?.getLive() &&
    Object.hasOwn(request.values, changed.name) &&
    takesInput(changed, values, conditionValues(fields, values, record), record, context)
  ) {
    const names = new Set(fields.filter((field) => !field.isSecret()).map((field) => field.name))
    const update: StateUpdate = {
      ...fieldState(values, record, context.user),
      state: values[changed.name],
      old: request.old,
      set: (name: string, value: unknown) => {
        if (!names.has(name)) return
        values[name] = value
        set.set(name, value)
      },
    }
    await changed.runAfterStateUpdated(update)
  }

  /* 3. the answer */
  const answered: Record<string, FormValue> = {}
  for (const [name, value] of set) {
    answered[name] = formValue(value)
  }
  return {
    values: answered,
    fields: await serializeFields(
      fields,
      values as Record<string, FormValue>,
      record,
      context,
      kit
    ),
  }
}

/**
 * A value a hook set, as a form value: scalars and lists as they are,
 * anything else as its text (a Date as ISO text), undefined as null.
 */
function formValue(value: unknown): FormValue {
  if (value === undefined || value === null) return null
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    Array.isArray(value)
  ) {
    return value as FormValue
  }
  if (value instanceof Date) return value.toISOString()
  return String(value)
}
