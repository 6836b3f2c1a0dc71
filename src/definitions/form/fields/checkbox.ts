import type { CheckboxContract, SerializableValue } from '../../../contracts/main.ts'
import { Field, queryBoolean, type FieldValueFormat } from './field.ts'

/**
 * A single checkbox for a boolean attribute. Database booleans that come
 * back as 0/1 are sent as true/false.
 *
 * @example
 * ```ts
 * Checkbox.make('acceptsTerms').helperText('Required to publish')
 * ```
 */
export class Checkbox extends Field {
  defaultValue(): SerializableValue | (string | number)[] {
    return super.defaultValue() ?? false
  }

  formValue(value: unknown): SerializableValue | undefined {
    return value === null || value === undefined ? null : Boolean(value)
  }

  valueFormat(): FieldValueFormat {
    return 'boolean'
  }

  /**
   * Hook: `true`/`1` or `false`/`0`, or nothing.
   */
  queryValue(raw: string | string[]): boolean | undefined {
    return queryBoolean(raw)
  }

  toContract(): CheckboxContract {
    return {
      type: 'checkbox',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
    }
  }
}
