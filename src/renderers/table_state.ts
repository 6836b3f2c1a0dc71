/*
 * adonis-kit
 *
 * Table state: the query string of a table (search, sort, filters, page, tab) and its URL.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import type {
  FormFieldContract,
  FormValue,
  TableContract,
  TableFilterContract,
  TabsContract,
} from './types.ts'

/**
 * A change of table state. `undefined` keeps the current value, `null`
 * removes it.
 */
export interface TableQueryChange {
  search?: string | null
  sort?: string | null
  direction?: 'asc' | 'desc' | null
  page?: number | null
  perPage?: number | null
  filters?: Record<string, TableFilterContract['value']>
  tab?: string | null
}

/**
 * The table state as query-string pairs, with the server's parameter names
 * (`table.parameters`). Changing anything but the page goes back to page 1.
 */
export function tableQuery(
  table: TableContract,
  tabs: TabsContract | null | undefined,
  change: TableQueryChange
): Record<string, string> {
  const names = table.parameters
  const query: Record<string, string> = {}
  const pageOnly = Object.keys(change).every((key) => key === 'page')

  const search = change.search === undefined ? table.search : change.search
  if (search) query[names.search] = search

  const sort = change.sort === undefined ? (table.sort?.column ?? null) : change.sort
  const direction =
    change.direction === undefined ? (table.sort?.direction ?? null) : change.direction
  if (sort) {
    query[names.sort] = sort
    query[names.direction] = direction ?? 'asc'
  }

  for (const filter of table.filters) {
    const value =
      change.filters && filter.name in change.filters ? change.filters[filter.name] : filter.value
    const key = `${names.filters}[${filter.name}]`
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'string') {
          query[`${key}[${index}]`] = item
          return
        }
        /* query-builder rules: one parameter per part of each rule */
        for (const [part, partValue] of Object.entries(item)) {
          if (partValue !== null && partValue !== undefined && partValue !== '') {
            query[`${key}[${index}][${part}]`] = String(partValue)
          }
        }
      })
    } else if (value && typeof value === 'object') {
      /* ranges and form filters: one parameter per bound or field that has
         a value (a field's list: one per item) */
      for (const [part, partValue] of Object.entries(value)) {
        if (Array.isArray(partValue)) {
          partValue.forEach((item, index) => {
            query[`${key}[${part}][${index}]`] = String(item)
          })
        } else if (partValue !== null && partValue !== undefined && partValue !== '') {
          query[`${key}[${part}]`] = String(partValue)
        }
      }
    } else if (value !== null && value !== undefined && value !== '') {
      query[key] = value
    }
  }

  const tab = change.tab === undefined ? (tabs?.active ?? null) : change.tab
  if (tab) query[names.tab] = tab

  const perPage = change.perPage === undefined ? table.pagination.perPage : change.perPage
  if (perPage) query[names.perPage] = String(perPage)

  const page = change.page === undefined ? (pageOnly ? table.pagination.page : 1) : change.page
  if (page && page > 1) query[names.page] = String(page)

  /* keyset tables: the next and previous pages are read through their
     cursors (no OFFSET); other pages jump by number */
  const cursors = table.pagination.cursors
  if (pageOnly && cursors && page) {
    const cursor =
      page === table.pagination.page + 1
        ? cursors.next
        : page === table.pagination.page - 1
          ? cursors.previous
          : null
    if (cursor) query[cursors.parameter] = cursor
  }
  return query
}

/**
 * A table change made while a search is still being typed (its debounced
 * visit not sent yet, or not answered yet): the typed search goes with the
 * change. Computed from the table as drawn, the change would otherwise
 * carry the previous search, and the search sent later would undo it.
 */
export function withTypedSearch(
  table: TableContract,
  term: string,
  change: TableQueryChange
): TableQueryChange {
  if (change.search !== undefined || term === (table.search ?? '')) return change
  return { search: term || null, ...change }
}

/**
 * The table changes sent and not drawn yet. A visit cancels the one before
 * it, so a change made while an earlier sort, filter or page visit is still
 * waiting is built on top of that visit's change rather than on the table as
 * drawn (which would lose it). Forgotten as soon as a new table is drawn.
 */
export class PendingTableChanges {
  #table: TableContract | null = null
  #pending: TableQueryChange = {}

  /**
   * The change to send for `change`, made on the drawn `table`: the
   * changes still waiting under it. A change of anything but the page
   * goes back to page 1, as it does alone.
   */
  merge(table: TableContract, change: TableQueryChange): TableQueryChange {
    if (this.#table !== table) {
      this.#table = table
      this.#pending = {}
    }
    const pending: TableQueryChange = { ...this.#pending }
    const pageOnly = Object.keys(change).every((key) => key === 'page')
    if (!pageOnly && change.page === undefined) delete pending.page
    const merged: TableQueryChange = { ...pending, ...change }
    if (pending.filters || change.filters) {
      merged.filters = { ...pending.filters, ...change.filters }
    }
    this.#pending = merged
    return merged
  }
}

/**
 * `path?query` for a table state.
 */
export function tableUrl(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return search ? `${path}?${search}` : path
}

/**
 * The next sort when a header is activated: ascending, descending, none.
 */
export function nextSort(
  table: TableContract,
  column: string
): { sort: string | null; direction: 'asc' | 'desc' | null } {
  if (table.sort?.column !== column) return { sort: column, direction: 'asc' }
  if (table.sort.direction === 'asc') return { sort: column, direction: 'desc' }
  return { sort: null, direction: null }
}

/**
 * `aria-sort` of a header.
 */
export function ariaSort(table: TableContract, column: string) {
  if (table.sort?.column !== column) return 'none'
  return table.sort.direction === 'asc' ? 'ascending' : 'descending'
}

/**
 * Whether a table lists nothing because of its search or filters (not
 * because there are no records): the empty state offers to clear them.
 */
export function isFilteredEmpty(table: TableContract) {
  return Boolean(table.search) || (table.indicators ?? []).length > 0
}

/**
 * The change that clears a table's search and active filters.
 */
export function clearSearchChange(table: TableContract): TableQueryChange {
  return {
    search: null,
    filters: Object.fromEntries(
      (table.indicators ?? []).map((indicator) => [indicator.filter, null])
    ),
  }
}

/**
 * How long a form filter waits after the last key of a typed field before
 * applying it, so a visit is not sent per key.
 */
export const FORM_FILTER_TYPING_DELAY = 350

const TYPED_FIELDS = new Set<FormFieldContract['type']>([
  'text',
  'textarea',
  'password',
  'color',
  'keyValue',
  'richText',
  'markdown',
])

/**
 * Whether a form filter's field is typed key by key (its change waits for
 * a pause); selects, dates and toggles apply at once.
 */
export function isTypedFilterField(field: FormFieldContract): boolean {
  return TYPED_FIELDS.has(field.type)
}

/**
 * A form filter's value from its fields' values: the set ones (an empty
 * string or list is left out), or null when none is set.
 */
export function formFilterValue(
  values: Record<string, FormValue>
): Record<string, FormValue> | null {
  const set = Object.entries(values).filter(
    ([, value]) =>
      value !== null &&
      value !== undefined &&
      value !== '' &&
      !(Array.isArray(value) && value.length === 0)
  )
  return set.length ? Object.fromEntries(set) : null
}
