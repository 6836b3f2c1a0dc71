/*
 * adonis-kit
 *
 * How the kit() driver words validation errors and lists in its failure
 * messages.
 */

import type { errors as vineErrors } from '@vinejs/vine'

/**
 * One validation error: the field, the rule that failed and its message.
 */
export interface KitFieldError {
  field: string
  rule: string
  message: string
}

/**
 * Expected errors: field names, or field name to the rule expected to fail
 * (`true` or `null` for any rule).
 */
export type ExpectedErrors = string[] | Record<string, string | true | null>

/**
 * A list of names for a message, `(none)` when empty.
 */
export function listOf(names: string[]): string {
  return names.length ? names.join(', ') : '(none)'
}

/**
 * The expected errors of an assertion, for its label.
 */
export function describeExpected(expected: ExpectedErrors): string {
  return Array.isArray(expected)
    ? expected.join(', ')
    : Object.entries(expected)
        .map(([field, rule]) => (typeof rule === 'string' ? `${field}: ${rule}` : field))
        .join(', ')
}

/**
 * Field errors for a message: `field (rule: message); ...`.
 */
export function describeErrors(errors: KitFieldError[]): string {
  if (!errors.length) return 'no errors'
  return errors.map((error) => `${error.field} (${error.rule}: ${error.message})`).join('; ')
}

/**
 * The field errors of Vine's validation error.
 */
export function toFieldErrors(
  error: InstanceType<typeof vineErrors.E_VALIDATION_ERROR>
): KitFieldError[] {
  const messages: { field?: unknown; rule?: unknown; message?: unknown }[] = Array.isArray(
    error.messages
  )
    ? error.messages
    : []
  return messages.map((entry) => ({
    field: String(entry.field),
    rule: String(entry.rule),
    message: String(entry.message),
  }))
}
