import type { FieldConditionContract, SerializableValue } from '../../../contracts/main.ts'

/**
 * What a condition compares another field's value with: one value, a list
 * of values (any of them), or a function of all the form's values. A
 * function is evaluated on the server only (see {@link FieldCondition}).
 */
export type ConditionTarget =
  SerializableValue | SerializableValue[] | ((values: Record<string, unknown>) => boolean)

/**
 * A condition on another field's value (`visibleWhen`, `requiredWhen`).
 * Value conditions are serialized as data, and the renderers evaluate them
 * live; the server evaluates them again on submit. Function conditions run
 * on the server only: the renderer keeps the answer the server gave when it
 * rendered the form.
 */
export class FieldCondition {
  constructor(
    /** The field whose value decides */
    readonly field: string,
    readonly target: ConditionTarget
  ) {}

  /**
   * Whether the condition holds for these form values.
   */
  holds(values: Record<string, unknown>): boolean {
    if (typeof this.target === 'function') {
      return this.target(values) === true
    }
    const accepted = (Array.isArray(this.target) ? this.target : [this.target]).map(comparable)
    const current = values[this.field]
    const entries = Array.isArray(current) ? current : [current]
    return entries.some((entry) => accepted.includes(comparable(entry)))
  }

  /**
   * The condition as the renderers read it; `values` is null for a
   * function condition, then `initial` is the server's answer.
   */
  toContract(values: Record<string, unknown>): FieldConditionContract {
    return {
      field: this.field,
      values:
        typeof this.target === 'function'
          ? null
          : (Array.isArray(this.target) ? this.target : [this.target]).map(comparable),
      initial: this.holds(values),
    }
  }
}

/**
 * A value as conditions compare it: text, booleans as `true` / `false`,
 * empty values as the empty string.
 */
export function comparable(value: unknown): string {
  if (value === null || value === undefined) {
    return ''
  }
  if (typeof value === 'boolean') {
    return value ? 'true' : 'false'
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}
