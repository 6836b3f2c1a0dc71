import type { LucidRow } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import { contextTranslator } from '../../i18n/translator.ts'
import type { FormValue } from '../../contracts/main.ts'
import type { MutationData } from '../../definitions/types.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { FieldKit } from '../../definitions/form/fields/field_kit.ts'

/**
 * Key of the request body that carries the values an edit form was rendered
 * with (its `original` contract member), field by field.
 */
export const ORIGINAL_KEY = '_kit_original'

/**
 * The values a submitted edit form was rendered with, or null when the
 * request does not carry them (API clients, the kit() driver): then the
 * submission is applied as it is.
 */
export function submittedOriginal(raw: unknown): Record<string, unknown> | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return null
  }
  const original = (raw as Record<string, unknown>)[ORIGINAL_KEY]
  if (!original || typeof original !== 'object' || Array.isArray(original)) {
    return null
  }
  return original as Record<string, unknown>
}

/**
 * A value in a comparable form: empty values are one value, scalars compare
 * as text, lists as their sorted entries.
 */
function comparable(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return ''
  }
  if (Array.isArray(value) && value.some((entry) => entry && typeof entry === 'object')) {
    /* repeater items: their order matters */
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) {
    return JSON.stringify(value.map(String).sort())
  }
  if (typeof value === 'object') {
    return JSON.stringify(value)
  }
  return String(value)
}

/**
 * Whether two form values are the same value.
 */
export function sameFormValue(a: unknown, b: unknown): boolean {
  return comparable(a) === comparable(b)
}

/**
 * The keys of a many-to-many select the form was rendered with, or null when
 * the request does not carry them.
 */
export function originalKeys(
  original: Record<string, unknown> | null,
  field: string
): string[] | null {
  if (!original || !Object.hasOwn(original, field)) {
    return null
  }
  const value = original[field]
  const list = Array.isArray(value) ? value : value === null || value === '' ? [] : [value]
  if (list.some((entry) => typeof entry !== 'string' && typeof entry !== 'number')) {
    return null
  }
  return list.map(String)
}

/**
 * Reconcile the scalar fields of an edit submission with the values the form
 * was rendered with, so that a stale form never silently undoes a change
 * made since it was loaded:
 *
 * - a field the record still holds as rendered is applied as submitted;
 * - a field changed since, that the person left as rendered, is dropped (the
 *   newer value stays);
 * - a field changed since and changed by the person too is a conflict (a
 *   field error, `conflict`; nothing is written), even when both wrote the
 *   same value: the person's change was based on a value that is gone (two
 *   editors who each add one to a count would otherwise lose one).
 *
 * A field that merges key by key (`mergesByKey()`: a many-to-many select,
 * a repeater's related records) is reconciled by its relation write. A field the request carries no
 * original for is applied as submitted, unless the request's version is
 * `stale` (the row was written since the form was loaded): then it is a
 * conflict, since nothing tells whether the person's value undoes the newer
 * one (a secret field, such as a password, is applied: it is never
 * rendered). `currentOf` reads a field's current value as the form contract
 * carries it (pivot attributes of a related record are read from its pivot
 * row).
 */
export function reconcileWithOriginal(
  kit: FieldKit,
  fields: Field[],
  record: LucidRow,
  data: MutationData,
  input: Record<string, unknown>,
  original: Record<string, unknown> | null,
  currentOf: (field: Field, record: LucidRow) => FormValue = (field) => field.recordValue(record),
  stale = false
): MutationData {
  if (!original) {
    return data
  }
  const rest: MutationData = { ...data }
  const conflicts: string[] = []
  for (const field of fields) {
    if (!Object.hasOwn(rest, field.name) || field.mergesByKey(kit)) {
      continue
    }
    if (!Object.hasOwn(original, field.name)) {
      if (stale && !field.isSecret()) {
        conflicts.push(field.name)
      }
      continue
    }
    const rendered = original[field.name]
    const current = currentOf(field, record)
    if (sameFormValue(current, rendered)) {
      continue
    }
    /* the record changed since the form was rendered */
    const submitted = input[field.name]
    if (sameFormValue(submitted, rendered)) {
      delete rest[field.name]
    } else {
      conflicts.push(field.name)
    }
  }
  if (conflicts.length) {
    throw new vineErrors.E_VALIDATION_ERROR(
      conflicts.map((field) => ({
        field,
        rule: 'conflict',
        message: contextTranslator().t('field.error.conflict'),
      }))
    )
  }
  return rest
}
