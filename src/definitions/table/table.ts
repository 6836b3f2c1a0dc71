import { KitConfigurationException } from '../../support/errors.ts'
import type { Column } from './columns/column.ts'
import type { BaseFilter } from './filters/base_filter.ts'
import type { Action } from './actions/action.ts'
import type { BulkAction } from './actions/bulk_action.ts'
import { AUTO_COUNT_THRESHOLD, type CountStrategy } from './count_strategy.ts'

/**
 * Any column the table accepts.
 */
export type TableColumn = Column

/**
 * Any filter the table accepts: the kit's (`SelectFilter`, `TernaryFilter`,
 * `DateRangeFilter`, `NumericRangeFilter`, `QueryBuilderFilter`, a form
 * `Filter`) or a subclass of `BaseFilter` of your own.
 */
export type TableFilter = BaseFilter<any>

/**
 * How a table groups its rows (see {@link Table.groupBy}).
 */
export interface TableGroup {
  column: string
  label: string | null
  labels: Record<string, string>
  direction: 'asc' | 'desc'
}

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
  #countStrategy: CountStrategy = { kind: 'auto', threshold: AUTO_COUNT_THRESHOLD }
  #keyset = false
  #persist = false
  #filtersOpen = false
  #reorder: string | null = null
  #group: TableGroup | null = null

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

  /**
   * Paginate without a total: no `count(*)` on any page, one row more than
   * the page is read to know whether a next page exists. The `table`
   * contract says so (`pagination.count: 'none'`, `hasMorePages`).
   */
  simplePagination(): this {
    this.#countStrategy = { kind: 'none' }
    return this
  }

  /**
   * How the pagination total (and the tabs' record-count badges) are
   * obtained:
   * - `auto` (the default): exact up to `threshold` rows (default 10,000:
   *   one count that stops reading there); over it, the database's
   *   estimate ("about 1.2 million") when nothing but the model's table
   *   scopes the list, else a lower bound ("10,000+") — a search, a
   *   filter, a tenant, a parent or `modifyQuery()` never get an estimate;
   * - `exact`: a `count(*)` on every page;
   * - `estimate`: PostgreSQL's planner estimate of the filtered query when
   *   it is at least `threshold` rows (default 100,000), a count below it
   *   and on the other databases;
   * - `none`: {@link Table.simplePagination}.
   *
   * @example
   * ```ts
   * table.countStrategy('auto', { threshold: 50_000 })
   * table.countStrategy('exact')
   * ```
   */
  countStrategy(kind: CountStrategy['kind'], options: { threshold?: number } = {}): this {
    if (kind === 'estimate' || kind === 'auto') {
      const threshold = options.threshold ?? (kind === 'auto' ? AUTO_COUNT_THRESHOLD : 100_000)
      if (!Number.isInteger(threshold) || threshold < 0) {
        throw new KitConfigurationException(
          `countStrategy('${kind}') takes a non-negative integer threshold, received ${threshold}`
        )
      }
      this.#countStrategy = { kind, threshold }
    } else if (kind === 'exact' || kind === 'none') {
      this.#countStrategy = { kind }
    } else {
      throw new KitConfigurationException(
        `countStrategy() takes 'auto', 'exact', 'estimate' or 'none', received ${JSON.stringify(kind)}`
      )
    }
    return this
  }

  /**
   * Read the pages after the first with keyset (seek) conditions instead of
   * OFFSET when the table is sorted by a plain column of the model (or by
   * the key alone): each page carries the cursors of the next and the
   * previous page (`pagination.cursors`), and a cursor's page costs what the
   * first page costs however deep it is. Numbered pages still jump. Index
   * the sort columns together with the key for it to pay off.
   */
  keysetPagination(keyset = true): this {
    this.#keyset = keyset
    return this
  }

  /**
   * Keep the search, sort, page size, filters and tab of the list in the
   * session, per table: visiting the list without a query string restores
   * them, `?reset=1` forgets them.
   */
  persistInSession(persist = true): this {
    this.#persist = persist
    return this
  }

  persistsInSession(): boolean {
    return this.#persist
  }

  /**
   * Show the filters as an always-open row above the records instead of
   * behind the "Filters" button (which shows how many are active).
   */
  filtersAlwaysOpen(open = true): this {
    this.#filtersOpen = open
    return this
  }

  areFiltersAlwaysOpen(): boolean {
    return this.#filtersOpen
  }

  /**
   * Group the rows by a column of the model: rows are sorted by the group
   * first (then by the sort), and renderers draw a header row where the
   * group changes. `labels` maps stored values to the titles shown.
   *
   * @example
   * ```ts
   * table.groupBy('status', { label: 'Status', labels: { draft: 'Draft' } })
   * ```
   */
  groupBy(
    column: string,
    options: { label?: string; labels?: Record<string, string>; direction?: 'asc' | 'desc' } = {}
  ): this {
    this.#group = {
      column,
      label: options.label ?? null,
      labels: { ...options.labels },
      direction: options.direction ?? 'asc',
    }
    return this
  }

  /**
   * Let people reorder the rows (drag and drop, or move up and down
   * buttons): the new order is stored in an integer `column` of the model,
   * one transaction per move, each record authorized with `edit`. Rows are
   * sorted by that column unless another sort is chosen, and reordering is
   * offered only while they are.
   *
   * @example
   * ```ts
   * table.reorderable('position')
   * ```
   */
  reorderable(column: string): this {
    this.#reorder = column
    return this
  }

  getReorderColumn(): string | null {
    return this.#reorder
  }

  getGroup(): TableGroup | null {
    return this.#group
  }

  isKeysetPaginated(): boolean {
    return this.#keyset
  }

  getCountStrategy(): CountStrategy {
    return this.#countStrategy
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

  /**
   * The declared default sort, else the order column of a reorderable table.
   */
  getDefaultSort() {
    return (
      this.#defaultSort ??
      (this.#reorder ? { column: this.#reorder, direction: 'asc' as const } : null)
    )
  }

  getPerPageOptions(): number[] {
    return this.#perPageOptions
  }

  getDefaultPerPage(): number {
    const size = this.#defaultPerPage ?? this.#perPageOptions[0]
    return this.#perPageOptions.includes(size) ? size : this.#perPageOptions[0]
  }
}
