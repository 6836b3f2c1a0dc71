import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { Resource, ResourceQuery } from '../resource/resource.ts'
import { qualifiedKey, resourceQuery, type TrashedMode } from '../query/scoped_query.ts'
import { TRASHED_FILTER } from './builders.ts'
import type { KitContext } from '../types.ts'
import type { Table } from './table.ts'
import type { PageTab } from '../pages/page_tab.ts'

/**
 * Shortest search term that reaches the database.
 */
export const MIN_SEARCH_LENGTH = 2

/**
 * Longest search term kept (longer terms are cut).
 */
export const MAX_SEARCH_LENGTH = 255

/**
 * Highest page number accepted.
 */
const MAX_PAGE = 1_000_000_000

/**
 * Names of the query-string parameters a list page reads.
 */
export const TABLE_PARAMETERS = {
  search: 'search',
  sort: 'sort',
  direction: 'direction',
  page: 'page',
  perPage: 'perPage',
  filters: 'filters',
  tab: 'tab',
} as const

/**
 * The table state of one request, after every value was checked against what
 * the table declares.
 */
export interface TableState {
  search: string | null
  sort: { column: string; direction: 'asc' | 'desc' } | null
  page: number
  perPage: number
  /** Declared filters with an accepted value */
  filters: Record<string, string>
}

function firstString(value: unknown): string | null {
  if (Array.isArray(value)) {
    return firstString(value[0])
  }
  return typeof value === 'string' ? value : null
}

/**
 * Read the table state from the query string. Values outside what the table
 * declares are ignored: unknown sort columns, bad directions, page sizes
 * that are not options, page numbers that are not positive integers.
 */
export function readTableState(table: Table, query: Record<string, unknown>): TableState {
  /* search: trimmed, cut to the maximum length, ignored under the minimum */
  const search = normalizeSearchTerm(query[TABLE_PARAMETERS.search])

  /* sort: only a declared sortable column */
  let sort: TableState['sort'] = null
  const sortColumn = firstString(query[TABLE_PARAMETERS.sort])
  const column = sortColumn ? table.getColumn(sortColumn) : undefined
  if (column && column.isSortable()) {
    const direction = firstString(query[TABLE_PARAMETERS.direction])
    sort = { column: column.name, direction: direction === 'desc' ? 'desc' : 'asc' }
  } else {
    sort = table.getDefaultSort()
  }

  /* page: a positive integer, else 1 */
  const rawPage = firstString(query[TABLE_PARAMETERS.page])
  let page = rawPage && /^[0-9]{1,10}$/.test(rawPage) ? Number(rawPage) : 1
  if (page < 1 || page > MAX_PAGE) {
    page = 1
  }

  /* page size: one of the options, else the default */
  const rawPerPage = firstString(query[TABLE_PARAMETERS.perPage])
  const requested = rawPerPage && /^[0-9]{1,4}$/.test(rawPerPage) ? Number(rawPerPage) : Number.NaN
  const perPage = table.getPerPageOptions().includes(requested)
    ? requested
    : table.getDefaultPerPage()

  /* filters: declared names with a value among their options */
  const filters: Record<string, string> = {}
  const rawFilters = query[TABLE_PARAMETERS.filters]
  if (rawFilters && typeof rawFilters === 'object' && !Array.isArray(rawFilters)) {
    for (const filter of table.getFilters()) {
      if (!Object.hasOwn(rawFilters, filter.name)) {
        continue
      }
      const value = firstString((rawFilters as Record<string, unknown>)[filter.name])
      if (filter.accepts(value)) {
        filters[filter.name] = value
      }
    }
  }

  return { search, sort, page, perPage, filters }
}

/**
 * A search term as the kit uses it: the first string value, trimmed, without
 * NUL characters, cut to the maximum length; null under the minimum length
 * (such terms never reach the database).
 */
export function normalizeSearchTerm(value: unknown): string | null {
  let term = firstString(value)?.trim() ?? null
  if (term === null) {
    return null
  }
  term = term.replaceAll('\0', '').slice(0, MAX_SEARCH_LENGTH)
  return [...term].length < MIN_SEARCH_LENGTH ? null : term
}

/**
 * Narrow a query to the records where one of the attributes contains the
 * term, case-insensitively and literally (LIKE wildcards escaped). Each
 * target is a model property, or an attribute of a to-one relationship
 * searched through `whereHas`.
 */
