import type { HttpContext, Router } from '@adonisjs/core/http'
import type { AuditPageContract } from '../contracts/audit.ts'
import type { KitContext } from '../definitions/types.ts'
import { requestTranslator, textProps } from '../i18n/request.ts'
import { navigationFor } from '../runtime/mounts/navigation.ts'
import type { MountOptions, ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { activityPage, hasHistory, historyPage } from '../runtime/audit/audit_pages.ts'
import { joinPath } from '../support/path_safety.ts'
import { Tenancy } from '../definitions/tenancy/tenancy.ts'
import { kitRenderer, pageProps, rememberMount } from './error_page.ts'
import { navigationBadgesProp } from './navigation_props.ts'
import { toRouteMiddleware } from './middleware.ts'
import { requestScopeMiddleware, tenantMiddleware } from './tenant_middleware.ts'

/**
 * The Inertia components of the audit pages.
 */
export const HISTORY_COMPONENT = 'kit/history'
export const ACTIVITY_COMPONENT = 'kit/activity'

/**
 * Path of a panel's activity list.
 */
export function activityPath(prefix: string) {
  return joinPath(prefix, '_activity')
}

async function auditContext(ctx: HttpContext, mount: ResourceMount): Promise<KitContext> {
  rememberMount(ctx, mount)
  const context: KitContext = {
    user: (await mount.options.resolveUser(ctx)) ?? null,
    http: ctx,
    containerResolver: ctx.containerResolver,
    translator: requestTranslator(ctx, mount.options.presentation),
  }
  /* labels declared per locale (fields, options) read it from the scope */
  const scope = Tenancy.state()
  if (scope) {
    scope.translator = context.translator
  }
  return context
}

/**
 * Answer an audit page: an Inertia page in the panel's layout, or JSON for
 * JSON clients.
 */
async function respond(
  ctx: HttpContext,
  mount: ResourceMount,
  context: KitContext,
  component: string,
  audit: AuditPageContract
) {
  const inertia = kitRenderer(ctx)
  if (!inertia || ctx.request.accepts(['html', 'json']) === 'json') {
    return ctx.response.ok(audit)
  }
  const props: Record<string, unknown> = {
    ...mount.options.pageDefaults?.props,
    ...textProps(context.translator!),
    kitAudit: audit,
  }
  if (mount.options.panelId) {
    const navigation = await navigationFor(mount, context)
    /* on the activity list, its own entry is the active one */
    props.navigation =
      component === ACTIVITY_COMPONENT
        ? navigation.map((item) => ({ ...item, active: item.url === ctx.request.url() }))
        : navigation
    props.kitPanel = mount.panelContract(context.user)
    Object.assign(props, navigationBadgesProp(mount, context))
  }
  return inertia.render(component, pageProps(inertia, props))
}

function guard(route: ReturnType<Router['get']>, options: MountOptions, where: string) {
  const tenant = options.tenant
  const middleware = [
    requestScopeMiddleware,
    ...options.middleware,
    ...(tenant ? [tenantMiddleware(tenant, options.resolveUser)] : []),
  ]
  for (const entry of middleware) {
    route.use(toRouteMiddleware(entry, where))
  }
}

/**
 * Register the History page of every record of a mount that records an
 * audit trail: `GET <base>/:record/history` (the record's `view` ability).
 */
export function registerHistoryRoute(router: Router, mount: ResourceMount) {
  if (!hasHistory(mount)) {
    return
  }
  const route = router
    .get(joinPath(mount.basePath(), ':record', 'history'), async (ctx: HttpContext) => {
      const context = await auditContext(ctx, mount)
      const audit = await historyPage(mount, context, ctx.params.record, ctx.request.qs())
      return respond(ctx, mount, context, HISTORY_COMPONENT, audit)
    })
    .as(mount.routeName('history'))
  guard(route, mount.options, `${mount.resource.constructor.name} history`)
}

/**
 * Register a panel's activity list, `GET <prefix>/_activity`, authorized by
 * the application's `viewKitActivity` Bouncer ability (fail-closed).
 */
export function registerActivityRoute(
  router: Router,
  mounts: ResourceMount[],
  options: MountOptions
) {
  const panelId = options.panelId
  const first = mounts[0]
  if (!panelId || !first || !(options.audit?.enabled ?? false)) {
    return
  }
  const tenant = options.tenant
  const path = tenant
    ? joinPath(`/:${tenant.parameter ?? 'tenant'}`, activityPath(options.prefix))
    : activityPath(options.prefix)
  const route = router
    .get(path, async (ctx: HttpContext) => {
      const context = await auditContext(ctx, first)
      const url = ctx.request.url()
      const audit = await activityPage(panelId, mounts, context, url, ctx.request.qs())
      return respond(ctx, first, context, ACTIVITY_COMPONENT, audit)
    })
    .as(`${options.name}.activity`)
  guard(route, options, `Panel "${panelId}" activity`)
}
