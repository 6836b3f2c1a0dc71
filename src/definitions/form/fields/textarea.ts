import type { TextareaContract } from '../../../contracts/main.ts'
import { Field } from './field.ts'
import { assertWholeNumber } from '../../../support/config_checks.ts'

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
    assertWholeNumber(rows, 1, 1000, `Textarea "${this.name}": rows()`)
    this.#rows = rows
    return this
  }

  /**
   * Maximum number of characters.
   */
  maxLength(length: number): this {
    assertWholeNumber(length, 1, Number.MAX_SAFE_INTEGER, `Textarea "${this.name}": maxLength()`)
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
