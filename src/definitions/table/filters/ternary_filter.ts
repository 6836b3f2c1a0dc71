import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import type { TernaryFilterContract } from '../../../contracts/main.ts'
import { scalarString } from './filter_value.ts'
import { BaseFilter, type FilterIndicator } from './base_filter.ts'

/**
 * The values a ternary filter accepts; without a value it shows all records.
 */
export const TERNARY_VALUES = ['true', 'false'] as const

/**
 * A filter on a boolean column with three states: all records (no value),
 * `filters[isActive]=true` or `filters[isActive]=false`. Booleans stored as
 * 1/0 (SQLite, MariaDB/MySQL) and as `boolean` (PostgreSQL) compare alike.
 *
 * On a nullable column, `nullable()` makes "false" match NULL as well as
 * false (a record without a value is not active); without it, NULL rows
 * match neither state and appear only under "all".
 *
 * @example
 * ```ts
 * TernaryFilter.make('isActive').trueLabel('Active').falseLabel('Inactive')
 * TernaryFilter.make('isVerified').nullable()
 * ```
 */
export class TernaryFilter extends BaseFilter<'true' | 'false'> {
  #nullable = false
  /* the declared labels; the others in the request's language */
  #labels: { all?: LocalizedText; true?: LocalizedText; false?: LocalizedText } = {}

  /**
   * Label of the "all records" state (default "All").
   */
  allLabel(label: LocalizedText): this {
    this.#labels.all = label
    return this
  }

  /**
   * Label of the "true" state (default "Yes").
   */
  trueLabel(label: LocalizedText): this {
    this.#labels.true = label
    return this
  }

  /**
   * Label of the "false" state (default "No").
   */
  falseLabel(label: LocalizedText): this {
    this.#labels.false = label
    return this
  }

  #text(state: 'all' | 'true' | 'false', key: 'table.all' | 'table.yes' | 'table.no') {
    const label = this.#labels[state]
    return label === undefined ? contextTranslator().t(key) : localize(label)
  }

  /**
   * Let "false" match NULL as well as false.
   */
  nullable(nullable: boolean = true): this {
    this.#nullable = nullable
    return this
  }

  isNullable() {
    return this.#nullable
  }

  /**
   * Whether a submitted value is one of the two states.
   */
  accepts(value: unknown): value is 'true' | 'false' {
    return value === 'true' || value === 'false'
  }

  /**
   * The accepted state of a raw query-string value, or null (all records):
   * only the strings "true" and "false"; arrays and objects are ignored.
   */
  parse(raw: unknown): 'true' | 'false' | null {
    const value = scalarString(raw)
    return this.accepts(value) ? value : null
  }

  /**
   * Narrow the query to an accepted state (without a custom query).
   */
  apply(query: any, column: string, value: string) {
    if (value === 'true') {
      query.where(column, true)
    } else if (this.#nullable) {
      query.where((group: any) => group.where(column, false).orWhereNull(column))
    } else {
      query.where(column, false)
    }
  }

  /**
   * Hook: the chosen option's label.
   */
  indicators(value: string): FilterIndicator[] {
    const option = this.toContract(value).options.find((candidate) => candidate.value === value)
    return [{ label: `${this.getLabel()}: ${option?.label ?? value}` }]
  }

  /**
   * Serialize the filter with its current value.
   */
  toContract(value: unknown): TernaryFilterContract {
    return {
      name: this.name,
      label: this.getLabel(),
      type: 'ternary',
      allLabel: this.#text('all', 'table.all'),
      options: [
        { value: 'true', label: this.#text('true', 'table.yes') },
        { value: 'false', label: this.#text('false', 'table.no') },
      ],
      nullable: this.#nullable,
      value: this.accepts(value) ? value : null,
    }
  }
}
