import { Readable } from 'node:stream'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import type {
  LucidModel,
  LucidRow,
  ModelColumnOptions,
  ModelObject,
} from '@adonisjs/lucid/types/model'
import type { Disk } from 'flydrive'
import { RecordNotFoundException, UnauthorizedOperationException } from '../../support/errors.ts'
import { DEFAULT_PRESENTATION } from '../../support/value_format.ts'
import { isDateOnly } from '../../definitions/resource/value_presenter.ts'
import { ExportAction, ExportBulkAction } from '../../definitions/export/export_action.ts'
import type { ExportColumn } from '../../definitions/export/export_column.ts'
import type { ExportSettings } from '../../definitions/export/export_settings.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { ListRecords } from '../../definitions/pages/resource_page.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { qualifiedKey } from '../query/scoped_query.ts'
import { sourceOf } from '../records/resource_source.ts'
import { readTableState, tableQuery } from '../table/table_query.ts'
import {
  boundaryOf,
  seekAfter,
  seekOrder,
  type CursorValue,
  type SeekOrder,
} from '../table/keyset.ts'
import {
  dispatchJob,
  registerJobHandler,
  yieldToEventLoop,
  type JobRun,
} from '../jobs/job_runtime.ts'
import type { JobRecord } from '../jobs/job_store.ts'
import { csvLine } from './csv.ts'
import { writeWorkbook } from './workbook_writer.ts'

/**
 * The job kind of exports.
 */
export const EXPORT_JOB = 'export'

/**
 * Most record keys a bulk export may name.
 */
const MAX_KEYS = 10_000

/**
 * Where an export keeps its chunk files and its file on the disk.
 */
export function exportDirectory(jobId: string) {
  return `kit-exports/${jobId}`
}

/**
 * The table state an export job carries: the values the request submitted
 * (search, filters, sort, tab, selection), read again against the table
 * when the job runs.
 */
function exportPayload(kind: 'header' | 'bulk', name: string, input: Record<string, any>) {
  const keys = (value: unknown) =>
    Array.isArray(value)
      ? value
          .slice(0, MAX_KEYS)
          .filter((entry) => typeof entry === 'string' || typeof entry === 'number')
          .map(String)
      : []
  return {
    kind,
    action: name,
    state: {
      search: typeof input.search === 'string' ? input.search : undefined,
      sort: typeof input.sort === 'string' ? input.sort : undefined,
      direction: typeof input.direction === 'string' ? input.direction : undefined,
      filters:
        input.filters && typeof input.filters === 'object' && !Array.isArray(input.filters)
          ? input.filters
          : undefined,
    },
    tab: typeof input.tab === 'string' ? input.tab : null,
    selectAll: kind === 'header' || input.selectAll === true || input.selectAll === 'true',
    records: keys(input.records),
    except: keys(input.except),
  }
}

type ExportPayload = ReturnType<typeof exportPayload>

/**
 * The export action a payload names, on the mount's list page (header) or
 * table (bulk); 404 when it is gone.
 */
function findExportAction(mount: ResourceMount, payload: Pick<ExportPayload, 'kind' | 'action'>) {
  const list = mount.listPage()
  const candidates =
    payload.kind === 'header'
      ? list
        ? (list.page as ListRecords).headerActions()
        : []
      : buildTable(mount.resource).getBulkActions()
  const action = candidates.find(
    (candidate) =>
      candidate.name === payload.action &&
      (payload.kind === 'header'
        ? candidate instanceof ExportAction
        : candidate instanceof ExportBulkAction)
  ) as ExportAction | ExportBulkAction | undefined
  if (!action) {
    throw new RecordNotFoundException('Action not found')
  }
  return action
}

/**
 * Authorize an export for a user: the resource's `viewAny`, then the
 * action's `authorizeUsing()` (fail-closed), at dispatch and at run time.
 */
async function authorizeExport(
  mount: ResourceMount,
  action: ExportAction | ExportBulkAction,
  context: KitContext
) {
  const source = sourceOf(mount.resource)
  const allowed =
    (await source.allows(ResourceOperation.ViewAny, null, context)) &&
    (action instanceof ExportAction
      ? await action.allows({ record: null, user: context.user, http: context.http })
      : await action.allowsAny(source, context))
  if (!allowed) {
    throw new UnauthorizedOperationException()
  }
}

