import type { HttpContext } from '@adonisjs/core/http'
import { VerificationToken } from '@adonisjs/core/helpers'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { KitTranslator } from '../../i18n/translator.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import type { PasswordResetSettings } from '../../definitions/panel/panel_account.ts'
import { userModel, type PanelAccount } from './panel_account.ts'
import { countAttempt, retryAfterOf, throttleKeys } from './sign_in.ts'
import { forgetRememberMeTokens } from './profile_update.ts'

/**
 * The table of the password reset tokens (published by `configure`).
 */
export const PASSWORD_RESET_TABLE = 'kit_password_reset_tokens'

/**
 * Random characters of a token's secret.
 */
const SECRET_SIZE = 40

/**
 * A reset token: `<identifier>.<secret>`, its secret stored as a SHA-256
 * hash (the `VerificationToken` of @adonisjs/core, as remember-me tokens).
 */
class PasswordResetToken extends VerificationToken {
  constructor(row: { id: string | number; userId: string; hash: string; expiresAt: Date }) {
    super()
    this.identifier = row.id
    this.tokenableId = row.userId
    this.hash = row.hash
    this.expiresAt = row.expiresAt
  }

  /**
   * The token to mail, made of its row's id and the secret.
   */
  static value(id: string | number, secret: ReturnType<typeof VerificationToken.seed>['secret']) {
    const token = new PasswordResetToken({ id, userId: '', hash: '', expiresAt: new Date() })
    token.computeValue(secret)
    return token.value!.release()
  }
}

/**
 * The part of the mail manager of @adonisjs/mail the reset uses (the
 * package is optional: its types are not imported).
 */
interface MailMessage {
  to(address: string): MailMessage
  from(address: string, name?: string): MailMessage
  subject(subject: string): MailMessage
  html(content: string): MailMessage
  text(content: string): MailMessage
}
interface MailManager {
  use(name?: string): { sendLater(compose: (message: MailMessage) => void): Promise<void> }
}

function settingsOf(account: PanelAccount): PasswordResetSettings {
  return account.passwordReset!
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value))
}

/**
 * The database connection of the user model: reset tokens live next to
 * the users.
 */
async function clientOf(ctx: HttpContext, account: PanelAccount) {
  const Model = await userModel(account)
  const db = (await ctx.containerResolver.make('lucid.db')) as {
    connection(name?: string): QueryClientContract
  }
  return { Model, client: db.connection(Model.connection) }
}

function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!
  )
}

/**
 * The application's URL the mailed link starts with: `passwordReset({ url })`,
 * else `appUrl` of config/app.ts; never the request's Host header (a
 * forged Host would otherwise receive the token).
 */
async function baseUrl(ctx: HttpContext, account: PanelAccount): Promise<string> {
  const configured = settingsOf(account).url
  if (configured) return configured
  const app = (await ctx.containerResolver.make('app')) as {
    config: { get(key: string, fallback?: unknown): unknown }
  }
  const appUrl = app.config.get('app.appUrl', null)
  if (typeof appUrl === 'string' && /^https?:\/\/[^/\\\s]+/.test(appUrl)) {
    return appUrl.replace(/\/+$/, '')
  }
  throw new KitConfigurationException(
    `Panel "${account.panelId}": passwordReset() needs the application's URL for the mailed link: export appUrl from config/app.ts or pass passwordReset({ url })`
  )
}

/**
 * Mail the reset link (through the mail messenger: the answer does not
 * wait for the mail server).
 */
async function mailLink(
  ctx: HttpContext,
  account: PanelAccount,
  to: string,
  link: string,
  translator: KitTranslator
) {
  let manager: MailManager
  try {
    manager = (await ctx.containerResolver.make('mail.manager' as any)) as MailManager
  } catch {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": passwordReset() mails its links with @adonisjs/mail; install and configure it (node ace add @adonisjs/mail)`
    )
  }
  const settings = settingsOf(account)
  const t = translator.t.bind(translator)
  const minutes = Math.max(1, Math.round(settings.expiresIn / 60))
  const lines = [t('account.resetMail.intro'), t('account.resetMail.expires', { minutes })]
  await manager.use(settings.mailer).sendLater((message) => {
    message.to(to).subject(t('account.resetMail.subject'))
    if (typeof settings.from === 'string') message.from(settings.from)
    else if (settings.from) message.from(settings.from.address, settings.from.name)
    message.text([lines[0], '', link, '', lines[1], '', t('account.resetMail.ignore')].join('\n'))
    message.html(
      [
        `<p>${escapeHtml(lines[0])}</p>`,
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t('account.resetPassword'))}</a></p>`,
        `<p>${escapeHtml(lines[1])}</p>`,
        `<p>${escapeHtml(t('account.resetMail.ignore'))}</p>`,
      ].join('\n')
    )
  })
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
  const userId = String(user.$primaryKeyValue)
  const url = await baseUrl(ctx, account)
  const { secret, hash } = VerificationToken.seed(SECRET_SIZE)
  const now = new Date()
  const expiresAt = new Date(now.getTime() + settings.expiresIn * 1000)
  const id = await client.transaction(async (trx) => {
    await trx
      .from(PASSWORD_RESET_TABLE)
      .where('panel', account.panelId)
      .where('user_id', userId)
      .delete()
    const [inserted] = await trx
      .insertQuery()
      .table(PASSWORD_RESET_TABLE)
      .insert({
        panel: account.panelId,
        user_id: userId,
        hash,
        created_at: now,
        expires_at: expiresAt,
      })
      .returning('id')
    return typeof inserted === 'object' ? (inserted as { id: number }).id : inserted
  })

  const token = PasswordResetToken.value(id, secret)
  const address = String((user as unknown as Record<string, unknown>)[account.login.uid])
  await mailLink(ctx, account, address, `${url}${account.paths.resetPassword}/${token}`, translator)
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
  if (typeof value !== 'string' || value.length > 512) return null
  const decoded = PasswordResetToken.decode(value)
  if (!decoded || !/^[0-9]{1,18}$/.test(decoded.identifier)) return null
  let query = client
  if (!query) {
    const own = await clientOf(ctx, account)
    query = own.client
  }
  const row = await query
    .from(PASSWORD_RESET_TABLE)
    .where('id', decoded.identifier)
    .where('panel', account.panelId)
    .first()
  if (!row) return null
  const token = new PasswordResetToken({
    id: row.id,
    userId: String(row.user_id),
    hash: row.hash,
    expiresAt: toDate(row.expires_at),
  })
  if (token.isExpired() || !token.verify(decoded.secret)) return null
  return { id: row.id, userId: String(row.user_id) }
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
    const deleted = await trx.from(PASSWORD_RESET_TABLE).where('id', token.id).delete()
    if ((Array.isArray(deleted) ? Number(deleted[0] ?? 0) : Number(deleted)) !== 1) return null
    const found = await Model.query({ client: trx }).where(Model.primaryKey, token.userId).first()
    if (!found) return null
    found.merge({ [account.login.password]: password })
    await found.save()
    await trx
      .from(PASSWORD_RESET_TABLE)
      .where('panel', account.panelId)
      .where('user_id', token.userId)
      .delete()
    return found
  })
  if (user) await forgetRememberMeTokens(account, user)
  return user
}
