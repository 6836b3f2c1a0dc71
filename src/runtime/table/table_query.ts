import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { ModelPaginator } from '@adonisjs/lucid/orm'
import type { Resource, ResourceQuery } from '../../definitions/resource/resource.ts'
import {
  qualifiedKey,
  scopedQuery,
  trashedColumn,
  type TrashedMode,
} from '../query/scoped_query.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { plainOrder } from '../query/query_order.ts'
import type { RecordSource } from '../records/record_source.ts'
import { sqlColumn } from '../../support/sql.ts'
import { sourceOf } from '../records/resource_source.ts'
import { TRASHED_FILTER } from '../../definitions/table/builders.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { Table } from '../../definitions/table/table.ts'
import type { PageTab } from '../../definitions/pages/page_tab.ts'
import type { TableFilterValue } from '../../definitions/table/filters/filter_value.ts'
import {
  countRows,
  countedPage,
  countScope,
  paginateWithStrategy,
  type CountScope,
  type PageReader,
} from '../../definitions/table/count_strategy.ts'
import { CURSOR_PARAMETER, keysetFingerprint, paginateWithKeyset } from './keyset.ts'
import { escapeLike, searchCondition, type SearchStrategy } from '../../support/search_sql.ts'

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
  filters: Record<string, TableFilterValue>
  /** The keyset cursor of a table with `keysetPagination()` */
  cursor?: string | null
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

  /* filters: declared names with a value the filter accepts (among its
     options, a ternary state, valid days); anything else is ignored */
  const filters: Record<string, TableFilterValue> = {}
  const rawFilters = query[TABLE_PARAMETERS.filters]
  if (rawFilters && typeof rawFilters === 'object' && !Array.isArray(rawFilters)) {
    for (const filter of table.getFilters()) {
      if (!Object.hasOwn(rawFilters, filter.name)) {
        continue
      }
      const value = filter.parse((rawFilters as Record<string, unknown>)[filter.name])
      if (value !== null) {
        filters[filter.name] = value
      }
    }
  }

  const state: TableState = { search, sort, page, perPage, filters }
  if (table.isKeysetPaginated()) {
    state.cursor = firstString(query[CURSOR_PARAMETER])
  }
  return state
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
 * Narrow a query to the records where one of the attributes matches the
 * term, case-insensitively and literally (LIKE wildcards escaped), with each
 * target's search strategy (`contains` by default; see `SearchStrategy`).
 * Each target is a model property, or an attribute of a to-one relationship
 * searched through `whereHas`.
 */
export function whereSearch(
  query: ResourceQuery<any>,
  model: LucidModel,
  targets: { relationship: string | null; attribute: string; strategy?: SearchStrategy }[],
  term: string
) {
  const dialect: string = query.client.dialect.name
  const condition = (column: string, strategy: SearchStrategy = 'contains') => {
    const { sql, bindings } = searchCondition(dialect, strategy, column, term)
    return [sql, bindings] as const
  }
  query.where((group) => {
    for (const target of targets) {
      if (target.relationship) {
        const related = model.$getRelation(target.relationship)!.relatedModel()
        group.orWhereHas(target.relationship, (relatedQuery) => {
          relatedQuery.whereRaw(...condition(sqlColumn(related, target.attribute), target.strategy))
        })
      } else {
        group.orWhereRaw(...condition(sqlColumn(model, target.attribute), target.strategy))
      }
    }
  })
  return query
}

export { escapeLike }

export { sqlColumn }

/**
 * Build the list query of a table: the source's scoped query (a resource's,
 * or one owner's relationship), the active tab, then the table's state.
 */
export function tableQuery<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>,
  table: Table,
  state: TableState,
  context: KitContext,
  options: { tab?: PageTab | null; preload?: boolean } = {}
): ResourceQuery<Model> {
  const source = sourceOf(from)
  const trashed = source.softDeletes ? state.filters[TRASHED_FILTER] : undefined
  let query = scopedQuery(source, context, { trashed: trashed as TrashedMode | undefined })

  /* the active tab narrows the scoped query */
  if (options.tab) {
    query = options.tab.apply(query)
  }
  return applyTableState(query, source.model, table, state, context, {
    preload: options.preload,
    skipFilters: trashed !== undefined ? [TRASHED_FILTER] : [],
    /* date filters count days in the panel's time zone */
    timeZone: source.mount()?.options.presentation?.timeZone,
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
  options: { preload?: boolean; skipFilters?: string[]; timeZone?: string } = {}
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
        strategy: column.searchStrategy(),
      })),
      state.search
    )
  }

  /* filters: only the accepted values of declared filters */
  for (const [name, value] of Object.entries(state.filters)) {
    if (options.skipFilters?.includes(name)) {
      continue
    }
    table.getFilter(name)!.applyTo(query, value, {
      model,
      context,
      timeZone: options.timeZone ?? 'UTC',
    })
  }

  /* eager-load the relationships the columns read: one query per relationship */
  if (options.preload !== false) {
    for (const relationship of table.getRelationships()) {
      query.preload(relationship)
    }
  }

  /* grouped tables: the group first, so each group's rows follow each other */
  const group = table.getGroup()
  if (group) {
    query.orderBy(sqlColumn(model, group.column), group.direction)
  }
  if (state.sort) {
    const relationship = table.getColumn(state.sort.column)?.relationship()
    if (relationship) {
      orderByRelated(
        query,
        model,
        relationship,
        table.getColumn(state.sort.column)!.attribute(),
        state.sort.direction
      )
    } else {
      query.orderBy(sqlColumn(model, state.sort.column), state.sort.direction)
    }
  }
  query.orderBy(qualifiedKey(model), state.sort?.direction ?? 'asc')
  return query
}

