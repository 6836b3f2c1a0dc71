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
