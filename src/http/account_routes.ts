import type { HttpContext, Router } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type {} from '@adonisjs/session/session_middleware'
import vine, { errors as vineErrors } from '@vinejs/vine'
import type { KitAccountContract, KitPanelContract } from '../contracts/main.ts'
import type { KitContext, KitMiddleware } from '../definitions/types.ts'
import { requestTranslator, textProps } from '../i18n/request.ts'
import type { KitTranslator } from '../i18n/translator.ts'
import { KitMessagesProvider } from '../i18n/validation.ts'
import {
  rememberPassword,
  returnPath,
  samePassword,
  sessionGuard,
  type PanelAccount,
} from '../runtime/account/panel_account.ts'
import { updateProfile } from '../runtime/account/profile_update.ts'
import {
  findResetToken,
  requestPasswordReset,
  resetPassword,
} from '../runtime/account/password_reset.ts'
import { attemptSignIn } from '../runtime/account/sign_in.ts'
import { mustVerifyEmail } from '../runtime/account/email_verification.ts'
import { beginSecondStep, hasTwoFactor, twoFactorRequired } from '../runtime/account/two_factor.ts'
import { passkeysContract, passkeySignInContract, registerPasskeyRoutes } from './passkey_routes.ts'
import { endImpersonation } from '../runtime/impersonation/impersonation.ts'
import { forgetImpersonation } from '../runtime/account/impersonation_state.ts'
import { navigationFor } from '../runtime/mounts/navigation.ts'
import {
  panelBranding,
  type MountOptions,
  type ResourceMount,
} from '../runtime/mounts/resource_mount.ts'
import { Tenancy } from '../definitions/tenancy/tenancy.ts'
import { kitRenderer, withOnceStrings } from './error_page.ts'
import { toRouteMiddleware } from './middleware.ts'
import { requestScopeMiddleware } from './tenant_middleware.ts'
import {
  enrolmentPath,
  registerTwoFactorRoutes,
  twoFactorProfileContract,
} from './two_factor_routes.ts'

/**
 * The Inertia components of the account pages.
 */
export const SIGN_IN_COMPONENT = 'kit/login'
export const PROFILE_COMPONENT = 'kit/profile'
export const FORGOT_PASSWORD_COMPONENT = 'kit/forgot_password'
export const RESET_PASSWORD_COMPONENT = 'kit/reset_password'

/**
 * The sign-in form: a uid and a password (their sizes bounded), "remember
 * me", and the path to go back to.
 */
const signInValidator = vine.create({
  uid: vine.string().trim().maxLength(254),
  password: vine.string().maxLength(1024),
  remember: vine.boolean().optional(),
  redirect: vine.string().optional(),
})

/**
 * The request of a reset link: an email.
 */
const forgotPasswordValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
})

/**
 * The reset form: the link's token, a new password and its confirmation.
 */
const resetPasswordValidator = vine.create({
  token: vine.string().maxLength(512),
  password: vine
    .string()
    .minLength(8)
    .maxLength(1024)
    .confirmed({ confirmationField: 'passwordConfirmation' }),
})

/**
 * Whether the request wants JSON rather than a page.
 */
export function wantsJson(ctx: HttpContext) {
  return !ctx.request.header('x-inertia') && ctx.request.accepts(['html', 'json']) === 'json'
}

/**
 * The guard of a panel with `login()`, before the panel's own
 * authentication middleware: guests (and sessions signed in with a
 * password since changed, signed out here) are sent to the sign-in page
 * with the page they asked for; JSON clients get a 401.
 */
export function accountGuardMiddleware(account: PanelAccount) {
  return async (ctx: HttpContext, next: NextFn) => {
    const guard = sessionGuard(ctx, account)
    if (await guard.check()) {
      if (samePassword(ctx, account, guard.user!)) {
        if (await mustVerifyEmail(ctx, account, guard.user!)) return verifyFirst(ctx, account)
        if (await mustEnrol(ctx, account, guard.user!)) return toEnrolment(ctx, account)
        return next()
      }
      await guard.logout()
    }
    if (wantsJson(ctx)) {
      const t = requestTranslator(ctx, undefined)
      return ctx.response.unauthorized({ errors: [{ message: t.t('account.signInRequired') }] })
    }
    const back = ctx.request.method() === 'GET' ? returnPath(ctx.request.url(true)) : null
    return ctx.response.redirect().toPath(signInUrl(account, back))
  }
}

