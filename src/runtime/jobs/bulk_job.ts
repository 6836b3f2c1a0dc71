import type { BulkActionResult } from '../../contracts/main.ts'
import type { ListRecords } from '../../definitions/pages/resource_page.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { qualifiedKey } from '../query/scoped_query.ts'
import { sourceOf } from '../records/resource_source.ts'
import { prepareInput } from '../mutation/mutation_runner.ts'
import { readTableState, tableQuery } from '../table/table_query.ts'
import { acceptActionData, runBulkAction, toKeys } from '../table/actions/action_runner.ts'
import { FileChanges } from '../files/file_fields.ts'
import { nestedBody } from '../files/uploaded_file.ts'
import type { RecordSource } from '../records/record_source.ts'
import type { Table } from '../../definitions/table/table.ts'
import type { PageTab } from '../../definitions/pages/page_tab.ts'
import { dispatchJob, jobOptions, registerJobHandler, type JobRun } from './job_runtime.ts'
import type { JobRecord } from './job_store.ts'

/**
 * The job kind of bulk actions over the threshold.
 */
export const BULK_JOB = 'bulk'

/**
 * Records per chunk of a bulk job on SQLite: its driver is synchronous, so
 * a chunk holds the event loop (and the one connection) while it runs; a
 * small chunk lets the panel answer between two.
 */
export const SQLITE_BULK_CHUNK_SIZE = 100

function tabsOf(mount: ResourceMount) {
  const list = mount.listPage()
  return list ? (list.page as ListRecords).tabs() : []
}

function isSelectAll(input: Record<string, any>) {
  return input.selectAll === true || input.selectAll === 'true'
}

/**
 * How many records a bulk request names: the table query rebuilt from its
 * state (search, filters, tab), narrowed to the selected keys or minus the
 * excepted ones.
 */
async function countBulk(
  source: RecordSource<any>,
  table: Table,
  input: Record<string, any>,
  context: KitContext,
  tab: PageTab | null
) {
  const key = qualifiedKey(source.model)
  const query = tableQuery(source, table, readTableState(table, input), context, {
    tab,
    preload: false,
  }).clearOrder()
  if (!isSelectAll(input)) query.whereIn(key, toKeys(source, input.records))
  const except = toKeys(source, input.except)
  if (except.length) query.whereNotIn(key, except)
  const [counted] = await query.count(`${key} as total`)
  return Number(counted.$extras.total)
}

function tabOf(tabs: PageTab[], input: Record<string, any>) {
  return (
    tabs.find((candidate) => candidate.key === input.tab) ??
    tabs.find((candidate) => candidate.isDefault()) ??
    tabs[0] ??
    null
  )
}

/**
 * Whether a bulk request runs as a job: over more records than
 * `jobs.bulkQueueThreshold`, query-wide (`selectAll`) or a selection of
 * keys, with or without an action form (its data is validated here, so
 * field errors answer the request). At or under it, it stays in the
 * request.
 */
export async function queueBulkAction(
  mount: ResourceMount,
  context: KitContext,
  name: string,
  body: unknown
): Promise<JobRecord | null> {
  const input = prepareInput(body)
  const threshold = jobOptions().bulkQueueThreshold
  /* a selection of at most the threshold's keys never needs counting */
  if (!isSelectAll(input) && toKeys(sourceOf(mount.resource), input.records).length <= threshold) {
    return null
  }
  const source = sourceOf(mount.resource)
  const table = buildTable(source.declaration)
  const action = table.getBulkActions().find((candidate) => candidate.name === name)
  if (!action) return null
  const tab = tabOf(tabsOf(mount), input)
  if ((await countBulk(source, table, input, context, tab)) <= threshold) return null
  /* authorized here, and again by the runner when the job runs */
  if (!(await action.allowsAny(source, context))) return null
  /* the action form's data through its fields now (field errors answer
     the request, uploads are stored); the job runs with what was accepted,
     never with the raw data */
  const accepted = await acceptActionData(action, source, null, context, nestedBody(body, 'data'))
  try {
    return await dispatchJob(BULK_JOB, mount, context, {
      action: name,
      input: { ...input, data: null },
      data: accepted.data,
    })
  } catch (error) {
    await accepted.files.rollback()
    throw error
  }
}

/**
 * Run a bulk action as a job: the bulk runner over the table state (or the
 * selection) the request carried, rebuilt for the user and tenant of now; each
 * chunk and the job's cursor are committed in one transaction, so a
 * resumed job starts after the last applied chunk.
 */
async function runBulk(run: JobRun) {
  const { job, mount, context } = run
  const payload = job.payload as {
    action: string
    input: Record<string, any>
    /** The action form's data as accepted when the job was queued */
    data?: Record<string, any>
  }
  const before = { affected: job.processed, refused: job.failed }
  if (!job.cursor) {
    const source = sourceOf(mount.resource)
    const table = buildTable(source.declaration)
    const total = await countBulk(
      source,
      table,
      payload.input,
      context,
      tabOf(tabsOf(mount), payload.input)
    )
    await run.progress({ processed: 0, failed: 0, cursor: null, total })
  }
  const dialect: string = sourceOf(mount.resource).model.query().client.dialect.name
  const result: BulkActionResult = await runBulkAction(
    mount.resource,
    context,
    payload.action,
    payload.input,
    {
      tabs: tabsOf(mount),
      chunkSize: dialect.includes('sqlite') ? SQLITE_BULK_CHUNK_SIZE : undefined,
      accepted: payload.data ? { data: payload.data, files: new FileChanges() } : undefined,
      after: job.cursor ? JSON.parse(job.cursor) : null,
      onChunk: async (progress, trx) => {
        await run.progress(
          {
            processed: before.affected + progress.affected,
            failed: before.refused + progress.refused,
            cursor: JSON.stringify(progress.last),
          },
          trx
        )
      },
    }
  )
  const affected = before.affected + result.affected
  const refused = before.refused + result.refused
  return { action: payload.action, affected, refused }
}

registerJobHandler(BULK_JOB, runBulk)
