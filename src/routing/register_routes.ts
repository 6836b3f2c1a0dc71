import type { Router } from '@adonisjs/core/http'
import type { KitMiddleware } from '../types.ts'
import { toRouteMiddleware } from './middleware.ts'
import {
  bulkActionHandler,
  columnHandler,
  createOptionHandler,
  updateOptionHandler,
  destroyHandler,
  forceDeleteHandler,
  headerActionHandler,
  pageHandler,
  restoreHandler,
  rowActionHandler,
  storeHandler,
  updateHandler,
} from './page_handlers.ts'
import { joinPath } from './path_safety.ts'
import { checkPolicyMethods } from '../authorization/policy_check.ts'
import type { ResourceMount } from './resource_mount.ts'
import { requestScopeMiddleware, tenantMiddleware } from '../tenancy/tenant_middleware.ts'
import { relationRoutes } from '../relations/relation_handlers.ts'

type RouteLike = { use(middleware: any): any; as(name: string): any }

function applyMiddleware(route: RouteLike, list: KitMiddleware[], where: string) {
  for (const entry of list) {
    route.use(toRouteMiddleware(entry, where))
  }
}

/**
 * Register the route set of a mounted resource: a GET route per page, then
 * POST (when there is a create page), PATCH (when there is an edit page) and
 * DELETE. Mutation middleware apply to POST, PATCH and DELETE only.
 */
export function registerResourceRoutes(router: Router, mount: ResourceMount) {
  const where = mount.resource.constructor.name
  const tenant = mount.options.tenant ?? mount.parent?.mount.options.tenant
  const base = mount.basePath()

  /* the request scope first; the tenant after authentication, before the handler */
  const middleware: KitMiddleware[] = [
    requestScopeMiddleware,
    ...mount.options.middleware,
    ...(tenant ? [tenantMiddleware(tenant, mount.options.resolveUser)] : []),
  ]
  const { mutationMiddleware } = mount.options

  /* pages without a record first, so `/create` is never read as a record key */
  const pages = [...mount.pages.values()].sort(
    (a, b) => Number(a.route.path.includes(':record')) - Number(b.route.path.includes(':record'))
  )
  for (const current of pages) {
    const route = router
      .get(joinPath(base, current.route.path), pageHandler(mount, current))
      .as(mount.routeName(current.key))
    applyMiddleware(route, middleware, where)
    applyMiddleware(route, current.route.middleware, `${where}.getPages().${current.key}`)
  }

  const mutations: [RouteLike, boolean][] = []

  /* relation managers: every route under /:record/relations/:relation */
  if (mount.relations.size) {
    for (const spec of relationRoutes(mount)) {
      const route = router[spec.method](spec.path, spec.handler).as(mount.routeName(spec.name))
      applyMiddleware(route, middleware, where)
      if (spec.method !== 'get') {
        applyMiddleware(route, mutationMiddleware, where)
      }
    }
  }

  /* static segments first, so they are never read as a record key */
  mutations.push([
    router
      .post(joinPath(base, 'actions', ':action'), headerActionHandler(mount))
      .as(mount.routeName('actions.header')),
    true,
  ])
  mutations.push([
    router
      .post(joinPath(base, 'bulk-actions', ':action'), bulkActionHandler(mount))
      .as(mount.routeName('actions.bulk')),
    true,
  ])
  mutations.push([
    router
      .post(joinPath(base, 'options', ':field'), createOptionHandler(mount))
      .as(mount.routeName('options.store')),
    true,
  ])
  mutations.push([
    router
      .patch(joinPath(base, 'options', ':field', ':option'), updateOptionHandler(mount))
      .as(mount.routeName('options.update')),
    true,
  ])
  mutations.push([
    router
      .post(joinPath(base, ':record', 'actions', ':action'), rowActionHandler(mount))
      .as(mount.routeName('actions.row')),
    true,
  ])
  mutations.push([
    router
      .patch(joinPath(base, ':record', 'columns', ':column'), columnHandler(mount))
      .as(mount.routeName('columns.update')),
    true,
  ])
  if (mount.resource.softDeletes) {
    mutations.push([
      router
        .post(joinPath(base, ':record', 'restore'), restoreHandler(mount))
        .as(mount.routeName('restore')),
      true,
    ])
    mutations.push([
      router
        .delete(joinPath(base, ':record', 'force-delete'), forceDeleteHandler(mount))
        .as(mount.routeName('forceDelete')),
      true,
    ])
  }
  if (mount.pageOfKind('create') || mount.pageOfKind('manage')) {
    mutations.push([router.post(base, storeHandler(mount)).as(mount.routeName('store')), true])
  }
  if (mount.pageOfKind('edit') || mount.pageOfKind('manage')) {
    mutations.push([
      router.patch(joinPath(base, ':record'), updateHandler(mount)).as(mount.routeName('update')),
      true,
    ])
  }
  mutations.push([
    router.delete(joinPath(base, ':record'), destroyHandler(mount)).as(mount.routeName('destroy')),
    true,
  ])

  for (const [route] of mutations) {
    applyMiddleware(route, middleware, where)
    applyMiddleware(route, mutationMiddleware, where)
  }

  /* warn once about policy methods the pages need and the policy lacks */
  checkPolicyMethods(mount)
}
