import { contextTranslator } from '../../../i18n/translator.ts'
import type { RadioContract } from '../../../contracts/main.ts'
import { Field } from './field.ts'
import { optionList, type FieldOptions } from './field_options.ts'

/**
 * Radio buttons: one value among declared options. The server refuses a
 * value that is not one of them.
 *
 * @example
 * ```ts
 * Radio.make('plan').options({ free: 'Free', team: 'Team', business: 'Business' }).inline()
 * ```
 */
export class Radio extends Field {
  #options: { value: string; label: string }[] = []
  #inline = false

  /**
   * The options: a map of value to label, or a list of values.
   */
  options(options: FieldOptions): this {
    this.#options = optionList(options)
    return this
  }

  /**
   * Lay the options out on one line.
   */
  inline(inline = true): this {
    this.#inline = inline
    return this
  }

  verify(value: unknown): string | null {
    if (value === null || value === undefined || value === '') {
      return null
    }
    if (
      (typeof value !== 'string' && typeof value !== 'number') ||
      !this.#options.some((option) => option.value === String(value))
    ) {
      return contextTranslator().t('field.error.option')
    }
    return null
  }

  toContract(): RadioContract {
    return {
      type: 'radio',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      options: this.#options,
      inline: this.#inline,
    }
  }
}
