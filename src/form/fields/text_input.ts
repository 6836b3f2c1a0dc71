import string from '@adonisjs/core/helpers/string'
import type { TextInputContract } from '../../contracts/main.ts'

/**
 * A single-line input. Rendering only: the resource's Rules class validates.
 *
 * @example
 * ```ts
 * TextInput.make('email').email().required().maxLength(255)
 * ```
 */
export class TextInput {
  #label?: string
  #required = false
  #inputType: TextInputContract['inputType'] = 'text'
  #maxLength: number | null = null
  #placeholder: string | null = null

  protected constructor(
    /** Model property the field edits */
    readonly name: string
  ) {}

  /**
   * Create an input for a model property.
   */
  static make(name: string) {
    return new this(name)
  }

  /**
   * Label shown next to the input (default: the property in sentence case).
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  /**
   * Mark the field as required.
   */
  required(required = true): this {
    this.#required = required
    return this
  }

  /**
   * Render an email input.
   */
  email(): this {
    this.#inputType = 'email'
    return this
  }

  /**
   * Render a numeric input.
   */
  numeric(): this {
    this.#inputType = 'number'
    return this
  }

  /**
   * Maximum number of characters the input accepts.
   */
  maxLength(length: number): this {
    this.#maxLength = length
    return this
  }

  /**
   * Placeholder text.
   */
  placeholder(text: string): this {
    this.#placeholder = text
    return this
  }

  /**
   * Serialize the field for the form contract.
   */
  toContract(): TextInputContract {
    return {
      type: 'text',
      name: this.name,
      label: this.#label ?? string.sentenceCase(this.name),
      required: this.#required,
      inputType: this.#inputType,
      maxLength: this.#maxLength,
      placeholder: this.#placeholder,
    }
  }
}
