import type { HttpContext, Router } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import vine, { errors as vineErrors } from '@vinejs/vine'
import type { KitPasskeySignInContract, KitPasskeysContract } from '../contracts/main.ts'
import type { KitMiddleware } from '../definitions/types.ts'
import { requestTranslator } from '../i18n/request.ts'
import type { KitTranslator } from '../i18n/translator.ts'
import { KitMessagesProvider } from '../i18n/validation.ts'
import {
  rememberPassword,
  returnPath,
  sessionGuard,
  type PanelAccount,
} from '../runtime/account/panel_account.ts'
import {
  passkeyRegistrationOptions,
  passkeySignInOptions,
  passkeysOf,
  changePasskey,
  registerPasskey,
  signInWithPasskey,
  type PasskeyChange,
} from '../runtime/account/passkeys.ts'
import type { MountOptions } from '../runtime/mounts/resource_mount.ts'
import { RecordNotFoundException } from '../support/errors.ts'
import { joinPath } from '../support/path_safety.ts'
import { DEFAULT_PRESENTATION } from '../support/value_format.ts'

/**
 * The paths of a panel's passkey routes: under its sign-in and profile
 * paths.
 */
export function passkeyPaths(account: PanelAccount) {
  return {
    signInOptions: joinPath(account.paths.login, 'passkey/options'),
    signIn: joinPath(account.paths.login, 'passkey'),
    registerOptions: joinPath(account.paths.profile, 'passkeys/options'),
    register: joinPath(account.paths.profile, 'passkeys'),
  }
}

/**
 * "Sign in with a passkey" of the sign-in page, when the panel has
 * `passkeys()`.
 */
export function passkeySignInContract(
  account: PanelAccount
): { passkey: KitPasskeySignInContract } | Record<string, never> {
  if (!account.passkeys) return {}
  const paths = passkeyPaths(account)
  return { passkey: { optionsUrl: paths.signInOptions, action: paths.signIn } }
}

/**
 * The passkeys section of the profile page, when the panel has
 * `passkeys()`: the user's passkeys, their dates in the panel's locale and
 * time zone.
 */
export async function passkeysContract(
  ctx: HttpContext,
  account: PanelAccount,
  options: MountOptions,
  user: object
): Promise<{ passkeys: KitPasskeysContract } | Record<string, never>> {
  if (!account.passkeys) return {}
  const paths = passkeyPaths(account)
  const presentation = options.presentation ?? DEFAULT_PRESENTATION
  const format = new Intl.DateTimeFormat(presentation.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: presentation.timeZone,
  })
  const items = await passkeysOf(ctx, account, user as LucidRow)
  return {
    passkeys: {
      optionsUrl: paths.registerOptions,
      action: paths.register,
      items: items.map((item) => ({
        id: item.id,
        name: item.name,
        createdAt: format.format(item.createdAt),
        lastUsedAt: item.lastUsedAt ? format.format(item.lastUsedAt) : null,
        url: `${paths.register}/${item.id}`,
      })),
    },
  }
}

/**
 * A passkey's name, as the profile's forms send it (`passkeyName`: the
 * profile's own form has a `name`).
 */
const nameValidator = vine.create({
  passkeyName: vine.string().trim().minLength(1).maxLength(100),
})

/**
 * A new passkey's name and the current password, asked before the
 * browser's prompt.
 */
const registrationValidator = vine.create({
  passkeyName: vine.string().trim().minLength(1).maxLength(100),
  currentPassword: vine.string().maxLength(1024),
})

function labels(t: KitTranslator['t']) {
  return {
    passkeyName: t('account.passkeyName'),
    currentPassword: t('account.currentPassword'),
    passkey: t('account.passkey'),
  }
}

function refuse(field: string, rule: string, message: string): never {
  throw new vineErrors.E_VALIDATION_ERROR([{ field, rule, message }])
}

/**
 * What the passkey routes borrow from the account routes.
 */
export interface PasskeyRouteHelpers {
  wantsJson(ctx: HttpContext): boolean
  use(route: ReturnType<Router['get']>, middleware: KitMiddleware[]): void
  /** The sign-in page with a form-wide message (a throttled attempt) */
  signInPage(
    ctx: HttpContext,
    state: { back: string | null; error: string | null; retryAfter: number | null }
  ): Promise<unknown>
  /** Where a signed-in user lands without a path to go back to */
  home(ctx: HttpContext): Promise<string>
}

/**
 * Register the passkey routes of a panel with `passkeys()`: the sign-in
 * (`POST <path>/login/passkey/options`, `POST <path>/login/passkey`) and
 * the profile's passkeys (`POST <path>/profile/passkeys/options`,
 * `POST <path>/profile/passkeys`, `PUT`/`DELETE <path>/profile/passkeys/:id`).
 */
