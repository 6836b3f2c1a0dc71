import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import { ModelPaginator } from '@adonisjs/lucid/orm'
import type { ResourceQuery } from '../resource/resource.ts'
import type { TablePaginationContract } from '../../contracts/main.ts'
import { qualifiedKey } from '../../support/sql.ts'

/**
 * How a table's pagination gets its total:
 * - `auto` (the default): a bounded count of the filtered query (at most
 *   `threshold + 1` rows read) gives the exact total of a small result;
 *   over the threshold, the database's estimate when nothing but the
 *   model's table scopes the query (see {@link CountScope}), else a lower
 *   bound ("10,000+");
 * - `exact`: a `count(*)` over the filtered query on every page;
 * - `estimate`: on PostgreSQL, the planner's row estimate of the filtered
 *   query (`EXPLAIN`, no rows read) when it is at least `threshold` rows,
 *   an exact count under it and on the other databases;
 * - `none` (simple pagination): no count at all; one row more than the page
 *   is read to know whether a next page exists.
 */
export type CountStrategy =
  | { kind: 'auto'; threshold: number }
  | { kind: 'exact' }
  | { kind: 'estimate'; threshold: number }
  | { kind: 'none' }

/** The row count up to which `auto` counts exactly */
export const AUTO_COUNT_THRESHOLD = 10_000

/**
 * How a total was obtained: counted, the database's estimate, or a lower
 * bound (a bounded count stopped: at least `total` rows match).
 */
export type CountKind = 'exact' | 'estimate' | 'atLeast'

/**
 * A total and how it was obtained.
 */
export interface KnownTotal {
  total: number
  kind: CountKind
}

/**
 * What a page tells about its total besides the numbers.
 */
export interface PaginationMeta {
  count: CountKind | 'none'
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
  const [{ total }] = await bare(query).count('* as total').pojo<{ total: number | string }>()
  return Number(total)
}

/**
 * A query without order, limit, offset or selected columns.
 */
function bare(query: ResourceQuery<any>): ResourceQuery<any> {
  return query.clone().clearOrder().clearLimit().clearOffset().clearSelect()
}

/**
 * The rows a query matches, counted up to `limit`: one `count(*)` over the
 * query's keys limited to `limit` rows, so the database stops reading there
 * (`select count(*) from (select key ... limit n)`).
 */
export async function boundedCount(query: ResourceQuery<any>, limit: number): Promise<number> {
  const model = query.model
  const keys = bare(query)
    .select(qualifiedKey(model))
    .limit(limit)
    .as('kit_bounded') as unknown as string
  const [{ total }] = await query.client.query().from(keys).count('* as total')
  return Number(total)
}

/**
 * When a count may show the database's estimate. An estimate describes a
 * query the database keeps statistics for: the model's table (PostgreSQL:
 * whatever the planner estimates, the tab's conditions and the soft-delete
 * default included). A query narrowed by a tenant, a parent, the
 * resource's `modifyQuery()`, a model query hook, a search or a filter is
 * never given an estimate: its count is exact or a lower bound.
 */
export interface CountScope {
  /** Nothing but the model's table (and the soft-delete default) scopes the list */
  plain: boolean
  /** The model's query with the soft-delete default only */
  reference: ResourceQuery<any>
}

/**
 * The SQL and bindings of a query's count, to compare two queries.
 */
function countSql(query: ResourceQuery<any>): string {
  const { sql, bindings } = bare(query).count('* as total').toSQL()
  return JSON.stringify([sql, bindings])
}

/**
 * The {@link CountScope} of a list: `scoped` is its scoped query before
 * the tab and the table state, `reference` the model's query with the
 * soft-delete default alone, `narrowed` whether a search or filter is on.
 */
