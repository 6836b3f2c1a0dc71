import type { HttpContext } from '@adonisjs/core/http'
import type {} from '@adonisjs/session/session_middleware'
import type { PanelAccount } from './panel_account.ts'

/**
 * What the session remembers while a user impersonates another: who
 * started it, whom they impersonate, the users' resource (its slug, for the
 * audit trail) and its list page to return to.
 */
export interface ImpersonationState {
  /** The original user's id */
  by: string
  /** The impersonated user's id */
  target: string
  /** The slug of the users' resource the impersonation started from */
  resource: string
  /** The users' resource page to return to */
  back: string
}

/**
 * The session key of a guard's impersonation.
 */
function impersonationKey(account: PanelAccount) {
  return `kit_impersonation_${account.login.guard ?? 'default'}`
}

/**
 * The impersonation the session holds for the panel's guard, or null
 * (nothing stored, or a value of another shape).
 */
export function impersonationOf(
  ctx: HttpContext | undefined,
  account: PanelAccount
): ImpersonationState | null {
  const value = ctx?.session?.get(impersonationKey(account), null)
  if (!value || typeof value !== 'object') return null
  const { by, target, resource, back } = value as Record<string, unknown>
  if (![by, target, resource, back].every((part) => typeof part === 'string')) return null
  return value as ImpersonationState
}

/**
 * The impersonation of the signed-in user: the session's, when the user is
 * the one it impersonates (a stale one, left by a session signed in since,
 * is none).
 */
export function activeImpersonation(
  ctx: HttpContext | undefined,
  account: PanelAccount,
  user: { $primaryKeyValue?: unknown; id?: unknown } | null | undefined
): ImpersonationState | null {
  const state = impersonationOf(ctx, account)
  const key = user?.$primaryKeyValue ?? user?.id
  return state && key !== null && key !== undefined && state.target === String(key) ? state : null
}

/**
 * Remember an impersonation in the session.
 */
export function rememberImpersonation(
  ctx: HttpContext,
  account: PanelAccount,
  state: ImpersonationState
) {
  ctx.session.put(impersonationKey(account), state)
}

/**
 * Forget the session's impersonation.
 */
export function forgetImpersonation(ctx: HttpContext, account: PanelAccount) {
  ctx.session?.forget(impersonationKey(account))
}
