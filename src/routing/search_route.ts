import type { HttpContext, Router } from '@adonisjs/core/http'
import { GlobalSearch } from '../search/global_search.ts'
import { toRouteMiddleware } from './middleware.ts'
import { joinPath } from './path_safety.ts'
import type { MountOptions, ResourceMount } from './resource_mount.ts'

/**
 * Path of a panel's global search route.
 */
export function searchPath(prefix: string) {
  return joinPath(prefix, 'search')
}

/**
 * Register the global search route of a panel: `GET <prefix>/search?q=...`,
 * answering the `GlobalSearchContract` as JSON, behind the panel's
 * middleware.
 */
export function registerSearchRoute(
  router: Router,
  mounts: ResourceMount[],
  options: Pick<MountOptions, 'prefix' | 'name' | 'middleware' | 'resolveUser' | 'panelId'>
) {
  const route = router
    .get(searchPath(options.prefix), async (ctx: HttpContext) => {
      const user = (await options.resolveUser(ctx)) ?? null
      const results = await GlobalSearch.across(mounts).search(ctx.request.qs().q, user, {
        context: { http: ctx, containerResolver: ctx.containerResolver },
      })
      return ctx.response.ok(results)
    })
    .as(`${options.name}.search`)
  for (const entry of options.middleware) {
    route.use(toRouteMiddleware(entry, `Panel "${options.panelId}" search`))
  }
  return route
}
