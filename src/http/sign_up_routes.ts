import type { HttpContext, Router } from '@adonisjs/core/http'
import type { KitMiddleware } from '../definitions/types.ts'
import { requestTranslator } from '../i18n/request.ts'
import {
  rememberPassword,
  samePassword,
  sessionGuard,
  type PanelAccount,
} from '../runtime/account/panel_account.ts'
import { signUp } from '../runtime/account/sign_up.ts'
import { sendVerification } from '../runtime/account/email_verification.ts'
import type { MountOptions, ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { homeOf, panelContract, render, useMiddleware, wantsJson } from './account_routes.ts'

/**
 * The Inertia component of the sign-up page.
 */
export const SIGN_UP_COMPONENT = 'kit/sign_up'

/**
 * Register the sign-up routes of a panel with `signUp()`: the registration
 * page (`GET <path>/sign-up`) and the account's creation
 * (`POST <path>/sign-up`), which signs the new user in (new session id)
 * and, with `emailVerification()`, mails the verification link.
 */
export function registerSignUpRoutes(
  router: Router,
  account: PanelAccount,
  options: MountOptions,
  mounts: ResourceMount[],
  publicMiddleware: KitMiddleware[]
) {
  if (!account.signUp) return
  const first = mounts[0]
  const name = options.name
  const where = `Panel "${options.panelId}" sign-up`

  const page = (ctx: HttpContext, state: { error: string | null; retryAfter: number | null }) =>
    render(
      ctx,
      options,
      requestTranslator(ctx, options.presentation),
      SIGN_UP_COMPONENT,
      {
        kind: 'signUp',
        action: account.paths.signUp,
        signInUrl: account.paths.login,
        error: state.error,
        retryAfter: state.retryAfter,
      },
      { kitPanel: panelContract(options, first, null) }
    )

  /* the form; a signed-in user goes home */
  const show = router
    .get(account.paths.signUp, async (ctx: HttpContext) => {
      const guard = sessionGuard(ctx, account)
      if ((await guard.check()) && samePassword(ctx, account, guard.user!)) {
        return ctx.response.redirect().toPath(await homeOf(ctx, options, first))
      }
      return page(ctx, { error: null, retryAfter: null })
    })
    .as(`${name}.sign_up`)
  useMiddleware(show, publicMiddleware, where)

  /* create the account, sign in, mail the verification link */
  const store = router
    .post(account.paths.signUp, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      const t = translator.t.bind(translator)
      const result = await signUp(ctx, account, translator)
      if (result.status === 'throttled') {
        const error = t('account.signUpThrottled', { seconds: result.retryAfter })
        ctx.response.header('Retry-After', String(result.retryAfter))
        ctx.response.status(429)
        if (wantsJson(ctx)) return ctx.response.send({ errors: [{ message: error }] })
        return page(ctx, { error, retryAfter: result.retryAfter })
      }
      /* the guard gives the session a new id (no session fixation) */
      const guard = sessionGuard(ctx, account)
      await guard.login(result.user)
      rememberPassword(ctx, account, result.user)
      if (account.emailVerification) {
        await sendVerification(ctx, account, result.user, translator)
      }
      const redirect = account.emailVerification
        ? account.paths.verifyEmail
        : await homeOf(ctx, options, first)
      if (wantsJson(ctx)) return ctx.response.created({ redirect })
      return ctx.response.redirect().toPath(redirect)
    })
    .as(`${name}.sign_up.store`)
  useMiddleware(store, publicMiddleware, where)
}