/**
 * Start an export from a request: authorize, then dispatch the job with the
 * submitted table state.
 */
export async function startExport(
  mount: ResourceMount,
  context: KitContext,
  kind: 'header' | 'bulk',
  action: ExportAction | ExportBulkAction,
  input: Record<string, any>
): Promise<JobRecord> {
  await authorizeExport(mount, action, context)
  return dispatchJob(EXPORT_JOB, mount, context, exportPayload(kind, action.name, input))
}

/**
 * Present one record as the cells of an export line, formatted like the
 * table (the panel's locale and time zone).
 */
function exportCells(
  columns: ExportColumn[],
  record: LucidRow | ModelObject,
  model: LucidModel,
  presentation = DEFAULT_PRESENTATION,
  now = DateTime.now()
): (string | null)[] {
  return columns.map((column) => {
    const value = column.valueOf(record as LucidRow)
    if (column.hasFormat()) {
      return column.present(value, record, presentation, now, isDateOnly(model, column.name))
        .formatted
    }
    return column.present(value, record, presentation, now).formatted
  })
}

/**
 * How the plain rows of a chunk (`pojo()`) become the values its columns
 * read, when every column is a declared column of the model read as it is:
 * each value consumed as the model consumes it, without a model instance a
 * row (an export of a million rows hydrates none of them). Null when a
 * column needs the record (`state()`, a link computed from it) or is not a
 * column: the rows are then models.
 */
function plainValues(model: LucidModel, columns: ExportColumn[]) {
  const reads: { name: string; columnName: string; consume?: ModelColumnOptions['consume'] }[] = []
  for (const column of columns) {
    const definition = column.readsRecord() ? undefined : model.$getColumn(column.name)
    if (!definition) return null
    reads.push({
      name: column.name,
      columnName: definition.columnName,
      consume: definition.consume,
    })
  }
  /* the instance a column's consume() is given (it names the model in its errors) */
  const instance = new model()
  return (row: ModelObject): ModelObject => {
    const values: ModelObject = {}
    for (const read of reads) {
      const value = row[read.columnName]
      values[read.name] =
        read.consume && value !== undefined ? read.consume(value, read.name, instance) : value
    }
    return values
  }
}

interface ExportCursor {
  part: number
  boundary: { v: CursorValue; k: string | number } | null
}

/**
 * A part file: CSV lines (the export's own lines, joined as they are) or,
 * for XLSX, one JSON array of cells a line.
 */
function partKey(jobId: string, part: number, format: 'csv' | 'xlsx') {
  const extension = format === 'csv' ? 'csv' : 'ndjson'
  return `${exportDirectory(jobId)}/part-${String(part).padStart(6, '0')}.${extension}`
}

function partLine(format: 'csv' | 'xlsx', cells: (string | null)[]) {
  return format === 'csv' ? csvLine(cells) : `${JSON.stringify(cells)}\n`
}

/**
 * Run an export job: read the query in key-ordered chunks (the table's
 * sort, then the key), write each chunk as a part file, save the cursor
 * after each part (a resumed job rewrites the part it was writing, never
 * appends twice), then join the parts into the CSV or XLSX file.
 */
