import type { HttpContext, Router } from '@adonisjs/core/http'
import { globalSearchOperation } from '../runtime/operations/search.ts'
import { toRouteMiddleware } from './middleware.ts'
import { joinPath } from '../support/path_safety.ts'
import { requestScopeMiddleware, tenantMiddleware } from './tenant_middleware.ts'
import {
  searchPath,
  type MountOptions,
  type ResourceMount,
} from '../runtime/mounts/resource_mount.ts'

/**
 * Register the global search route of a panel: `GET <prefix>/search?q=...`,
 * answering the `GlobalSearchContract` as JSON, behind the panel's
 * middleware.
 */
export function registerSearchRoute(
  router: Router,
  mounts: ResourceMount[],
  options: Pick<
    MountOptions,
    'prefix' | 'name' | 'middleware' | 'resolveUser' | 'panelId' | 'tenant'
  >
) {
  const tenant = options.tenant
  const path = tenant
    ? joinPath(`/:${tenant.parameter ?? 'tenant'}`, searchPath(options.prefix))
    : searchPath(options.prefix)
  const route = router
    .get(path, async (ctx: HttpContext) => {
      const user = (await options.resolveUser(ctx)) ?? null
      const context = { user, http: ctx, containerResolver: ctx.containerResolver }
      const answer = await globalSearchOperation(mounts, context, ctx.request.qs())
      return ctx.response.ok(answer.body)
    })
    .as(`${options.name}.search`)
  /* the same chain as the panel's pages: request scope, panel middleware, tenant */
  const middleware = [
    requestScopeMiddleware,
    ...options.middleware,
    ...(tenant ? [tenantMiddleware(tenant, options.resolveUser)] : []),
  ]
  for (const entry of middleware) {
    route.use(toRouteMiddleware(entry, `Panel "${options.panelId}" search`))
  }
  return route
}
