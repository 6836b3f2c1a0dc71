import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { Disk } from 'flydrive'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext, KitUser } from '../../definitions/types.ts'
import type { KitTranslator } from '../../i18n/translator.ts'
import { Tenancy, type TenantAccess } from '../../definitions/tenancy/tenancy.ts'
import { UnauthorizedOperationException } from '../../support/errors.ts'
import {
  abandonedJobs,
  activeJobs,
  claimJob,
  createJob,
  deleteJob,
  findJob,
  updateJob,
  type JobRecord,
} from './job_store.ts'
import debug from '../../support/debug.ts'
import { readsOnPrimary } from '../query/primary_reads.ts'

/**
 * How often a running job's worker writes its heartbeat, by default (ms).
 */
export const HEARTBEAT_MS = 5_000

/**
 * How many heartbeats a worker may miss before its job counts as stalled
 * (its worker dead) and another worker takes it over, by default.
 */
export const MISSED_HEARTBEATS = 3

/**
 * A worker's write refused because another worker took its job over (its
 * heartbeat went stale): the worker stops, the job is not marked failed.
 */
export class JobTakenOverError extends Error {
  constructor(id: string) {
    super(`adonis-kit job ${id} was taken over by another worker`)
  }
}

/**
 * What a job handler gets when its job runs: the job record, the mount and
 * the kit context rebuilt at run time (the user read again, the tenant read
 * again and checked), and a way to save progress.
 */
export interface JobRun {
  job: JobRecord
  mount: ResourceMount
  context: KitContext
  disk: Disk
  /**
   * Save progress after a chunk (in the chunk's transaction when given, so
   * the chunk and its cursor are committed together).
   */
  progress(
    values: { processed: number; failed: number; cursor: string | null; total?: number },
    client?: QueryClientContract
  ): Promise<void>
}

/**
 * A kind of kit job: its handler returns the result stored on the record.
 */
export type JobHandler = (run: JobRun) => Promise<Record<string, any>>

/**
 * How jobs reach a worker: in this process (`embedded`, the default: no
 * Redis, jobs survive a restart through their records), or through
 * `@adonisjs/queue` (Redis or database adapter, one or many `node ace
 * queue:work` processes).
 */
export type JobTransport = 'embedded' | 'queue'

/**
 * The job settings of config/kit.ts.
 */
export interface JobRuntimeOptions {
  transport: JobTransport
  /** Find the user a job runs as, by the id stored at dispatch */
  findUser: ((id: string) => Promise<KitUser | null>) | null
  /** Where export files and import reports are written */
  disk: () => Promise<Disk>
  /** The mounts of the app, by route name of their list page */
  mounts: () => ResourceMount[]
  /** Dispatch a job id on @adonisjs/queue (transport `queue`) */
  enqueue?: (id: string) => Promise<void>
  /** The translator of a job's messages */
  translator?: (mount: ResourceMount) => KitTranslator | undefined
  /** Sign a file token (the app's encryption, expiring) */
  sign: (value: { j: string; u: string; f: string }) => string
  /** Read a signed file token back (null when forged or expired) */
  verify: (token: string) => { j: string; u: string; f: string } | null
  /** The embedded worker's concurrency (default 2) */
  concurrency?: number
  /** Query-wide bulk actions over this many records run as jobs (default 1000) */
  bulkQueueThreshold: number
  /** How often a running job writes its heartbeat, ms (default 5 000) */
  heartbeatMs?: number
  /** A running job without heartbeat for this long is stalled, ms (default 3 heartbeats) */
  staleAfterMs?: number
  /** How often the embedded worker looks for stalled and queued jobs, ms (default: a heartbeat) */
  recoverEveryMs?: number
}

/**
 * What a job listener hears: a job moved on (a chunk saved its progress)
 * or ended (completed or failed), with its record as it now is and its
 * mount.
 */
export type JobListener = (
  event: 'progress' | 'finished',
  job: JobRecord,
  mount: ResourceMount | undefined
) => void | Promise<void>

const listeners = new Set<JobListener>()

/**
 * Be told when a job moves on or ends (the notifications use it); answers
 * the function that stops listening.
 */
