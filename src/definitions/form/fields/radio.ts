import { contextTranslator } from '../../../i18n/translator.ts'
import type { RadioContract } from '../../../contracts/main.ts'
import { Field } from './field.ts'
import {
  hasOption,
  optionEntries,
  type FieldOptions,
  type OptionEntry,
} from '../../../support/option_entries.ts'
import { optionList } from '../../../i18n/option_labels.ts'

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
  #options: OptionEntry[] = []
  #inline = false

  /**
   * The options: a map of value to label (one text, or one per locale), or
   * a list of values.
   */
  options(options: FieldOptions): this {
    this.#options = optionEntries(options)
    return this
  }

  /**
   * Lay the options out on one line.
   */
  inline(inline = true): this {
    this.#inline = inline
    return this
  }

  displayOptions(): readonly OptionEntry[] {
    return this.#options
  }

  verify(value: unknown): string | null {
    if (value === null || value === undefined || value === '') {
      return null
    }
    if (
      (typeof value !== 'string' && typeof value !== 'number') ||
      !hasOption(this.#options, value)
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
      options: optionList(this.#options),
      inline: this.#inline,
    }
  }
}
