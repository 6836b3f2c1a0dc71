import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import type { KitTranslator } from '../../i18n/translator.ts'
import type { PanelAccount } from './panel_account.ts'
import { countAttempt, retryAfterOf, throttleKeys } from './sign_in.ts'

/**
 * Too many wrong current passwords: 429 with `Retry-After` and the wait on
 * the `currentPassword` field for JSON clients; a browser goes back to
 * the form with the wait as the field's message.
 */
export class CurrentPasswordThrottledException extends Error {
  constructor(
    readonly retryAfter: number,
    readonly text: string
  ) {
    super(text)
  }

  /**
   * The answer (a self-handled exception of AdonisJS).
   */
  handle(_: unknown, ctx: HttpContext) {
    ctx.response.header('Retry-After', String(this.retryAfter))
    const json =
      !ctx.request.header('x-inertia') && ctx.request.accepts(['html', 'json']) === 'json'
    const messages = [{ field: 'currentPassword', rule: 'throttled', message: this.text }]
    if (json || !ctx.session) {
      return ctx.response.status(429).send({ errors: messages })
    }
    ctx.session.flashValidationErrors(new vineErrors.E_VALIDATION_ERROR(messages), false)
    return ctx.response.redirect('back', true)
  }
}

/**
 * Verify the signed-in user's current password, throttled per account and
 * per IP address like the sign-in (the `login({ throttle })` limits): a
 * missing or wrong password is a validation error on `currentPassword`
 * and counts an attempt; once the attempts are spent, even the right
 * password waits (`CurrentPasswordThrottledException`).
 */
export async function requireCurrentPassword(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  plain: unknown,
  translator: KitTranslator
): Promise<void> {
  const t = translator.t.bind(translator)
  const refuse = (rule: string, message: string) =>
    new vineErrors.E_VALIDATION_ERROR([{ field: 'currentPassword', rule, message }])
  const keys = await throttleKeys(
    ctx,
    account,
    account.login.throttle,
    'current_password',
    `user_${user.$primaryKeyValue}`
  )
  const retryAfter = await retryAfterOf(keys)
  if (retryAfter > 0) {
    throw new CurrentPasswordThrottledException(
      retryAfter,
      t('account.throttledAttempts', { seconds: retryAfter })
    )
  }
  if (typeof plain !== 'string' || !plain) {
    throw refuse('required', t('account.currentPasswordRequired'))
  }
  const verify = (user as unknown as { verifyPassword(plain: string): Promise<boolean> })
    .verifyPassword
  if (plain.length > 1024 || !(await verify.call(user, plain))) {
    await countAttempt(keys)
    throw refuse('currentPassword', t('account.currentPasswordWrong'))
  }
  await keys[0].limiter.delete(keys[0].key)
}