export function onJobEvent(listener: JobListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

async function emitJobEvent(event: 'progress' | 'finished', id: string, mount?: ResourceMount) {
  if (!listeners.size) return
  try {
    const job = await findJob(id)
    if (!job) return
    const target =
      mount ?? options?.mounts().find((candidate) => candidate.routeName('index') === job.mount)
    for (const listener of listeners) {
      await listener(event, job, target)
    }
  } catch (error) {
    debug('job %s %s listener: %O', id, event, error)
  }
}

const handlers = new Map<string, JobHandler>()
let options: JobRuntimeOptions | null = null
/* user models seen at dispatch: the default way to read a user again */
const userModels = new Map<string, LucidModel>()

/**
 * Register the handler of a job kind (the kit registers export, import and
 * bulk).
 */
export function registerJobHandler(kind: string, handler: JobHandler) {
  handlers.set(kind, handler)
}

/**
 * The handler registered for a job kind (undefined when none is).
 */
export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind)
}

/**
 * Configure the job runtime (the provider does it at boot).
 */
export function configureJobs(settings: JobRuntimeOptions) {
  options = settings
}

/**
 * The job runtime's settings.
 */
export function jobOptions(): JobRuntimeOptions {
  if (!options) {
    throw new Error('adonis-kit jobs are not configured (is the kit provider registered?)')
  }
  return options
}

/**
 * The heartbeat period, the staleness window and the recovery period of
 * the configured runtime (defaults before configuration).
 */
export function jobTimings() {
  const heartbeatMs = options?.heartbeatMs ?? HEARTBEAT_MS
  return {
    heartbeatMs,
    staleAfterMs: options?.staleAfterMs ?? heartbeatMs * MISSED_HEARTBEATS,
    recoverEveryMs: options?.recoverEveryMs ?? heartbeatMs,
  }
}

/**
 * The moment before which a running job's heartbeat is stale.
 */
export function staleBefore(now = Date.now()): Date {
  return new Date(now - jobTimings().staleAfterMs)
}

/**
 * Whether a job is stalled: running, but its worker has not written a
 * heartbeat within the staleness window (it died, or hangs), and nobody
 * has taken it over yet.
 */
export function isStalled(job: JobRecord, now = Date.now()): boolean {
  return (
    job.status === 'running' &&
    (!job.heartbeatAt || job.heartbeatAt.getTime() < staleBefore(now).getTime())
  )
}

/**
 * The form of a payload two requests are compared by: object keys sorted,
 * and the record keys of a selection (`records`, `except`) as a sorted set
 * of strings (the same records in another order are the same selection).
 */
function canonical(value: unknown, name = ''): unknown {
  if (Array.isArray(value)) {
    if (name === 'records' || name === 'except') {
      return [...new Set(value.map(String))].sort()
    }
    return value.map((entry) => canonical(entry))
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key], key)])
    )
  }
  return value
}

/**
 * The fingerprint of a job request: two requests with the same one are
 * identical (see {@link dispatchJob}).
 */
export function jobFingerprint(kind: string, payload: Record<string, any>): string {
  return JSON.stringify([kind, canonical(payload)])
}

function userKey(user: KitUser | null): string | null {
  const id = user?.$primaryKeyValue ?? user?.id
  return id === undefined || id === null ? null : String(id)
}

async function findUser(id: string, mount: ResourceMount): Promise<KitUser | null> {
  const settings = jobOptions()
  if (settings.findUser) {
    return settings.findUser(id)
  }
  const model = userModels.get(mount.routeName('index'))
  if (!model) {
    throw new Error(
      'adonis-kit: set jobs.findUser in config/kit.ts so a worker process can read the user of a job'
    )
  }
  return (await model.find(id)) as KitUser | null
}

/**
 * Create the record of a job and hand it to a worker. The job carries the
 * user id, the mount, the tenant key and the payload (the table state): the
 * worker rebuilds everything else.
 *
 * An identical request while its job is queued or running answers with
 * that job instead of starting a second one. Identical: the same kind, user,
 * panel, resource mount and tenant, and the same payload (the action's
 * name, the submitted table state: search, filters, sort, tab, the selected
 * and excepted keys as a set, the action form's data; an import's uploaded
 * file, so every upload is its own job). A job that has ended does not
 * count: the same request afterwards starts a new job.
 */
