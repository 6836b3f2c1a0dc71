import { KitConfigurationException } from '../errors.ts'
import type { Column } from './columns/column.ts'
import type { SelectFilter } from './filters/select_filter.ts'
import type { TernaryFilter } from './filters/ternary_filter.ts'
import type { DateRangeFilter } from './filters/date_range_filter.ts'
import type { NumericRangeFilter } from './filters/numeric_range_filter.ts'
import type { Action } from './actions/action.ts'
import type { BulkAction } from './actions/bulk_action.ts'

/**
 * Any column the table accepts.
 */
export type TableColumn = Column

/**
 * Any filter the table accepts.
 */
export type TableFilter = SelectFilter | TernaryFilter | DateRangeFilter | NumericRangeFilter

/**
 * Default page-size options of a table.
 */
export const DEFAULT_PER_PAGE_OPTIONS = [10, 25, 50, 100]

/**
 * The table builder a resource's `table()` receives. A fresh one is handed to
 * every call and must be returned.
 *
 * @example
 * ```ts
 * table(table: Table) {
 *   return table
 *     .columns([TextColumn.make('title').searchable().sortable()])
 *     .defaultSort('createdAt', 'desc')
 * }
 * ```
 */
export class Table {
  #columns: TableColumn[] = []
  #filters: TableFilter[] = []
  #actions: Action[] = []
  #bulkActions: BulkAction[] = []
  #defaultSort: { column: string; direction: 'asc' | 'desc' } | null = null
  #perPageOptions: number[] = DEFAULT_PER_PAGE_OPTIONS
  #defaultPerPage: number | null = null

  /**
   * Declare the columns, in display order.
   */
  columns(columns: TableColumn[]): this {
    this.#columns = columns
    return this
  }

  /**
   * Declare the filters.
   */
  filters(filters: TableFilter[]): this {
    this.#filters = filters
    return this
  }

  /**
   * Declare the row actions.
   */
  actions(actions: Action[]): this {
    this.#actions = actions
    return this
  }

  /**
   * Declare the bulk actions.
   */
  bulkActions(actions: BulkAction[]): this {
    this.#bulkActions = actions
    return this
  }

  getActions(): Action[] {
    return this.#actions
  }

  getBulkActions(): BulkAction[] {
    return this.#bulkActions
  }

  /**
   * Sort applied when the request names no (valid) sort.
   */
  defaultSort(column: string, direction: 'asc' | 'desc' = 'asc'): this {
    this.#defaultSort = { column, direction }
    return this
  }

  /**
   * Page sizes a visitor may choose from. Any other requested size falls back
   * to the default.
   */
  paginationPageOptions(options: number[]): this {
    if (!options.length || options.some((size) => !Number.isInteger(size) || size < 1)) {
      throw new KitConfigurationException(
        `paginationPageOptions() takes positive integers, received [${options.join(', ')}]`
      )
    }
    this.#perPageOptions = options
    return this
  }

  /**
   * Page size used when the request names none (default: the first option).
   */
  defaultPaginationPageOption(size: number): this {
    this.#defaultPerPage = size
    return this
  }

  getColumns(): TableColumn[] {
    return this.#columns
  }

  getFilters(): TableFilter[] {
    return this.#filters
  }

  getFilter(name: string): TableFilter | undefined {
    return this.#filters.find((filter) => filter.name === name)
  }

  /**
   * Relationships the columns read through (eager-loaded by the list query).
   */
  getRelationships(): string[] {
    const names = this.#columns
      .map((column) => column.relationship())
      .filter((name): name is string => name !== null)
    return [...new Set(names)]
  }

  getColumn(name: string): TableColumn | undefined {
    return this.#columns.find((column) => column.name === name)
  }

  getDefaultSort() {
    return this.#defaultSort
  }

  getPerPageOptions(): number[] {
    return this.#perPageOptions
  }

  getDefaultPerPage(): number {
    const size = this.#defaultPerPage ?? this.#perPageOptions[0]
    return this.#perPageOptions.includes(size) ? size : this.#perPageOptions[0]
  }
}
