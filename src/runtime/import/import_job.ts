import { buildForm } from '../../definitions/table/builders.ts'
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { errors as vineErrors } from '@vinejs/vine'
import type { Disk } from 'flydrive'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  KitConfigurationException,
  RecordNotFoundException,
  UnauthorizedOperationException,
} from '../../support/errors.ts'
import { ImportAction, type ImportColumn } from '../../definitions/export/import_action.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { ListRecords } from '../../definitions/pages/resource_page.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { sourceOf } from '../records/resource_source.ts'
import { scopedQuery } from '../query/scoped_query.ts'
import { sqlColumn } from '../../support/sql.ts'
import { createRecord, updateRecord } from '../mutation/mutation_runner.ts'
import { validateWith } from '../validation/validator_cache.ts'
import {
  dispatchJob,
  JobTakenOverError,
  registerJobHandler,
  yieldToEventLoop,
  type JobRun,
} from '../jobs/job_runtime.ts'
import type { JobRecord } from '../jobs/job_store.ts'
import { csvBatches, csvLine, csvRows, textPieces } from '../export/csv.ts'
import { xlsxRows } from './xlsx_rows.ts'

/**
 * The job kind of imports.
 */
export const IMPORT_JOB = 'import'

/**
 * Largest file (CSV or XLSX) an import accepts.
 */
const MAX_CSV_BYTES = 20 * 1024 * 1024

function importAction(mount: ResourceMount, name: unknown): ImportAction {
  const list = mount.listPage()
  const action = list
    ? (list.page as ListRecords)
        .headerActions()
        .find((candidate) => candidate.name === name && candidate instanceof ImportAction)
    : undefined
  if (!action) {
    throw new RecordNotFoundException('Action not found')
  }
  return action as ImportAction
}

async function authorizeImport(mount: ResourceMount, action: ImportAction, context: KitContext) {
  const source = sourceOf(mount.resource)
  const allowed =
    (await action.allows({ record: null, user: context.user, http: context.http })) &&
    (await source.allows(ResourceOperation.Create, null, context))
  if (!allowed) {
    throw new UnauthorizedOperationException()
  }
}

function fieldError(field: string, message: string, rule = 'required') {
  return new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}

/**
 * The column → CSV header index mapping: the submitted one (every named
 * header must exist), else each column's name, label or aliases.
 */
function mapColumns(columns: ImportColumn[], header: string[], submitted: unknown) {
  const normalized = header.map((name) => name.trim().toLowerCase())
  const mapping: Record<string, number> = {}
  /* a multipart form (the panel's import dialog) sends the mapping as JSON */
  if (typeof submitted === 'string' && submitted !== '') {
    try {
      submitted = JSON.parse(submitted)
    } catch {
      throw fieldError('mapping', 'The mapping is not valid JSON', 'mapping')
    }
    if (!submitted || typeof submitted !== 'object' || Array.isArray(submitted)) {
      throw fieldError('mapping', 'The mapping is not valid JSON', 'mapping')
    }
  }
  if (submitted && typeof submitted === 'object' && !Array.isArray(submitted)) {
    for (const column of columns) {
      const chosen = (submitted as Record<string, unknown>)[column.name]
      if (chosen === undefined || chosen === null || chosen === '') continue
      const index = typeof chosen === 'string' ? header.indexOf(chosen) : -1
      if (index === -1) {
        throw fieldError(`mapping.${column.name}`, 'Unknown column in the file', 'mapping')
      }
      mapping[column.name] = index
    }
    return mapping
  }
  for (const column of columns) {
    const index = normalized.findIndex((name) => column.headers().includes(name))
    if (index !== -1) mapping[column.name] = index
  }
  return mapping
}

/**
 * The file of an import request: a `csv` string (JSON clients, kit()) or an
 * uploaded `file` (multipart), a CSV or an XLSX workbook, left where it is
 * (only its header is read).
 */
