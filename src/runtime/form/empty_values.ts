import { DateTime } from 'luxon'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { MutationData } from '../../definitions/types.ts'

/**
 * A value with its JSON text parsed (a list or map stored as text on SQLite
 * and MariaDB); any other value as it is.
 */
export function parsedJson(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(value)
    } catch {
      return value
    }
  }
  return value
}

/**
 * Whether a value is an empty list or map (JSON text included).
 */
export function isEmptyCollection(value: unknown): boolean {
  const parsed = parsedJson(value)
  return (
    parsed !== null &&
    typeof parsed === 'object' &&
    Object.keys(parsed as object).length === 0 &&
    !DateTime.isDateTime(parsed) &&
    !(parsed instanceof Date)
  )
}

/**
 * Whether a form value is empty: nothing, an empty text, list or map.
 */
function isEmptyFormValue(value: unknown): boolean {
  return value === null || value === '' || isEmptyCollection(value)
}

/**
 * Whether a field shows null and an empty list or map as one empty value
 * (a tags input, a checkbox list, a key-value, a repeater): then null
 * against `empty` is no change.
 */
export function showsNullAsEmpty(field: Field, empty: unknown): boolean {
  if (!isEmptyCollection(empty)) {
    return false
  }
  const shown = [field.formValue(null), field.formValue(empty)]
  return shown.every((value) => value !== undefined && isEmptyFormValue(value))
}

/**
 * Leave out of an update the attributes the record holds as null (model
 * attributes only: a relationship's field is never one) and the
 * form submits as the empty list or map its field shows for null: nothing
 * was entered, so the null stays (`[]` is not written over it, and the
 * audit row records no change).
 */
export function keepUntouchedNulls(
  fields: Field[],
  record: LucidRow,
  data: MutationData
): MutationData {
  let rest = data
  for (const field of fields) {
    if (!Object.hasOwn(data, field.name)) continue
    const stored = record.$attributes
    const isNull = Object.hasOwn(stored, field.name) && stored[field.name] === null
    if (isNull && showsNullAsEmpty(field, data[field.name])) {
      if (rest === data) rest = { ...data }
      delete rest[field.name]
    }
  }
  return rest
}