/**
 * A signed-in user whose email is not verified (`emailVerification()`):
 * the "verify your email" page; JSON clients get a 403.
 */
function verifyFirst(ctx: HttpContext, account: PanelAccount) {
  if (wantsJson(ctx)) {
    const t = requestTranslator(ctx, undefined)
    return ctx.response.forbidden({ errors: [{ message: t.t('account.verifyRequired') }] })
  }
  return ctx.response.redirect().toPath(account.paths.verifyEmail)
}

/**
 * Whether a signed-in user must enrol a second factor before this request:
 * the panel requires one (`twoFactor({ required })`), the user has none,
 * and the request is not for the profile page where they enrol.
 */
async function mustEnrol(ctx: HttpContext, account: PanelAccount, user: LucidRow) {
  if (!account.twoFactor || enrolmentPath(ctx, account)) return false
  if (!(await twoFactorRequired(account, user))) return false
  return !(await hasTwoFactor(ctx, account, user))
}

/**
 * Send a user who must enrol to the profile page (JSON clients get a 403).
 */
function toEnrolment(ctx: HttpContext, account: PanelAccount) {
  const t = requestTranslator(ctx, undefined)
  if (wantsJson(ctx)) {
    return ctx.response.forbidden({
      errors: [{ message: t.t('account.twoFactor.requiredNotice') }],
    })
  }
  return ctx.response.redirect().toPath(account.paths.profile)
}

/**
 * The sign-in page's URL, with the path to go back to.
 */
function signInUrl(account: PanelAccount, back: string | null) {
  return back
    ? `${account.paths.login}?${new URLSearchParams({ redirect: back })}`
    : account.paths.login
}

/**
 * Where a signed-in user lands without a path asked for: `login({ home })`,
 * else the first page of the panel's navigation the user may open, else
 * the panel's path (on tenant panels: the panel's root when it has
 * `tenantsOf`, else `/`).
 */
export async function homeOf(
  ctx: HttpContext,
  options: MountOptions,
  first: ResourceMount | undefined
) {
  const home = options.account?.login.home
  if (home) return home
  /* a tenant panel: its root sends the user to their default tenant (tenantsOf) */
  if (options.tenant) return options.tenant.tenantsOf ? options.prefix : '/'
  if (!first) return options.prefix
  const context = await kitContext(ctx, options, first)
  const navigation = await navigationFor(first, context)
  return navigation.find((item) => item.url)?.url ?? options.prefix
}

export async function kitContext(
  ctx: HttpContext,
  options: MountOptions,
  first: ResourceMount | undefined
): Promise<KitContext> {
  return {
    user: (await options.resolveUser(ctx)) ?? null,
    http: ctx,
    containerResolver: ctx.containerResolver,
    translator: requestTranslator(ctx, first?.options.presentation ?? options.presentation),
  }
}

/**
 * Render an account page: the Inertia page, or its contract as JSON.
 */
export async function render(
  ctx: HttpContext,
  options: MountOptions,
  translator: KitTranslator,
  component: string,
  kitAccount: KitAccountContract,
  extra: { kitPanel: KitPanelContract; navigation?: unknown }
) {
  const inertia = kitRenderer(ctx)
  if (!inertia || wantsJson(ctx)) {
    return ctx.response.send(kitAccount)
  }
  const props = {
    ...options.pageDefaults?.props,
    ...textProps(translator),
    ...extra,
    kitAccount,
  }
  return ctx.response.send(await inertia.render(component, withOnceStrings(inertia, props)))
}

/**
 * The panel's own contract without a mount (a panel with no resource, or
 * a tenant panel outside a tenant): its id and branding.
 */
export function panelContract(
  options: MountOptions,
  first: ResourceMount | undefined,
  user: unknown,
  http?: HttpContext
) {
  /* a tenant panel's sign-in and profile have no tenant to build its URLs with */
  return first && (!options.tenant || Tenancy.current())
    ? first.panelContract(user as KitContext['user'], http)
    : { id: options.panelId!, searchUrl: options.prefix, ...panelBranding(options) }
}

export function useMiddleware(
  route: ReturnType<Router['get']>,
  middleware: KitMiddleware[],
  where: string
) {
  for (const entry of [requestScopeMiddleware, ...middleware]) {
    route.use(toRouteMiddleware(entry, where))
  }
}

