import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { errors as vineErrors } from '@vinejs/vine'
import type { Disk } from 'flydrive'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { RecordNotFoundException, UnauthorizedOperationException } from '../../support/errors.ts'
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
import { dispatchJob, registerJobHandler, type JobRun } from '../jobs/job_runtime.ts'
import type { JobRecord } from '../jobs/job_store.ts'
import { csvLine, parseCsv } from '../export/csv.ts'

/**
 * The job kind of imports.
 */
export const IMPORT_JOB = 'import'

/**
 * Largest CSV an import accepts.
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
 * The CSV text of an import request: a `csv` string (JSON clients, kit())
 * or an uploaded `file` (multipart).
 */
async function uploadedCsv(context: KitContext, input: Record<string, any>): Promise<string> {
  if (typeof input.csv === 'string' && input.csv.length) {
    if (Buffer.byteLength(input.csv) > MAX_CSV_BYTES)
      throw fieldError('file', 'File too large', 'size')
    return input.csv
  }
  const file = context.http?.request.file('file', { size: '20mb', extnames: ['csv', 'txt'] })
  if (!file || !file.tmpPath) {
    throw fieldError('file', 'Choose a CSV file')
  }
  if (!file.isValid) {
    throw fieldError('file', file.errors[0]?.message ?? 'Invalid file', 'file')
  }
  return readFile(file.tmpPath, 'utf8')
}

/**
 * The mapping step: the file's headers, the declared columns and the
 * mapping guessed from the headers.
 */
export async function previewImport(
  mount: ResourceMount,
  context: KitContext,
  action: ImportAction,
  input: Record<string, any>
) {
  await authorizeImport(mount, action, context)
  const text = await uploadedCsv(context, input)
  const header = parseCsv(text.slice(0, 64 * 1024))[0] ?? []
  const mapping = mapColumns(action.getColumns(), header, null)
  return {
    headers: header,
    columns: action.getColumns().map((column) => ({ name: column.name, label: column.getLabel() })),
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
  const text = await uploadedCsv(context, input)
  const header = parseCsv(text.slice(0, 64 * 1024))[0] ?? []
  if (!header.length) throw fieldError('file', 'The file is empty', 'file')
  const mapping = mapColumns(action.getColumns(), header, input.mapping)
  const file = `kit-imports/${randomUUID()}/source.csv`
  await disk.put(file, text)
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
 * Run an import job: each row mapped, validated with the resource's Rules
 * class and written through the mutation sequence (create, or update of
 * the record with the declared key), in chunks. The cursor (the index of
 * the next row) and the counts are saved in the row's own transaction, so
 * a worker killed anywhere leaves either the row and its cursor or
 * neither: a resumed job never writes a row twice, with or without a key.
 * Refused rows are kept per chunk, then joined into the report.
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

  const rows = parseCsv(await disk.get(payload.file))
  const header = rows.shift() ?? []
  const data = rows.filter((row) => row.some((cell) => cell.trim() !== ''))
  const directory = payload.file.slice(0, payload.file.lastIndexOf('/'))
  const chunkSize = action.getChunkSize()

  let next = job.cursor ? Number(job.cursor) : 0
  let processed = job.processed
  let failed = job.failed
  if (!job.cursor) {
    await run.progress({ processed: 0, failed: 0, cursor: '0', total: data.length })
  }

  while (next < data.length) {
    const chunk = Math.floor(next / chunkSize)
    const end = Math.min(data.length, (chunk + 1) * chunkSize)
    /* the refused rows of this chunk before a resume point are kept */
    const reportKey = reportPart(directory, chunk)
    const kept = next % chunkSize !== 0 && (await disk.exists(reportKey))
    const keptText = kept ? await disk.get(reportKey) : ''
    const refused: { index: number; errors: string }[] = kept
      ? keptText
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line))
          .filter((entry: { index: number }) => entry.index < next)
      : []

    for (; next < end; next++) {
      const row = data[next]
      const input: Record<string, string> = {}
      for (const [name, index] of Object.entries(payload.mapping)) {
        const cell = row[index]
        if (cell !== undefined && cell !== '') input[name] = cell
      }
      /* the row and the cursor after it are committed in one transaction */
      const after = { processed: processed + 1, failed, cursor: String(next + 1) }
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
            })
          } else {
            await createRecord(source, context, input, { inTransaction: checkpoint })
          }
        }
        processed++
      } catch (error) {
        failed++
        refused.push({ index: next, errors: rowErrors(error) })
        if (!payload.dryRun) {
          /* a refused row wrote nothing: its report line, then the cursor */
          await disk.put(reportKey, refused.map((entry) => JSON.stringify(entry)).join('\n'))
          await run.progress({ processed, failed, cursor: String(next + 1) })
        }
      }
    }
    await disk.put(reportKey, refused.map((entry) => JSON.stringify(entry)).join('\n'))
    await run.progress({ processed, failed, cursor: String(next) })
  }

  /* the report: the refused rows as they were, with their errors */
  let report: string | null = null
  if (failed) {
    report = `${directory}/report.csv`
    const chunks = Math.ceil(data.length / chunkSize)
    async function* lines() {
      yield `\uFEFF${csvLine(['row', ...header, 'errors'])}`
      for (let chunk = 0; chunk < chunks; chunk++) {
        const key = reportPart(directory, chunk)
        if (!(await disk.exists(key))) continue
        const text = await disk.get(key)
        for (const line of text.split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { index: number; errors: string }
          yield csvLine([String(entry.index + 2), ...data[entry.index], entry.errors])
        }
      }
    }
    const { Readable } = await import('node:stream')
    await disk.putStream(report, Readable.from(lines()))
  }
  return {
    rows: data.length,
    written: payload.dryRun ? 0 : processed,
    refused: failed,
    dryRun: payload.dryRun,
    report,
  }
}

registerJobHandler(IMPORT_JOB, runImport)
