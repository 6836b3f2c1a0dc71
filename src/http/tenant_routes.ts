import type { HttpContext, Router } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { KitUser } from '../definitions/types.ts'
import type { TenantRouteOptions } from '../definitions/panel/panel.ts'
import type { TenantAccess } from '../definitions/tenancy/tenancy.ts'
import { MENU_LIMIT, tenantRouteKey, tenantsOfUser } from './tenant_menu.ts'
import { tenantHomeUrl, type MountOptions } from '../runtime/mounts/resource_mount.ts'
import { MissingTenantException } from '../support/errors.ts'
import { joinPath } from '../support/path_safety.ts'
import { toRouteMiddleware } from './middleware.ts'
import { requestScopeMiddleware } from './tenant_middleware.ts'

/**
 * The tenant the panel's root sends a user to: `defaultTenant(user)`, else
 * the first of `tenantsOf`, skipping any the user may not access.
 */
async function defaultTenantOf(options: TenantRouteOptions, user: KitUser | null) {
  const tenants = await tenantsOfUser(options, user)
  if (!user || !tenants.length) return null
  const preferred = options.defaultTenant ? await options.defaultTenant(user, tenants) : null
  const candidates = preferred instanceof options.model ? [preferred, ...tenants] : tenants
  for (const tenant of candidates.slice(0, MENU_LIMIT)) {
    if ((await (tenant as LucidRow & TenantAccess).canAccessTenant(user)) === true) {
      return tenant
    }
  }
  return null
}

/**
 * Register `GET <prefix>` of a tenant panel with `tenantsOf`: a signed-in
 * member goes to their default tenant's panel home; a user without a
 * tenant gets the E_KIT_NO_TENANT page (403).
 */
export function registerTenantRootRoute(router: Router, options: MountOptions) {
  const tenant = options.tenant
  if (!tenant?.tenantsOf) return
  const route = router
    .get(joinPath(options.prefix), async (ctx: HttpContext) => {
      const user = (await options.resolveUser(ctx)) ?? null
      const target = await defaultTenantOf(tenant, user)
      if (!target) {
        throw new MissingTenantException('You are not a member of any tenant of this panel')
      }
      return ctx.response.redirect(tenantHomeUrl(options, tenantRouteKey(tenant, target)))
    })
    .as(`${options.name}.tenants.default`)
  for (const entry of [requestScopeMiddleware, ...options.middleware]) {
    route.use(toRouteMiddleware(entry, `Panel "${options.panelId}" tenant root`))
  }
}
