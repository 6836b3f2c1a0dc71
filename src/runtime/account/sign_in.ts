import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ThrottleLimit } from '../../definitions/panel/panel_account.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { userModel, type PanelAccount } from './panel_account.ts'

/**
 * The part of a limiter of @adonisjs/limiter the sign-in uses (the package
 * is optional: its types are not imported).
 */
interface Limiter {
  readonly blockDuration: number
  get(key: string): Promise<{ remaining: number; availableIn: number } | null>
  increment(key: string): Promise<{ consumed: number; limit: number }>
  block(key: string, duration: number): Promise<unknown>
  delete(key: string): Promise<boolean>
}

interface LimiterManager {
  use(options: object): Limiter
  use(store: string, options: object): Limiter
}

/**
 * The answer of a sign-in attempt: the user, refused credentials (the same
 * for an unknown account and a wrong password), or a wait in seconds.
 */
export type SignInResult =
  | { status: 'signedIn'; user: LucidRow }
  | { status: 'refused' }
  | { status: 'throttled'; retryAfter: number }

/**
 * Two limiters of a panel's throttled form: per account (the uid,
 * lowercased) and per IP address, in the limiter store `store` names.
 * `scope` keeps the counts of each form apart (`sign_in`, `password_reset`).
 */
export async function throttleKeys(
  ctx: HttpContext,
  account: PanelAccount,
  throttle: { perAccount: ThrottleLimit; perIp: ThrottleLimit; store?: string },
  scope: string,
  uid: string
): Promise<ThrottleKey[]> {
  let manager: LimiterManager
  try {
    manager = (await ctx.containerResolver.make('limiter.manager' as any)) as LimiterManager
  } catch {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": login() throttles sign-in attempts with @adonisjs/limiter; install and configure it (node ace add @adonisjs/limiter)`
    )
  }
  const { perAccount, perIp, store } = throttle
  const use = (limit: ThrottleLimit) => {
    const options = {
      requests: limit.requests,
      duration: limit.duration,
      blockDuration: limit.blockDuration,
    }
    return store ? manager.use(store, options) : manager.use(options)
  }
  const prefix = `kit_${scope}_${account.panelId}`
  return [
    { limiter: use(perAccount), key: `${prefix}_account_${uid.toLowerCase()}` },
    { limiter: use(perIp), key: `${prefix}_ip_${ctx.request.ip()}` },
  ]
}

/**
 * A limiter and the key it counts.
 */
export interface ThrottleKey {
  limiter: Limiter
  key: string
}

/**
 * Seconds before every key accepts an attempt again (0 when they all do).
 */
export async function retryAfterOf(keys: ThrottleKey[]): Promise<number> {
  const waits = await Promise.all(keys.map(({ limiter, key }) => waitOf(limiter, key)))
  return Math.max(...waits)
}

/**
 * Count an attempt against every key, blocking a key whose attempts are
 * spent.
 */
export async function countAttempt(keys: ThrottleKey[]) {
  for (const { limiter, key } of keys) {
    const { consumed, limit } = await limiter.increment(key)
    if (consumed >= limit && limiter.blockDuration) {
      await limiter.block(key, limiter.blockDuration)
    }
  }
}

/**
 * Seconds before a key accepts an attempt again (0 when it accepts now).
 */
async function waitOf(limiter: Limiter, key: string): Promise<number> {
  const response = await limiter.get(key)
  if (!response || response.remaining > 0) return 0
  return Math.max(1, Math.ceil(response.availableIn))
}

/**
 * Sign in with a uid and a password, throttled per account and per IP: a
 * refused attempt counts against both (and blocks them once their
 * attempts are spent); a successful one clears the account's count. The
 * user model's `verifyCredentials()` hashes the password even for an
 * unknown uid, so both refusals take the same time.
 */
export async function attemptSignIn(
  ctx: HttpContext,
  account: PanelAccount,
  uid: string,
  password: string
): Promise<SignInResult> {
  const keys = await throttleKeys(ctx, account, account.login.throttle, 'sign_in', uid)
  const retryAfter = await retryAfterOf(keys)
  if (retryAfter > 0) {
    return { status: 'throttled', retryAfter }
  }

  const Model = await userModel(account)
  try {
    const user = await Model.verifyCredentials(uid, password)
    await keys[0].limiter.delete(keys[0].key)
    return { status: 'signedIn', user }
  } catch (error) {
    if ((error as { code?: string }).code !== 'E_INVALID_CREDENTIALS') throw error
  }
  await countAttempt(keys)
  return { status: 'refused' }
}
