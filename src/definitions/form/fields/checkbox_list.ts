import { contextTranslator } from '../../../i18n/translator.ts'
import type { CheckboxListContract } from '../../../contracts/main.ts'
import { Field, type PreparedValue } from './field.ts'
import {
  hasOption,
  optionEntries,
  type FieldOptions,
  type OptionEntry,
} from '../../../support/option_entries.ts'
import { optionList } from '../../../i18n/option_labels.ts'
import { storedList } from './field_options.ts'
import { assertWholeNumber } from '../../../support/config_checks.ts'

/**
 * Checkboxes for a list of options, stored as a JSON array of the checked
 * values (cast the attribute to and from JSON in the model). The server
 * refuses a value that is not one of the options and removes repeats.
 *
 * @example
 * ```ts
 * CheckboxList.make('channels').options({ email: 'Email', sms: 'SMS', push: 'Push' }).columns(3)
 * ```
 */
export class CheckboxList extends Field {
  #options: OptionEntry[] = []
  #columns = 1

  /**
   * The options: a map of value to label (one text, or one per locale), or
   * a list of values.
   */
  options(options: FieldOptions): this {
    this.#options = optionEntries(options)
    return this
  }

  /**
   * Number of columns the options are laid out in.
   */
  columns(columns: number): this {
    assertWholeNumber(columns, 1, 12, `CheckboxList "${this.name}": columns()`)
    this.#columns = columns
    return this
  }

  formValue(value: unknown) {
    return value === null || value === undefined ? [] : (storedList(value) ?? [])
  }

  prepareInput(value: unknown): PreparedValue {
    if (value === null || value === undefined || value === '') {
      return { value: [] }
    }
    const list = Array.isArray(value) ? value : [value]
    if (list.some((entry) => typeof entry !== 'string' && typeof entry !== 'number')) {
      return { error: contextTranslator().t('field.error.options'), rule: 'checkboxList' }
    }
    return { value: [...new Set(list.map(String))] }
  }

  displayOptions(): readonly OptionEntry[] {
    return this.#options
  }

  verify(value: unknown): string | null {
    if (value === null || value === undefined) {
      return null
    }
    if (!Array.isArray(value) || value.some((entry) => !hasOption(this.#options, entry))) {
      return contextTranslator().t('field.error.options')
    }
    return null
  }

  toContract(): CheckboxListContract {
    return {
      type: 'checkboxList',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      options: optionList(this.#options),
      columns: this.#columns,
    }
  }
}
