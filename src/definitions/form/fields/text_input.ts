import type { TextInputContract } from '../../../contracts/main.ts'
import { Field } from './field.ts'
import { assertWholeNumber } from '../../../support/config_checks.ts'

/**
 * A single-line input.
 *
 * @example
 * ```ts
 * TextInput.make('email').email().required().maxLength(255)
 * TextInput.make('price').numeric()
 * ```
 */
export class TextInput extends Field {
  #inputType: TextInputContract['inputType'] = 'text'
  #maxLength: number | null = null

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
    assertWholeNumber(length, 1, Number.MAX_SAFE_INTEGER, `TextInput "${this.name}": maxLength()`)
    this.#maxLength = length
    return this
  }

  /**
   * Hook: a numeric input takes a finite number only.
   */
  queryValue(raw: string | string[]): unknown {
    if (this.#inputType !== 'number') return super.queryValue(raw)
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN
    return Number.isFinite(value) ? value : undefined
  }

  toContract(): TextInputContract {
    return {
      type: 'text',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      inputType: this.#inputType,
      maxLength: this.#maxLength,
      placeholder: this.getPlaceholder(),
    }
  }
}
