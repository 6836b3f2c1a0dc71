import type { KitContext } from '../../definitions/types.ts'
import type { Table } from '../../definitions/table/table.ts'
import { TABLE_PARAMETERS } from './table_query.ts'

/**
 * Query-string parameter that forgets a table's stored state.
 */
export const RESET_PARAMETER = 'reset'

/**
 * Largest stored state, in characters of JSON (larger states are not kept).
 */
const MAX_STORED_STATE = 4096

/** The parameters a stored state keeps (the page is not kept) */
const KEPT: readonly string[] = [
  TABLE_PARAMETERS.search,
  TABLE_PARAMETERS.sort,
  TABLE_PARAMETERS.direction,
  TABLE_PARAMETERS.perPage,
  TABLE_PARAMETERS.filters,
  TABLE_PARAMETERS.tab,
] as const

interface SessionLike {
  get(key: string, defaultValue?: unknown): unknown
  put(key: string, value: unknown): void
  forget(key: string): void
}

/**
 * The query a list reads, for a table with `persistInSession()`: a request
 * with table parameters is stored (search, sort, page size, filters, tab)
 * under the table's key in the session; a request without any restores
 * the stored ones; `?reset=1` forgets them. Stored values are read again
 * through `readTableState()`, so they are checked like any query string.
 * Without a session (kit() without HTTP, an API client) the query is used
 * as it is.
 */
export function persistedTableQuery(
  table: Table,
  key: string,
  query: Record<string, unknown>,
  context: KitContext
): Record<string, unknown> {
  const session = (context.http as { session?: SessionLike } | undefined)?.session
  if (!table.persistsInSession() || !session) return query
  /* dots would nest the value in the session store */
  const sessionKey = `kit-table:${key.replaceAll('.', ':')}`

  if (Object.hasOwn(query, RESET_PARAMETER)) {
    session.forget(sessionKey)
    return Object.fromEntries(
      Object.entries(query).filter(([name]) => name !== RESET_PARAMETER && !KEPT.includes(name))
    )
  }

  const kept = Object.fromEntries(Object.entries(query).filter(([name]) => KEPT.includes(name)))
  if (Object.keys(kept).length === 0) {
    const stored = session.get(sessionKey, null)
    return stored && typeof stored === 'object' && !Array.isArray(stored)
      ? { ...query, ...(stored as Record<string, unknown>) }
      : query
  }
  if (JSON.stringify(kept).length <= MAX_STORED_STATE) {
    session.put(sessionKey, kept)
  }
  return query
}
