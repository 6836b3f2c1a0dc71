import type { Resource } from '../../definitions/resource/resource.ts'
import type { JobRecord } from '../../runtime/jobs/job_store.ts'
import { readJobFile, waitForJob } from '../../runtime/jobs/job_waiting.ts'
import { bulkActionOperation, headerActionOperation } from '../../runtime/operations/actions.ts'
import { AuditSteps } from './audit_steps.ts'

/**
 * Steps of background jobs: run an export and read its file, wait for a
 * job.
 */
export abstract class JobSteps<R extends Resource<any> = Resource<any>> extends AuditSteps<R> {
  #job: JobRecord | null = null

  /**
   * Run an export header action with the table's current search, filters
   * and sort, and wait for its job; then `readExport()` reads the file.
   *
   * @example
   * ```ts
   * await kit(PostResource).as(user).searchTable('news').exportTable('export')
   *   .readExport(({ rows }) => assert.lengthOf(rows, 3))
   * ```
   */
  exportTable(name: string, data: Record<string, unknown> = {}): this {
    const label = `exportTable(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const context = await this.context()
      const query = { _kit_page: this.listPage(label).key }
      const answer = await headerActionOperation(
        this.input(context, { action: name }, { ...this.tableQuery(), ...data }, query)
      )
      const started = answer.type === 'action' ? (answer.result as JobRecord) : null
      if (!started?.id) {
        this.fail(label, `header action "${name}" did not start a job (is it an ExportAction?)`)
      }
      this.#job = await waitForJob(started.id)
    })
  }

  /**
   * Run an export bulk action on the selection (selectTableRecords() or
   * selectAllTableRecords()) and wait for its job.
   */
  exportSelectedRecords(name: string): this {
    const label = `exportSelectedRecords(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const selection = this.state.selection
      if (!selection) {
        this.fail(label, 'no records are selected; use selectTableRecords() first')
      }
      const input =
        'records' in selection
          ? { records: selection.records.map((record) => this.keyOf(record)) }
          : {
              ...this.tableQuery(),
              selectAll: true,
              except: selection.except.map((record) => this.keyOf(record)),
            }
      const context = await this.context()
      const answer = await bulkActionOperation(this.input(context, { action: name }, input))
      this.#job = await waitForJob((answer.result as JobRecord).id)
    })
  }

  /**
   * Wait for the last job and hand it to a callback.
   */
  waitForJob(check?: (job: JobRecord) => unknown): this {
    const label = 'waitForJob()'
    return this.queue(label, async () => {
      if (!this.#job) this.fail(label, 'no job was started; call exportTable() first')
      this.#job = await waitForJob(this.#job.id)
      await check?.(this.#job)
    })
  }

  /**
   * Read the file of the last export (rows of cells, the header first).
   */
  readExport(check: (file: { name: string; rows: string[][]; job: JobRecord }) => unknown): this {
    const label = 'readExport()'
    return this.queue(label, async () => {
      const job = this.#job
      if (!job) this.fail(label, 'no export was run; call exportTable() first')
      if (job.status !== 'completed') {
        this.fail(label, `the export job ${job.status}${job.error ? ` (${job.error})` : ''}`)
      }
      const file = await readJobFile(job)
      await check({ name: file.name, rows: file.rows, job })
    })
  }
}
