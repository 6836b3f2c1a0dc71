import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { KitUser } from '../definitions/types.ts'
import type { TenantRouteOptions } from '../definitions/panel/panel.ts'
import type { TenantMenu } from '../definitions/tenancy/tenancy.ts'
import { valueOf } from '../definitions/resource/record_values.ts'

/**
 * The most tenants the switcher lists (the first ones of `tenantsOf`).
 */
export const MENU_LIMIT = 100

/**
 * A tenant's route key, as its URLs carry it.
 */
export function tenantRouteKey(options: TenantRouteOptions, tenant: LucidRow): string {
  return String(valueOf(tenant, options.routeKey ?? options.model.primaryKey))
}

/**
 * The tenants `tenantsOf` gives a user (none without a user or without
 * `tenantsOf`), only rows of the tenant model.
 */
export async function tenantsOfUser(
  options: TenantRouteOptions,
  user: KitUser | null
): Promise<LucidRow[]> {
  if (!user || !options.tenantsOf) return []
  const tenants = await options.tenantsOf(user)
  if (!Array.isArray(tenants)) return []
  return tenants.filter((tenant) => tenant instanceof options.model)
}

/**
 * Whether a page request wants the tenant switcher: a GET page load or
 * Inertia visit, not a partial reload nor a JSON request.
 */
function wantsMenu(ctx: HttpContext) {
  if (ctx.request.method() !== 'GET' || ctx.request.header('x-inertia-partial-data')) {
    return false
  }
  return (
    ctx.request.header('x-inertia') === 'true' || ctx.request.accepts(['html', 'json']) === 'html'
  )
}

/**
 * The tenant switcher of a page request (see TenantMenu), or undefined
 * when the panel has no `tenantsOf` or the request is no page load.
 */
export async function tenantMenu(
  ctx: HttpContext,
  options: TenantRouteOptions,
  user: KitUser | null,
  current: LucidRow
): Promise<TenantMenu | undefined> {
  if (!options.tenantsOf || !user || !wantsMenu(ctx)) return undefined
  const titleKey = options.titleKey ?? 'name'
  const currentKey = tenantRouteKey(options, current)
  const entry = (tenant: LucidRow) => {
    const key = tenantRouteKey(options, tenant)
    const title = valueOf(tenant, titleKey)
    return { key, name: title === null || title === undefined ? key : String(title) }
  }
  const rows = await tenantsOfUser(options, user)
  const tenants = rows.slice(0, MENU_LIMIT).map(entry)
  if (!tenants.some((tenant) => tenant.key === currentKey)) {
    tenants.unshift(entry(current))
  }
  /* the same page under another tenant when the route names nothing else */
  const parameter = options.parameter ?? 'tenant'
  const pattern = ctx.route?.pattern ?? ''
  const others = pattern
    .split('/')
    .filter((part) => part.startsWith(':') && part !== `:${parameter}`)
  const samePath = others.length
    ? null
    : `/${ctx.request.url().split('/').filter(Boolean).slice(1).join('/')}`
  return { tenants, current: currentKey, samePath }
}
