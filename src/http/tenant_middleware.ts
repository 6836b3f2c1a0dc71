import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { RecordNotFoundException } from '../support/errors.ts'
import type { ResourceMount } from '../runtime/mounts/resource_mount.ts'
import type { TenantRouteOptions } from '../definitions/panel/panel.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { logTenantNotFound } from '../runtime/authorization/denial_log.ts'
import { Tenancy, type TenantAccess } from '../definitions/tenancy/tenancy.ts'
import { readsOnPrimary } from '../runtime/query/primary_reads.ts'
import { tenantMenu } from './tenant_menu.ts'

/**
 * The first middleware of every kit route: a fresh request scope (tenant,
 * parent record), forgotten when the request ends.
 */
export function requestScopeMiddleware(ctx: HttpContext, next: NextFn) {
  const method = ctx.request.method()
  const run = async () => {
    try {
      return await next()
    } finally {
      Tenancy.resolve().forget()
    }
  }
  return Tenancy.run(null, () =>
    /* a request that may write reads the primary (see readsOnPrimary) */
    method === 'GET' || method === 'HEAD' ? run() : readsOnPrimary(run)
  )
}

/**
 * Resolve the tenant of a tenant-routed URL before the handler runs: by its
 * route key, and only for members (`canAccessTenant(user)` must return
 * true). Unknown tenants and non-members get the same 404. A page request
 * of a panel with `tenantsOf` also reads the member's tenants for the top
 * bar's switcher.
 */
export function tenantMiddleware(
  options: TenantRouteOptions,
  resolveUser: ResourceMount['options']['resolveUser']
) {
  const parameter = options.parameter ?? 'tenant'
  const model = options.model
  const routeKey = options.routeKey ?? model.primaryKey
  const integerKey = routeKey === model.primaryKey && !model.selfAssignPrimaryKey

  return async (ctx: HttpContext, next: NextFn) => {
    const value = ctx.params[parameter]
    const shaped =
      typeof value === 'string' &&
      (integerKey
        ? /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647
        : /^[A-Za-z0-9_.-]{1,191}$/.test(value))
    if (!shaped) {
      logTenantNotFound(
        model,
        value,
        'the key does not have the shape of the route key',
        ctx.request
      )
      throw new RecordNotFoundException('Tenant not found')
    }
    const column = model.$getColumn(routeKey)?.columnName ?? routeKey
    const tenant = await model.query().where(`${model.table}.${column}`, value).first()
    if (!tenant) {
      logTenantNotFound(model, value, 'no tenant with this key', ctx.request)
      throw new RecordNotFoundException('Tenant not found')
    }
    const user = (await resolveUser(ctx)) ?? null
    /* the mount checked that the tenant model implements TenantAccess */
    if ((await (tenant as LucidRow & TenantAccess).canAccessTenant(user)) !== true) {
      logTenantNotFound(model, value, 'canAccessTenant() did not return true', ctx.request)
      throw new RecordNotFoundException('Tenant not found')
    }
    Tenancy.resolve().set(tenant)
    /* a page's tenant switcher: the member's tenants (tenantsOf) */
    const menu = await tenantMenu(ctx, options, user, tenant)
    const state = Tenancy.state()
    if (menu && state) state.tenantMenu = menu
    return next()
  }
}
