/*
 * Benchmark server: boots the application of bench/app and serves it over
 * HTTP on HOST:PORT. With `--seed`, it only makes sure the item table of
 * BENCH_ROWS rows exists (seeding it when needed; `--force` always
 * re-seeds), rebuilds the bulk-action table when BENCH_BULK_ROWS is set,
 * prints the seconds it spent as JSON and exits.
 */

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

process.env.NODE_ENV ??= 'production'
process.env.PORT ??= '3415'
process.env.HOST ??= '127.0.0.1'
process.env.APP_KEY ??= 'kit-bench-application-key-0123456789'
process.env.LOG_LEVEL ??= 'error'
process.env.DB_CONNECTION ??= 'sqlite'
process.env.BENCH_ROWS ??= '10000'

const APP_ROOT = new URL('../app/', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

const ignitor = new Ignitor(APP_ROOT, { importer: IMPORTER }).tap((app) => {
  app.booting(async () => {
    await import('../app/start/env.ts')
  })
  app.listen('SIGTERM', () => app.terminate())
  app.listen('SIGINT', () => app.terminate())
})

try {
  if (process.argv.includes('--seed')) {
    const app = ignitor.createApp('console')
    await app.init()
    await app.boot()
    try {
      await app.start(async () => {})
      const { ensureItems, seedBulkItems } = await import('../app/database/seed.ts')
      const { TABLES } = await import('../app/app/models/bench_tables.ts')
      const rows = Number(process.env.BENCH_ROWS)
      const seconds = await ensureItems(TABLES.items, rows, process.argv.includes('--force'))
      const bulkRows = Number(process.env.BENCH_BULK_ROWS ?? 0)
      const bulkSeconds = bulkRows > 0 ? await seedBulkItems(bulkRows) : 0
      console.log(JSON.stringify({ table: TABLES.items, rows, seconds, bulkRows, bulkSeconds }))
    } finally {
      await app.terminate()
    }
  } else {
    await ignitor.httpServer().start()
  }
} catch (error) {
  process.exitCode = 1
  prettyPrintError(error)
}
