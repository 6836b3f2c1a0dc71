import { Tenancy } from '../../definitions/tenancy/tenancy.ts'
import { Notification } from '../../definitions/notifications/notification.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { jobOptions, onJobEvent } from '../jobs/job_runtime.ts'
import { serializeJob } from '../jobs/job_serializer.ts'
import type { JobRecord } from '../jobs/job_store.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { broadcastToUser, notify } from './notifier.ts'

/**
 * The notification of a job that ended: its message as the title, its
 * file and report as links (signed for its owner, valid for an hour).
 */
async function jobNotification(job: JobRecord, mount: ResourceMount): Promise<Notification> {
  const translator = jobOptions().translator?.(mount)
  const t = contextTranslator({ translator })
  /* the file URLs carry the job's tenant segment */
  let tenant = null
  if (job.tenantKey !== null && mount.options.tenant) {
    tenant = await mount.options.tenant.model.find(job.tenantKey)
  }
  const serialized = Tenancy.run(tenant, () => serializeJob(job, mount.options, translator))
  const failed = job.status === 'failed'
  const notification = Notification.make(
    failed ? t.t('notifications.job.failed') : serialized.message.slice(0, 255)
  )
    .icon(failed ? 'x-circle' : job.kind === 'export' ? 'document-text' : 'check-circle')
    .color(failed ? 'danger' : 'success')
    .panel(job.panel)
    .tenant(job.tenantKey)
  if (failed) notification.body(serialized.message.slice(0, 2000))
  if (serialized.downloadUrl) notification.action(t.t('job.download'), serialized.downloadUrl)
  if (serialized.reportUrl) notification.action(t.t('job.report'), serialized.reportUrl)
  return notification
}

/**
 * Jobs of panels with notifications tell their owner on the owner's
 * channel: each saved chunk (live with transmit), and their end as a
 * stored notification (the bell shows it, live or at its next poll).
 */
export function notifyJobOwners() {
  return onJobEvent(async (event, job, mount) => {
    if (!mount?.options.notifications) return
    if (event === 'progress') {
      const percent =
        job.total > 0 ? Math.min(99, Math.floor((job.processed * 100) / job.total)) : 0
      broadcastToUser(job.userId, { type: 'job', id: job.id, status: job.status, percent })
      return
    }
    await notify(job.userId, await jobNotification(job, mount))
    broadcastToUser(job.userId, {
      type: 'job',
      id: job.id,
      status: job.status,
      percent: job.status === 'completed' ? 100 : 0,
    })
  })
}