type UploadedCsv = { text: string } | { path: string; format: 'csv' | 'xlsx' }

function uploadedCsv(context: KitContext, input: Record<string, any>): UploadedCsv {
  if (typeof input.csv === 'string' && input.csv.length) {
    if (Buffer.byteLength(input.csv) > MAX_CSV_BYTES)
      throw fieldError('file', 'File too large', 'size')
    return { text: input.csv }
  }
  const file = context.http?.request.file('file', {
    size: '20mb',
    extnames: ['csv', 'txt', 'xlsx'],
  })
  if (!file || !file.tmpPath) {
    throw fieldError('file', 'Choose a CSV or XLSX file')
  }
  if (!file.isValid) {
    /* the type is read from the file's content: a wrong one is named plainly */
    const error = file.errors[0]
    const message = error?.type === 'extname' ? 'Choose a CSV or XLSX file' : error?.message
    throw fieldError('file', message ?? 'Invalid file', 'file')
  }
  return { path: file.tmpPath, format: file.extname === 'xlsx' ? 'xlsx' : 'csv' }
}

/**
 * The first row of a CSV stream: read until it is complete, the rest of the
 * stream left unread.
 */
async function firstRow(source: Iterable<string> | AsyncIterable<Uint8Array | string>) {
  for await (const row of csvRows(source)) return row
  return []
}

/**
 * How much of an uploaded CSV its header is read from.
 */
const HEAD_BYTES = 64 * 1024

/**
 * The header row of an upload: a CSV's read from its head only, an XLSX
 * workbook's first row (a file exceljs cannot read is a per-field error).
 */
async function csvHeader(upload: UploadedCsv): Promise<string[]> {
  if ('format' in upload && upload.format === 'xlsx') {
    try {
      for await (const row of xlsxRows(createReadStream(upload.path))) return row
      return []
    } catch (error) {
      if (error instanceof KitConfigurationException) throw error
      throw fieldError('file', 'The file is not a readable XLSX workbook', 'file')
    }
  }
  return firstRow(
    'text' in upload
      ? textPieces(upload.text.slice(0, HEAD_BYTES))
      : createReadStream(upload.path, { start: 0, end: HEAD_BYTES - 1 })
  )
}

/**
 * The rows of an import's stored file, streamed from the disk: CSV, or the
 * first worksheet of an XLSX workbook (`source.xlsx`).
 */
async function* fileRows(disk: Disk, file: string): AsyncGenerator<string[]> {
  const stream = await disk.getStream(file)
  yield* file.endsWith('.xlsx') ? xlsxRows(stream) : csvRows(stream)
}

/**
 * The mapping step: the file's headers, the declared columns (named by
 * their label, else their form field's, else the attribute in sentence
 * case) and the mapping guessed from the headers.
 */
export async function previewImport(
  mount: ResourceMount,
  context: KitContext,
  action: ImportAction,
  input: Record<string, any>
) {
  await authorizeImport(mount, action, context)
  const header = await csvHeader(uploadedCsv(context, input))
  const mapping = mapColumns(action.getColumns(), header, null)
  /* a column without its own label is named as the form names its field */
  const formLabels = new Map<string, string>()
  try {
    for (const field of buildForm(mount.resource).getFields()) {
      formLabels.set(field.name, field.getLabel())
    }
  } catch {
    /* a resource without a form: the columns' own labels */
  }
  return {
    headers: header,
    columns: action.getColumns().map((column) => ({
      name: column.name,
      label: column.hasOwnLabel()
        ? column.getLabel()
        : (formLabels.get(column.name) ?? column.getLabel()),
    })),
    mapping: Object.fromEntries(
      Object.entries(mapping).map(([name, index]) => [name, header[index]])
    ),
  }
}

/**
 * Start an import from a request: authorize, check the mapping against the
 * file's header, keep the file on the disk, dispatch the job.
 */
