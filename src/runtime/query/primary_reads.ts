import { AsyncLocalStorage } from 'node:async_hooks'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Where the kit's reads go on a connection with read replicas (Lucid's
 * `replicas: { read, write }`): a page (GET) reads a replica; a request that
 * may write (POST, PATCH, DELETE) and a job read the primary, every query
 * of it, so a read that follows a write of the same request (the next chunk
 * of a bulk action, a job record after its claim, an export's cursor)
 * never sees a replica that lags behind that write, and the records a
 * request changes are read where they are written.
 */
const scope = new AsyncLocalStorage<{ primary: true }>()

/**
 * Run a callback with every kit query on the primary (Lucid's write
 * client), whatever the connection's replicas.
 *
 * @example
 * await readsOnPrimary(() => runBulkAction(...))
 */
export function readsOnPrimary<T>(callback: () => T): T {
  return scope.run({ primary: true }, callback)
}

/**
 * Whether the kit's reads go to the primary here.
 */
export function onPrimary(): boolean {
  return scope.getStore()?.primary === true
}

/**
 * The client of a model query of the kit: the one given (a transaction),
 * else the primary of the model's connection inside {@link readsOnPrimary},
 * else none (Lucid's default: reads on a replica when there are some).
 */
export function kitQueryClient(
  model: LucidModel,
  client?: QueryClientContract
): QueryClientContract | undefined {
  if (client || !onPrimary()) return client
  const db = (model.$adapter as unknown as { db?: PrimaryDatabase }).db
  return db?.connection(model.connection, { mode: 'write' })
}

/**
 * The part of Lucid's database service the kit calls.
 */
interface PrimaryDatabase {
  connection(name?: string, options?: { mode?: 'write' }): QueryClientContract
}
