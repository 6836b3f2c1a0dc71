import type { Field } from '../../definitions/form/fields/field.ts'
import { Select } from '../../definitions/form/fields/select.ts'

/**
 * The registry of the field kinds that own routes of their own: a route
 * that addresses one field of a form by name (a select's option search and
 * option forms) finds it here, of the kind the route serves, or nothing.
 * Everywhere else the runtime reaches a field through its hooks only.
 */
export function selectNamed(fields: Field[], name: unknown): Select | null {
  const field = fields.find((candidate) => candidate.name === name)
  return field instanceof Select ? field : null
}