/**
 * Sort by an attribute of a to-one relationship (belongsTo, hasOne) with a
 * correlated subquery: no join, so the scoped query's rows and columns stay
 * as they are. Records without a related row sort where the database puts
 * NULLs (first on SQLite and MySQL, last on PostgreSQL for ascending order).
 */
function orderByRelated(
  query: ResourceQuery<any>,
  model: LucidModel,
  relationship: string,
  attribute: string,
  direction: 'asc' | 'desc'
) {
  const relation = model.$getRelation(relationship)
  if (relation.type !== 'belongsTo' && relation.type !== 'hasOne') {
    throw new KitConfigurationException(
      `${model.name}: a column sorts by "${relationship}", which is not a to-one relationship`
    )
  }
  relation.boot()
  const related: LucidModel = relation.relatedModel()
  const [relatedKey, ownerKey] =
    relation.type === 'belongsTo'
      ? [sqlColumn(related, relation.localKey), sqlColumn(model, relation.foreignKey)]
      : [sqlColumn(related, relation.foreignKey), sqlColumn(model, relation.localKey)]
  query.orderByRaw(
    `(select ?? from ?? where ?? = ?? limit 1) ${direction === 'desc' ? 'desc' : 'asc'}`,
    [sqlColumn(related, attribute), related.table, relatedKey, ownerKey]
  )
}

/**
 * Run the list query for one page.
 */
export async function paginateTable<Model extends LucidModel>(
  resource: Resource<Model> | RecordSource<Model>,
  table: Table,
  state: TableState,
  context: KitContext,
  options: { tab?: PageTab | null } = {}
) {
  const query = tableQuery(resource, table, state, context, options)
  const strategy = table.getCountStrategy()
  const narrowed = state.search !== null || Object.keys(state.filters).length > 0
  const scope = () => listCountScope(resource, context, narrowed)
  const numbered = () =>
    strategy.kind === 'exact'
      ? paginateFromNearestEnd(query, state.page, state.perPage)
      : paginateWithStrategy(
          query,
          state.page,
          state.perPage,
          strategy,
          (total, page = state.page) => paginateFromNearestEnd(query, page, state.perPage, total),
          scope
        )
  if (table.isKeysetPaginated()) {
    const fingerprint = keysetFingerprint(state, options.tab?.key ?? null)
    /* a cursor's page: read with its seek, counted with the table's strategy */
    const counted = (read: PageReader) => {
      const exact = (total?: number) => countedPage(query, state.page, state.perPage, read, total)
      return strategy.kind === 'exact'
        ? exact()
        : paginateWithStrategy(query, state.page, state.perPage, strategy, exact, scope, read)
    }
    return paginateWithKeyset(query, state, fingerprint, numbered, counted)
  }
  return numbered()
}

/**
 * When a list's counts may show the database's estimate (see
 * {@link CountScope}): its scoped query compared with the model's query
 * carrying the soft-delete default alone; `narrowed` when a search or a
 * filter is on.
 */
export function listCountScope<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>,
  context: KitContext,
  narrowed: boolean
): CountScope {
  const source = sourceOf(from)
  const reference = source.model.query() as unknown as ResourceQuery<Model>
  if (source.softDeletes) {
    reference.whereNull(trashedColumn(source))
  }
  return countScope(scopedQuery(source, context), reference, narrowed)
}

/**
 * The order clauses of a query with every direction flipped, or null when
 * one of them cannot be flipped safely (raw SQL, explicit NULLS placement).
 * The table query always ends with the primary key, so its order is total
 * and the flipped order reads exactly the same rows backwards.
 */
function flippedOrder(query: ResourceQuery<any>): Array<[string, 'asc' | 'desc']> | null {
  return (
    plainOrder(query)?.map(({ column, direction }) => [
      column,
      direction === 'desc' ? 'asc' : 'desc',
    ]) ?? null
  )
}

/**
 * Paginate like Lucid's `paginate()` (one count, then one page of rows with
 * the preloads), but read a page in the second half of the results from the
 * end: the order is flipped, the offset counted from the last row, and the
 * rows put back in order. OFFSET makes the database walk every skipped row,
 * so the last pages of a large table cost what the first ones cost, and no
 * page walks more than half of the matching rows. The rows are the ones
 * `paginate()` returns. Queries Lucid's paginate() must keep (group by,
 * paginate hooks, orders that cannot be flipped) go through it unchanged.
 */
export async function paginateFromNearestEnd<Model extends LucidModel>(
  query: ResourceQuery<Model>,
  page: number,
  perPage: number,
  knownTotal?: number
): Promise<ModelPaginator> {
  const model = query.model
  const flipped = page > 1 ? flippedOrder(query) : null
  if (
    (!flipped && knownTotal === undefined) ||
    query.hasGroupBy ||
    model.$hooks.has('before:paginate') ||
    model.$hooks.has('after:paginate')
  ) {
    return query.paginate(page, perPage) as unknown as Promise<ModelPaginator>
  }

  const total = knownTotal ?? (await countRows(query))
  const offset = (page - 1) * perPage
  const size = Math.min(perPage, total - offset)

  let rows: LucidRow[] = []
  if (flipped && size > 0 && offset > total - offset - size) {
    /* past the middle: the same rows, read backwards from the end */
    const backwards = query.clone().clearOrder()
    for (const [column, direction] of flipped) {
      backwards.orderBy(column, direction)
    }
    rows = ((await backwards.offset(total - offset - size).limit(size)) as LucidRow[]).reverse()
  } else if (size > 0) {
    rows = (await query.clone().offset(offset).limit(perPage)) as LucidRow[]
  }

  const paginator = new ModelPaginator(total, perPage, page, ...rows)
  paginator.namingStrategy = model.namingStrategy
  return paginator
}
