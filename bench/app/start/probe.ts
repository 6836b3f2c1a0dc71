import { AsyncLocalStorage } from 'node:async_hooks'
import db from '@adonisjs/lucid/services/db'

/**
 * What the probe records for one request.
 */
export interface ProbeState {
  queries: number
  /** BENCH_PHASES=1: milliseconds spent waiting for each kind of statement */
  sql?: Record<string, number>
}

/**
 * The kind of a statement, for the per-phase timings: the pagination count,
 * the page of rows, the eager loads (`IN (...)`), the estimate (`EXPLAIN`).
 */
export function statementKind(sql: string): string {
  const lower = sql.toLowerCase()
  if (lower.startsWith('explain')) return 'estimate'
  if (lower.includes('count(')) return 'count'
  if (/ in \(/.test(lower) && !lower.includes('limit')) return 'preload'
  if (lower.startsWith('select')) return 'page'
  return 'other'
}

export const probeStorage = new AsyncLocalStorage<ProbeState>()

/**
 * Count every statement the database driver runs (knex's `query` event,
 * transactions included) against the request that ran it.
 */
const connection = db.connection()
const clients = new Set([connection.getWriteClient(), connection.getReadClient()])
for (const client of clients) {
  client.on('query', () => {
    const state = probeStorage.getStore()
    if (state) state.queries++
  })
}

/**
 * BENCH_PHASES=1: add each statement's duration to its request's phase
 * (answered in a `server-timing` header by the probe middleware).
 */
if (process.env.BENCH_PHASES === '1') {
  const started = new Map<string, { at: number; state: ProbeState | undefined; sql: string }>()
  for (const client of clients) {
    client.on('query', (query: any) =>
      started.set(query.__knexQueryUid, {
        at: performance.now(),
        state: probeStorage.getStore(),
        sql: query.sql,
      })
    )
    client.on('query-response', (_response: unknown, query: any) => {
      const start = started.get(query.__knexQueryUid)
      started.delete(query.__knexQueryUid)
      if (start?.state) {
        const kind = statementKind(start.sql)
        start.state.sql ??= {}
        start.state.sql[kind] = (start.state.sql[kind] ?? 0) + performance.now() - start.at
      }
    })
  }
}

/**
 * BENCH_TRACE=1: print each statement with its duration (for profiling).
 */
if (process.env.BENCH_TRACE === '1') {
  const started = new Map<string, number>()
  for (const client of clients) {
    client.on('query', (query: any) => started.set(query.__knexQueryUid, performance.now()))
    client.on('query-response', (_response: unknown, query: any) => {
      const start = started.get(query.__knexQueryUid)
      started.delete(query.__knexQueryUid)
      if (start !== undefined) {
        console.log(`${(performance.now() - start).toFixed(1)} ms  ${query.sql}`)
      }
    })
  }
}