export async function dispatchJob(
  kind: string,
  mount: ResourceMount,
  context: KitContext,
  payload: Record<string, any>
): Promise<JobRecord> {
  const userId = userKey(context.user)
  if (userId === null) {
    throw new UnauthorizedOperationException()
  }
  const user = context.user as LucidRow
  if (user && typeof user.constructor === 'function' && '$primaryKeyValue' in user) {
    userModels.set(mount.routeName('index'), user.constructor as LucidModel)
  }
  const tenant = Tenancy.current()
  const owner = {
    kind,
    userId,
    panel: mount.options.panelId ?? null,
    mount: mount.routeName('index'),
    tenantKey: tenant ? String(tenant.$primaryKeyValue) : null,
  }
  /* an identical request while its job is queued or running answers with that job */
  const fingerprint = jobFingerprint(kind, payload)
  const identical = async () => {
    const active = await activeJobs(owner)
    return active.filter(
      (candidate) => jobFingerprint(candidate.kind, candidate.payload) === fingerprint
    )
  }
  const [pending] = await identical()
  if (pending) {
    return pending
  }
  const created = await createJob({ ...owner, payload })
  /* two identical requests at the same moment: the oldest job stays, the
     other record is removed before any worker sees it */
  const [first] = await identical()
  if (first && first.id !== created.id) {
    await deleteJob(created.id)
    return first
  }
  const settings = jobOptions()
  if (settings.transport === 'queue' && settings.enqueue) {
    await settings.enqueue(created.id)
  } else {
    embeddedWorker.push(created.id)
  }
  return created
}

/**
 * Run one job by id, whoever calls it (the embedded worker, a queue
 * worker, a test): claim it (queued, or stalled: its heartbeat stale),
 * rebuild its context, run its handler with a heartbeat, record the
 * outcome. Every write of the run is fenced by its claim: once another
 * worker took the job over, this one's writes are refused (a chunk's
 * transaction rolls back) and it stops. Answers false when another worker
 * holds it.
 */
export async function executeJob(id: string): Promise<boolean> {
  const settings = jobOptions()
  const attempt = await claimJob(id, staleBefore())
  if (attempt === null) {
    return false
  }
  const job = (await findJob(id))!
  const write = async (
    values: Parameters<typeof updateJob>[1],
    client?: Parameters<typeof updateJob>[2]
  ) => {
    if (!(await updateJob(id, values, client, attempt))) {
      throw new JobTakenOverError(id)
    }
  }
  let lost = false
  const heartbeat = setInterval(() => {
    updateJob(id, { heartbeatAt: new Date() }, undefined, attempt)
      .then((held) => {
        /* taken over (or ended): this run beats no more */
        if (!held) {
          lost = true
          clearInterval(heartbeat)
        }
      })
      .catch((error) => debug('job %s heartbeat: %O', id, error))
  }, jobTimings().heartbeatMs)
  heartbeat.unref()
  try {
    await write({ startedAt: job.startedAt ?? new Date(), heartbeatAt: new Date() })
    const handler = handlers.get(job.kind)
    const mount = settings.mounts().find((candidate) => candidate.routeName('index') === job.mount)
    if (!handler || !mount) {
      throw new Error(`No ${handler ? 'resource' : 'handler'} for this job`)
    }

    /* the user and the tenant as they are now, not as they were at dispatch */
    const user = await findUser(job.userId, mount)
    if (!user) {
      throw new UnauthorizedOperationException()
    }
    let tenant: LucidRow | null = null
    if (job.tenantKey !== null) {
      const tenantModel = mount.options.tenant?.model
      tenant = tenantModel ? await tenantModel.find(job.tenantKey) : null
      if (!tenant || (await (tenant as LucidRow & TenantAccess).canAccessTenant(user)) !== true) {
        throw new UnauthorizedOperationException()
      }
    }
    const context: KitContext = { user, translator: settings.translator?.(mount) }
    const disk = await settings.disk()
    /* every read of the run on the primary: a chunk follows the previous one's writes */
    const result = await Tenancy.run(tenant, () =>
      readsOnPrimary(() =>
        handler({
          job: { ...job, attempts: attempt },
          mount,
          context,
          disk,
          progress: async (values, client) => {
            if (lost) throw new JobTakenOverError(id)
            await write({ ...values, heartbeatAt: new Date() }, client)
            /* after the chunk's commit when it ran in one */
            const announce = () => void emitJobEvent('progress', id, mount)
            const transaction = client as (QueryClientContract & { after?: Function }) | undefined
            if (transaction?.isTransaction && typeof transaction.after === 'function') {
              transaction.after('commit', announce)
            } else {
              announce()
            }
          },
        })
      )
    )
    await write({ status: 'completed', result, finishedAt: new Date() })
    await emitJobEvent('finished', id, mount)
  } catch (error) {
    if (error instanceof JobTakenOverError) {
      debug('job %s: %s', id, error.message)
      return true
    }
    debug('job %s failed: %O', id, error)
    const refused = error instanceof UnauthorizedOperationException
    const ended = await updateJob(
      id,
      {
        status: 'failed',
        error: refused
          ? 'forbidden'
          : error instanceof Error
            ? error.message.slice(0, 500)
            : 'error',
        finishedAt: new Date(),
      },
      undefined,
      attempt
    )
    if (ended) await emitJobEvent('finished', id)
  } finally {
    clearInterval(heartbeat)
  }
  return true
}

