import type { SelectContract } from '../../contracts/main.ts'
import { Field } from './field.ts'

/**
 * A select with static options. A submitted value that is not one of the
 * options is refused with a field error before anything is persisted.
 *
 * @example
 * ```ts
 * Select.make('status').options({ draft: 'Draft', published: 'Published' })
 * ```
 */
export class Select extends Field {
  #options: Record<string, string> = {}
  #multiple = false

  /**
   * Map of value to label.
   */
  options(options: Record<string, string>): this {
    this.#options = { ...options }
    return this
  }

  /**
   * Accept a list of values.
   */
  multiple(multiple = true): this {
    this.#multiple = multiple
    return this
  }

  /**
   * Whether a submitted value is acceptable: one of the options (each of
   * them for a multiple select), or empty.
   */
  accepts(value: unknown): boolean {
    if (value === null || value === undefined) {
      return true
    }
    const values = this.#multiple && Array.isArray(value) ? value : [value]
    if (!this.#multiple && Array.isArray(value)) {
      return false
    }
    return values.every(
      (entry) =>
        (typeof entry === 'string' || typeof entry === 'number') &&
        Object.hasOwn(this.#options, String(entry))
    )
  }

  toContract(): SelectContract {
    return {
      type: 'select',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      options: Object.entries(this.#options).map(([value, label]) => ({ value, label })),
      multiple: this.#multiple,
    }
  }
}
