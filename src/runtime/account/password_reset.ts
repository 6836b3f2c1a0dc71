import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { KitTranslator } from '../../i18n/translator.ts'
import type { PasswordResetSettings } from '../../definitions/panel/panel_account.ts'
import type { PanelAccount } from './panel_account.ts'
import { countAttempt, retryAfterOf, throttleKeys } from './sign_in.ts'
import { forgetRememberMeTokens } from './profile_update.ts'
import {
  baseUrl,
  clientOf,
  consumeToken,
  deleteTokens,
  findToken,
  issueToken,
  mailLink,
} from './account_tokens.ts'

/**
 * The table of the password reset tokens (published by `configure`).
 */
export const PASSWORD_RESET_TABLE = 'kit_password_reset_tokens'

function settingsOf(account: PanelAccount): PasswordResetSettings {
  return account.passwordReset!
}

/**
 * The answer to a reset request: the same whether the email belongs to an
 * account or not, or a wait in seconds.
 */
export type ResetRequestResult =
  { status: 'accepted' } | { status: 'throttled'; retryAfter: number }

/**
 * Ask for a reset link, throttled per email and per IP address (every
 * request counts, known email or not). For an account with this email:
 * its earlier tokens of the panel are deleted, a new one is stored as a
 * hash and the link is mailed. The answer says nothing of whether the
 * account exists.
 */
export async function requestPasswordReset(
  ctx: HttpContext,
  account: PanelAccount,
  email: string,
  translator: KitTranslator
): Promise<ResetRequestResult> {
  const settings = settingsOf(account)
  const keys = await throttleKeys(ctx, account, settings.throttle, 'password_reset', email)
  const retryAfter = await retryAfterOf(keys)
  if (retryAfter > 0) return { status: 'throttled', retryAfter }
  await countAttempt(keys)

  const { Model, client } = await clientOf(ctx, account)
  const user = await Model.query({ client }).where(account.login.uid, email).first()
  if (!user) return { status: 'accepted' }

  /* one live token per user and panel: the earlier ones stop working */
  const url = await baseUrl(ctx, account, settings, 'passwordReset()')
  const userId = String(user.$primaryKeyValue)
  const token = await issueToken(client, PASSWORD_RESET_TABLE, account, userId, settings.expiresIn)
  const address = String((user as unknown as Record<string, unknown>)[account.login.uid])
  const t = translator.t.bind(translator)
  const minutes = Math.max(1, Math.round(settings.expiresIn / 60))
  await mailLink(
    ctx,
    account,
    settings,
    'passwordReset()',
    address,
    `${url}${account.paths.resetPassword}/${token}`,
    {
      subject: t('account.resetMail.subject'),
      intro: t('account.resetMail.intro'),
      button: t('account.resetPassword'),
      after: [t('account.resetMail.expires', { minutes }), t('account.resetMail.ignore')],
    }
  )
  return { status: 'accepted' }
}

/**
 * The row of a token given in a link, when it is of this panel, its
 * secret matches the stored hash and it has not expired; null otherwise.
 */
export async function findResetToken(
  ctx: HttpContext,
  account: PanelAccount,
  value: unknown,
  client?: QueryClientContract
): Promise<{ id: string | number; userId: string } | null> {
  let query = client
  if (!query) {
    const own = await clientOf(ctx, account)
    query = own.client
  }
  const row = await findToken(query, PASSWORD_RESET_TABLE, account, value)
  return row ? { id: row.id, userId: row.userId } : null
}

/**
 * Set a new password with a token: the token is deleted first (only one
 * request can use it; a second finds nothing), then the user's password
 * is set (hashed by `withAuthFinder`) and the user's other tokens of the
 * panel and remember-me tokens are deleted. Every session signed in with
 * the old password is signed out at its next request (its password
 * fingerprint no longer matches). The user, or null for a refused token.
 */
export async function resetPassword(
  ctx: HttpContext,
  account: PanelAccount,
  value: string,
  password: string
): Promise<LucidRow | null> {
  const { Model, client } = await clientOf(ctx, account)
  const user = await client.transaction(async (trx) => {
    const token = await findResetToken(ctx, account, value, trx)
    if (!token) return null
    /* single use: the request that deletes the row is the one that resets */
    if (!(await consumeToken(trx, PASSWORD_RESET_TABLE, token.id))) return null
    const found = await Model.query({ client: trx }).where(Model.primaryKey, token.userId).first()
    if (!found) return null
    found.merge({ [account.login.password]: password })
    await found.save()
    await deleteTokens(trx, PASSWORD_RESET_TABLE, account, token.userId)
    return found
  })
  if (user) await forgetRememberMeTokens(account, user)
  return user
}
