import { AsyncLocalStorage } from 'node:async_hooks'
import db from '@adonisjs/lucid/services/db'

/**
 * What the probe records for one request.
 */
export interface ProbeState {
  queries: number
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
