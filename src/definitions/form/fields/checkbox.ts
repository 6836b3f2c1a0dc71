import type { CheckboxContract, SerializableValue } from '../../../contracts/main.ts'
import { Field } from './field.ts'

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

  toContract(): CheckboxContract {
    return {
      type: 'checkbox',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
    }
  }
}
