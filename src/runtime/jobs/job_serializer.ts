import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { KitJobContract } from '../../contracts/jobs.ts'
import { Tenancy } from '../../definitions/tenancy/tenancy.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import type { KitTranslator } from '../../i18n/translator.ts'
import { joinPath } from '../../support/path_safety.ts'
import type { MountOptions } from '../mounts/resource_mount.ts'
import { isStalled, jobOptions } from './job_runtime.ts'
import type { JobRecord } from './job_store.ts'

/**
 * The path segment of the job routes of a panel: `/admin/_kit/jobs`,
 * behind the tenant segment of a tenant panel.
 */
export function jobsPath(options: Pick<MountOptions, 'prefix' | 'tenant'>, segment = '') {
  return joinPath(segment, options.prefix, '_kit/jobs')
}

function tenantSegment(options: Pick<MountOptions, 'tenant'>, tenant: LucidRow | null) {
  const routing = options.tenant
  if (!routing || !tenant) return ''
  return encodeURIComponent(String(valueOf(tenant, routing.routeKey ?? routing.model.primaryKey)))
}

/**
 * The URL of a job's status (and, with a suffix, of its files).
 */
export function jobUrl(
  options: Pick<MountOptions, 'prefix' | 'tenant'>,
  id: string,
  suffix = '',
  tenant: LucidRow | null = Tenancy.current()
) {
  return joinPath(jobsPath(options, tenantSegment(options, tenant)), id, suffix)
}

/**
 * A signed, expiring URL of a job's file, valid for its owner only.
 */
export function signedFileUrl(
  options: Pick<MountOptions, 'prefix' | 'tenant'>,
  job: JobRecord,
  file: 'download' | 'report'
) {
  const signature = jobOptions().sign({ j: job.id, u: job.userId, f: file })
  return `${jobUrl(options, job.id, file)}?signature=${encodeURIComponent(signature)}`
}

/**
 * A job as its owner sees it.
 */
export function serializeJob(
  job: JobRecord,
  options: Pick<MountOptions, 'prefix' | 'tenant'>,
  translator?: KitTranslator
): KitJobContract {
  const t = contextTranslator({ translator })
  const done = job.status === 'completed'
  const result = job.result
  const percent = done
    ? 100
    : job.total > 0
      ? Math.min(99, Math.floor((job.processed * 100) / job.total))
      : 0
  const values = {
    processed: job.processed,
    failed: job.failed,
    total: job.total,
    error: job.error,
  }
  const status = isStalled(job) ? 'stalled' : job.status
  const message = done
    ? t.t(`job.${job.kind}.completed`, values)
    : status === 'failed' || status === 'running' || status === 'stalled'
      ? t.t(`job.${status}`, values)
      : t.t('job.queued', values)
  return {
    id: job.id,
    kind: job.kind,
    status,
    total: job.total,
    processed: job.processed,
    failed: job.failed,
    percent,
    statusUrl: jobUrl(options, job.id),
    downloadUrl: done && result?.file ? signedFileUrl(options, job, 'download') : null,
    reportUrl: done && result?.report ? signedFileUrl(options, job, 'report') : null,
    message,
    error: job.error,
    result: result
      ? Object.fromEntries(
          Object.entries(result).filter(([name]) => !['file', 'report'].includes(name))
        )
      : null,
  }
}
