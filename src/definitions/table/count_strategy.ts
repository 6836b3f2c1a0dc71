import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import { ModelPaginator } from '@adonisjs/lucid/orm'
import type { ResourceQuery } from '../resource/resource.ts'
import type { TablePaginationContract } from '../../contracts/main.ts'

/**
 * How a table's pagination gets its total:
 * - `exact`: a `count(*)` over the filtered query on every page (the default);
 * - `estimate`: on PostgreSQL, the planner's row estimate of the filtered
 *   query (`EXPLAIN`, no rows read) when it is at least `threshold` rows,
 *   an exact count under it and on the other databases;
 * - `none` (simple pagination): no count at all; one row more than the page
 *   is read to know whether a next page exists.
 */
export type CountStrategy =
  { kind: 'exact' } | { kind: 'estimate'; threshold: number } | { kind: 'none' }

/**
 * What a page tells about its total besides the numbers.
 */
export interface PaginationMeta {
  count: 'exact' | 'estimate' | 'none'
  hasMorePages: boolean
}

const metas = new WeakMap<object, PaginationMeta>()

/**
 * How the total of a page was obtained, for the `table` contract: nothing
 * for a counted page (the contract stays as it was), `count` and
 * `hasMorePages` for an estimated or uncounted one.
 */
export function paginationMeta(
  page: object
): Partial<Pick<TablePaginationContract, 'count' | 'hasMorePages'>> {
  return metas.get(page) ?? {}
}

function paginator(
  model: LucidModel,
  total: number,
  perPage: number,
  page: number,
  rows: LucidRow[]
) {
  const result = new ModelPaginator(total, perPage, page, ...rows)
  result.namingStrategy = model.namingStrategy
  return result
}

/**
 * The number of rows a query matches: one `count(*)` over it without order,
 * limit, offset or selected columns, as Lucid's `paginate()` runs it.
 */
export async function countRows(query: ResourceQuery<any>): Promise<number> {
  const [{ total }] = await query
    .clone()
    .clearOrder()
    .clearLimit()
    .clearOffset()
    .clearSelect()
    .count('* as total')
    .pojo<{ total: number | string }>()
  return Number(total)
}

/**
 * What PostgreSQL answers to `EXPLAIN (FORMAT JSON)`.
 */
interface ExplainResult {
  rows?: Array<{ 'QUERY PLAN'?: Array<{ Plan?: { 'Plan Rows'?: unknown } }> }>
}

/**
 * The planner's estimate of the rows a query matches (PostgreSQL), or null
 * elsewhere and when the plan cannot be read.
 */
export async function estimatedRows(query: ResourceQuery<any>): Promise<number | null> {
  const client = query.client
  if (client.dialect.name !== 'postgres') {
    return null
  }
  try {
    const { sql, bindings } = query
      .clone()
      .clearOrder()
      .clearLimit()
      .clearOffset()
      .clearSelect()
      .select('*')
      .toSQL()
    const result = await client.rawQuery(
      `EXPLAIN (FORMAT JSON) ${sql}`,
      /* knex's bindings (null included) as Lucid's raw query takes them */
      bindings as RawQueryBindings
    )
    const explained: ExplainResult = result
    const plan = explained.rows?.[0]?.['QUERY PLAN']?.[0]?.Plan
    const rows = Number(plan?.['Plan Rows'])
    return Number.isFinite(rows) ? Math.round(rows) : null
  } catch {
    return null
  }
}

/**
 * Reads the rows of a page: at most `limit` rows, in the query's order.
 */
export type PageReader = (limit: number) => Promise<LucidRow[]>

/**
 * A page counted exactly: one `count(*)`, then the rows.
 */
export async function countedPage<Model extends LucidModel>(
  query: ResourceQuery<Model>,
  page: number,
  perPage: number,
  read: PageReader
): Promise<ModelPaginator> {
  const total = await countRows(query)
  return paginator(query.model, total, perPage, page, await read(perPage))
}

/**
 * Paginate a table query with a count strategy other than `exact` (see
 * {@link CountStrategy}). Pages are read with `read` (LIMIT/OFFSET unless
 * given: keyset pages pass their seek); `exact()` answers when the strategy
 * falls back to counting. The paginator carries how its total was obtained
 * ({@link paginationMeta}).
 */
export async function paginateWithStrategy<Model extends LucidModel>(
  query: ResourceQuery<Model>,
  page: number,
  perPage: number,
  strategy: Exclude<CountStrategy, { kind: 'exact' }>,
  exact: () => Promise<ModelPaginator>,
  read: PageReader = async (limit) =>
    (await query
      .clone()
      .offset((page - 1) * perPage)
      .limit(limit)) as LucidRow[]
): Promise<ModelPaginator> {
  const model = query.model
  const offset = (page - 1) * perPage

  if (strategy.kind === 'estimate') {
    const estimate = await estimatedRows(query)
    if (estimate === null || estimate < strategy.threshold) {
      return exact()
    }
    const rows = await read(perPage)
    /* the estimate never hides rows that were read */
    const total = Math.max(estimate, offset + rows.length)
    const result = paginator(model, total, perPage, page, rows)
    metas.set(result, {
      count: 'estimate',
      hasMorePages: rows.length === perPage && offset + rows.length < total,
    })
    return result
  }

  /* no count: one row more than the page tells whether a next page exists */
  const fetched = await read(perPage + 1)
  const hasMorePages = fetched.length > perPage
  const rows = hasMorePages ? fetched.slice(0, perPage) : fetched
  /* the total is what is known: the rows up to this page, one more when a
     next page exists (so lastPage is the next page); past the end, the
     pages before */
  const total = rows.length ? offset + rows.length + (hasMorePages ? 1 : 0) : offset
  const result = paginator(model, total, perPage, page, rows)
  metas.set(result, { count: 'none', hasMorePages })
  return result
}
