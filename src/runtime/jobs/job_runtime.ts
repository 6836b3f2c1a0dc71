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
  claimJob,
  createJob,
  findJob,
  updateJob,
  type JobRecord,
} from './job_store.ts'
import debug from '../../support/debug.ts'

/**
 * How long a running job may stay without a heartbeat before another
 * worker takes it over (its worker is considered dead).
 */
export const STALLED_AFTER_MS = 30_000

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
  const job = await createJob({
    kind,
    userId,
    panel: mount.options.panelId ?? null,
    mount: mount.routeName('index'),
    tenantKey: tenant ? String(tenant.$primaryKeyValue) : null,
    payload,
  })
  const settings = jobOptions()
  if (settings.transport === 'queue' && settings.enqueue) {
    await settings.enqueue(job.id)
  } else {
    embeddedWorker.push(job.id)
  }
  return job
}

/**
 * Run one job by id, whoever calls it (the embedded worker, a queue
 * worker, a test): claim it, rebuild its context, run its handler, record
 * the outcome. Answers false when another worker holds it.
 */
export async function executeJob(id: string): Promise<boolean> {
  const settings = jobOptions()
  if (!(await claimJob(id, new Date(Date.now() - STALLED_AFTER_MS)))) {
    return false
  }
  const job = (await findJob(id))!
  await updateJob(id, {
    attempts: job.attempts + 1,
    startedAt: job.startedAt ?? new Date(),
    heartbeatAt: new Date(),
  })
  try {
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
    const result = await Tenancy.run(tenant, () =>
      handler({
        job,
        mount,
        context,
        disk,
        progress: (values, client) => updateJob(id, { ...values, heartbeatAt: new Date() }, client),
      })
    )
    await updateJob(id, { status: 'completed', result, finishedAt: new Date() })
  } catch (error) {
    debug('job %s failed: %O', id, error)
    const refused = error instanceof UnauthorizedOperationException
    await updateJob(id, {
      status: 'failed',
      error: refused ? 'forbidden' : error instanceof Error ? error.message.slice(0, 500) : 'error',
      finishedAt: new Date(),
    })
  }
  return true
}

/**
 * The in-process worker of the `embedded` transport: runs jobs in the
 * background of the web process, a few at a time; at boot it takes over
 * the jobs a dead process left (queued, or running without heartbeat).
 */
class EmbeddedWorker {
  #queue: string[] = []
  #running = new Set<Promise<unknown>>()
  #idle: (() => void)[] = []

  push(id: string) {
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
   * Queue the jobs a dead worker left behind.
   */
  async recover(): Promise<number> {
    const ids = await abandonedJobs(new Date(Date.now() - STALLED_AFTER_MS))
    ids.forEach((id) => this.push(id))
    return ids.length
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
