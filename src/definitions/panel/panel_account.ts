import string from '@adonisjs/core/helpers/string'
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import { isSafePath, isSafeUrl } from '../../support/path_safety.ts'
import type { KitUser, MaybeLazy } from '../types.ts'

/**
 * A user model with the `withAuthFinder` mixin of `@adonisjs/auth`: it
 * finds a user by uid and verifies the password in constant time.
 */
export type AuthFinderModel = LucidModel & {
  verifyCredentials(uid: string, password: string): Promise<LucidRow>
}

/**
 * Limits of one throttle: attempts allowed in a window, and how long a key
 * stays blocked once they are spent (seconds or a time expression).
 */
export interface ThrottleLimit {
  requests: number
  duration: number | string
  blockDuration?: number | string
}

/**
 * Options of `panel().login()`: the panel's own sign-in page over the
 * application's session guard.
 */
export interface PanelLoginOptions {
  /**
   * The user model, with `withAuthFinder` (its `verifyCredentials()` signs
   * in), given directly or as a lazy import.
   */
  model: MaybeLazy<AuthFinderModel>
  /** The session guard of config/auth.ts (default: its default guard) */
  guard?: string
  /** Column of the uid the form asks for (default: `email`) */
  uid?: string
  /** Column of the name the user menu shows and the profile edits (default: `fullName`) */
  name?: string
  /** Column of the password hash, as `withAuthFinder` names it (default: `password`) */
  password?: string
  /** The avatar's URL of a user (default: initials) */
  avatar?: (user: KitUser) => string | null | undefined
  /**
   * Where a sign-in without a page to go back to lands (a path; default:
   * the first page of the panel's navigation the user may open)
   */
  home?: string
  /**
   * Offer "Remember me": the guard must have `useRememberMeTokens` and the
   * model a `rememberMeTokens` provider (default: false).
   */
  rememberMe?: boolean
  /**
   * Sign-in attempts allowed per account and per IP address before a wait
   * (default: 5 a minute per account, blocked 5 minutes; 20 a minute per
   * IP, blocked 15 minutes).
   */
  throttle?: { perAccount?: ThrottleLimit; perIp?: ThrottleLimit; store?: string }
}

/**
 * An entry of the user menu: a label and a same-origin path or http(s) URL.
 */
export interface UserMenuItem {
  label: string
  url: string
  /** Heroicons outline name (`cog-6-tooth`) */
  icon?: string
}

/**
 * The sign-in settings of a panel, with the defaults applied.
 */
export interface LoginSettings {
  model: MaybeLazy<AuthFinderModel>
  guard?: string
  uid: string
  name: string
  password: string
  avatar?: (user: KitUser) => string | null | undefined
  home?: string
  rememberMe: boolean
  throttle: { perAccount: ThrottleLimit; perIp: ThrottleLimit; store?: string }
}

const DEFAULT_PER_ACCOUNT: ThrottleLimit = {
  requests: 5,
  duration: '1 min',
  blockDuration: '5 mins',
}
const DEFAULT_PER_IP: ThrottleLimit = { requests: 20, duration: '1 min', blockDuration: '15 mins' }

function assertLimit(limit: ThrottleLimit | undefined, where: string) {
  if (limit === undefined) return
  if (!Number.isInteger(limit.requests) || limit.requests < 1) {
    throw new KitConfigurationException(`${where}: requests must be a positive integer`)
  }
  if (typeof limit.duration !== 'number' && typeof limit.duration !== 'string') {
    throw new KitConfigurationException(`${where}: duration must be seconds or a time expression`)
  }
}

function assertColumnName(value: unknown, where: string) {
  if (typeof value !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) {
    throw new KitConfigurationException(`${where} must be a property name`)
  }
}

/**
 * Check `login()`'s options and apply the defaults.
 */
