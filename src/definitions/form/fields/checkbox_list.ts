import { contextTranslator } from '../../../i18n/translator.ts'
import type { CheckboxListContract } from '../../../contracts/main.ts'
import { Field, type PreparedValue } from './field.ts'
import { optionList, storedList, type FieldOptions } from './field_options.ts'
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
  #options: { value: string; label: string }[] = []
  #columns = 1

  /**
   * The options: a map of value to label, or a list of values.
   */
  options(options: FieldOptions): this {
    this.#options = optionList(options)
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

  verify(value: unknown): string | null {
    if (value === null || value === undefined) {
      return null
    }
    const values = this.#options.map((option) => option.value)
    if (!Array.isArray(value) || value.some((entry) => !values.includes(String(entry)))) {
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
      options: this.#options,
      columns: this.#columns,
    }
  }
}