export async function startImport(
  mount: ResourceMount,
  context: KitContext,
  action: ImportAction,
  input: Record<string, any>,
  disk: Disk
): Promise<JobRecord> {
  await authorizeImport(mount, action, context)
  const upload = uploadedCsv(context, input)
  const header = await csvHeader(upload)
  if (!header.length) throw fieldError('file', 'The file is empty', 'file')
  const mapping = mapColumns(action.getColumns(), header, input.mapping)
  const extension = 'format' in upload ? upload.format : 'csv'
  const file = `kit-imports/${randomUUID()}/source.${extension}`
  if ('text' in upload) {
    await disk.put(file, upload.text)
  } else {
    await disk.copyFromFs(upload.path, file)
  }
  const dryRun = input.dryRun === true || input.dryRun === 'true' || input.dryRun === '1'
  return dispatchJob(IMPORT_JOB, mount, context, { action: action.name, file, mapping, dryRun })
}

function rowErrors(error: unknown): string {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    return (error.messages as { field: string; message: string }[])
      .map((entry) => `${entry.field}: ${entry.message}`)
      .join('; ')
  }
  if (error instanceof UnauthorizedOperationException) return 'forbidden'
  if (error instanceof RecordNotFoundException) return 'not found'
  return error instanceof Error ? error.message.slice(0, 300) : 'error'
}

function reportPart(directory: string, chunk: number) {
  return `${directory}/report-${String(chunk).padStart(6, '0')}.ndjson`
}

/**
 * A refused row as its chunk's report part keeps it: its index among the
 * data rows, its errors and its cells (the report is written from these
 * without reading the file again).
 */
interface RefusedRow {
  index: number
  errors: string
  cells: string[]
}

function readReportPart(text: string): RefusedRow[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RefusedRow)
}

function isBlank(row: string[]) {
  return row.every((cell) => cell.trim() === '')
}

/**
 * The data rows of an import's file, streamed from the disk (one piece of
 * the file in memory at a time): the header row and blank rows skipped,
 * each row with its index (the unit of the job's cursor).
 */
async function* dataRows(disk: Disk, file: string) {
  let header = true
  let index = 0
  for await (const row of fileRows(disk, file)) {
    if (header) {
      header = false
    } else if (!isBlank(row)) {
      yield { index: index++, row }
    }
  }
}

/**
 * How many data rows the file holds (a streamed pass that keeps no row).
 */
async function countDataRows(disk: Disk, file: string) {
  let header = true
  let count = 0
  if (file.endsWith('.xlsx')) {
    for await (const row of fileRows(disk, file)) {
      if (header) header = false
      else if (!isBlank(row)) count++
    }
    return count
  }
  for await (const rows of csvBatches(await disk.getStream(file))) {
    for (const row of rows) {
      if (header) header = false
      else if (!isBlank(row)) count++
    }
  }
  return count
}

/**
 * Run an import job: each row mapped, validated with the resource's Rules
 * class and written through the mutation sequence (create, or update of
 * the record with the declared key), in chunks. The file is read as a
 * stream, so memory does not grow with its size. The cursor (the index of
 * the next row) and the counts are saved in the row's own transaction, so
 * a worker killed anywhere leaves either the row and its cursor or
 * neither: a resumed job never writes a row twice, with or without a key
 * (it reads the file again, skipping the rows before the cursor). Refused
 * rows are kept per chunk, then joined into the report.
 */
