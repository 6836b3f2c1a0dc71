import type { TextareaContract } from '../../../contracts/main.ts'
import { Field } from './field.ts'

/**
 * A multi-line input for long text.
 */
export class Textarea extends Field {
  #rows = 4
  #maxLength: number | null = null

  /**
   * Visible rows.
   */
  rows(rows: number): this {
    this.#rows = rows
    return this
  }

  /**
   * Maximum number of characters.
   */
  maxLength(length: number): this {
    this.#maxLength = length
    return this
  }

  toContract(): TextareaContract {
    return {
      type: 'textarea',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      rows: this.#rows,
      maxLength: this.#maxLength,
    }
  }
}