/**
 * A form-wide message flashed by the previous request (an expired second
 * step), or null.
 */
function flashedError(ctx: HttpContext): string | null {
  const error = ctx.session?.flashMessages.get('error', null)
  return typeof error === 'string' ? error : null
}

/**
 * Register the account routes of a panel with `login()`: the sign-in page
 * (`GET`/`POST <path>/login`), sign-out (`POST <path>/logout`) and, with
 * `profile()`, the profile page (`GET`/`PUT <path>/profile`).
 */
export function registerAccountRoutes(
  router: Router,
  account: PanelAccount,
  options: MountOptions,
  mounts: ResourceMount[],
  publicMiddleware: KitMiddleware[]
) {
  const first = mounts[0]
  const name = options.name
  const where = `Panel "${options.panelId}" account`

  /* the sign-in page; a signed-in user goes home */
  const show = router
    .get(account.paths.login, async (ctx: HttpContext) => {
      const guard = sessionGuard(ctx, account)
      const back = returnPath(ctx.request.qs().redirect)
      if ((await guard.check()) && samePassword(ctx, account, guard.user!)) {
        return ctx.response.redirect().toPath(back ?? (await homeOf(ctx, options, first)))
      }
      return signInPage(ctx, { back, error: null, retryAfter: null })
    })
    .as(`${name}.login`)
  useMiddleware(show, publicMiddleware, where)

  const signInPage = (
    ctx: HttpContext,
    state: { back: string | null; error: string | null; retryAfter: number | null }
  ) => {
    const translator = requestTranslator(ctx, options.presentation)
    const uid = ctx.session?.flashMessages.get('uid') ?? ctx.request.input('uid')
    return render(
      ctx,
      options,
      translator,
      SIGN_IN_COMPONENT,
      {
        kind: 'signIn',
        action: account.paths.login,
        redirect: state.back,
        rememberMe: account.login.rememberMe,
        uid: typeof uid === 'string' ? uid.slice(0, 254) : '',
        error: state.error ?? flashedError(ctx),
        retryAfter: state.retryAfter,
        forgotPasswordUrl: account.passwordReset ? account.paths.forgotPassword : null,
        signUpUrl: account.signUp ? account.paths.signUp : null,
        ...passkeySignInContract(account),
      },
      { kitPanel: panelContract(options, first, null) }
    )
  }

  /* sign in: throttled, the same refusal for unknown and wrong credentials */
  const attempt = router
    .post(account.paths.login, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      const t = translator.t.bind(translator)
      const input = await signInValidator.validate(ctx.request.all(), {
        messagesProvider: new KitMessagesProvider(
          {},
          { uid: t('account.uid'), password: t('account.password') },
          translator
        ),
      })
      const back = returnPath(input.redirect)
      const result = await attemptSignIn(ctx, account, input.uid, input.password)
      if (result.status === 'throttled') {
        const error = t('account.throttled', { seconds: result.retryAfter })
        ctx.response.header('Retry-After', String(result.retryAfter))
        ctx.response.status(429)
        if (wantsJson(ctx)) return ctx.response.send({ errors: [{ message: error }] })
        return signInPage(ctx, { back, error, retryAfter: result.retryAfter })
      }
      if (result.status === 'refused') {
        throw new vineErrors.E_VALIDATION_ERROR([
          { field: 'uid', rule: 'credentials', message: t('account.failed') },
        ])
      }
      const remember = account.login.rememberMe && input.remember === true
      /* a user with a second factor is not signed in yet: the second step */
      if (await beginSecondStep(ctx, account, result.user, { remember, back })) {
        return ctx.response.redirect().toPath(account.paths.twoFactorChallenge)
      }
      /* the guard gives the session a new id (no session fixation) */
      const guard = sessionGuard(ctx, account)
      await guard.login(result.user, remember)
      rememberPassword(ctx, account, result.user)
      forgetImpersonation(ctx, account)
      return ctx.response.redirect().toPath(back ?? (await homeOf(ctx, options, first)))
    })
    .as(`${name}.login.store`)
  useMiddleware(attempt, publicMiddleware, where)

  /* sign out, back to the sign-in page (an impersonation ends with it) */
  const signOut = router
    .post(account.paths.logout, async (ctx: HttpContext) => {
      await endImpersonation(ctx, account, mounts, await kitContext(ctx, options, first), {
        signOut: true,
      })
      await sessionGuard(ctx, account).logout()
      ctx.session?.regenerate()
      if (wantsJson(ctx)) return ctx.response.noContent()
      return ctx.response.redirect().toPath(account.paths.login)
    })
    .as(`${name}.logout`)
  useMiddleware(signOut, publicMiddleware, where)

  registerLeaveImpersonationRoute(router, account, options, mounts, publicMiddleware)

  if (account.passwordReset) {
    registerPasswordResetRoutes(router, account, options, first, publicMiddleware)
  }
  if (account.twoFactor) registerTwoFactorRoutes(router, account, options, first, publicMiddleware)

  if (account.passkeys) {
    registerPasskeyRoutes(router, account, options, publicMiddleware, {
      wantsJson,
      use: (route, middleware) => useMiddleware(route, middleware, where),
      signInPage,
      home: (ctx) => homeOf(ctx, options, first),
    })
  }

  if (!account.profile) return

  const profilePage = async (ctx: HttpContext) => {
    const context = await kitContext(ctx, options, first)
    const user = context.user!
    const navigation =
      first && (!options.tenant || Tenancy.current()) ? await navigationFor(first, context) : []
    return render(
      ctx,
      options,
      context.translator!,
      PROFILE_COMPONENT,
      {
        kind: 'profile',
        action: account.paths.profile,
        values: {
          name: String(user[account.login.name] ?? ''),
          email: String(user[account.login.uid] ?? ''),
        },
        ...(account.twoFactor
          ? { twoFactor: await twoFactorProfileContract(ctx, account, user as LucidRow) }
          : {}),
        ...(await passkeysContract(ctx, account, options, user)),
      },
      { kitPanel: panelContract(options, first, user, ctx), navigation }
    )
  }
  const profile = router.get(account.paths.profile, profilePage).as(`${name}.profile`)
  useMiddleware(profile, options.middleware, where)

  const update = router
    .put(account.paths.profile, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      await updateProfile(ctx, account, sessionGuard(ctx, account), translator)
      if (wantsJson(ctx)) return ctx.response.noContent()
      ctx.session?.flash('success', translator.t('account.saved'))
      return ctx.response.redirect().toPath(account.paths.profile)
    })
    .as(`${name}.profile.update`)
  useMiddleware(update, options.middleware, where)
}

