/*
 * `npm run bench -- export`: the export of 1,000,000 rows through the real
 * job. Boots bench/app as a console process, seeds `bench_export_items`
 * (one INSERT ... SELECT; reused when it already holds BENCH_EXPORT_ROWS
 * rows), starts the CSV export as the HTTP action does (authorized, the
 * `kit_jobs` record, the embedded worker), waits for it, and measures its
 * time and the process's peak RSS and heap growth over the baseline. Then
 * the file is read back as a stream and compared line for line with the
 * query read in key order (count and SHA-256 of both). Exits with 1 when
 * they differ or the growth goes over BENCH_EXPORT_MAX_MB (default 100).
 *
 *   BENCH_DB=sqlite             the database (sqlite, pg, mysql); one per run
 *   BENCH_EXPORT_ROWS=1000000   rows exported
 *   BENCH_EXPORT_MAX_MB=100     the memory goal
 *   BENCH_EXPORT_FORMAT=csv     csv, or xlsx (the streaming workbook writer; the file is read
 *                               back with the streaming workbook reader)
 *   PG_*, MYSQL_*, SQLITE_FILE as for the test suite
 *
 * Not part of CI; results in docs/export-import.md.
 */

import { createHash } from 'node:crypto'
import { createInterface } from 'node:readline'
import { keyOrderedRows, mb, runInConsole } from './console_app.ts'
import { ensureJobsTable } from './jobs_table.ts'

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000)
const MAX_MB = Number(process.env.BENCH_EXPORT_MAX_MB ?? 100)
const FORMAT = process.env.BENCH_EXPORT_FORMAT === 'xlsx' ? 'xlsx' : 'csv'
const TABLE = 'bench_export_items'

await runInConsole(
  bench,
  (result) => result.identical && result.rssGrowthMB <= MAX_MB && result.heapGrowthMB <= MAX_MB
)

async function bench() {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const { ensureBase } = await import('./app/database/seed.ts')
  const client = db.connection()
  const dialect = client.dialect.name
  await ensureBase(client)
  await ensureJobsTable(client)
  const seedSeconds = await seedRows(client, dialect)

  const { default: BenchUser } = await import('./app/app/models/bench_user.ts')
  const { startExport } = await import('../src/runtime/export/export_job.ts')
  const { jobOptions } = await import('../src/runtime/jobs/job_runtime.ts')
  const { waitForJob } = await import('../src/runtime/jobs/job_waiting.ts')
  const mount = jobOptions()
    .mounts()
    .find((candidate) => candidate.routeName('index') === 'kit.exports.export-items.index')
  if (!mount) throw new Error('the export-items mount is not registered')
  const list = mount.listPage()!
  const action = (list.page as any)
    .headerActions()
    .find((candidate: any) => candidate.name === (FORMAT === 'xlsx' ? 'exportXlsx' : 'export'))
  const user = (await BenchUser.findOrFail(1)) as any

  /* the baseline: the app booted, the rows seeded, the garbage collected */
  globalThis.gc?.()
  const base = process.memoryUsage()
  const peak = { rss: base.rss, heap: base.heapUsed }
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    peak.rss = Math.max(peak.rss, now.rss)
    peak.heap = Math.max(peak.heap, now.heapUsed)
  }, 20)

  const started = performance.now()
  const job = await startExport(mount, { user }, 'header', action, {})
  const done = await waitForJob(job.id, 3_600_000)
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  if (done.status !== 'completed') throw new Error(`the export ${done.status}: ${done.error}`)
  /* what the job left behind once the garbage is collected */
  globalThis.gc?.()
  const after = process.memoryUsage()

  const compared =
    FORMAT === 'xlsx'
      ? await compareWorkbook(client, done.result!.file)
      : await compare(client, done.result!.file)
  const disk = await jobOptions().disk()
  const meta = await disk.getMetaData(done.result!.file)
  const bytes = meta.contentLength
  await disk.deleteAll(done.result!.file.slice(0, done.result!.file.lastIndexOf('/')))
  await client.from('kit_jobs').where('id', job.id).delete()

  return {
    database: dialect,
    format: FORMAT,
    rows: ROWS,
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    exportSeconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(ROWS / seconds),
    fileMB: mb(bytes),
    rssGrowthMB: mb(peak.rss - base.rss),
    heapGrowthMB: mb(peak.heap - base.heapUsed),
    heapRetainedMB: mb(after.heapUsed - base.heapUsed),
    processed: done.processed,
    ...compared,
  }
}

/**
 * ROWS rows in one INSERT ... SELECT over a generated sequence; every 97th
 * title holds a comma and quotes (CSV quoting), every 101st starts with
 * `=` (formula neutralizing). Reused when the table holds ROWS rows.
 */