async function runExport(run: JobRun) {
  const { job, mount, context, disk } = run
  const payload = job.payload as ExportPayload
  const action = findExportAction(mount, payload)
  await authorizeExport(mount, action, context)

  const source = sourceOf(mount.resource)
  const table = buildTable(source.declaration)
  const state = { ...readTableState(table, payload.state as Record<string, unknown>) }
  const list = mount.listPage()
  const tabs = list ? (list.page as ListRecords).tabs() : []
  const tab =
    tabs.find((candidate) => candidate.key === payload.tab) ??
    tabs.find((candidate) => candidate.isDefault()) ??
    tabs[0] ??
    null
  const settings: ExportSettings = action.exportSettings
  const key = qualifiedKey(source.model)
  const presentation = mount.options.presentation ?? DEFAULT_PRESENTATION
  const now = DateTime.now()

  const build = () => {
    const query = tableQuery(source, table, state, context, { tab, preload: false })
    if (!payload.selectAll) query.whereIn(key, payload.records)
    if (payload.except.length) query.whereNotIn(key, payload.except)
    return query
  }

  const cursor: ExportCursor = job.cursor ? JSON.parse(job.cursor) : { part: 0, boundary: null }
  let processed = job.processed
  let failed = job.failed
  if (!job.cursor) {
    const [counted] = await build().clearOrder().count('* as total')
    await run.progress({
      processed: 0,
      failed: 0,
      cursor: null,
      total: Number(counted.$extras.total),
    })
  }
  const dialect: string = source.model.query().client.dialect.name
  const plain = action instanceof ExportAction ? plainValues(source.model, settings.columns) : null

  while (true) {
    let query = build()
    let order: SeekOrder | null = seekOrder(query, source.model, state)
    if (!order) {
      query = query.clearOrder().orderBy(key, 'asc')
      order = { column: null, attribute: null, key, direction: 'asc' }
    }
    if (cursor.boundary) {
      seekAfter(query, order, order.direction, cursor.boundary.v, cursor.boundary.k, dialect)
    }
    const lines: string[] = []
    let fetched = 0
    let last: LucidRow | null = null
    if (plain) {
      /* plain rows; only the last one becomes a model, for the cursor */
      const rows = await query.limit(settings.chunkSize).pojo<ModelObject>()
      if (!rows.length) break
      fetched = rows.length
      for (const row of rows) {
        const cells = exportCells(settings.columns, plain(row), source.model, presentation, now)
        lines.push(partLine(settings.format, cells))
      }
      last = source.model.$createFromAdapterResult(rows[rows.length - 1])
    } else {
      const records = (await query.limit(settings.chunkSize)) as LucidRow[]
      if (!records.length) break
      fetched = records.length
      /* a bulk export authorizes each record; refused ones are counted */
      for (const record of records) {
        if (
          action instanceof ExportBulkAction &&
          !(await action.allowsRecord(source, record, context))
        ) {
          failed++
          continue
        }
        const cells = exportCells(settings.columns, record, source.model, presentation, now)
        lines.push(partLine(settings.format, cells))
      }
      last = records[records.length - 1]
    }
    cursor.boundary = last ? boundaryOf(last, source.model, order) : null
    cursor.part++
    await disk.put(partKey(job.id, cursor.part, settings.format), lines.join(''))
    processed += lines.length
    await run.progress({ processed, failed, cursor: JSON.stringify(cursor) })
    await yieldToEventLoop()
    if (fetched < settings.chunkSize || !cursor.boundary) break
  }

  const name = `${settings.fileName ?? mount.resource.getSlug()}.${settings.format}`
  const file = `${exportDirectory(job.id)}/${name}`
  const header = settings.columns.map((column) => column.getLabel())
  await writeExportFile(disk, file, settings.format, header, job.id, cursor.part)
  for (let part = 1; part <= cursor.part; part++) {
    await disk.delete(partKey(job.id, part, settings.format))
  }
  return { rows: processed, refused: failed, file, name, format: settings.format }
}

/**
 * Join the parts into the export file, streamed to the disk, one part in
 * memory at a time.
 */
async function writeExportFile(
  disk: Disk,
  file: string,
  format: 'csv' | 'xlsx',
  header: string[],
  jobId: string,
  parts: number
) {
  if (format === 'csv') {
    /* the parts are CSV lines already: each is written as it is */
    async function* csv() {
      yield `\uFEFF${csvLine(header)}`
      for (let part = 1; part <= parts; part++) {
        const text = await disk.get(partKey(jobId, part, format))
        if (text) yield text
      }
    }
    await disk.putStream(file, Readable.from(csv()))
    return
  }
  /* the writer's thread writes a local temporary file, then it is copied to the disk */
  const temporary = join(tmpdir(), `adonis-kit-${jobId}-${process.pid}.xlsx`)
  async function* cells() {
    for (let part = 1; part <= parts; part++) {
      yield await disk.get(partKey(jobId, part, format))
    }
  }
  try {
    await writeWorkbook(temporary, header, cells())
    await disk.putStream(file, createReadStream(temporary))
  } finally {
    await rm(temporary, { force: true })
  }
}

registerJobHandler(EXPORT_JOB, runExport)
