import type { HttpContext } from '@adonisjs/core/http'
import { VerificationToken } from '@adonisjs/core/helpers'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException } from '../../support/errors.ts'
import { userModel, type PanelAccount } from './panel_account.ts'

/*
 * The mailed, single-use links of the account screens (password reset,
 * email verification): a token per row of a kit table, its secret stored
 * as a SHA-256 hash, mailed through @adonisjs/mail.
 */

/**
 * Random characters of a token's secret.
 */
const SECRET_SIZE = 40

/**
 * A mailed token: `<identifier>.<secret>`, its secret stored as a SHA-256
 * hash (the `VerificationToken` of @adonisjs/core, as remember-me tokens).
 */
class AccountToken extends VerificationToken {
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
    const token = new AccountToken({ id, userId: '', hash: '', expiresAt: new Date() })
    token.computeValue(secret)
    return token.value!.release()
  }
}

/**
 * The part of the mail manager of @adonisjs/mail the account mails use (the
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

/**
 * What a feature that mails links is configured with.
 */
export interface MailedLinkSettings {
  mailer?: string
  from?: string | { address: string; name?: string }
  expiresIn: number
  url?: string
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value))
}

/**
 * The database connection of the user model: tokens live next to the
 * users.
 */
export async function clientOf(ctx: HttpContext, account: PanelAccount) {
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
 * The application's URL a mailed link starts with: the feature's `url`,
 * else `appUrl` of config/app.ts; never the request's Host header (a
 * forged Host would otherwise receive the token). `feature` names the
 * panel method in the error (`passwordReset()`).
 */
export async function baseUrl(
  ctx: HttpContext,
  account: PanelAccount,
  settings: MailedLinkSettings,
  feature: string
): Promise<string> {
  if (settings.url) return settings.url
  const app = (await ctx.containerResolver.make('app')) as {
    config: { get(key: string, fallback?: unknown): unknown }
  }
  const appUrl = app.config.get('app.appUrl', null)
  if (typeof appUrl === 'string' && /^https?:\/\/[^/\\\s]+/.test(appUrl)) {
    return appUrl.replace(/\/+$/, '')
  }
  throw new KitConfigurationException(
    `Panel "${account.panelId}": ${feature} needs the application's URL for the mailed link: export appUrl from config/app.ts or pass ${feature.replace('()', '')}({ url })`
  )
}

/**
 * The words of a mailed link: the subject, the line before the link, the
 * link's label and the lines after it (catalog keys, translated here).
 */
export interface LinkMail {
  subject: string
  intro: string
  button: string
  after: string[]
}

/**
 * Mail a link (through the mail messenger: the answer does not wait for the
 * mail server), as text and HTML, in the panel's language.
 */
export async function mailLink(
  ctx: HttpContext,
  account: PanelAccount,
  settings: MailedLinkSettings,
  feature: string,
  to: string,
  link: string,
  mail: LinkMail
) {
  let manager: MailManager
  try {
    manager = (await ctx.containerResolver.make('mail.manager' as any)) as MailManager
  } catch {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": ${feature} mails its links with @adonisjs/mail; install and configure it (node ace add @adonisjs/mail)`
    )
  }
  await manager.use(settings.mailer).sendLater((message) => {
    message.to(to).subject(mail.subject)
    if (typeof settings.from === 'string') message.from(settings.from)
    else if (settings.from) message.from(settings.from.address, settings.from.name)
    message.text([mail.intro, '', link, '', ...mail.after.flatMap((line) => [line, ''])].join('\n'))
    message.html(
      [
        `<p>${escapeHtml(mail.intro)}</p>`,
        `<p><a href="${escapeHtml(link)}">${escapeHtml(mail.button)}</a></p>`,
        ...mail.after.map((line) => `<p>${escapeHtml(line)}</p>`),
      ].join('\n')
    )
  })
}

/**
 * Store a new token of a user (the user's earlier tokens of the panel in
 * this table are deleted: one live link) and return its value, to mail.
 * `extra` holds more columns of the row (the verified email).
 */
export async function issueToken(
  client: QueryClientContract,
  table: string,
  account: PanelAccount,
  userId: string,
  expiresIn: number,
  extra: Record<string, unknown> = {}
): Promise<string> {
  const { secret, hash } = VerificationToken.seed(SECRET_SIZE)
  const now = new Date()
  const expiresAt = new Date(now.getTime() + expiresIn * 1000)
  const id = await client.transaction(async (trx) => {
    await deleteTokens(trx, table, account, userId)
    const [inserted] = await trx
      .insertQuery()
      .table(table)
      .insert({
        panel: account.panelId,
        user_id: userId,
        ...extra,
        hash,
        created_at: now,
        expires_at: expiresAt,
      })
      .returning('id')
    return typeof inserted === 'object' ? (inserted as { id: number }).id : inserted
  })
  return AccountToken.value(id, secret)
}

/**
 * Delete every token of a user of the panel in a table.
 */
export function deleteTokens(
  client: QueryClientContract,
  table: string,
  account: PanelAccount,
  userId: string
) {
  return client.from(table).where('panel', account.panelId).where('user_id', userId).delete()
}

/**
 * The row of a token given in a link, when it is of this panel, its secret
 * matches the stored hash and it has not expired; null otherwise.
 */
export async function findToken(
  client: QueryClientContract,
  table: string,
  account: PanelAccount,
  value: unknown
): Promise<(Record<string, unknown> & { id: string | number; userId: string }) | null> {
  if (typeof value !== 'string' || value.length > 512) return null
  const decoded = AccountToken.decode(value)
  if (!decoded || !/^[0-9]{1,18}$/.test(decoded.identifier)) return null
  const row = await client
    .from(table)
    .where('id', decoded.identifier)
    .where('panel', account.panelId)
    .first()
  if (!row) return null
  const token = new AccountToken({
    id: row.id,
    userId: String(row.user_id),
    hash: row.hash,
    expiresAt: toDate(row.expires_at),
  })
  if (token.isExpired() || !token.verify(decoded.secret)) return null
  return { ...row, id: row.id, userId: String(row.user_id) }
}

/**
 * Delete a token's row: true for the one request that deleted it (a link
 * is used once, whatever races).
 */
export async function consumeToken(
  trx: QueryClientContract,
  table: string,
  id: string | number
): Promise<boolean> {
  const deleted = await trx.from(table).where('id', id).delete()
  return (Array.isArray(deleted) ? Number(deleted[0] ?? 0) : Number(deleted)) === 1
}
