import type { HttpContext, Router } from '@adonisjs/core/http'
import { toRouteMiddleware } from './middleware.ts'
import { requestScopeMiddleware, tenantMiddleware } from './tenant_middleware.ts'
import { requestTranslator } from '../i18n/request.ts'
import type { MountOptions } from '../runtime/mounts/resource_mount.ts'
import { findJob, type JobRecord } from '../runtime/jobs/job_store.ts'
import { jobOptions } from '../runtime/jobs/job_runtime.ts'
import { jobsPath, serializeJob } from '../runtime/jobs/job_serializer.ts'
import { RecordNotFoundException } from '../support/errors.ts'
import { joinPath } from '../support/path_safety.ts'

type JobRouteOptions = Pick<
  MountOptions,
  'prefix' | 'name' | 'middleware' | 'resolveUser' | 'panelId' | 'tenant' | 'presentation'
>

/**
 * The job of the request's user, or 404 (unknown id, another user's job,
 * another panel's job).
 */
async function ownJob(ctx: HttpContext, options: JobRouteOptions): Promise<JobRecord> {
  const user = (await options.resolveUser(ctx)) ?? null
  const userId = user ? String(user.$primaryKeyValue ?? user.id) : null
  const job = await findJob(ctx.params.job)
  if (!job || userId === null || job.userId !== userId || job.panel !== options.panelId) {
    throw new RecordNotFoundException('Job not found')
  }
  return job
}

/**
 * Register a panel's job routes: the status of a job (its owner only,
 * another user gets 404) and the download of its files (a signed,
 * expiring URL, for its owner only).
 */
export function registerJobRoutes(router: Router, options: JobRouteOptions) {
  const tenant = options.tenant
  const base = jobsPath(options, tenant ? `/:${tenant.parameter ?? 'tenant'}` : '')
  const routes = [
    router
      .get(joinPath(base, ':job'), async (ctx: HttpContext) => {
        const job = await ownJob(ctx, options)
        const translator = requestTranslator(ctx, options.presentation)
        return ctx.response.ok(serializeJob(job, options, translator))
      })
      .as(`${options.name}.jobs.show`),
    router
      .get(joinPath(base, ':job', ':file'), async (ctx: HttpContext) => {
        const job = await ownJob(ctx, options)
        const file = ctx.params.file
        const token = jobOptions().verify(String(ctx.request.qs().signature ?? ''))
        const key =
          file === 'download' ? job.result?.file : file === 'report' ? job.result?.report : null
        if (
          !token ||
          token.j !== job.id ||
          token.u !== job.userId ||
          token.f !== file ||
          job.status !== 'completed' ||
          typeof key !== 'string'
        ) {
          throw new RecordNotFoundException('File not found')
        }
        const disk = await jobOptions().disk()
        if (!(await disk.exists(key))) {
          throw new RecordNotFoundException('File not found')
        }
        const name = key.split('/').pop()!
        const type = name.endsWith('.xlsx')
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv; charset=utf-8'
        ctx.response.header('content-type', type)
        ctx.response.header('content-disposition', `attachment; filename="${name}"`)
        ctx.response.header('cache-control', 'private, no-store')
        return ctx.response.stream(await disk.getStream(key))
      })
      .where('file', /^(download|report)$/)
      .as(`${options.name}.jobs.file`),
  ]
  const middleware = [
    requestScopeMiddleware,
    ...options.middleware,
    ...(tenant ? [tenantMiddleware(tenant, options.resolveUser)] : []),
  ]
  for (const route of routes) {
    for (const entry of middleware) {
      route.use(toRouteMiddleware(entry, `Panel "${options.panelId}" jobs`))
    }
  }
  return routes
}