/**
 * Let the event loop answer what waits (requests, timers) between two
 * chunks of a job: with a synchronous driver (better-sqlite3) a chain of
 * chunks would otherwise never leave the microtask queue.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/**
 * The in-process worker of the `embedded` transport: runs jobs in the
 * background of the web process, a few at a time; while the process runs
 * it looks, every `recoverEveryMs`, for the jobs a dead worker left
 * (queued, or running with a stale heartbeat) and takes them over.
 */
class EmbeddedWorker {
  #queue: string[] = []
  /* the ids queued or running here: a recovered id is not queued twice */
  #known = new Set<string>()
  #running = new Set<Promise<unknown>>()
  #idle: (() => void)[] = []
  #timer: NodeJS.Timeout | null = null
  #recovering: Promise<number> | null = null

  push(id: string) {
    if (this.#known.has(id)) return
    this.#known.add(id)
    this.#queue.push(id)
    this.#pump()
  }

  #pump() {
    const limit = options?.concurrency ?? 2
    while (this.#running.size < limit && this.#queue.length) {
      const id = this.#queue.shift()!
      const run: Promise<unknown> = executeJob(id)
        .catch((error) => debug('embedded worker: %O', error))
        .finally(() => {
          this.#known.delete(id)
          this.#running.delete(run)
          this.#pump()
        })
      this.#running.add(run)
    }
    if (!this.#running.size && !this.#queue.length) {
      this.#idle.splice(0).forEach((resolve) => resolve())
    }
  }

  /**
   * Queue the jobs a dead worker left behind (one look at a time).
   */
  recover(): Promise<number> {
    this.#recovering ??= abandonedJobs(staleBefore())
      .then((ids) => {
        ids.forEach((id) => this.push(id))
        return ids.length
      })
      .finally(() => {
        this.#recovering = null
      })
    return this.#recovering
  }

  /**
   * Look for abandoned jobs now, then every `recoverEveryMs` until
   * {@link stop} (the timer never keeps the process alive).
   */
  start() {
    this.stop()
    const look = () => {
      this.recover().catch((error) => debug('adonis-kit: no job recovery (%s)', error?.message))
    }
    setImmediate(look)
    this.#timer = setInterval(look, jobTimings().recoverEveryMs)
    this.#timer.unref()
  }

  /**
   * Stop looking for abandoned jobs (the app is terminating).
   */
  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /**
   * Wait until every queued job of this process has run.
   */
  drain(): Promise<void> {
    if (!this.#running.size && !this.#queue.length) return Promise.resolve()
    return new Promise((resolve) => this.#idle.push(resolve))
  }
}

/**
 * The embedded worker of this process.
 */
export const embeddedWorker = new EmbeddedWorker()