export function loginSettings(options: PanelLoginOptions, where: string): LoginSettings {
  if (!options || typeof options.model !== 'function') {
    throw new KitConfigurationException(
      `${where}: login() needs the user model (model: () => import('#models/user'))`
    )
  }
  if (options.guard !== undefined && (typeof options.guard !== 'string' || !options.guard)) {
    throw new KitConfigurationException(`${where}: login() guard must be a guard name`)
  }
  assertColumnName(options.uid ?? 'email', `${where}: login() uid`)
  assertColumnName(options.name ?? 'fullName', `${where}: login() name`)
  assertColumnName(options.password ?? 'password', `${where}: login() password`)
  if (options.avatar !== undefined && typeof options.avatar !== 'function') {
    throw new KitConfigurationException(`${where}: login() avatar must be a function of the user`)
  }
  if (options.home !== undefined && !isSafePath(options.home)) {
    throw new KitConfigurationException(`${where}: login() home must be a path ("/admin/posts")`)
  }
  assertLimit(options.throttle?.perAccount, `${where}: login() throttle.perAccount`)
  assertLimit(options.throttle?.perIp, `${where}: login() throttle.perIp`)
  return {
    model: options.model,
    guard: options.guard,
    uid: options.uid ?? 'email',
    name: options.name ?? 'fullName',
    password: options.password ?? 'password',
    avatar: options.avatar,
    home: options.home,
    rememberMe: options.rememberMe ?? false,
    throttle: {
      perAccount: options.throttle?.perAccount ?? DEFAULT_PER_ACCOUNT,
      perIp: options.throttle?.perIp ?? DEFAULT_PER_IP,
      store: options.throttle?.store,
    },
  }
}

/**
 * Options of `panel().passwordReset()`: "Forgot your password?" on the
 * sign-in page, a link mailed through @adonisjs/mail, a reset form.
 */
export interface PasswordResetOptions {
  /** The mailer of config/mail.ts (default: its default mailer) */
  mailer?: string
  /** The sender (default: the `from` of config/mail.ts) */
  from?: string | { address: string; name?: string }
  /** How long a link stays valid (seconds or a time expression; default: 1 hour) */
  expiresIn?: number | string
  /**
   * The application's absolute URL the mailed link starts with (default:
   * `appUrl` of config/app.ts). Never taken from the request's Host header.
   */
  url?: string
  /**
   * Requests allowed per email and per IP address (default: 3 an hour per
   * email; 10 an hour per IP), in the limiter store `store` names.
   */
  throttle?: { perAccount?: ThrottleLimit; perIp?: ThrottleLimit; store?: string }
}

/**
 * The password reset settings of a panel, with the defaults applied.
 */
export interface PasswordResetSettings {
  mailer?: string
  from?: string | { address: string; name?: string }
  /** Seconds a link stays valid */
  expiresIn: number
  url?: string
  throttle: { perAccount: ThrottleLimit; perIp: ThrottleLimit; store?: string }
}

/**
 * Seconds of a duration given as seconds or a time expression (`1 hour`).
 */
function seconds(value: number | string, where: string): number {
  let parsed = Number.NaN
  try {
    parsed = typeof value === 'number' ? value : string.seconds.parse(value)
  } catch {}
  if (!Number.isFinite(parsed) || parsed < 1) {
    throw new KitConfigurationException(`${where} must be a positive duration ("1 hour")`)
  }
  return Math.round(parsed)
}

/**
 * Check `passwordReset()`'s options and apply the defaults.
 */
export function passwordResetSettings(
  options: PasswordResetOptions,
  where: string
): PasswordResetSettings {
  return {
    ...mailedLinkSettings(options, `${where}: passwordReset()`, '1 hour'),
    throttle: throttleSettings(options.throttle, `${where}: passwordReset()`, {
      perAccount: { requests: 3, duration: '1 hour' },
      perIp: { requests: 10, duration: '1 hour' },
    }),
  }
}

/**
 * Check the user menu's custom items.
 */
export function userMenuItems(items: UserMenuItem[], where: string): UserMenuItem[] {
  if (!Array.isArray(items)) {
    throw new KitConfigurationException(`${where}: userMenuItems() expects a list`)
  }
  return items.map((item, index) => {
    if (!item || typeof item.label !== 'string' || !item.label.trim()) {
      throw new KitConfigurationException(`${where}: user menu item ${index + 1} needs a label`)
    }
    if (!isSafeUrl(item.url)) {
      throw new KitConfigurationException(
        `${where}: user menu item "${item.label}" has a refused URL ${JSON.stringify(item.url)} (only paths and http(s) URLs)`
      )
    }
    return { label: item.label, url: item.url, ...(item.icon ? { icon: item.icon } : {}) }
  })
}

/**
 * Options shared by the account features that mail a link: the mailer, the
 * sender, the link's lifetime and the application's URL.
 */
interface MailedLinkOptions {
  /** The mailer of config/mail.ts (default: its default mailer) */
  mailer?: string
  /** The sender (default: the `from` of config/mail.ts) */
  from?: string | { address: string; name?: string }
  /** How long a link stays valid (seconds or a time expression) */
  expiresIn?: number | string
  /**
   * The application's absolute URL the mailed link starts with (default:
   * `appUrl` of config/app.ts). Never taken from the request's Host header.
   */
  url?: string
}

