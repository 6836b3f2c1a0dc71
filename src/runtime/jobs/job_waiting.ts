import { embeddedWorker, executeJob, jobOptions } from './job_runtime.ts'
import { findJob, type JobRecord } from './job_store.ts'
import { parseCsv } from '../export/csv.ts'

/**
 * Wait until a job has finished (completed or failed) and answer its
 * record. A job still queued in another transport (no worker in this
 * process) is run here.
 *
 * @example
 * ```ts
 * const job = await waitForJob(id)
 * ```
 */
export async function waitForJob(id: string, timeoutMs = 60_000): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs
  while (true) {
    await embeddedWorker.drain()
    const job = await findJob(id)
    if (!job) {
      throw new Error(`No job with id ${id}`)
    }
    if (job.status === 'completed' || job.status === 'failed') {
      return job
    }
    if (job.status === 'queued') {
      await executeJob(id)
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(`Job ${id} is still ${job.status} after ${timeoutMs} ms`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * The rows of a finished job's file (`download`: the export, `report`: an
 * import's refused rows), header first: CSV parsed, XLSX read with exceljs.
 */
export async function readJobFile(
  job: JobRecord,
  file: 'download' | 'report' = 'download'
): Promise<{ name: string; rows: string[][]; bytes: Uint8Array }> {
  const key = file === 'download' ? job.result?.file : job.result?.report
  if (typeof key !== 'string') {
    throw new Error(
      `Job ${job.id} has no ${file} file (${job.status}${job.error ? `: ${job.error}` : ''})`
    )
  }
  const disk = await jobOptions().disk()
  const bytes = await disk.getBytes(key)
  const name = key.split('/').pop()!
  if (!name.endsWith('.xlsx')) {
    return { name, rows: parseCsv(Buffer.from(bytes).toString('utf8')), bytes }
  }
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  /* exceljs types its input as its own ArrayBuffer-like Buffer: give it one */
  await workbook.xlsx.load(new Uint8Array(bytes).buffer)
  const rows: string[][] = []
  workbook.worksheets[0].eachRow((row) => {
    rows.push(
      (row.values as unknown[])
        .slice(1)
        .map((value) => (value === null || value === undefined ? '' : String(value)))
    )
  })
  return { name, rows, bytes }
}