export function whereSearch(
  query: ResourceQuery<any>,
  model: LucidModel,
  targets: { relationship: string | null; attribute: string }[],
  term: string
) {
  const pattern = `%${escapeLike(term.toLowerCase())}%`
  query.where((group) => {
    for (const target of targets) {
      if (target.relationship) {
        const related = model.$getRelation(target.relationship)!.relatedModel()
        group.orWhereHas(target.relationship as any, (relatedQuery: any) => {
          relatedQuery.whereRaw(`LOWER(??) LIKE ? ESCAPE '!'`, [
            sqlColumn(related, target.attribute),
            pattern,
          ])
        })
      } else {
        group.orWhereRaw(`LOWER(??) LIKE ? ESCAPE '!'`, [
          sqlColumn(model, target.attribute),
          pattern,
        ])
      }
    }
  })
  return query
}

/**
 * Escape LIKE wildcards so a term matches literally (with `ESCAPE '!'`).
 */
export function escapeLike(term: string): string {
  return term.replace(/[!%_]/g, (character) => `!${character}`)
}

/**
 * Column name in SQL of a model property, qualified by the model's table.
 */
export function sqlColumn(model: LucidModel, property: string): string {
  const column = model.$getColumn(property)?.columnName ?? property
  return `${model.table}.${column}`
}

/**
 * Build the list query of a table: the resource's scoped query, then the
 * search over searchable columns, then the sort (with the primary key as a
 * tie-breaker so pages are stable).
 */
export function tableQuery<Model extends LucidModel>(
  resource: Resource<Model>,
  table: Table,
  state: TableState,
  context: KitContext,
  options: { tab?: PageTab | null; preload?: boolean } = {}
): ResourceQuery<Model> {
  const trashed = resource.softDeletes ? state.filters[TRASHED_FILTER] : undefined
  let query = resourceQuery(resource, context, { trashed: trashed as TrashedMode | undefined })

  /* the active tab narrows the scoped query */
  if (options.tab) {
    query = options.tab.apply(query)
  }
  return applyTableState(query, resource.model, table, state, context, {
    preload: options.preload,
    skipFilters: trashed !== undefined ? [TRASHED_FILTER] : [],
  })
}

/**
 * Apply a table's state to a query that is already scoped: the search over
 * searchable columns, the accepted filter values, the eager loads of
 * relationship columns, then the sort (with the primary key as a
 * tie-breaker so pages are stable). Resource lists and relation managers
 * share it.
 */
export function applyTableState<Query extends ResourceQuery<any>>(
  query: Query,
  model: LucidModel,
  table: Table,
  state: TableState,
  context: KitContext,
  options: { preload?: boolean; skipFilters?: string[] } = {}
): Query {
  /* search: OR over the searchable columns, relationship columns through whereHas */
  const searchable = table.getColumns().filter((column) => column.isSearchable())
  if (state.search && searchable.length) {
    whereSearch(
      query,
      model,
      searchable.map((column) => ({
        relationship: column.relationship(),
        attribute: column.attribute(),
      })),
      state.search
    )
  }

  /* filters: only the accepted values of declared filters */
  for (const [name, value] of Object.entries(state.filters)) {
    if (options.skipFilters?.includes(name)) {
      continue
    }
    const filter = table.getFilter(name)!
    const custom = filter.getQuery()
    if (custom) {
      query.where((group) => {
        custom(group, value, context)
      })
    } else {
      query.where(sqlColumn(model, filter.getAttribute()), value)
    }
  }

  /* eager-load the relationships the columns read: one query per relationship */
  if (options.preload !== false) {
    for (const relationship of table.getRelationships()) {
      query.preload(relationship as any)
    }
  }

  if (state.sort) {
    query.orderBy(sqlColumn(model, state.sort.column), state.sort.direction)
  }
  query.orderBy(qualifiedKey(model), state.sort?.direction ?? 'asc')
  return query
}

/**
 * Run the list query for one page.
 */
export async function paginateTable<Model extends LucidModel>(
  resource: Resource<Model>,
  table: Table,
  state: TableState,
  context: KitContext,
  options: { tab?: PageTab | null } = {}
) {
  return tableQuery(resource, table, state, context, options).paginate(state.page, state.perPage)
}
