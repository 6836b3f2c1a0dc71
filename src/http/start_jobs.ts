import type { ApplicationService } from '@adonisjs/core/types'
import type { Disk } from 'flydrive'
import type { KitManager } from './kit_manager.ts'
import { requestTranslator } from '../i18n/request.ts'
import { useJobConnection } from '../runtime/jobs/job_store.ts'
import { driveDisk, hasDrive } from '../runtime/files/drive_disk.ts'
import {
  configureJobs,
  embeddedWorker,
  executeJob,
  HEARTBEAT_MS,
  MISSED_HEARTBEATS,
} from '../runtime/jobs/job_runtime.ts'
import '../runtime/export/export_job.ts'
import '../runtime/import/import_job.ts'
import '../runtime/jobs/bulk_job.ts'

/**
 * The name the kit's queue job is registered under in @adonisjs/queue.
 */
export const KIT_QUEUE_JOB = 'AdonisKitJob'

/**
 * Register the kit's job class with @adonisjs/queue: one job class for
 * every kit job, carrying only the id of its record (the worker reads the
 * rest, and the user and tenant, again). A record a dead worker left
 * running is retried once its heartbeat is stale (`jobs.staleAfterMs`).
 */
async function queueTransport(staleAfterMs: number) {
  const { Job, Locator, fixedBackoff } = await import('@adonisjs/queue')
  class AdonisKitJob extends Job<{ id: string }> {
    static options: (typeof Job)['options'] = {
      maxRetries: 5,
      retry: { backoff: fixedBackoff(staleAfterMs + 1000) },
    }

    async execute() {
      if (!(await executeJob(this.payload.id))) {
        /* another worker holds it: try again once its heartbeat is stale */
        throw new Error(`adonis-kit job ${this.payload.id} is held by another worker`)
      }
    }
  }
  Locator.register(KIT_QUEUE_JOB, AdonisKitJob)
  return async (id: string) => {
    await AdonisKitJob.dispatch({ id }).run()
  }
}

/**
 * Configure the kit's jobs at boot: the job records on the app's default
 * database connection, the disk of their files, signed file URLs with the
 * app's encryption, and the transport (the embedded worker, which takes
 * over jobs a dead process left, or @adonisjs/queue).
 */
export async function startJobs(app: ApplicationService, kit: KitManager) {
  const settings = kit.config.jobs ?? {}
  if (app.container.hasBinding('lucid.db')) {
    const db = await app.container.make('lucid.db')
    /* on the primary: a claim, its fencing token and a cursor are read back
       after they are written (never from a read replica that lags) */
    useJobConnection(() => db.connection(undefined, { mode: 'write' }))
  }
  const encryption = await app.container.make('encryption')

  let disk: Disk | null = null
  const resolveDisk = async () => {
    if (disk) return disk
    if (settings.disk && hasDrive()) {
      disk = await driveDisk(settings.disk)
    } else {
      /* without Drive: a private local disk (flydrive is a dependency of the kit) */
      const [{ Disk: FlyDisk }, { FSDriver }] = await Promise.all([
        import('flydrive'),
        import('flydrive/drivers/fs'),
      ])
      disk = new FlyDisk(
        new FSDriver({ location: app.makePath('storage/kit'), visibility: 'private' })
      )
    }
    return disk
  }

  const transport = settings.transport ?? 'embedded'
  configureJobs({
    transport,
    findUser: settings.findUser ?? null,
    disk: resolveDisk,
    mounts: () => kit.mounts(),
    enqueue:
      transport === 'queue'
        ? await queueTransport(
            settings.staleAfterMs ?? (settings.heartbeatMs ?? HEARTBEAT_MS) * MISSED_HEARTBEATS
          )
        : undefined,
    translator: (mount) => requestTranslator(undefined, mount.options.presentation),
    sign: (value) => encryption.encrypt(value, '1h', 'adonis-kit-job-file'),
    verify: (token) => {
      const value = encryption.decrypt<{ j: string; u: string; f: string }>(
        token,
        'adonis-kit-job-file'
      )
      return value && typeof value === 'object' ? value : null
    },
    concurrency: settings.concurrency,
    bulkQueueThreshold: settings.bulkQueueThreshold ?? 1000,
    heartbeatMs: settings.heartbeatMs,
    staleAfterMs: settings.staleAfterMs,
    recoverEveryMs: settings.recoverEveryMs,
  })

  /* the embedded worker takes over what a dead process left behind, now
     and while the process runs */
  if (transport === 'embedded' && app.getEnvironment() === 'web') {
    embeddedWorker.start()
  }
}

/**
 * Stop the kit's job timers (the app is terminating).
 */
export function stopJobs() {
  embeddedWorker.stop()
}
