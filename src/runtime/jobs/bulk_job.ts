import type { BulkActionResult } from '../../contracts/main.ts'
import type { ListRecords } from '../../definitions/pages/resource_page.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { qualifiedKey } from '../query/scoped_query.ts'
import { sourceOf } from '../records/resource_source.ts'
import { prepareInput } from '../mutation/mutation_runner.ts'
import { readTableState, tableQuery } from '../table/table_query.ts'
import { runBulkAction } from '../table/actions/action_runner.ts'
import { dispatchJob, jobOptions, registerJobHandler, type JobRun } from './job_runtime.ts'
import type { JobRecord } from './job_store.ts'

/**
 * The job kind of query-wide bulk actions.
 */
export const BULK_JOB = 'bulk'

function tabsOf(mount: ResourceMount) {
  const list = mount.listPage()
  return list ? (list.page as ListRecords).tabs() : []
}

/**
 * Whether a bulk request runs as a job: query-wide (`selectAll`) over more
 * records than `jobs.bulkQueueThreshold`. Below it, it stays in the request.
 */
export async function queueBulkAction(
  mount: ResourceMount,
  context: KitContext,
  name: string,
  body: unknown
): Promise<JobRecord | null> {
  const input = prepareInput(body)
  if (input.selectAll !== true && input.selectAll !== 'true') return null
  const source = sourceOf(mount.resource)
  const table = buildTable(source.declaration)
  const action = table.getBulkActions().find((candidate) => candidate.name === name)
  if (!action) return null
  const tabs = tabsOf(mount)
  const tab =
    tabs.find((candidate) => candidate.key === input.tab) ??
    tabs.find((candidate) => candidate.isDefault()) ??
    tabs[0] ??
    null
  const state = readTableState(table, input)
  const [counted] = await tableQuery(source, table, state, context, { tab, preload: false })
    .clearOrder()
    .count(`${qualifiedKey(source.model)} as total`)
  if (Number(counted.$extras.total) <= jobOptions().bulkQueueThreshold) return null
  /* authorized here, and again by the runner when the job runs */
  if (!(await action.allowsAny(source, context))) return null
  return dispatchJob(BULK_JOB, mount, context, { action: name, input })
}

/**
 * Run a query-wide bulk action as a job: the bulk runner over the table
 * state the request carried, rebuilt for the user and tenant of now; each
 * chunk and the job's cursor are committed in one transaction, so a
 * resumed job starts after the last applied chunk.
 */
async function runBulk(run: JobRun) {
  const { job, mount, context } = run
  const payload = job.payload as { action: string; input: Record<string, any> }
  const before = { affected: job.processed, refused: job.failed }
  if (!job.cursor) {
    const source = sourceOf(mount.resource)
    const table = buildTable(source.declaration)
    const state = readTableState(table, payload.input)
    const [counted] = await tableQuery(source, table, state, context, { preload: false })
      .clearOrder()
      .count(`${qualifiedKey(source.model)} as total`)
    const total = Number(counted.$extras.total)
    await run.progress({ processed: 0, failed: 0, cursor: null, total })
  }
  const result: BulkActionResult = await runBulkAction(
    mount.resource,
    context,
    payload.action,
    payload.input,
    {
      tabs: tabsOf(mount),
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
