/*
 * `npm run bench -- import`: the import of 100,000 CSV rows, 1% of them
 * invalid, through the real job. Boots bench/app as a console process,
 * builds the CSV (every 100th row has an empty title, a status outside the
 * enum or a negative price, in turn), starts the import as the HTTP action
 * does (authorized, the `kit_jobs` record, the embedded worker), waits for
 * it, and checks: exactly the valid rows written (count and a SHA-256 of
 * the rows against the valid CSV lines), the `afterCreate` hook called
 * once per written row, the report listing exactly the invalid lines.
 * Prints the time, the peak RSS and heap growth and the heap left after a
 * garbage collection; exits with 1 when a check fails.
 *
 *   BENCH_DB=sqlite             the database (sqlite, pg, mysql); one per run
 *   BENCH_IMPORT_ROWS=100000    CSV rows
 *   PG_*, MYSQL_*, SQLITE_FILE as for the test suite
 *
 * Not part of CI; results in docs/export-import.md.
 */

import { createHash } from 'node:crypto'
import { keyOrderedRows, mb, runInConsole } from './console_app.ts'
import { ensureJobsTable } from './jobs_table.ts'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
const TABLE = 'bench_import_items'

await runInConsole(bench, (result) => result.identical && result.hooksMatch && result.reportMatches)

/** Row `index` (1-based) of the CSV: every 100th is invalid, in three ways in turn */
function csvRow(index: number): { line: string; valid: boolean } {
  const title = `Imported ${index}`
  const price = index % 10_000
  if (index % 100 !== 0) return { line: `${title},published,${price}`, valid: true }
  const kind = (index / 100) % 3
  if (kind === 0) return { line: `,published,${price}`, valid: false }
  if (kind === 1) return { line: `${title},archived,${price}`, valid: false }
  return { line: `${title},draft,-${price + 1}`, valid: false }
}

async function bench() {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { ensureBase } = await import('./app/database/seed.ts')
  const client = db.connection()
  const dialect = client.dialect.name
  await ensureBase(client)
  await ensureJobsTable(client)
  if (await client.schema.hasTable(TABLE)) await client.schema.dropTable(TABLE)
  await client.schema.createTable(TABLE, (table: any) => {
    table.increments('id')
    table.string('title', 120).notNullable()
    table.string('status', 20).notNullable()
    table.integer('price').notNullable()
  })

  const lines = ['title,status,price']
  const validHash = createHash('sha256')
  const invalidLines: string[] = []
  let valid = 0
  for (let index = 1; index <= ROWS; index++) {
    const row = csvRow(index)
    lines.push(row.line)
    if (row.valid) {
      valid++
      validHash.update(`${row.line}\n`)
    } else {
      /* the report numbers rows as the file's lines (the header is line 1) */
      invalidLines.push(String(index + 1))
    }
  }
  const csv = `${lines.join('\n')}\n`

  const { default: BenchUser } = await import('./app/app/models/bench_user.ts')
  const { default: ImportItemResource } =
    await import('./app/app/resources/import_item_resource.ts')
  const { startImport } = await import('../src/runtime/import/import_job.ts')
  const { jobOptions } = await import('../src/runtime/jobs/job_runtime.ts')
  const { waitForJob } = await import('../src/runtime/jobs/job_waiting.ts')
  const mount = jobOptions()
    .mounts()
    .find((candidate) => candidate.routeName('index') === 'kit.exports.import-items.index')
  if (!mount) throw new Error('the import-items mount is not registered')
  const action = (mount.listPage()!.page as any).headerActions()[0]
  const user = (await BenchUser.findOrFail(1)) as any
  const disk = await jobOptions().disk()

  globalThis.gc?.()
  const base = process.memoryUsage()
  const peak = { rss: base.rss, heap: base.heapUsed }
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    peak.rss = Math.max(peak.rss, now.rss)
    peak.heap = Math.max(peak.heap, now.heapUsed)
  }, 20)
  ImportItemResource.hookCalls = 0
  const started = performance.now()
  const job = await startImport(mount, { user }, action, { csv }, disk)
  const done = await waitForJob(job.id, 3_600_000)
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  if (done.status !== 'completed') throw new Error(`the import ${done.status}: ${done.error}`)
  /* what the job left behind once the garbage is collected */
  globalThis.gc?.()
  const after = process.memoryUsage()

  /* the rows written against the valid CSV lines, in key (= file) order */
  const writtenHash = createHash('sha256')
  let written = 0
  for await (const row of keyOrderedRows(client, TABLE, ['id', 'title', 'status', 'price'])) {
    written++
    writtenHash.update(`${row.title},${row.status},${row.price}\n`)
  }
  const reported = await reportedLines(disk, done.result as any)
  await client.from('kit_jobs').where('id', job.id).delete()

  return {
    database: dialect,
    rows: ROWS,
    validRows: valid,
    invalidRows: invalidLines.length,
    importSeconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(ROWS / seconds),
    processed: done.processed,
    failed: done.failed,
    written,
    identical: written === valid && writtenHash.digest('hex') === validHash.digest('hex'),
    hookCalls: ImportItemResource.hookCalls,
    hooksMatch: ImportItemResource.hookCalls === valid,
    reportMatches: JSON.stringify(reported) === JSON.stringify(invalidLines),
    rssGrowthMB: mb(peak.rss - base.rss),
    heapGrowthMB: mb(peak.heap - base.heapUsed),
    heapRetainedMB: mb(after.heapUsed - base.heapUsed),
  }
}

/** The line numbers the job's report lists (its first column) */
async function reportedLines(disk: any, result: Record<string, any> | null) {
  const file = result?.report
  if (typeof file !== 'string') return []
  const text: string = await disk.get(file)
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.length)
    .map((line) => line.split(',')[0].replace(/^"|"$/g, ''))
}
