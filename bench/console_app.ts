/*
 * The console boot shared by the single benchmarks (bench/export.ts,
 * bench/import.ts): bench/app booted as a console process on the database
 * BENCH_DB names, the benchmark run, its result printed as one JSON line,
 * the exit code 1 when it failed or threw.
 */

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

process.env.NODE_ENV ??= 'production'
process.env.PORT ??= '3415'
process.env.HOST ??= '127.0.0.1'
process.env.APP_KEY ??= 'kit-bench-application-key-0123456789'
process.env.LOG_LEVEL ??= 'error'
process.env.BENCH_ROWS ??= '10000'
process.env.DB_CONNECTION = (process.env.BENCH_DB ?? process.env.DB_CONNECTION ?? 'sqlite')
  .split(',')[0]
  .trim()

const APP_ROOT = new URL('./app/', import.meta.url)

/** Megabytes with one decimal */
export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

export async function runInConsole<Result>(
  bench: () => Promise<Result>,
  passed: (result: Result) => boolean
) {
  const ignitor = new Ignitor(APP_ROOT, {
    importer: (filePath: string) =>
      filePath.startsWith('./') || filePath.startsWith('../')
        ? import(new URL(filePath, APP_ROOT).href)
        : import(filePath),
  }).tap((app) => {
    app.booting(async () => {
      await import('./app/start/env.ts')
    })
  })
  const app = ignitor.createApp('console')
  try {
    await app.init()
    await app.boot()
    await app.start(async () => {})
    const result = await bench()
    console.log(JSON.stringify(result))
    if (!passed(result)) process.exitCode = 1
  } catch (error) {
    process.exitCode = 1
    prettyPrintError(error)
  } finally {
    await app.terminate()
  }
}

/**
 * The rows of a benchmark table in key order, read 10,000 at a time with a
 * keyset seek (flat memory whatever the row count).
 */
export async function* keyOrderedRows(
  client: any,
  table: string,
  columns: string[]
): AsyncGenerator<Record<string, any>> {
  let last = 0
  while (true) {
    const rows = await client
      .from(table)
      .select(...columns)
      .where('id', '>', last)
      .orderBy('id')
      .limit(10_000)
    yield* rows
    if (rows.length < 10_000) return
    last = rows[rows.length - 1].id
  }
}
