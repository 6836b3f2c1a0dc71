import type { SerializableValue, ToggleContract } from '../../../contracts/main.ts'
import { Field, queryBoolean, type FieldValueFormat } from './field.ts'

/**
 * A boolean switch. Database booleans that come back as 0/1 are sent as
 * true/false.
 */
export class Toggle extends Field {
  #default = false

  /**
   * Value on the create form.
   */
  default(value: boolean): this {
    this.#default = value
    return this
  }

  defaultValue(): SerializableValue {
    return this.#default
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

  toContract(): ToggleContract {
    return {
      type: 'toggle',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      default: this.#default,
    }
  }
}
