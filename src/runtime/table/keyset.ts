import { createHash } from 'node:crypto'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { type ModelPaginator } from '@adonisjs/lucid/orm'
import type { ResourceQuery } from '../../definitions/resource/resource.ts'
import type { TablePaginationContract } from '../../contracts/main.ts'
import { qualifiedKey } from '../query/scoped_query.ts'
import { plainOrder } from '../query/query_order.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import { paginationMeta, type PageReader } from '../../definitions/table/count_strategy.ts'
import type { TableState } from './table_query.ts'

/**
 * Query-string parameter that carries a keyset cursor.
 */
export const CURSOR_PARAMETER = 'cursor'

export type CursorValue = string | number | boolean | null

/**
 * What a cursor holds: the page it leads to, the sort it was made for, the
 * sort value and key of the row it starts after (or ends before) and a
 * fingerprint of the search, filters, tab and page size. A cursor made for
 * another state is ignored (the page number applies).
 */
interface Cursor {
  /** Page number the cursor leads to */
  p: number
  /** Sort column (null: the key alone) and direction */
  s: string | null
  d: 'asc' | 'desc'
  /** Sort value (as the database stores it) and key of the boundary row */
  v: CursorValue
  k: string | number
  /** 1: the rows before the boundary (previous page); 0: after it */
  b: 0 | 1
  /** Fingerprint of search, filters, tab and page size */
  f: string
}

/**
 * The order a keyset can seek on: an optional plain column, then the
 * primary key, in one direction.
 */
export interface SeekOrder {
  column: string | null
  attribute: string | null
  key: string
  direction: 'asc' | 'desc'
}

const cursorsOfPages = new WeakMap<object, NonNullable<TablePaginationContract['cursors']>>()

/**
 * The `cursors` part of the pagination contract of a page read by
 * {@link paginateWithKeyset} (nothing for other pages).
 */
export function cursorMeta(page: object): Pick<TablePaginationContract, 'cursors'> {
  const cursors = cursorsOfPages.get(page)
  return cursors ? { cursors } : {}
}

function isCursorValue(value: unknown): value is CursorValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  )
}

/**
 * Decode a cursor from the query string; null for anything malformed.
 */
function decodeCursor(raw: unknown): Cursor | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) {
    return null
  }
  let parsed: any
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    !Number.isSafeInteger(parsed.p) ||
    parsed.p < 1 ||
    !(parsed.s === null || typeof parsed.s === 'string') ||
    (parsed.d !== 'asc' && parsed.d !== 'desc') ||
    !isCursorValue(parsed.v) ||
    !(
      typeof parsed.k === 'string' ||
      (typeof parsed.k === 'number' && Number.isFinite(parsed.k))
    ) ||
    (parsed.b !== 0 && parsed.b !== 1) ||
    typeof parsed.f !== 'string'
  ) {
    return null
  }
  return parsed as Cursor
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url')
}

/**
 * Fingerprint of what narrows the rows besides the sort: a cursor of
 * another search, filter, tab or page size does not apply.
 */
export function keysetFingerprint(state: TableState, tab: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify([state.search, state.filters, tab, state.perPage]))
    .digest('base64url')
    .slice(0, 12)
}

/**
 * The order of a table query when a keyset can seek on it: what
 * `applyTableState()` adds (the sort column when it is a plain column of the
 * model, then the primary key, in the same direction) and nothing else.
 */
export function seekOrder(
  query: ResourceQuery<any>,
  model: LucidModel,
  state: TableState
): SeekOrder | null {
  const order = plainOrder(query)
  const key = qualifiedKey(model)
  const direction = state.sort?.direction ?? 'asc'
  const expected = state.sort ? 2 : 1
  if (
    !order ||
    order.length !== expected ||
    order.some((clause) => clause.direction !== direction) ||
    order[order.length - 1].column !== key
  ) {
    return null
  }
  if (!state.sort) {
    return { column: null, attribute: null, key, direction }
  }
  const attribute = state.sort.column
  const definition = model.$getColumn(attribute)
  if (!definition || order[0].column !== `${model.table}.${definition.columnName}`) {
    return null
  }
  return { column: order[0].column, attribute, key, direction }
}

/**
 * Where NULLs sort in a direction: first on PostgreSQL for descending
 * order, first on SQLite and MySQL/MariaDB for ascending order.
 */
function nullsFirst(dialect: string, direction: 'asc' | 'desc') {
  return dialect === 'postgres' ? direction === 'desc' : direction === 'asc'
}

/**
 * Narrow a query to the rows after the boundary row (value, key) in an order.
 */
export function seekAfter(
  query: ResourceQuery<any>,
  order: SeekOrder,
  direction: 'asc' | 'desc',
  value: CursorValue,
  key: string | number,
  dialect: string
) {
  const comparison = direction === 'asc' ? '>' : '<'
  const column = order.column
  query.where((group: any) => {
    if (column === null) {
      group.where(order.key, comparison, key)
    } else if (value === null) {
      group.where((inner: any) => inner.whereNull(column).where(order.key, comparison, key))
      if (nullsFirst(dialect, direction)) group.orWhereNotNull(column)
    } else {
      group
        .where(column, comparison, value)
        .orWhere((inner: any) => inner.where(column, value).where(order.key, comparison, key))
      if (!nullsFirst(dialect, direction)) group.orWhereNull(column)
    }
  })
}

