import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import vine, { errors as vineErrors } from '@vinejs/vine'
import type { KitTranslator } from '../../i18n/translator.ts'
import { KitMessagesProvider } from '../../i18n/validation.ts'
import { parseUniqueViolation } from '../mutation/unique_violation.ts'
import { userModel, type PanelAccount } from './panel_account.ts'
import { countAttempt, retryAfterOf, throttleKeys } from './sign_in.ts'

/**
 * The sign-up form: a name, an email, a password and its confirmation.
 */
const signUpValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(255),
  email: vine.string().trim().email().maxLength(254),
  password: vine
    .string()
    .minLength(8)
    .maxLength(1024)
    .confirmed({ confirmationField: 'passwordConfirmation' }),
})

/**
 * The labels the sign-up form shows, naming the fields in messages.
 */
export function signUpLabels(t: KitTranslator['t']): Record<string, string> {
  return {
    name: t('account.name'),
    email: t('account.email'),
    password: t('account.password'),
    passwordConfirmation: t('account.confirmPassword'),
  }
}

/**
 * The answer of a sign-up: the new user, or a wait in seconds.
 */
export type SignUpResult =
  { status: 'created'; user: LucidRow } | { status: 'throttled'; retryAfter: number }

function emailTaken(t: KitTranslator['t']) {
  return new vineErrors.E_VALIDATION_ERROR([
    { field: 'email', rule: 'unique', message: t('account.emailTaken') },
  ])
}

/**
 * Create a user from the sign-up form, throttled per email and per IP
 * address (every attempt counts, refused ones too). The form's rules run
 * first (per-field errors), then the email must belong to no user (the
 * unique index is caught too, when two requests race); `beforeCreate` sets
 * defaults before the row is saved. The password is hashed by
 * `withAuthFinder`. Refusals are validation errors and store nothing.
 */
export async function signUp(
  ctx: HttpContext,
  account: PanelAccount,
  translator: KitTranslator
): Promise<SignUpResult> {
  const settings = account.signUp!
  const t = translator.t.bind(translator)
  const raw = ctx.request.input('email')
  const email = typeof raw === 'string' ? raw.trim().slice(0, 254) : ''
  const keys = await throttleKeys(ctx, account, settings.throttle, 'sign_up', email)
  const retryAfter = await retryAfterOf(keys)
  if (retryAfter > 0) return { status: 'throttled', retryAfter }
  await countAttempt(keys)

  const input = await signUpValidator.validate(ctx.request.all(), {
    messagesProvider: new KitMessagesProvider({}, signUpLabels(t), translator),
  })
  const { uid, name, password } = account.login
  const Model = await userModel(account)
  if (await Model.query().where(uid, input.email).first()) throw emailTaken(t)

  /* withAuthFinder hashes the password before the row is saved */
  const user = new Model()
  user.merge({ [name]: input.name, [uid]: input.email, [password]: input.password })
  await settings.beforeCreate?.(user, ctx)
  try {
    await user.save()
  } catch (error) {
    if (parseUniqueViolation(error)) throw emailTaken(t)
    throw error
  }
  return { status: 'created', user }
}
