import type { HttpContext, Router } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import vine, { errors as vineErrors } from '@vinejs/vine'
import type { KitTwoFactorContract } from '../contracts/main.ts'
import type { KitMiddleware } from '../definitions/types.ts'
import { requestTranslator } from '../i18n/request.ts'
import type { KitTranslator } from '../i18n/translator.ts'
import { KitMessagesProvider } from '../i18n/validation.ts'
import { requireCurrentPassword } from '../runtime/account/current_password.ts'
import {
  rememberPassword,
  returnPath,
  sessionGuard,
  type PanelAccount,
} from '../runtime/account/panel_account.ts'
import {
  attemptSecondStep,
  beginEnrolment,
  challengeOf,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from '../runtime/account/two_factor.ts'
import type { MountOptions, ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { homeOf, panelContract, render, useMiddleware, wantsJson } from './account_routes.ts'

/**
 * The Inertia component of the second step of a sign-in.
 */
export const TWO_FACTOR_CHALLENGE_COMPONENT = 'kit/two_factor_challenge'

/** The flash key of the recovery codes, shown once on the profile page */
const RECOVERY_CODES_FLASH = 'kitRecoveryCodes'

/**
 * The answer of the second step: the factor's name and its code.
 */
const challengeValidator = vine.create({
  factor: vine.string().maxLength(32),
  code: vine.string().trim().maxLength(64),
})

/**
 * The first code of an enrolment.
 */
const confirmValidator = vine.create({
  code: vine.string().trim().maxLength(64),
})

/**
 * The profile page's two-factor section: whether it is on, the enrolment
 * this session began, the recovery codes just made (once).
 */
export async function twoFactorProfileContract(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow
): Promise<KitTwoFactorContract> {
  const status = await twoFactorStatus(ctx, account, user)
  const flashed = ctx.session?.flashMessages.get(RECOVERY_CODES_FLASH, null)
  const codes = Array.isArray(flashed) ? flashed.filter((code) => typeof code === 'string') : null
  return {
    action: account.paths.twoFactor,
    confirmAction: `${account.paths.twoFactor}/confirm`,
    recoveryCodesAction: `${account.paths.twoFactor}/recovery-codes`,
    enabled: status.enabled,
    required: status.required,
    recoveryCodesLeft: status.recoveryCodesLeft,
    enrolment: status.enrolment && {
      secret: status.enrolment.secret,
      uri: status.enrolment.uri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(status.enrolment.qrCode).toString('base64')}`,
    },
    recoveryCodes: codes && codes.length > 0 ? codes : null,
  }
}

/**
 * Whether a request of a signed-in user may go on without a second factor
 * on a panel that requires one: only the profile page and its two-factor
 * forms (where the user enrols).
 */
export function enrolmentPath(ctx: HttpContext, account: PanelAccount) {
  const path = ctx.request.url()
  return (
    path === account.paths.profile ||
    path === account.paths.twoFactor ||
    path.startsWith(`${account.paths.twoFactor}/`)
  )
}

/**
 * Register the two-factor routes of a panel with `twoFactor()`: the second
 * step of a sign-in (`GET`/`POST <path>/login/two-factor`) and, on the
 * profile, enrolment (`POST <path>/profile/two-factor`, then
 * `POST .../confirm` with a first code), new recovery codes
 * (`POST .../recovery-codes`) and turning it off
 * (`DELETE <path>/profile/two-factor`), each with the current password.
 */
export function registerTwoFactorRoutes(
  router: Router,
  account: PanelAccount,
  options: MountOptions,
  first: ResourceMount | undefined,
  publicMiddleware: KitMiddleware[]
) {
  const name = options.name
  const where = `Panel "${options.panelId}" two-factor authentication`
  const paths = account.paths

  const challengePage = async (
    ctx: HttpContext,
    state: { error: string | null; retryAfter: number | null }
  ) => {
    const translator = requestTranslator(ctx, options.presentation)
    const challenge = await challengeOf(ctx, account)
    if (challenge.status !== 'pending') return toSignIn(ctx, challenge.status === 'expired')
    return render(
      ctx,
      options,
      translator,
      TWO_FACTOR_CHALLENGE_COMPONENT,
      {
        kind: 'twoFactorChallenge',
        action: paths.twoFactorChallenge,
        factors: challenge.factors,
        signInUrl: paths.login,
        error: state.error,
        retryAfter: state.retryAfter,
      },
      { kitPanel: panelContract(options, first, null) }
    )
  }

  /* no pending sign-in (or an expired one): back to the sign-in page */
  const toSignIn = (ctx: HttpContext, expired: boolean) => {
    const translator = requestTranslator(ctx, options.presentation)
    const message = translator.t(expired ? 'account.twoFactor.expired' : 'account.signInRequired')
    if (wantsJson(ctx)) {
      return ctx.response.unauthorized({ errors: [{ message }] })
    }
    if (expired) ctx.session?.flash('error', message)
    return ctx.response.redirect().toPath(paths.login)
  }

  /* the second step's page */
  const show = router
    .get(paths.twoFactorChallenge, (ctx: HttpContext) =>
      challengePage(ctx, { error: null, retryAfter: null })
    )
    .as(`${name}.login.twoFactor`)
  useMiddleware(show, publicMiddleware, where)

  /* the second step: throttled as the sign-in, the session id renewed at sign-in */
  const attempt = router
    .post(paths.twoFactorChallenge, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      const t = translator.t.bind(translator)
      const input = await challengeValidator.validate(ctx.request.all(), {
        messagesProvider: new KitMessagesProvider(
          {},
          { factor: t('account.twoFactor.factor'), code: t('account.twoFactor.code') },
          translator
        ),
      })
      const result = await attemptSecondStep(ctx, account, input)
      if (result.status === 'missing' || result.status === 'expired') {
        return toSignIn(ctx, result.status === 'expired')
      }
      if (result.status === 'throttled') {
        const error = t('account.throttledAttempts', { seconds: result.retryAfter })
        ctx.response.header('Retry-After', String(result.retryAfter))
        ctx.response.status(429)
        if (wantsJson(ctx)) return ctx.response.send({ errors: [{ message: error }] })
        return challengePage(ctx, { error, retryAfter: result.retryAfter })
      }
      if (result.status !== 'signedIn') {
        throw new vineErrors.E_VALIDATION_ERROR([
          { field: 'code', rule: 'twoFactor', message: t('account.twoFactor.wrongCode') },
        ])
      }
      /* the guard gives the session a new id (no session fixation) */
      const guard = sessionGuard(ctx, account)
      await guard.login(result.user, account.login.rememberMe && result.remember)
      rememberPassword(ctx, account, result.user)
      const back = returnPath(result.back)
      return ctx.response.redirect().toPath(back ?? (await homeOf(ctx, options, first)))
    })
    .as(`${name}.login.twoFactor.store`)
  useMiddleware(attempt, publicMiddleware, where)

  /* the signed-in user's forms on the profile page */
  const profileForm = (
    method: 'post' | 'delete',
    path: string,
    routeName: string,
    handle: (
      ctx: HttpContext,
      user: LucidRow,
      translator: KitTranslator
    ) => Promise<{ notice: string | null; codes?: string[] }>
  ) => {
    const route = router[method](path, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      const user = sessionGuard(ctx, account).user!
      const { notice, codes } = await handle(ctx, user, translator)
      if (wantsJson(ctx)) {
        return codes ? ctx.response.created({ recoveryCodes: codes }) : ctx.response.noContent()
      }
      if (codes) ctx.session?.flash(RECOVERY_CODES_FLASH, codes)
      if (notice) ctx.session?.flash('success', translator.t(notice))
      return ctx.response.redirect().toPath(paths.profile)
    })
    useMiddleware(route.as(`${name}.${routeName}`), options.middleware, where)
  }
  const currentPassword = (ctx: HttpContext, user: LucidRow, translator: KitTranslator) =>
    requireCurrentPassword(ctx, account, user, ctx.request.input('currentPassword'), translator)
  const refuse = (field: string, message: string) =>
    new vineErrors.E_VALIDATION_ERROR([{ field, rule: 'twoFactor', message }])

  /* begin an enrolment: the current password, then a secret shown to this session */
  profileForm(
    'post',
    paths.twoFactor,
    'profile.twoFactor.enable',
    async (ctx, user, translator) => {
      await currentPassword(ctx, user, translator)
      if (!(await beginEnrolment(ctx, account, user))) {
        throw refuse('currentPassword', translator.t('account.twoFactor.alreadyEnabled'))
      }
      return { notice: null }
    }
  )

  /* confirm it with a first code: on, and the recovery codes shown once */
  profileForm(
    'post',
    `${paths.twoFactor}/confirm`,
    'profile.twoFactor.confirm',
    async (ctx, user, translator) => {
      const t = translator.t.bind(translator)
      const input = await confirmValidator.validate(ctx.request.all(), {
        messagesProvider: new KitMessagesProvider(
          {},
          { code: t('account.twoFactor.code') },
          translator
        ),
      })
      const codes = await confirmEnrolment(ctx, account, user, input.code)
      if (!codes) throw refuse('code', t('account.twoFactor.wrongCode'))
      return { notice: 'account.twoFactor.enabledNotice', codes }
    }
  )

  /* new recovery codes (the old ones stop working), shown once */
  profileForm(
    'post',
    `${paths.twoFactor}/recovery-codes`,
    'profile.twoFactor.recoveryCodes',
    async (ctx, user, translator) => {
      await currentPassword(ctx, user, translator)
      const codes = await regenerateRecoveryCodes(ctx, account, user)
      if (!codes) throw refuse('currentPassword', translator.t('account.twoFactor.notEnabled'))
      return { notice: 'account.twoFactor.regeneratedNotice', codes }
    }
  )

  /* turn it off */
  profileForm(
    'delete',
    paths.twoFactor,
    'profile.twoFactor.disable',
    async (ctx, user, translator) => {
      await currentPassword(ctx, user, translator)
      await disableTwoFactor(ctx, account, user)
      return { notice: 'account.twoFactor.disabledNotice' }
    }
  )
}
