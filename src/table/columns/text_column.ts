import string from '@adonisjs/core/helpers/string'
import type { TableColumnContract } from '../../contracts/main.ts'

/**
 * A column that shows one attribute of the record as text.
 *
 * @example
 * ```ts
 * TextColumn.make('title').searchable().sortable()
 * ```
 */
export class TextColumn {
  #label?: string
  #searchable = false
  #sortable = false

  protected constructor(
    /** Model property the column reads */
    readonly name: string
  ) {}

  /**
   * Create a column for a model property.
   */
  static make(name: string) {
    return new this(name)
  }

  /**
   * Label shown in the column header (default: the property in sentence case).
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  /**
   * Include the column in the table search.
   */
  searchable(searchable = true): this {
    this.#searchable = searchable
    return this
  }

  /**
   * Allow sorting the table by this column.
   */
  sortable(sortable = true): this {
    this.#sortable = sortable
    return this
  }

  isSearchable() {
    return this.#searchable
  }

  isSortable() {
    return this.#sortable
  }

  getLabel() {
    return this.#label ?? string.sentenceCase(this.name)
  }

  /**
   * Serialize the column for the table contract.
   */
  toContract(): TableColumnContract {
    return {
      name: this.name,
      label: this.getLabel(),
      type: 'text',
      searchable: this.#searchable,
      sortable: this.#sortable,
    }
  }
}