export function countScope(
  scoped: ResourceQuery<any>,
  reference: ResourceQuery<any>,
  narrowed: boolean
): CountScope {
  const hooks = scoped.model.$hooks
  const plain =
    !narrowed &&
    !scoped.hasGroupBy &&
    !hooks.has('before:fetch') &&
    !hooks.has('before:find') &&
    !hooks.has('before:paginate') &&
    countSql(scoped) === countSql(reference)
  return { plain, reference }
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
    const { sql, bindings } = bare(query).select('*').toSQL()
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

const SQLITE_DIALECTS = new Set(['sqlite3', 'better-sqlite3', 'libsql'])

/**
 * The row count the database's statistics keep for a model's table
 * (MySQL/MariaDB: `information_schema.tables`; SQLite: `sqlite_stat1`,
 * written by `ANALYZE`), or null without statistics.
 */
async function tableStatistics(query: ResourceQuery<any>): Promise<number | null> {
  const client = query.client
  const [schema, table] = query.model.table.includes('.')
    ? query.model.table.split('.')
    : [null, query.model.table]
  try {
    if (client.dialect.name === 'mysql') {
      const [row] = await client
        .query()
        .from('information_schema.tables')
        .select('table_rows as total')
        .where('table_name', table)
        .where('table_schema', schema ?? client.raw('database()'))
      return row && row.total !== null ? Number(row.total) : null
    }
    if (SQLITE_DIALECTS.has(client.dialect.name)) {
      const [row] = await client.query().from('sqlite_stat1').select('stat').where('tbl', table)
      const rows = row ? Number.parseInt(String(row.stat), 10) : Number.NaN
      return Number.isFinite(rows) ? rows : null
    }
  } catch {
    /* no statistics (sqlite_stat1 exists once ANALYZE ran) */
  }
  return null
}

/**
 * The database's estimate of a count, where {@link CountScope} allows one:
 * PostgreSQL's planner estimate of the query (its tab and soft-delete
 * conditions included); elsewhere the table's statistics, only for the
 * model's query with the soft-delete default alone (a tab that narrows the
 * list is counted instead).
 */
async function scopedEstimate(
  query: ResourceQuery<any>,
  scope: CountScope
): Promise<number | null> {
  if (!scope.plain) {
    return null
  }
  if (query.client.dialect.name === 'postgres') {
    return estimatedRows(query)
  }
  return countSql(query) === countSql(scope.reference) ? tableStatistics(query) : null
}

/**
 * The total of a query under the `auto` strategy: a bounded count (exact
 * up to `threshold`), then over it the database's estimate where the scope
 * allows one, else the lower bound `threshold` ("10,000+").
 */
export async function autoTotal(
  query: ResourceQuery<any>,
  threshold: number,
  scope: CountScope
): Promise<KnownTotal> {
  const counted = await boundedCount(query, threshold + 1)
  if (counted <= threshold) {
    return { total: counted, kind: 'exact' }
  }
  const estimate = await scopedEstimate(query, scope)
  return estimate === null
    ? { total: threshold, kind: 'atLeast' }
    : { total: Math.max(estimate, counted), kind: 'estimate' }
}

/**
 * Reads the rows of a page: at most `limit` rows, in the query's order.
 */
export type PageReader = (limit: number) => Promise<LucidRow[]>

/**
 * Paginates with a total already known exactly (the `auto` strategy's
 * bounded count), or counts it when none is given; `page` reads another
 * page than the requested one (numbered pages: the last one, when a jump
 * went past the end of the rows).
 */
export type ExactPage = (total?: number, page?: number) => Promise<ModelPaginator>

/**
 * A page counted exactly: one `count(*)` (unless the total is known), then
 * the rows.
 */
export async function countedPage<Model extends LucidModel>(
  query: ResourceQuery<Model>,
  page: number,
  perPage: number,
  read: PageReader,
  total?: number
): Promise<ModelPaginator> {
  const counted = total ?? (await countRows(query))
  return paginator(query.model, counted, perPage, page, await read(perPage))
}

/**
 * Paginate a table query with a count strategy other than `exact` (see
 * {@link CountStrategy}). Pages are read with `read` (LIMIT/OFFSET unless
 * given: keyset pages pass their seek); `exact()` answers when the strategy
 * counts. The paginator carries how its total was obtained
 * ({@link paginationMeta}).
 *
 * A page whose total is not exact reads one row more than the page: a
 * short page is the last one (its total is then exact); a page past the
 * end of the rows (a numbered page jump beyond an estimate or a lower
 * bound) is counted exactly, and the real last page is read instead.
 */
export async function paginateWithStrategy<Model extends LucidModel>(
  query: ResourceQuery<Model>,
  page: number,
  perPage: number,
  strategy: Exclude<CountStrategy, { kind: 'exact' }>,
  exact: ExactPage,
  scope: () => CountScope,
  read: PageReader = async (limit) =>
    (await query
      .clone()
      .offset((page - 1) * perPage)
      .limit(limit)) as LucidRow[]
): Promise<ModelPaginator> {
  if (strategy.kind === 'none') {
    return uncountedPage(query, page, perPage, read)
  }
  let known: KnownTotal
  if (strategy.kind === 'estimate') {
    const estimate = await estimatedRows(query)
    if (estimate === null || estimate < strategy.threshold) {
      return exact()
    }
    known = { total: estimate, kind: 'estimate' }
  } else if (query.hasGroupBy) {
    /* grouped rows are counted as Lucid's paginate() counts them */
    return exact()
  } else {
    known = await autoTotal(query, strategy.threshold, scope())
    if (known.kind === 'exact') {
      return exact(known.total)
    }
  }

  const offset = (page - 1) * perPage
  const fetched = await read(perPage + 1)
  const hasMorePages = fetched.length > perPage
  const rows = hasMorePages ? fetched.slice(0, perPage) : fetched
  if (!rows.length && page > 1) {
    /* a jump past the end (an estimated last page beyond the rows): the
       count tells where the rows end, and the real last page is read */
    const counted = await exact()
    const last = Math.max(counted.lastPage, 1)
    return counted.total > 0 && last < page ? exact(counted.total, last) : counted
  }
  if (!hasMorePages) {
    /* the last page: the total is what was read */
    return paginator(query.model, offset + rows.length, perPage, page, rows)
  }
  /* neither bound hides the rows that were read (nor the next page) */
  const total = Math.max(known.total, offset + rows.length + 1)
  const result = paginator(query.model, total, perPage, page, rows)
  metas.set(result, { count: known.kind, hasMorePages })
  return result
}

/**
 * A page of simple pagination: no count, one row more than the page tells
 * whether a next page exists.
 */
async function uncountedPage(
  query: ResourceQuery<any>,
  page: number,
  perPage: number,
  read: PageReader
): Promise<ModelPaginator> {
  const offset = (page - 1) * perPage
  const fetched = await read(perPage + 1)
  const hasMorePages = fetched.length > perPage
  const rows = hasMorePages ? fetched.slice(0, perPage) : fetched
  /* the total is what is known: the rows up to this page, one more when a
     next page exists (so lastPage is the next page); past the end, the
     pages before */
  const total = rows.length ? offset + rows.length + (hasMorePages ? 1 : 0) : offset
  const result = paginator(query.model, total, perPage, page, rows)
  metas.set(result, { count: 'none', hasMorePages })
  return result
}
