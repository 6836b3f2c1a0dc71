import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'
import {
  hasOption,
  optionEntries,
  type FieldOptions,
  type OptionEntry,
} from '../../../support/option_entries.ts'
import { optionList } from '../../../i18n/option_labels.ts'

/**
 * An editable column drawn as a select of declared options. A value
 * outside the options is refused with a field error before the resource's
 * rule runs; then the editable-column endpoint's pipeline applies.
 *
 * @example
 * ```ts
 * SelectColumn.make('status').options({ draft: 'Draft', published: 'Published' })
 * ```
 */
export class SelectColumn extends Column {
  #options: OptionEntry[] = []

  constructor(name: string) {
    super(name)
    this.editable()
  }

  /**
   * The options: a map of value to label (one text, or one per locale), or
   * a list of values.
   */
  options(options: FieldOptions): this {
    this.#options = optionEntries(options)
    return this
  }

  getOptions() {
    return this.#options
  }

  refuseValue(value: unknown): string | null {
    return typeof value === 'string' && hasOption(this.#options, value) ? null : 'in'
  }

  toContract(): TableColumnContract {
    return {
      ...super.toContract(),
      type: 'select',
      options: optionList(this.#options),
    }
  }
}