async function runImport(run: JobRun) {
  const { job, mount, context, disk } = run
  const payload = job.payload as {
    action: string
    file: string
    mapping: Record<string, number>
    dryRun: boolean
  }
  const action = importAction(mount, payload.action)
  await authorizeImport(mount, action, context)
  const source = sourceOf(mount.resource)
  const Rules = source.rules()
  const keyName = action.getKey()

  const directory = payload.file.slice(0, payload.file.lastIndexOf('/'))
  const chunkSize = action.getChunkSize()

  let next = job.cursor ? Number(job.cursor) : 0
  let processed = job.processed
  let failed = job.failed
  if (!job.cursor) {
    const total = await countDataRows(disk, payload.file)
    await run.progress({ processed: 0, failed: 0, cursor: '0', total })
  }

  let rows = 0
  let chunk = -1
  let reportKey = ''
  let refused: RefusedRow[] = []
  const saveReportPart = () =>
    disk.put(reportKey, refused.map((entry) => JSON.stringify(entry)).join('\n'))
  const endChunk = async () => {
    await saveReportPart()
    await run.progress({ processed, failed, cursor: String(next) })
    await yieldToEventLoop()
  }

  for await (const { index, row } of dataRows(disk, payload.file)) {
    rows = index + 1
    /* the rows before the cursor were applied by an earlier run */
    if (index < next) continue
    const rowChunk = Math.floor(index / chunkSize)
    if (rowChunk !== chunk) {
      if (chunk !== -1) await endChunk()
      chunk = rowChunk
      reportKey = reportPart(directory, chunk)
      /* the refused rows of this chunk before a resume point are kept */
      refused =
        index % chunkSize !== 0 && (await disk.exists(reportKey))
          ? readReportPart(await disk.get(reportKey)).filter((entry) => entry.index < index)
          : []
    }

    const input: Record<string, string> = {}
    for (const [name, column] of Object.entries(payload.mapping)) {
      const cell = row[column]
      if (cell !== undefined && cell !== '') input[name] = cell
    }
    /* the row and the cursor after it are committed in one transaction */
    const after = { processed: processed + 1, failed, cursor: String(index + 1) }
    const checkpoint = (trx: TransactionClientContract) => run.progress(after, trx)
    try {
      if (payload.dryRun) {
        await validateWith(Rules, {
          operation: ResourceOperation.Create.name,
          source: source.kind,
          record: null,
          user: context.user,
          input,
          translator: context.translator,
        })
      } else {
        const existing =
          keyName && input[keyName] !== undefined
            ? await scopedQuery(source, context)
                .where(sqlColumn(source.model, keyName), input[keyName])
                .first()
            : null
        if (existing) {
          await updateRecord(source, context, existing.$primaryKeyValue, input, {
            inTransaction: checkpoint,
            unversioned: true,
          })
        } else {
          await createRecord(source, context, input, { inTransaction: checkpoint })
        }
      }
      processed++
    } catch (error) {
      /* another worker took the job over: stop here, count nothing */
      if (error instanceof JobTakenOverError) throw error
      failed++
      refused.push({ index, errors: rowErrors(error), cells: row })
      if (!payload.dryRun) {
        /* a refused row wrote nothing: its report line, then the cursor */
        await saveReportPart()
        await run.progress({ processed, failed, cursor: String(index + 1) })
      }
    }
    next = index + 1
  }
  if (chunk !== -1) await endChunk()

  /* the report: the refused rows as they were, with their errors, one part at a time */
  let report: string | null = null
  if (failed) {
    report = `${directory}/report.csv`
    let header: string[] = []
    for await (const row of fileRows(disk, payload.file)) {
      header = row
      break
    }
    const chunks = Math.ceil(rows / chunkSize)
    async function* lines() {
      yield `\uFEFF${csvLine(['row', ...header, 'errors'])}`
      for (let part = 0; part < chunks; part++) {
        const key = reportPart(directory, part)
        if (!(await disk.exists(key))) continue
        for (const entry of readReportPart(await disk.get(key))) {
          yield csvLine([String(entry.index + 2), ...entry.cells, entry.errors])
        }
      }
    }
    await disk.putStream(report, Readable.from(lines()))
  }
  return {
    rows,
    written: payload.dryRun ? 0 : processed,
    refused: failed,
    dryRun: payload.dryRun,
    report,
  }
}

registerJobHandler(IMPORT_JOB, runImport)
