import { DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { SerializableValue } from '../types.ts'

/**
 * Turn an attribute value into something a prop may carry: strings, numbers,
 * booleans and null. Dates become ISO strings; anything else becomes null
 * rather than leaking an object's inner shape.
 */
export function serializeValue(value: unknown): SerializableValue {
  if (value === null || value === undefined) {
    return null
  }
  if (typeof value === 'string' || typeof value === 'boolean') {
    return value
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null
  }
  if (typeof value === 'bigint') {
    return value.toString()
  }
  if (DateTime.isDateTime(value)) {
    return value.isValid ? value.toISO() : null
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString()
  }
  return null
}

/**
 * The value of a model attribute for a prop: like `serializeValue()`, with
 * `@column.date()` attributes as `yyyy-MM-dd` rather than a full timestamp.
 */
export function serializeAttribute(model: LucidModel, property: string, value: unknown) {
  if (DateTime.isDateTime(value) && model.$getColumn(property)?.meta?.type === 'date') {
    return value.isValid ? value.toISODate() : null
  }
  return serializeValue(value)
}

/**
 * Whether a model property is hidden from serialization (`serializeAs: null`),
 * such as a password hash. Hidden attributes never reach a prop.
 */
export function isHiddenAttribute(model: LucidModel, property: string): boolean {
  const column = model.$getColumn(property)
  return column ? column.serializeAs === null : false
}