/**
 * Register "Return to my account" of an impersonation (`POST
 * <path>/impersonation/leave`): back to the original user, on the users'
 * resource the impersonation started from; signed out when the original
 * user no longer exists. A session that impersonates nobody changes
 * nothing (409 for JSON, the sign-in page otherwise).
 */
function registerLeaveImpersonationRoute(
  router: Router,
  account: PanelAccount,
  options: MountOptions,
  mounts: ResourceMount[],
  publicMiddleware: KitMiddleware[]
) {
  const leave = router
    .post(account.paths.leaveImpersonation, async (ctx: HttpContext) => {
      const context = await kitContext(ctx, options, mounts[0])
      const t = context.translator!
      const end = await endImpersonation(ctx, account, mounts, context)
      if (end.status === 'none') {
        if (wantsJson(ctx)) {
          return ctx.response.conflict({ errors: [{ message: t.t('impersonation.none') }] })
        }
        return ctx.response.redirect().toPath(account.paths.login)
      }
      if (end.status === 'signedOut') {
        if (wantsJson(ctx)) return ctx.response.noContent()
        ctx.session?.flash('success', t.t('impersonation.originalGone'))
        return ctx.response.redirect().toPath(account.paths.login)
      }
      if (wantsJson(ctx)) return ctx.response.ok({ redirect: end.back })
      ctx.session?.flash('success', t.t('impersonation.ended'))
      return ctx.response.redirect().toPath(end.back)
    })
    .as(`${options.name}.impersonation.leave`)
  useMiddleware(leave, publicMiddleware, `Panel "${options.panelId}" impersonation`)
}

/**
 * Register the password reset routes of a panel with `passwordReset()`:
 * the request form (`GET`/`POST <path>/forgot-password`) and the reset
 * form of a mailed link (`GET <path>/reset-password/:token`,
 * `POST <path>/reset-password`).
 */
