import { createHash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { KitUserMenuContract } from '../../contracts/main.ts'
import type {
  AuthFinderModel,
  EmailVerificationSettings,
  LoginSettings,
  PasswordResetSettings,
  SignUpSettings,
  UserMenuItem,
} from '../../definitions/panel/panel_account.ts'
import type { PasskeySettings } from '../../definitions/panel/panel_passkeys.ts'
import type { KitUser } from '../../definitions/types.ts'
import type { Panel } from '../../definitions/panel/panel.ts'
import type { TwoFactorSettings } from '../../definitions/panel/two_factor.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { isSafePath, joinPath } from '../../support/path_safety.ts'
import { assertPasskeyServer } from './passkeys.ts'

/**
 * What a panel with `login()` owns: its sign-in settings, the profile page,
 * the user menu's items, and the paths of its account routes.
 */
export interface PanelAccount {
  panelId: string
  login: LoginSettings
  profile: boolean
  menuItems: UserMenuItem[]
  /** `passwordReset()`: "Forgot your password?" and the reset form */
  passwordReset?: PasswordResetSettings
  /** `emailVerification()`: the "verify your email" page and its mailed link */
  emailVerification?: EmailVerificationSettings
  /** `signUp()`: the registration page */
  signUp?: SignUpSettings
  /** `twoFactor()`: a second step at sign-in, enrolment on the profile page */
  twoFactor?: TwoFactorSettings & { issuer: string }
  /** `passkeys()`: sign-in with a passkey, passkeys on the profile page */
  passkeys?: PasskeySettings
  /** The panel's brand name (the passkey prompt's relying party) */
  brandName?: string
  paths: {
    login: string
    logout: string
    profile: string
    forgotPassword: string
    resetPassword: string
    verifyEmail: string
    signUp: string
    /** the second step of a sign-in (`<path>/login/two-factor`) */
    twoFactorChallenge: string
    /** enrolment and its management (`<path>/profile/two-factor`) */
    twoFactor: string
    /** `POST`: end an impersonation, back to the original user */
    leaveImpersonation: string
  }
}

/**
 * The account of a panel with `login()`, or undefined.
 */
export function accountOf(panel: Panel): PanelAccount | undefined {
  const login = panel.getLogin()
  if (!login) {
    if (panel.hasProfile()) {
      throw new KitConfigurationException(`Panel "${panel.id}": profile() needs login()`)
    }
    for (const [feature, on] of [
      ['passwordReset()', panel.getPasswordReset()],
      ['emailVerification()', panel.getEmailVerification()],
      ['signUp()', panel.getSignUp()],
    ] as const) {
      if (on) throw new KitConfigurationException(`Panel "${panel.id}": ${feature} needs login()`)
    }
    if (panel.getTwoFactor()) {
      throw new KitConfigurationException(`Panel "${panel.id}": twoFactor() needs login()`)
    }
    if (panel.getPasskeys()) {
      throw new KitConfigurationException(`Panel "${panel.id}": passkeys() needs login()`)
    }
    return undefined
  }
  const twoFactor = panel.getTwoFactor()
  if (twoFactor && !panel.hasProfile()) {
    throw new KitConfigurationException(
      `Panel "${panel.id}": twoFactor() needs profile() (users enrol on their profile page)`
    )
  }
  const account: PanelAccount = {
    ...panelAccount(
      panel.id,
      panel.getPath(),
      login,
      panel.hasProfile(),
      panel.getUserMenuItems(),
      panel.getPasswordReset(),
      twoFactor && {
        ...twoFactor,
        issuer: twoFactor.issuer ?? panel.getBrandName() ?? panel.id,
      }
    ),
    emailVerification: panel.getEmailVerification(),
    signUp: panel.getSignUp(),
  }
  const passkeys = panel.getPasskeys()
  if (passkeys) {
    if (!account.profile) {
      throw new KitConfigurationException(
        `Panel "${panel.id}": passkeys() needs profile() (passkeys are added on the profile page)`
      )
    }
    assertPasskeyServer(panel.id)
    account.passkeys = passkeys
    account.brandName = panel.getBrandName()
  }
  return account
}

/**
 * Refuse, at boot, a resource of the panel mounted at one of its account
 * paths (`login`, `logout`, `profile`, `forgot-password`, `reset-password`).
 */
export function assertAccountPathsFree(
  account: PanelAccount,
  mounts: { basePath(): string; resource: object }[]
) {
  const {
    forgotPassword,
    resetPassword,
    verifyEmail,
    signUp,
    twoFactorChallenge,
    twoFactor,
    ...always
  } = account.paths
  const paths = [
    ...Object.values(always),
    ...(account.passwordReset ? [forgotPassword, resetPassword] : []),
    ...(account.emailVerification ? [verifyEmail] : []),
    ...(account.signUp ? [signUp] : []),
    ...(account.twoFactor ? [twoFactorChallenge, twoFactor] : []),
  ]
  const clash = mounts.find((mount) => paths.includes(joinPath(mount.basePath())))
  if (clash) {
    throw new KitConfigurationException(
      `${clash.resource.constructor.name} is mounted at ${clash.basePath()}, an account path of panel "${account.panelId}"; give it another slug`
    )
  }
}

/**
 * The account of a panel: paths under the panel's path (never under the
 * tenant segment: one sign-in page for every tenant).
 */
export function panelAccount(
  panelId: string,
  prefix: string,
  login: LoginSettings,
  profile: boolean,
  menuItems: UserMenuItem[],
  passwordReset?: PasswordResetSettings,
  twoFactor?: PanelAccount['twoFactor']
): PanelAccount {
  return {
    panelId,
    login,
    profile,
    menuItems,
    passwordReset,
    twoFactor,
    paths: {
      login: joinPath(prefix, 'login'),
      logout: joinPath(prefix, 'logout'),
      profile: joinPath(prefix, 'profile'),
      forgotPassword: joinPath(prefix, 'forgot-password'),
      resetPassword: joinPath(prefix, 'reset-password'),
      verifyEmail: joinPath(prefix, 'verify-email'),
      signUp: joinPath(prefix, 'sign-up'),
      twoFactorChallenge: joinPath(prefix, 'login', 'two-factor'),
      twoFactor: joinPath(prefix, 'profile', 'two-factor'),
      leaveImpersonation: joinPath(prefix, 'impersonation/leave'),
    },
  }
}

/**
 * The part of a session guard of @adonisjs/auth the kit uses. The package is
 * optional (no peer dependency), so its types are not imported.
 */
export interface SessionGuardLike {
  user?: LucidRow
  check(): Promise<boolean>
  login(user: LucidRow, remember?: boolean): Promise<void>
  logout(): Promise<void>
}

/**
 * The session guard of the panel (`ctx.auth.use(guard)`).
 */
export function sessionGuard(ctx: HttpContext, account: PanelAccount): SessionGuardLike {
  const auth = (ctx as { auth?: { use(name?: string): SessionGuardLike } }).auth
  if (!auth || typeof auth.use !== 'function') {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": login() needs @adonisjs/auth and its initialize_auth_middleware on the router`
    )
  }
  const guard = auth.use(account.login.guard)
  if (typeof guard?.login !== 'function' || typeof guard.logout !== 'function') {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": login() needs a session guard (guard "${account.login.guard ?? 'default'}" has no login())`
    )
  }
  return guard
}