/**
 * Options of `panel().emailVerification()`: a signed-in user whose email is
 * not verified sees only the "verify your email" page until they follow
 * the mailed link.
 */
export interface EmailVerificationOptions extends MailedLinkOptions {
  /**
   * The model's column of the verification date, by its column or its
   * property name (default: `email_verified_at`); refused at boot when the
   * model has no such column.
   */
  column?: string
  /**
   * Resends allowed per user and per IP address (default: 3 per 10 minutes
   * per user; 10 per 10 minutes per IP), in the limiter store `store` names.
   */
  throttle?: { perAccount?: ThrottleLimit; perIp?: ThrottleLimit; store?: string }
}

/**
 * The email verification settings of a panel, with the defaults applied.
 */
export interface EmailVerificationSettings {
  column: string
  mailer?: string
  from?: string | { address: string; name?: string }
  /** Seconds a link stays valid */
  expiresIn: number
  url?: string
  throttle: { perAccount: ThrottleLimit; perIp: ThrottleLimit; store?: string }
}

/**
 * Options of `panel().signUp()`: a registration page that creates the user
 * through the model and signs them in.
 */
export interface SignUpOptions {
  /**
   * Set defaults on the new user before it is saved (a role, a team...).
   * It runs after validation, with the request's context.
   */
  beforeCreate?: (user: LucidRow, ctx: HttpContext) => void | Promise<void>
  /**
   * Sign-ups allowed per email and per IP address (every attempt counts;
   * default: 5 an hour per email, 10 an hour per IP).
   */
  throttle?: { perAccount?: ThrottleLimit; perIp?: ThrottleLimit; store?: string }
}

/**
 * The sign-up settings of a panel, with the defaults applied.
 */
export interface SignUpSettings {
  beforeCreate?: (user: LucidRow, ctx: HttpContext) => void | Promise<void>
  throttle: { perAccount: ThrottleLimit; perIp: ThrottleLimit; store?: string }
}

/**
 * Check the options of a feature that mails a link (`where` names it).
 */
function mailedLinkSettings(options: MailedLinkOptions, where: string, expiresIn: string) {
  if (options.mailer !== undefined && (typeof options.mailer !== 'string' || !options.mailer)) {
    throw new KitConfigurationException(`${where} mailer must be a mailer name`)
  }
  if (options.url !== undefined && !/^https?:\/\/[^/\\\s]+/.test(String(options.url))) {
    throw new KitConfigurationException(
      `${where} url must be an absolute http(s) URL ("https://example.com")`
    )
  }
  return {
    mailer: options.mailer,
    from: options.from,
    expiresIn: seconds(options.expiresIn ?? expiresIn, `${where} expiresIn`),
    url: options.url?.replace(/\/+$/, ''),
  }
}

/**
 * Check a throttle's limits and apply the defaults.
 */
function throttleSettings(
  throttle: { perAccount?: ThrottleLimit; perIp?: ThrottleLimit; store?: string } | undefined,
  where: string,
  defaults: { perAccount: ThrottleLimit; perIp: ThrottleLimit }
) {
  assertLimit(throttle?.perAccount, `${where} throttle.perAccount`)
  assertLimit(throttle?.perIp, `${where} throttle.perIp`)
  return {
    perAccount: throttle?.perAccount ?? defaults.perAccount,
    perIp: throttle?.perIp ?? defaults.perIp,
    store: throttle?.store,
  }
}

/**
 * Check `emailVerification()`'s options and apply the defaults.
 */
export function emailVerificationSettings(
  options: EmailVerificationOptions,
  where: string
): EmailVerificationSettings {
  const column = options.column ?? 'email_verified_at'
  assertColumnName(column, `${where}: emailVerification() column`)
  return {
    column,
    ...mailedLinkSettings(options, `${where}: emailVerification()`, '24 hours'),
    throttle: throttleSettings(options.throttle, `${where}: emailVerification()`, {
      perAccount: { requests: 3, duration: '10 mins' },
      perIp: { requests: 10, duration: '10 mins' },
    }),
  }
}

/**
 * Check `signUp()`'s options and apply the defaults.
 */
export function signUpSettings(options: SignUpOptions, where: string): SignUpSettings {
  if (options.beforeCreate !== undefined && typeof options.beforeCreate !== 'function') {
    throw new KitConfigurationException(`${where}: signUp() beforeCreate must be a function`)
  }
  return {
    beforeCreate: options.beforeCreate,
    throttle: throttleSettings(options.throttle, `${where}: signUp()`, {
      perAccount: { requests: 5, duration: '1 hour' },
      perIp: { requests: 10, duration: '1 hour' },
    }),
  }
}
