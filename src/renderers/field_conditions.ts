import type { FieldConditionContract, FormFieldContract, FormValue } from './types.ts'

function comparable(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return String(value)
}

/**
 * Whether a condition holds for the form's current values. A condition the
 * server evaluates only (`values` null) keeps the server's answer.
 */
export function conditionHolds(
  condition: FieldConditionContract,
  values: Record<string, FormValue>
): boolean {
  if (condition.values === null) return condition.initial
  const current = values[condition.field]
  const entries = Array.isArray(current) ? current : [current]
  return entries.some((entry) => condition.values!.includes(comparable(entry)))
}

/**
 * Whether a field is shown for the form's current values (`visibleWhen`).
 */
export function isFieldVisible(field: FormFieldContract, values: Record<string, FormValue>) {
  return (field.visibleWhen ?? []).every((condition) => conditionHolds(condition, values))
}

/**
 * Whether a field is required for the form's current values (`required`,
 * or every `requiredWhen` condition holds).
 */
export function isFieldRequired(field: FormFieldContract, values: Record<string, FormValue>) {
  if (field.required) return true
  const conditions = field.requiredWhen ?? []
  return conditions.length > 0 && conditions.every((condition) => conditionHolds(condition, values))
}

/**
 * Rows of a key-value field's form value (JSON text of an object or of
 * `[key, value]` pairs); malformed text gives no rows.
 */
export function keyValueRows(value: FormValue): { key: string; value: string }[] {
  if (typeof value !== 'string' || !value) return []
  try {
    const parsed = JSON.parse(value)
    const pairs: unknown[] = Array.isArray(parsed) ? parsed : Object.entries(parsed ?? {})
    return pairs
      .filter((pair): pair is [unknown, unknown] => Array.isArray(pair) && pair.length === 2)
      .map(([key, entry]) => ({ key: String(key), value: String(entry ?? '') }))
  } catch {
    return []
  }
}

/**
 * The form value of key-value rows: JSON text of `[key, value]` pairs (the
 * server refuses repeated or empty keys with a field error).
 */
export function keyValueText(rows: { key: string; value: string }[]): string {
  return JSON.stringify(rows.map((row) => [row.key, row.value]))
}