/**
 * The sort value (as the database stores it: a date as the column's
 * `prepare` formats it) and the key of a row, or null when either cannot
 * travel in a cursor.
 */
export function boundaryOf(
  record: LucidRow,
  model: LucidModel,
  order: SeekOrder
): { v: CursorValue; k: string | number } | null {
  const key = record.$primaryKeyValue
  if (typeof key !== 'string' && typeof key !== 'number') {
    return null
  }
  let value: unknown = null
  if (order.attribute) {
    value = valueOf(record, order.attribute)
    const definition = model.$getColumn(order.attribute)
    if (definition?.prepare && value !== null && value !== undefined) {
      value = definition.prepare(value, order.attribute, record)
    }
    value = value === undefined ? null : typeof value === 'bigint' ? String(value) : value
  }
  return isCursorValue(value) ? { v: value, k: key } : null
}

/**
 * Paginate with keyset conditions: a cursor of the same sort and state
 * reads its page with a seek condition (`(col, key) > (value, key)`, NULLs
 * where the database sorts them) and LIMIT, without OFFSET, so a page deep
 * in a large table costs what the first one costs; every page carries the
 * cursors of the next and the previous page. Without a (valid) cursor,
 * `numbered()` reads the page by number (jumps stay possible). Queries
 * whose order a keyset cannot seek on go through `numbered()` alone.
 */
export async function paginateWithKeyset<Model extends LucidModel>(
  query: ResourceQuery<Model>,
  state: TableState,
  fingerprint: string,
  numbered: () => Promise<ModelPaginator>,
  counted: (read: PageReader) => Promise<ModelPaginator>
): Promise<ModelPaginator> {
  const model = query.model
  const order = seekOrder(query, model, state)
  if (!order) {
    return numbered()
  }
  const dialect: string = query.client.dialect.name
  const cursor = decodeCursor(state.cursor)
  if (
    cursor === null ||
    cursor.s !== order.attribute ||
    cursor.d !== order.direction ||
    cursor.f !== fingerprint
  ) {
    return withCursors(await numbered(), model, order, fingerprint)
  }

  /* the page the cursor leads to is the request's page (the contract's `page`) */
  state.page = cursor.p
  const read: PageReader = async (limit) => {
    if (cursor.b) {
      /* the previous page: the rows before the boundary, read backwards */
      const flipped = order.direction === 'asc' ? 'desc' : 'asc'
      const backwards = query.clone().clearOrder()
      if (order.column) backwards.orderBy(order.column, flipped)
      backwards.orderBy(order.key, flipped)
      seekAfter(backwards, order, flipped, cursor.v, cursor.k, dialect)
      const rows = ((await backwards.limit(state.perPage)) as LucidRow[]).reverse()
      /* a page always follows this one (the boundary row's): asked for one
         row more than the page (simple pagination), answer it is there */
      return limit > state.perPage && rows.length ? [...rows, rows.at(-1)!] : rows
    }
    const forwards = query.clone()
    seekAfter(forwards, order, order.direction, cursor.v, cursor.k, dialect)
    return (await forwards.limit(limit)) as LucidRow[]
  }
  const page = await counted(read)
  if (!page.all().length) {
    /* the rows moved (deleted, re-sorted): read the cursor's page by number */
    return withCursors(await numbered(), model, order, fingerprint)
  }
  return withCursors(page, model, order, fingerprint)
}

/**
 * Whether a page follows: what the count strategy found out (an estimate
 * may overshoot, a page without a count knows from the extra row), else the
 * page number against the last page.
 */
function hasNextPage(page: ModelPaginator) {
  return paginationMeta(page).hasMorePages ?? page.currentPage < page.lastPage
}

/**
 * Attach the cursors of the next and previous pages to a page.
 */
function withCursors(
  page: ModelPaginator,
  model: LucidModel,
  order: SeekOrder,
  fingerprint: string
): ModelPaginator {
  const rows = page.all() as LucidRow[]
  const current = page.currentPage
  const first = rows.length ? boundaryOf(rows[0], model, order) : null
  const last = rows.length ? boundaryOf(rows.at(-1)!, model, order) : null
  const make = (p: number, boundary: { v: CursorValue; k: string | number }, b: 0 | 1) =>
    encodeCursor({ p, s: order.attribute, d: order.direction, ...boundary, b, f: fingerprint })
  cursorsOfPages.set(page, {
    parameter: CURSOR_PARAMETER,
    next: last && hasNextPage(page) ? make(current + 1, last, 0) : null,
    previous: first && current > 1 ? make(current - 1, first, 1) : null,
  })
  return page
}
