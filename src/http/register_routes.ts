import type { HttpContext, Route, Router } from '@adonisjs/core/http'
import type { KitMiddleware } from '../definitions/types.ts'
import { toRouteMiddleware } from './middleware.ts'
import type { OperationAnswer, OperationInput } from '../runtime/operations/operation.ts'
import {
  type FlashedForm,
  noForm,
  operationHandler,
  optionForm,
  pageHandler,
  resourceForm,
} from './page_handlers.ts'
import {
  destroyOperation,
  forceDeleteOperation,
  restoreOperation,
  storeOperation,
  updateOperation,
} from '../runtime/operations/records.ts'
import {
  bulkActionOperation,
  columnOperation,
  reorderOperation,
  headerActionOperation,
  rowActionOperation,
} from '../runtime/operations/actions.ts'
import {
  showOptionOperation,
  storeOptionOperation,
  updateOptionOperation,
} from '../runtime/operations/options.ts'
import { markdownPreviewOperation } from '../runtime/operations/markdown.ts'
import { formStateOperation } from '../runtime/operations/form_state.ts'
import { KitConfigurationException } from '../support/errors.ts'
import { checkPolicyMethods } from '../runtime/authorization/policy_check.ts'
import { checkVersions } from '../runtime/mutation/record_version.ts'
import type { OperationRouteName, ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { requestScopeMiddleware, tenantMiddleware } from './tenant_middleware.ts'
import { relationRoutes } from './relation_routes.ts'
import { buildForm, buildTable } from '../definitions/table/builders.ts'
import { MarkdownEditor } from '../definitions/form/fields/markdown_editor.ts'

/**
 * A route an operation serves: method, route-name suffix (its path is the
 * mount's, see OPERATION_PATHS), the operation, and the form a refused
 * submission flashes.
 */
type OperationRoute = [
  ResourceRoute['method'],
  OperationRouteName,
  (input: OperationInput) => Promise<OperationAnswer>,
  FlashedForm?,
]

function applyMiddleware(route: Route, list: KitMiddleware[], where: string) {
  for (const entry of list) {
    route.use(toRouteMiddleware(entry, where))
  }
}

/**
 * One route of a mounted resource, before it is registered.
 */
export interface ResourceRoute {
  method: 'get' | 'post' | 'patch' | 'delete'
  path: string
  /** Route name (`kit.admin.posts.index`) */
  name: string
  /** What the route serves, for messages: `page "index"`, `route "store"` */
  label: string
  handler: () => (ctx: HttpContext) => unknown
  /** A page's key and its own middleware (after the mount's) */
  page?: { key: string; middleware: KitMiddleware[] }
  /** Whether the mutation middleware apply */
  mutation: boolean
}

/**
 * The route set of a mounted resource, in registration order: a GET route
 * per page (pages without a record first, so `/create` is never read as a
 * record key), the relation manager routes, then the mutation routes
 * (static segments first): POST when there is a create page, PATCH when
 * there is an edit page, and DELETE.
 */
export function resourceRoutes(mount: ResourceMount): ResourceRoute[] {
  const routes: ResourceRoute[] = []
  const add = (
    method: ResourceRoute['method'],
    path: string,
    suffix: string,
    handler: ResourceRoute['handler']
  ) => {
    routes.push({
      method,
      path,
      name: mount.routeName(suffix),
      label: `route "${suffix}"`,
      handler,
      mutation: method !== 'get',
    })
  }

  const pages = [...mount.pages.values()].sort(
    (a, b) => Number(a.route.path.includes(':record')) - Number(b.route.path.includes(':record'))
  )
  for (const current of pages) {
    routes.push({
      method: 'get',
      path: mount.routePath(current.key),
      name: mount.routeName(current.key),
      label: `page "${current.key}"`,
      handler: () => pageHandler(mount, current),
      page: { key: current.key, middleware: current.route.middleware },
      mutation: false,
    })
  }

  /* relation managers: every route under /:record/relations/:relation */
  if (mount.relations.size) {
    for (const spec of relationRoutes(mount)) {
      add(spec.method, spec.path, spec.name, () => spec.handler)
    }
  }

  /* the operations' routes, static segments first */
  const operations: OperationRoute[] = [
    ['post', 'actions.header', headerActionOperation, noForm],
    ['post', 'actions.bulk', bulkActionOperation],
    ['post', 'options.store', storeOptionOperation, optionForm('create')],
    ['get', 'options.show', showOptionOperation, noForm],
    ['patch', 'options.update', updateOptionOperation, optionForm('edit')],
    ['post', 'actions.row', rowActionOperation, noForm],
    ['patch', 'columns.update', columnOperation, noForm],
  ]
  if (hasFormPage(mount) && hasMarkdownEditor(mount)) {
    operations.push(['post', 'markdown.preview', markdownPreviewOperation, noForm])
  }
  if (hasFormPage(mount) && hasLiveField(mount)) {
    operations.push(['post', 'form.state', formStateOperation, noForm])
  }
  if (buildTable(mount.resource).getReorderColumn()) {
    operations.push(['post', 'reorder', reorderOperation, noForm])
  }
  if (mount.resource.softDeletes) {
    operations.push(
      ['post', 'restore', restoreOperation],
      ['delete', 'forceDelete', forceDeleteOperation]
    )
  }
  if (mount.pageOfKind('create') || mount.pageOfKind('manage')) {
    operations.push(['post', 'store', storeOperation, resourceForm])
  }
  if (mount.pageOfKind('edit') || mount.pageOfKind('manage')) {
    operations.push(['patch', 'update', updateOperation, resourceForm])
  }
  operations.push(['delete', 'destroy', destroyOperation])
  for (const [method, suffix, operation, form] of operations) {
    add(method, mount.routePath(suffix), suffix, () => operationHandler(mount, operation, form))
  }
  return routes
}

/**
 * Whether the resource has a page holding its form (create, edit, manage).
 */
function hasFormPage(mount: ResourceMount) {
  return !!(mount.pageOfKind('create') || mount.pageOfKind('edit') || mount.pageOfKind('manage'))
}

/**
 * Whether the resource's form holds a Markdown editor (its preview route).
 */
function hasMarkdownEditor(mount: ResourceMount) {
  return buildForm(mount.resource)
    .getFields()
    .some((field) => field instanceof MarkdownEditor)
}

/**
 * Whether the resource's form holds a live field (its state route).
 */
function hasLiveField(mount: ResourceMount) {
  return buildForm(mount.resource)
    .getFields()
    .some((field) => field.getLive() !== null)
}

/**
 * Register the route set of a mounted resource (see {@link resourceRoutes}).
 * Every route starts with the request scope, then the mount's middleware,
 * then the tenant middleware; mutation middleware apply to POST, PATCH and
 * DELETE only.
 */
export function registerResourceRoutes(router: Router, mount: ResourceMount) {
  const where = mount.resource.constructor.name
  const tenant = mount.options.tenant ?? mount.parent?.mount.options.tenant

  /* the request scope first; the tenant after authentication, before the handler */
  const middleware: KitMiddleware[] = [
    requestScopeMiddleware,
    ...mount.options.middleware,
    ...(tenant ? [tenantMiddleware(tenant, mount.options.resolveUser)] : []),
  ]
  const { mutationMiddleware } = mount.options

  for (const spec of resourceRoutes(mount)) {
    const route = router[spec.method](spec.path, spec.handler()).as(spec.name)
    applyMiddleware(route, middleware, where)
    if (spec.page) {
      applyMiddleware(route, spec.page.middleware, `${where}.getPages().${spec.page.key}`)
    }
    if (spec.mutation) {
      applyMiddleware(route, mutationMiddleware, where)
    }
  }

  /* warn once about policy methods the pages need and the policy lacks */
  checkPolicyMethods(mount)
  /* refuse a version column the model lacks; warn about a timestamp version
     that two saves in one second share */
  checkVersions(mount)
}

/**
 * Refuse, before any route is registered, a route of `mounts` that an
 * earlier kit route of the same method would always answer first (the
 * router answers with the first registered route that matches): two routes
 * whose patterns only differ in parameter names (a parent's page at
 * `/:record/notes` and a nested resource `notes` at `/:parent/notes`,
 * two tenant panels on one path), or a static route under a parameter
 * (`/admin/:record` before `/admin/archive`). `registered` are the mounts
 * whose routes are already registered, in order.
 */
export function assertReachableRoutes(registered: ResourceMount[], mounts: ResourceMount[]) {
  type Entry = { mount: ResourceMount; route: ResourceRoute; segments: string[] }
  const earlier = new Map<string, Entry[]>()
  const bucket = (route: ResourceRoute, segments: string[]) => `${route.method} ${segments.length}`
  const entries = (mount: ResourceMount): Entry[] =>
    resourceRoutes(mount).map((route) => ({
      mount,
      route,
      segments: route.path.split('/').filter(Boolean),
    }))

  for (const entry of registered.flatMap(entries)) {
    const key = bucket(entry.route, entry.segments)
    earlier.set(key, [...(earlier.get(key) ?? []), entry])
  }
  for (const entry of mounts.flatMap(entries)) {
    const key = bucket(entry.route, entry.segments)
    const candidates = earlier.get(key) ?? []
    const first = candidates.find((candidate) => covers(candidate.segments, entry.segments))
    if (first) {
      const describe = ({ mount, route }: Entry) =>
        `${mount.resource.constructor.name} ${route.label} (${route.method.toUpperCase()} ${route.path}, "${route.name}")`
      throw new KitConfigurationException(
        `${describe(entry)} can never be reached: ${describe(first)} answers the same URLs first; give one of them another path or slug`
      )
    }
    earlier.set(key, [...candidates, entry])
  }
}

/**
 * Whether every URL the `later` pattern matches is matched by `first`.
 */
function covers(first: string[], later: string[]) {
  return first.every((segment, index) =>
    segment.startsWith(':') ? true : segment === later[index]
  )
}