/**
 * The user model of the panel's sign-in (resolving its lazy import once).
 */
export async function userModel(account: PanelAccount): Promise<AuthFinderModel> {
  const reference = account.login.model
  let model = reference as AuthFinderModel
  if (!('verifyCredentials' in reference)) {
    const module = await (reference as () => Promise<{ default: AuthFinderModel }>)()
    model = module.default
  }
  if (typeof model?.verifyCredentials !== 'function') {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": login() model must use the withAuthFinder mixin of @adonisjs/auth (verifyCredentials)`
    )
  }
  return model
}

/**
 * The session key holding the fingerprint of the password a session was
 * signed in with.
 */
function fingerprintKey(account: PanelAccount) {
  return `kit_auth_${account.login.guard ?? 'default'}_password`
}

/**
 * A short hash of the user's password hash: it changes when the password
 * does, and says nothing about it.
 */
function passwordFingerprint(account: PanelAccount, user: LucidRow): string {
  const value = (user as KitUser)[account.login.password]
  return createHash('sha256')
    .update(String(value ?? ''))
    .digest('hex')
    .slice(0, 32)
}

/**
 * Store, in the session, the fingerprint of the password the user signed
 * in with.
 */
export function rememberPassword(ctx: HttpContext, account: PanelAccount, user: LucidRow) {
  ctx.session?.put(fingerprintKey(account), passwordFingerprint(account, user))
}

/**
 * Whether the session was signed in with the user's current password: a
 * password change signs out every other session, whatever the session
 * store. A session without a fingerprint (signed in by the application's
 * own login, or restored from a remember-me token) gets one now.
 */
export function samePassword(ctx: HttpContext, account: PanelAccount, user: LucidRow): boolean {
  const session = ctx.session
  if (!session) return true
  const stored = session.get(fingerprintKey(account), null)
  if (stored === null) {
    rememberPassword(ctx, account, user)
    return true
  }
  return stored === passwordFingerprint(account, user)
}

/**
 * The path to go back to after signing in: a same-origin path, refused
 * when it (or its once-decoded form) starts with `//` or holds a
 * backslash or a control character. Null when refused.
 */
export function returnPath(value: unknown): string | null {
  if (!isSafePath(value) || value.length > 2048) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return null
  }
  return isSafePath(decoded) ? value : null
}

/**
 * Initials of a name: the first letters of its first and last words.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters
    .map((word) => [...word][0] ?? '')
    .join('')
    .toLocaleUpperCase()
}

/**
 * The user menu of a signed-in user.
 */
export function userMenuFor(
  account: PanelAccount,
  user: KitUser,
  impersonated = false
): KitUserMenuContract {
  const email = user[account.login.uid]
  const rawName = user[account.login.name]
  const name =
    typeof rawName === 'string' && rawName.trim()
      ? rawName.trim()
      : typeof email === 'string'
        ? email
        : ''
  const avatar = account.login.avatar?.(user)
  return {
    user: {
      name,
      email: typeof email === 'string' ? email : null,
      initials: initialsOf(name),
      avatarUrl: typeof avatar === 'string' && avatar ? avatar : null,
    },
    profileUrl: account.profile ? account.paths.profile : null,
    items: account.menuItems,
    signOutUrl: account.paths.logout,
    ...(impersonated ? { impersonation: { leaveUrl: account.paths.leaveImpersonation } } : {}),
  }
}
