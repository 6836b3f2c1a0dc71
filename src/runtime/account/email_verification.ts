import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { DateTime } from 'luxon'
import type { KitTranslator } from '../../i18n/translator.ts'
import type { Panel } from '../../definitions/panel/panel.ts'
import type { EmailVerificationSettings } from '../../definitions/panel/panel_account.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { accountOf, userModel, type PanelAccount } from './panel_account.ts'
import { countAttempt, retryAfterOf, throttleKeys } from './sign_in.ts'
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
 * The table of the email verification tokens (published by `configure`).
 */
export const EMAIL_VERIFICATION_TABLE = 'kit_email_verification_tokens'

function settingsOf(account: PanelAccount): EmailVerificationSettings {
  return account.emailVerification!
}

/**
 * The model's property of the verification date, named by its column or
 * its property name; null when the model has no such column.
 */
function verificationAttribute(Model: LucidModel, column: string): string | null {
  Model.boot()
  if (Model.$hasColumn(column)) return column
  return Model.$keys.columnsToAttributes.get(column) ?? null
}

async function attributeOf(account: PanelAccount): Promise<string> {
  const Model = await userModel(account)
  const attribute = verificationAttribute(Model, settingsOf(account).column)
  if (!attribute) {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": emailVerification() needs the column "${settingsOf(account).column}" on ${Model.name} (a nullable timestamp, @column.dateTime()); add it or pass emailVerification({ column })`
    )
  }
  return attribute
}

/**
 * Refuse, at boot, `emailVerification()` on a panel whose user model has
 * no verification column.
 */
export async function assertVerificationColumn(panel: Panel) {
  if (!panel.getEmailVerification()) return
  const account = accountOf(panel)
  if (account) await attributeOf(account)
}

function attributes(user: LucidRow) {
  return user as unknown as Record<string, unknown>
}

/**
 * Whether the user's email is verified (its verification date is set).
 */
export async function isVerified(account: PanelAccount, user: LucidRow): Promise<boolean> {
  const value = attributes(user)[await attributeOf(account)]
  return value !== null && value !== undefined
}

/**
 * Whether the signed-in user must verify their email before this request:
 * with `emailVerification()`, an unverified user may only open the
 * verification pages (the notice, a resend, a link) and the profile (to
 * correct a mistyped email); signing out is outside the guard.
 */
export async function mustVerifyEmail(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow
): Promise<boolean> {
  if (!account.emailVerification) return false
  const { verifyEmail: notice, profile } = account.paths
  const pattern = ctx.route?.pattern
  if (pattern === notice || pattern === `${notice}/:token`) return false
  if (account.profile && pattern === profile) return false
  return !(await isVerified(account, user))
}

/**
 * Mail a verification link to the user's current email (their earlier
 * links of the panel stop working). The token's row keeps the user and the
 * email it was sent to: it verifies that pair only.
 */
export async function sendVerification(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  translator: KitTranslator
) {
  const settings = settingsOf(account)
  const { client } = await clientOf(ctx, account)
  const url = await baseUrl(ctx, account, settings, 'emailVerification()')
  const email = String(attributes(user)[account.login.uid])
  const userId = String(user.$primaryKeyValue)
  const token = await issueToken(
    client,
    EMAIL_VERIFICATION_TABLE,
    account,
    userId,
    settings.expiresIn,
    { email }
  )
  const t = translator.t.bind(translator)
  const minutes = Math.max(1, Math.round(settings.expiresIn / 60))
  await mailLink(
    ctx,
    account,
    settings,
    'emailVerification()',
    email,
    `${url}${account.paths.verifyEmail}/${token}`,
    {
      subject: t('account.verifyMail.subject'),
      intro: t('account.verifyMail.intro'),
      button: t('account.verifyMail.button'),
      after: [t('account.verifyMail.expires', { minutes }), t('account.verifyMail.ignore')],
    }
  )
}

/**
 * The answer to "send the link again": sent, a wait in seconds, or
 * nothing to do (the email is verified).
 */
export type ResendResult =
  { status: 'sent' } | { status: 'verified' } | { status: 'throttled'; retryAfter: number }

/**
 * Send the verification link again, throttled per user and per IP address.
 */
export async function resendVerification(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  translator: KitTranslator
): Promise<ResendResult> {
  if (await isVerified(account, user)) return { status: 'verified' }
  const settings = settingsOf(account)
  const keys = await throttleKeys(
    ctx,
    account,
    settings.throttle,
    'verify_email',
    String(user.$primaryKeyValue)
  )
  const retryAfter = await retryAfterOf(keys)
  if (retryAfter > 0) return { status: 'throttled', retryAfter }
  await countAttempt(keys)
  await sendVerification(ctx, account, user, translator)
  return { status: 'sent' }
}

/**
 * Verify the signed-in user's email with a mailed token: the token must be
 * of this panel, unexpired, the user's, and sent to the email the user has
 * now. It is deleted (only one request can use it), the verification date
 * is set and the user's other links are deleted. False for a refused link
 * (another user's link, or a link of an earlier email, is left as it is).
 */
export async function verifyEmail(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  value: unknown
): Promise<boolean> {
  const { Model, client } = await clientOf(ctx, account)
  const attribute = await attributeOf(account)
  const userId = String(user.$primaryKeyValue)
  return client.transaction(async (trx) => {
    const token = await findToken(trx, EMAIL_VERIFICATION_TABLE, account, value)
    if (!token || token.userId !== userId) return false
    const found = await Model.query({ client: trx }).where(Model.primaryKey, userId).first()
    if (!found || attributes(found)[account.login.uid] !== token.email) return false
    /* single use: the request that deletes the row is the one that verifies */
    if (!(await consumeToken(trx, EMAIL_VERIFICATION_TABLE, token.id))) return false
    found.merge({ [attribute]: DateTime.now() })
    await found.save()
    await deleteTokens(trx, EMAIL_VERIFICATION_TABLE, account, userId)
    user.merge({ [attribute]: attributes(found)[attribute] })
    return true
  })
}

/**
 * After the profile changed the user's email: with `emailVerification()`,
 * the email is unverified again and a link goes to the new address.
 */
export async function emailChanged(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  translator: KitTranslator
) {
  if (!account.emailVerification) return
  user.merge({ [await attributeOf(account)]: null })
  await user.save()
  await sendVerification(ctx, account, user, translator)
}