async function seedRows(client: any, dialect: string) {
  if (await client.schema.hasTable(TABLE)) {
    const [{ total }] = await client.from(TABLE).count('* as total')
    if (Number(total) === ROWS) return 0
    await client.schema.dropTable(TABLE)
  }
  const started = performance.now()
  await client.schema.createTable(TABLE, (table: any) => {
    table.integer('id').primary()
    table.string('title', 120).notNullable()
    table.string('status', 20).notNullable()
    table.integer('price').notNullable()
  })
  const sequence =
    dialect === 'postgres'
      ? `(SELECT generate_series(1, ${ROWS}) AS g) AS seq`
      : `(WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ${ROWS}) SELECT g FROM s) AS seq`
  const text = (parts: string[]) =>
    dialect === 'mysql' ? `CONCAT(${parts.join(', ')})` : parts.join(' || ')
  if (dialect === 'mysql')
    await client.rawQuery(`SET SESSION cte_max_recursion_depth = ${ROWS + 1}`)
  await client.rawQuery(
    `INSERT INTO ${TABLE} (id, title, status, price)
     SELECT g,
       CASE WHEN g % 101 = 0 THEN ${text(["'=Item '", 'g'])}
            WHEN g % 97 = 0 THEN ${text(["'Item '", 'g', `', "quoted"'`])}
            ELSE ${text(["'Item '", 'g'])} END,
       CASE WHEN g % 3 = 0 THEN 'draft' ELSE 'published' END,
       g % 10000
     FROM ${sequence}`
  )
  return (performance.now() - started) / 1000
}

/**
 * The query's rows in key order, 10,000 at a time, each as the cells the
 * export must hold (formulas neutralized).
 */
async function* expectedRows(client: any): AsyncGenerator<string[]> {
  const { neutralizeFormula } = await import('../src/runtime/export/csv.ts')
  for await (const row of keyOrderedRows(client, TABLE, ['id', 'title', 'status', 'price'])) {
    yield [String(row.id), row.title, row.status, String(row.price)].map(neutralizeFormula)
  }
}

/**
 * The XLSX file against the query: the sheet's rows read with the streaming
 * workbook reader (cells as text, joined with tabs).
 */
async function compareWorkbook(client: any, file: string) {
  const { jobOptions } = await import('../src/runtime/jobs/job_runtime.ts')
  const { default: ExcelJS } = await import('exceljs')
  const disk = await jobOptions().disk()
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await disk.getStream(file), {
    sharedStrings: 'cache',
    worksheets: 'emit',
  })
  async function* sheetLines() {
    for await (const sheet of reader as any) {
      for await (const row of sheet as any) {
        yield (row.values as unknown[])
          .slice(1)
          .map((cell) => String(cell ?? ''))
          .join('\t')
      }
    }
  }
  async function* queryLines() {
    for await (const cells of expectedRows(client)) yield cells.join('\t')
  }
  return compareLines(sheetLines(), queryLines())
}

/**
 * The CSV file against the query: the file line by line from the disk,
 * each row written as the line it must be (csvLine).
 */
async function compare(client: any, file: string) {
  const { jobOptions } = await import('../src/runtime/jobs/job_runtime.ts')
  const { csvLine } = await import('../src/runtime/export/csv.ts')
  const disk = await jobOptions().disk()
  const lines = createInterface({ input: await disk.getStream(file), crlfDelay: Infinity })
  async function* queryLines() {
    for await (const cells of expectedRows(client)) yield csvLine(cells).slice(0, -2)
  }
  return compareLines(lines, queryLines())
}

/**
 * A file's lines (after its header) against the query's, both streamed:
 * counted and hashed, with the first difference.
 */
async function compareLines(file: AsyncIterable<string>, query: AsyncIterable<string>) {
  const expected = query[Symbol.asyncIterator]()
  const fileHash = createHash('sha256')
  const queryHash = createHash('sha256')
  let header: string | null = null
  let fileLines = 0
  let queryRows = 0
  let firstDifference: string | null = null
  for await (const line of file) {
    if (header === null) {
      header = line.replace(/^\uFEFF/, '')
      continue
    }
    fileLines++
    fileHash.update(`${line}\n`)
    const next = await expected.next()
    if (!next.done) {
      queryRows++
      queryHash.update(`${next.value}\n`)
    }
    if (firstDifference === null && (next.done || next.value !== line)) {
      firstDifference = `line ${fileLines + 1}: ${JSON.stringify(line)} != ${JSON.stringify(next.value ?? null)}`
    }
  }
  for (let next = await expected.next(); !next.done; next = await expected.next()) {
    queryRows++
    queryHash.update(`${next.value}\n`)
    firstDifference ??= `the file ends before row ${queryRows}`
  }
  const fileSha = fileHash.digest('hex')
  const querySha = queryHash.digest('hex')
  return {
    header,
    fileLines,
    queryRows,
    fileSha256: fileSha,
    querySha256: querySha,
    identical: fileLines === queryRows && fileSha === querySha && firstDifference === null,
    firstDifference,
  }
}
