import type { HttpContext, Router } from '@adonisjs/core/http'
import type { KitContext } from '../definitions/types.ts'
import { Tenancy } from '../definitions/tenancy/tenancy.ts'
import { requestTranslator, textProps } from '../i18n/request.ts'
import { navigationFor } from '../runtime/mounts/navigation.ts'
import type { MountOptions, ResourceMount } from '../runtime/mounts/resource_mount.ts'
import {
  dashboardPage,
  dashboardPath,
  type MountedDashboard,
} from '../runtime/dashboards/dashboard_page.ts'
import { DeferredProp } from '../runtime/operations/deferred_prop.ts'
import { UnauthorizedOperationException, KitConfigurationException } from '../support/errors.ts'
import { joinPath } from '../support/path_safety.ts'
import { kitRenderer, pageProps, rememberMount } from './error_page.ts'
import { navigationBadgesProp } from './navigation_props.ts'
import { toRouteMiddleware } from './middleware.ts'
import { requestScopeMiddleware, tenantMiddleware } from './tenant_middleware.ts'

/**
 * The Inertia component of dashboard pages.
 */
export const DASHBOARD_COMPONENT = 'kit/dashboard'

/**
 * The deferred group of a dashboard's widgets: all of them load in one
 * request after the page. One request, not one per widget: each request
 * writes the session cookie back, and parallel ones would race (the last
 * answer's cookie wins).
 */
export const DASHBOARD_WIDGETS_GROUP = 'kit-dashboard'

async function dashboardContext(ctx: HttpContext, mount: ResourceMount): Promise<KitContext> {
  rememberMount(ctx, mount)
  const context: KitContext = {
    user: (await mount.options.resolveUser(ctx)) ?? null,
    http: ctx,
    containerResolver: ctx.containerResolver,
    translator: requestTranslator(ctx, mount.options.presentation),
  }
  /* labels declared per locale (widgets, options) read it from the scope */
  const scope = Tenancy.state()
  if (scope) {
    scope.translator = context.translator
  }
  return context
}

/**
 * Refuse, at boot, a resource mounted where a dashboard is served.
 */
function assertDashboardPathsFree(
  dashboards: MountedDashboard[],
  mounts: ResourceMount[],
  options: MountOptions
) {
  if (!dashboards.some((entry) => !entry.landing)) return
  const clash = mounts.find(
    (mount) => joinPath(mount.basePath()) === joinPath(options.prefix, 'dashboards')
  )
  if (clash) {
    throw new KitConfigurationException(
      `${clash.resource.constructor.name} is mounted at ${clash.basePath()}, where panel "${options.panelId}" serves its dashboards; give it another slug`
    )
  }
}

/**
 * Register a panel's dashboards: the landing one at `GET <prefix>` and the
 * others at `GET <prefix>/dashboards/<slug>`, behind the panel's middleware
 * (and tenant resolution). The page carries the slots of the widgets the
 * user may see; their content is the deferred `dashboardWidgets` prop.
 */
export function registerDashboardRoutes(
  router: Router,
  dashboards: MountedDashboard[],
  mounts: ResourceMount[],
  options: MountOptions
) {
  const first = mounts.find((mount) => !mount.isNested())
  if (!dashboards.length) return
  if (!first) {
    throw new KitConfigurationException(
      `Panel "${options.panelId}": a dashboard needs at least one resource in the panel`
    )
  }
  assertDashboardPathsFree(dashboards, mounts, options)
  const tenant = options.tenant
  for (const mounted of dashboards) {
    const local = joinPath(options.prefix, dashboardPath(mounted))
    const path = tenant ? joinPath(`/:${tenant.parameter ?? 'tenant'}`, local) : local
    const route = router
      .get(path, async (ctx: HttpContext) => {
        const context = await dashboardContext(ctx, first)
        /* the dashboard itself: signed-in users, or its own decision */
        if (!(await mounted.dashboard.allows(context.user))) {
          throw new UnauthorizedOperationException()
        }
        const url = ctx.request.url()
        const page = await dashboardPage(mounted, mounts, context, ctx.request.qs(), url)
        const inertia = kitRenderer(ctx)
        if (!inertia || ctx.request.accepts(['html', 'json']) === 'json') {
          const body = { dashboard: page.dashboard, widgets: await page.widgets() }
          return page.invalid
            ? ctx.response.unprocessableEntity({
                errors: page.dashboard.filters
                  .filter((filter) => filter.error)
                  .map((filter) => ({ field: filter.name, message: filter.error })),
                ...body,
              })
            : ctx.response.ok(body)
        }
        const navigation = await navigationFor(first, context)
        return inertia.render(
          DASHBOARD_COMPONENT,
          pageProps(inertia, {
            ...options.pageDefaults?.props,
            ...textProps(context.translator!),
            kitDashboard: page.dashboard,
            dashboardWidgets: new DeferredProp(page.widgets, DASHBOARD_WIDGETS_GROUP),
            ...navigationBadgesProp(first, context, DASHBOARD_WIDGETS_GROUP),
            navigation: navigation.map((item) => ({
              ...item,
              active: item.url === url,
            })),
            kitPanel: first.panelContract(context.user, context.http),
          })
        )
      })
      .as(
        mounted.landing
          ? `${options.name}.dashboard`
          : `${options.name}.dashboards.${mounted.dashboard.slug}`
      )
    const middleware = [
      requestScopeMiddleware,
      ...options.middleware,
      ...(tenant ? [tenantMiddleware(tenant, options.resolveUser)] : []),
    ]
    for (const entry of middleware) {
      route.use(toRouteMiddleware(entry, `Panel "${options.panelId}" dashboard`))
    }
  }
}