export function registerPasskeyRoutes(
  router: Router,
  account: PanelAccount,
  options: MountOptions,
  publicMiddleware: KitMiddleware[],
  helpers: PasskeyRouteHelpers
) {
  const name = options.name
  const paths = passkeyPaths(account)
  const translatorOf = (ctx: HttpContext) => requestTranslator(ctx, options.presentation)
  const messages = (translator: KitTranslator) =>
    new KitMessagesProvider({}, labels(translator.t.bind(translator)), translator)
  const throttled = (ctx: HttpContext, translator: KitTranslator, retryAfter: number) => {
    ctx.response.header('Retry-After', String(retryAfter))
    ctx.response.status(429)
    return translator.t('account.throttled', { seconds: retryAfter })
  }

  /* the options of a sign-in: a challenge in the session */
  const signInOptions = router
    .post(paths.signInOptions, async (ctx: HttpContext) => {
      const result = await passkeySignInOptions(ctx, account)
      if ('retryAfter' in result) {
        const error = throttled(ctx, translatorOf(ctx), result.retryAfter)
        return ctx.response.send({ errors: [{ message: error }] })
      }
      ctx.response.header('Cache-Control', 'no-store')
      return ctx.response.send(result.options)
    })
    .as(`${name}.passkey.options`)
  helpers.use(signInOptions, publicMiddleware)

  /* sign in with the browser's answer; the guard gives the session a new id */
  const signIn = router
    .post(paths.signIn, async (ctx: HttpContext) => {
      const translator = translatorOf(ctx)
      const back = returnPath(ctx.request.input('redirect'))
      const result = await signInWithPasskey(ctx, account, ctx.request.input('response'))
      if (result.status === 'throttled') {
        const error = throttled(ctx, translator, result.retryAfter)
        if (helpers.wantsJson(ctx)) return ctx.response.send({ errors: [{ message: error }] })
        return helpers.signInPage(ctx, { back, error, retryAfter: result.retryAfter })
      }
      if (result.status === 'refused') {
        refuse('passkey', 'passkey', translator.t('account.passkeyFailed'))
      }
      /*
       * Two-factor authentication (TOTP) is built apart and not merged yet: once it
       * is, a passkey sign-in (user verification required) counts as both factors
       * and skips the second-step page; a passkey as the second factor after a
       * password is to be wired in the second-step page, with signInWithPasskey().
       */
      const guard = sessionGuard(ctx, account)
      await guard.login(result.user, false)
      rememberPassword(ctx, account, result.user)
      if (helpers.wantsJson(ctx)) return ctx.response.noContent()
      return ctx.response.redirect().toPath(back ?? (await helpers.home(ctx)))
    })
    .as(`${name}.passkey.sign_in`)
  helpers.use(signIn, publicMiddleware)

  /* the options of a new passkey: its name and the current password first */
  const registerOptions = router
    .post(paths.registerOptions, async (ctx: HttpContext) => {
      const translator = translatorOf(ctx)
      const t = translator.t.bind(translator)
      const user = sessionGuard(ctx, account).user!
      const input = await registrationValidator.validate(ctx.request.all(), {
        messagesProvider: messages(translator),
      })
      const verify = (user as unknown as { verifyPassword(plain: string): Promise<boolean> })
        .verifyPassword
      if (!(await verify.call(user, input.currentPassword))) {
        refuse('currentPassword', 'currentPassword', t('account.currentPasswordWrong'))
      }
      ctx.response.header('Cache-Control', 'no-store')
      return ctx.response.send(await passkeyRegistrationOptions(ctx, account, user))
    })
    .as(`${name}.passkeys.options`)
  helpers.use(registerOptions, options.middleware)

  /* a new passkey: the browser's answer to the session's challenge */
  const register = router
    .post(paths.register, async (ctx: HttpContext) => {
      const translator = translatorOf(ctx)
      const t = translator.t.bind(translator)
      const user = sessionGuard(ctx, account).user!
      const input = await nameValidator.validate(ctx.request.all(), {
        messagesProvider: messages(translator),
      })
      const answer = ctx.request.input('response')
      if (!(await registerPasskey(ctx, account, user, input.passkeyName, answer))) {
        refuse('passkey', 'passkey', t('account.passkeyRefused'))
      }
      if (helpers.wantsJson(ctx))
        return ctx.response.created({ message: t('account.passkeyAdded') })
      ctx.session?.flash('success', t('account.passkeyAdded'))
      return ctx.response.redirect().toPath(account.paths.profile)
    })
    .as(`${name}.passkeys.store`)
  helpers.use(register, options.middleware)

  /* rename or remove a passkey of the user's (another's: 404, the row kept) */
  const change =
    (read: (ctx: HttpContext, translator: KitTranslator) => Promise<PasskeyChange>, done: string) =>
    async (ctx: HttpContext) => {
      const translator = translatorOf(ctx)
      const user = sessionGuard(ctx, account).user!
      const request = await read(ctx, translator)
      if (!(await changePasskey(ctx, account, user, ctx.params.id, request))) {
        throw new RecordNotFoundException(translator.t('account.passkeyNotFound'))
      }
      if (helpers.wantsJson(ctx)) return ctx.response.noContent()
      ctx.session?.flash('success', translator.t(done))
      return ctx.response.redirect().toPath(account.paths.profile)
    }
  const readName = async (ctx: HttpContext, translator: KitTranslator) => {
    const input = await nameValidator.validate(ctx.request.all(), {
      messagesProvider: messages(translator),
    })
    return { rename: input.passkeyName }
  }
  const rename = router
    .put(`${paths.register}/:id`, change(readName, 'account.passkeyRenamed'))
    .as(`${name}.passkeys.update`)
  helpers.use(rename, options.middleware)
  const remove = router
    .delete(
      `${paths.register}/:id`,
      change(async () => ({ remove: true }), 'account.passkeyRemoved')
    )
    .as(`${name}.passkeys.destroy`)
  helpers.use(remove, options.middleware)
}
