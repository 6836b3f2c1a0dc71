import type { KitJobContract, TableContract, TabsContract } from '../contracts/main.ts'
import { bulkPayload, httpErrorMessage, jsonFieldErrors, jsonMutationHeaders } from './shared.ts'
import { keyText, type KitText } from './text.ts'

/**
 * The answer of an action called as JSON: a job it started, the import's
 * mapping step, per-field errors (422), or a plain message.
 */
export interface JobActionAnswer {
  job?: KitJobContract
  preview?: ImportPreview
  message?: string | null
  errors?: Record<string, string>
}

/** The mapping step of an import (`{ preview: true }`). */
export interface ImportPreview {
  headers: string[]
  columns: { name: string; label: string }[]
  mapping: Record<string, string>
}

/**
 * Call an action as JSON (with the XSRF header, as Inertia does) and read
 * the job, preview or errors of its answer. With a file, the call is a
 * multipart form: the file as `file`, each other member a field (objects as
 * JSON). Other failures throw with a translated message.
 */
export async function callJobAction(
  url: string,
  body: Record<string, unknown>,
  t: KitText = keyText,
  file: File | null = null
): Promise<JobActionAnswer> {
  const headers = jsonMutationHeaders()
  let payload: string | FormData = JSON.stringify(body)
  if (file) {
    /* the browser writes the multipart content type and its boundary */
    delete headers['content-type']
    payload = new FormData()
    for (const [name, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue
      payload.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
    }
    payload.append('file', file)
  }
  const response = await fetch(url, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: payload,
  })
  const data = (await response.json().catch(() => null)) as JobActionAnswer | null
  if (response.status === 422) return { errors: jsonFieldErrors(data) }
  if (!response.ok) throw new Error(httpErrorMessage(response.status, data, t))
  return data ?? {}
}

/**
 * The table state an export sends: search, filters, tab and sort of the
 * table as it is shown.
 */
export function exportPayload(
  table: TableContract | null | undefined,
  tabs: TabsContract | null | undefined
): Record<string, unknown> {
  if (!table) return {}
  const body: Record<string, unknown> = {
    ...bulkPayload(table, tabs, { keys: [], allMatching: true, except: [] }),
  }
  delete body.selectAll
  delete body.except
  if (table.sort) {
    body[table.parameters.sort] = table.sort.column
    body[table.parameters.direction] = table.sort.direction
  }
  return body
}

/** Whether a job reached its end. */
export function jobFinished(job: KitJobContract): boolean {
  return job.status === 'completed' || job.status === 'failed'
}

/** The links of a finished job (its file, its report of refused rows). */
export function jobLinks(job: KitJobContract, t: KitText = keyText) {
  const links: { href: string; label: string; kind: 'download' | 'report' }[] = []
  if (job.downloadUrl)
    links.push({ href: job.downloadUrl, label: t('job.download'), kind: 'download' })
  if (job.reportUrl) links.push({ href: job.reportUrl, label: t('job.report'), kind: 'report' })
  return links
}

/** The links a toast carries in its `meta` (a finished job's). */
export function toastLinks(meta: unknown): ReturnType<typeof jobLinks> {
  const links = (meta as { links?: unknown } | null | undefined)?.links
  return Array.isArray(links) ? (links as ReturnType<typeof jobLinks>) : []
}

/** The toast of a failure (a refused action, a lost connection). */
export function errorToast(message: string) {
  return { description: message, type: 'error' as const, duration: 8000 }
}

/**
 * Run a bulk action as JSON (exports, and query-wide selections, which the
 * server may answer with a job over its threshold): the job to follow, or
 * the action's message. Field errors throw with their messages.
 */
export async function callBulkAction(
  url: string,
  body: Record<string, unknown>,
  t: KitText = keyText
): Promise<{ job: KitJobContract | null; message: string | null }> {
  const answer = await callJobAction(url, body, t)
  if (answer.errors) throw new Error(Object.values(answer.errors).join(' '))
  return { job: answer.job ?? null, message: answer.message ?? null }
}

/** The toast of a finished job: its message, and its links in `meta`. */
export function jobToast(job: KitJobContract, t: KitText = keyText) {
  return {
    id: `kit-job-${job.id}`,
    description: job.message,
    type: job.status === 'failed' ? ('error' as const) : ('success' as const),
    duration: 15000,
    meta: { links: jobLinks(job, t) },
  }
}

type Listener = (jobs: KitJobContract[]) => void

let tracked: KitJobContract[] = []
const listeners = new Set<Listener>()

function publish(next: KitJobContract[]) {
  tracked = next
  for (const listener of listeners) listener(tracked)
}

function replace(job: KitJobContract) {
  publish(tracked.map((entry) => (entry.id === job.id ? job : entry)))
}

/** The jobs the page follows (running and finished, until dismissed). */
export function trackedJobs(): KitJobContract[] {
  return tracked
}

/**
 * The job a page brings (a bulk action sent through Inertia that the
 * server queued) when the page does not follow it yet.
 */
export function untrackedJob(job: KitJobContract | null | undefined): KitJobContract | null {
  return job && !tracked.some((entry) => entry.id === job.id) ? job : null
}

/** Be told when the followed jobs change; answers the unsubscribe function. */
export function subscribeJobs(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Stop showing a finished job. */
export function dismissJob(id: string) {
  publish(tracked.filter((job) => job.id !== id))
}

/**
 * Follow a job: poll its status URL every second until it ends, then call
 * `onFinished` (the renderer's toast and reload).
 */
export function trackJob(
  job: KitJobContract,
  onFinished: (job: KitJobContract) => void,
  interval = 1000
) {
  publish([...tracked.filter((entry) => entry.id !== job.id), job])
  if (jobFinished(job)) {
    onFinished(job)
    return
  }
  const poll = async () => {
    let current: KitJobContract | null = null
    try {
      const response = await fetch(job.statusUrl, {
        headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'same-origin',
      })
      if (response.ok) current = (await response.json()) as KitJobContract
      /* the job is gone (or no longer this user's): stop following it */
      if (response.status === 404 || response.status === 403) {
        dismissJob(job.id)
        return
      }
    } catch {
      current = null
    }
    if (!tracked.some((entry) => entry.id === job.id)) return
    if (current) replace(current)
    if (current && jobFinished(current)) {
      onFinished(current)
      return
    }
    setTimeout(poll, interval)
  }
  setTimeout(poll, interval)
}
