import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import vine, { errors as vineErrors } from '@vinejs/vine'
import type { KitTranslator } from '../../i18n/translator.ts'
import { KitMessagesProvider } from '../../i18n/validation.ts'
import { parseUniqueViolation } from '../mutation/unique_violation.ts'
import { emailChanged } from './email_verification.ts'
import { requireCurrentPassword } from './current_password.ts'
import {
  rememberPassword,
  userModel,
  type PanelAccount,
  type SessionGuardLike,
} from './panel_account.ts'

/**
 * The profile form: the name, the email, and a new password with its
 * confirmation; the current password when the email or the password
 * changes.
 */
const profileValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255),
  email: vine.string().trim().email().maxLength(254),
  currentPassword: vine.string().maxLength(1024).optional(),
  password: vine
    .string()
    .minLength(8)
    .maxLength(1024)
    .confirmed({ confirmationField: 'passwordConfirmation' })
    .optional(),
})

type ProfileInput = Awaited<ReturnType<typeof profileValidator.validate>>

/**
 * The labels the form shows, naming the fields in messages.
 */
export function profileLabels(t: KitTranslator['t']): Record<string, string> {
  return {
    name: t('account.name'),
    email: t('account.email'),
    currentPassword: t('account.currentPassword'),
    password: t('account.newPassword'),
    passwordConfirmation: t('account.passwordConfirmation'),
  }
}

function refuse(field: string, rule: string, message: string): never {
  throw new vineErrors.E_VALIDATION_ERROR([{ field, rule, message }])
}

/**
 * A user who signs out every other session of theirs: their remember-me
 * tokens (when the model keeps them) are deleted.
 */
export async function forgetRememberMeTokens(account: PanelAccount, user: LucidRow) {
  const Model = (await userModel(account)) as unknown as {
    rememberMeTokens?: {
      all(user: LucidRow): Promise<{ identifier: string | number | bigint }[]>
      delete(user: LucidRow, identifier: string | number | bigint): Promise<number>
    }
  }
  const tokens = Model.rememberMeTokens
  if (!tokens) return
  for (const token of await tokens.all(user)) {
    await tokens.delete(user, token.identifier)
  }
}

/**
 * Update the signed-in user's name, email and password. The current
 * password is verified (throttled) when the email or the password changes; the email
 * must belong to no other user. A new password signs out every other
 * session (their password fingerprint no longer matches; remember-me
 * tokens are deleted) and gives this session a new id. Refusals are
 * per-field validation errors and leave the row unchanged.
 */
export async function updateProfile(
  ctx: HttpContext,
  account: PanelAccount,
  guard: SessionGuardLike,
  translator: KitTranslator
): Promise<void> {
  const user = guard.user!
  const t = translator.t.bind(translator)
  const { uid, name, password } = account.login
  const input: ProfileInput = await profileValidator.validate(ctx.request.all(), {
    messagesProvider: new KitMessagesProvider({}, profileLabels(t), translator),
  })
  const attributes = user as unknown as Record<string, unknown>
  const emailChanges = input.email !== attributes[uid]
  const newPassword = input.password ? input.password : null

  /* the current password: required to change the email or the password */
  if (emailChanges || newPassword) {
    await requireCurrentPassword(ctx, account, user, input.currentPassword, translator)
  }

  /* the email of no other user */
  const Model = await userModel(account)
  if (emailChanges) {
    const taken = await Model.query()
      .where(uid, input.email)
      .whereNot(Model.primaryKey, user.$primaryKeyValue as any)
      .first()
    if (taken) refuse('email', 'unique', t('account.emailTaken'))
  }

  user.merge({ [name]: input.name, [uid]: input.email })
  if (newPassword) {
    /* withAuthFinder hashes the password before the row is saved */
    user.merge({ [password]: newPassword })
  }
  try {
    await user.save()
  } catch (error) {
    if (parseUniqueViolation(error)) refuse('email', 'unique', t('account.emailTaken'))
    throw error
  }

  if (emailChanges) await emailChanged(ctx, account, user, translator)
  if (newPassword) {
    await forgetRememberMeTokens(account, user)
    ctx.session?.regenerate()
    rememberPassword(ctx, account, user)
  }
}
