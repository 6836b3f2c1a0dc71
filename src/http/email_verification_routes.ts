import type { HttpContext, Router } from '@adonisjs/core/http'
import type { KitMiddleware } from '../definitions/types.ts'
import { requestTranslator } from '../i18n/request.ts'
import { sessionGuard, type PanelAccount } from '../runtime/account/panel_account.ts'
import {
  isVerified,
  resendVerification,
  verifyEmail,
} from '../runtime/account/email_verification.ts'
import type { MountOptions, ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { homeOf, panelContract, render, useMiddleware, wantsJson } from './account_routes.ts'

/**
 * The Inertia component of the "verify your email" page.
 */
export const VERIFY_EMAIL_COMPONENT = 'kit/verify_email'

/**
 * Register the email verification routes of a panel with
 * `emailVerification()`, behind the panel's guard (a guest following a
 * link signs in first, then comes back to it): the notice
 * (`GET <path>/verify-email`), a resend (`POST <path>/verify-email`) and
 * the mailed link (`GET <path>/verify-email/:token`).
 */
export function registerEmailVerificationRoutes(
  router: Router,
  account: PanelAccount,
  options: MountOptions,
  mounts: ResourceMount[]
) {
  if (!account.emailVerification) return
  const first = mounts[0]
  const name = options.name
  const where = `Panel "${options.panelId}" email verification`
  const middleware: KitMiddleware[] = options.middleware

  const noticePage = async (
    ctx: HttpContext,
    state: { error: string | null; retryAfter: number | null }
  ) => {
    const translator = requestTranslator(ctx, options.presentation)
    const user = sessionGuard(ctx, account).user!
    return render(
      ctx,
      options,
      translator,
      VERIFY_EMAIL_COMPONENT,
      {
        kind: 'verifyEmail',
        email: String((user as unknown as Record<string, unknown>)[account.login.uid] ?? ''),
        resendUrl: account.paths.verifyEmail,
        signOutUrl: account.paths.logout,
        profileUrl: account.profile ? account.paths.profile : null,
        error: state.error,
        retryAfter: state.retryAfter,
      },
      { kitPanel: panelContract(options, first, null) }
    )
  }
  const home = (ctx: HttpContext) => homeOf(ctx, options, first)

  /* the notice; a verified user goes home */
  const notice = router
    .get(account.paths.verifyEmail, async (ctx: HttpContext) => {
      if (await isVerified(account, sessionGuard(ctx, account).user!)) {
        return ctx.response.redirect().toPath(await home(ctx))
      }
      return noticePage(ctx, { error: null, retryAfter: null })
    })
    .as(`${name}.verification.notice`)
  useMiddleware(notice, middleware, where)

  /* the link again: throttled per user and per IP */
  const resend = router
    .post(account.paths.verifyEmail, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      const t = translator.t.bind(translator)
      const user = sessionGuard(ctx, account).user!
      const result = await resendVerification(ctx, account, user, translator)
      if (result.status === 'verified') {
        if (wantsJson(ctx)) return ctx.response.noContent()
        return ctx.response.redirect().toPath(await home(ctx))
      }
      if (result.status === 'throttled') {
        const error = t('account.resetThrottled', { seconds: result.retryAfter })
        ctx.response.header('Retry-After', String(result.retryAfter))
        ctx.response.status(429)
        if (wantsJson(ctx)) return ctx.response.send({ errors: [{ message: error }] })
        return noticePage(ctx, { error, retryAfter: result.retryAfter })
      }
      const message = t('account.verifySent')
      if (wantsJson(ctx)) return ctx.response.accepted({ message })
      ctx.session?.flash('success', message)
      return ctx.response.redirect().toPath(account.paths.verifyEmail)
    })
    .as(`${name}.verification.send`)
  useMiddleware(resend, middleware, where)

  /* the mailed link: the signed-in user's, to their current email, once */
  const verify = router
    .get(`${account.paths.verifyEmail}/:token`, async (ctx: HttpContext) => {
      /* the token stays on this site: no Referer to other origins, no cache */
      ctx.response.header('Referrer-Policy', 'same-origin')
      ctx.response.header('Cache-Control', 'no-store')
      const translator = requestTranslator(ctx, options.presentation)
      const t = translator.t.bind(translator)
      const user = sessionGuard(ctx, account).user!
      if (await verifyEmail(ctx, account, user, ctx.params.token)) {
        const message = t('account.emailVerified')
        if (wantsJson(ctx)) return ctx.response.ok({ message })
        ctx.session?.flash('success', message)
        return ctx.response.redirect().toPath(await home(ctx))
      }
      const error = t('account.verifyLinkInvalid')
      ctx.response.status(404)
      if (wantsJson(ctx)) return ctx.response.send({ errors: [{ message: error }] })
      return noticePage(ctx, { error, retryAfter: null })
    })
    .as(`${name}.verification.verify`)
  useMiddleware(verify, middleware, where)
}