function registerPasswordResetRoutes(
  router: Router,
  account: PanelAccount,
  options: MountOptions,
  first: ResourceMount | undefined,
  publicMiddleware: KitMiddleware[]
) {
  const name = options.name
  const where = `Panel "${options.panelId}" password reset`
  const labels = (t: KitTranslator['t']) => ({
    email: t('account.email'),
    token: t('account.resetLink'),
    password: t('account.newPassword'),
    passwordConfirmation: t('account.passwordConfirmation'),
  })

  const forgotPage = (
    ctx: HttpContext,
    state: { error: string | null; retryAfter: number | null }
  ) => {
    const translator = requestTranslator(ctx, options.presentation)
    return render(
      ctx,
      options,
      translator,
      FORGOT_PASSWORD_COMPONENT,
      {
        kind: 'forgotPassword',
        action: account.paths.forgotPassword,
        signInUrl: account.paths.login,
        error: state.error,
        retryAfter: state.retryAfter,
      },
      { kitPanel: panelContract(options, first, null) }
    )
  }

  /* the request form */
  const forgot = router
    .get(account.paths.forgotPassword, (ctx: HttpContext) =>
      forgotPage(ctx, { error: null, retryAfter: null })
    )
    .as(`${name}.password.forgot`)
  useMiddleware(forgot, publicMiddleware, where)

  /* a reset link asked for: the same answer for every email */
  const request = router
    .post(account.paths.forgotPassword, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      const t = translator.t.bind(translator)
      const input = await forgotPasswordValidator.validate(ctx.request.all(), {
        messagesProvider: new KitMessagesProvider({}, labels(t), translator),
      })
      const result = await requestPasswordReset(ctx, account, input.email, translator)
      if (result.status === 'throttled') {
        const error = t('account.resetThrottled', { seconds: result.retryAfter })
        ctx.response.header('Retry-After', String(result.retryAfter))
        ctx.response.status(429)
        if (wantsJson(ctx)) return ctx.response.send({ errors: [{ message: error }] })
        return forgotPage(ctx, { error, retryAfter: result.retryAfter })
      }
      const message = t('account.resetSent')
      if (wantsJson(ctx)) return ctx.response.accepted({ message })
      ctx.session?.flash('success', message)
      return ctx.response.redirect().toPath(account.paths.forgotPassword)
    })
    .as(`${name}.password.email`)
  useMiddleware(request, publicMiddleware, where)

  /* the reset form of a mailed link (a refused link: a message, no form) */
  const show = router
    .get(`${account.paths.resetPassword}/:token`, async (ctx: HttpContext) => {
      /* the token stays on this site: no Referer to other origins, no cache */
      ctx.response.header('Referrer-Policy', 'same-origin')
      ctx.response.header('Cache-Control', 'no-store')
      const token = ctx.params.token
      const valid = await findResetToken(ctx, account, token)
      const translator = requestTranslator(ctx, options.presentation)
      if (!valid) ctx.response.status(404)
      return render(
        ctx,
        options,
        translator,
        RESET_PASSWORD_COMPONENT,
        {
          kind: 'resetPassword',
          action: account.paths.resetPassword,
          token: valid ? token : null,
          forgotPasswordUrl: account.paths.forgotPassword,
          signInUrl: account.paths.login,
        },
        { kitPanel: panelContract(options, first, null) }
      )
    })
    .as(`${name}.password.reset`)
  useMiddleware(show, publicMiddleware, where)

  /* a new password: the token checked first, then the form, then used once */
  const update = router
    .post(account.paths.resetPassword, async (ctx: HttpContext) => {
      const translator = requestTranslator(ctx, options.presentation)
      const t = translator.t.bind(translator)
      const refused = () =>
        new vineErrors.E_VALIDATION_ERROR([
          { field: 'token', rule: 'resetToken', message: t('account.resetLinkInvalid') },
        ])
      const token = ctx.request.input('token')
      if (!(await findResetToken(ctx, account, token))) throw refused()
      const input = await resetPasswordValidator.validate(ctx.request.all(), {
        messagesProvider: new KitMessagesProvider({}, labels(t), translator),
      })
      const user = await resetPassword(ctx, account, input.token, input.password)
      if (!user) throw refused()
      if (wantsJson(ctx)) return ctx.response.noContent()
      ctx.session?.flash('success', t('account.resetDone'))
      return ctx.response.redirect().toPath(account.paths.login)
    })
    .as(`${name}.password.update`)
  useMiddleware(update, publicMiddleware, where)
}
