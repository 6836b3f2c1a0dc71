import type { MultiSelectFilterContract, SelectFilterContract } from '../../../contracts/main.ts'
import { MAX_FILTER_STRING_LENGTH } from './filter_value.ts'
import { BaseFilter, type FilterIndicator } from './base_filter.ts'
import {
  hasOption,
  optionEntries,
  type FieldOptions,
  type OptionEntry,
} from '../../../support/option_entries.ts'
import { optionLabel, optionList } from '../../../i18n/option_labels.ts'

export type { FilterQueryCallback } from './base_filter.ts'

/**
 * A filter whose value is one of a fixed set of options. A submitted value
 * outside the options is ignored. With `multiple()`, several options may be
 * chosen (`filters[status][]=draft&filters[status][]=review`, `whereIn`);
 * values outside the options are dropped.
 *
 * @example
 * ```ts
 * SelectFilter.make('status').options({ draft: 'Draft', published: 'Published' })
 * SelectFilter.make('status').multiple().options({ draft: 'Draft', review: 'In review' })
 * ```
 */
export class SelectFilter extends BaseFilter<string | string[]> {
  #options: OptionEntry[] = []
  #multiple = false

  /**
   * The options: a map of value to label (one text, or one per locale,
   * shown in the request's language), or a list of values.
   */
  options(options: FieldOptions): this {
    this.#options = optionEntries(options)
    return this
  }

  /**
   * Accept several options at once (matched with `whereIn`).
   */
  multiple(multiple: boolean = true): this {
    this.#multiple = multiple
    return this
  }

  isMultiple() {
    return this.#multiple
  }

  /**
   * Whether a submitted value is one of the options.
   */
  accepts(value: unknown): value is string {
    return typeof value === 'string' && hasOption(this.#options, value)
  }

  /**
   * The accepted value of a raw query-string value, or null: one option
   * (the first string of an array, as before), or for a multiple select the
   * declared options among the submitted strings, in declaration order.
   */
  parse(raw: unknown): string | string[] | null {
    if (!this.#multiple) {
      const value = Array.isArray(raw) ? raw[0] : raw
      return this.accepts(value) ? value : null
    }
    const submitted =
      typeof raw === 'string'
        ? [raw]
        : Array.isArray(raw)
          ? raw
          : raw && typeof raw === 'object'
            ? Object.values(raw)
            : []
    const strings = new Set(
      submitted.filter(
        (item): item is string =>
          typeof item === 'string' && item.length <= MAX_FILTER_STRING_LENGTH
      )
    )
    const values = this.#options
      .map((option) => option.value)
      .filter((option) => strings.has(option))
    return values.length ? values : null
  }

  /**
   * Narrow the query to an accepted value (without a custom query).
   */
  apply(query: any, column: string, value: string | string[]) {
    if (Array.isArray(value)) {
      query.whereIn(column, value)
    } else {
      query.where(column, value)
    }
  }

  /**
   * Hook: the chosen options' labels.
   */
  indicators(value: string | string[]): FilterIndicator[] {
    const values = Array.isArray(value) ? value : [value]
    const labels = values.map((entry) => optionLabel(this.#options, entry) ?? entry)
    return [{ label: `${this.getLabel()}: ${labels.join(', ')}` }]
  }

  /**
   * Serialize the filter with its current value.
   */
  toContract(value: unknown): SelectFilterContract | MultiSelectFilterContract {
    const base = {
      name: this.name,
      label: this.getLabel(),
      type: 'select' as const,
      options: optionList(this.#options),
    }
    if (this.#multiple) {
      return {
        ...base,
        multiple: true,
        value: Array.isArray(value) ? value.filter((item) => this.accepts(item)) : null,
      }
    }
    return { ...base, value: this.accepts(value) ? value : null }
  }
}
