import string from '@adonisjs/core/helpers/string'
import { KitConfigurationException } from '../../support/errors.ts'
import type { ThrottleLimit } from './panel_account.ts'

/**
 * Options of `panel().passkeys()`: sign-in with a passkey (WebAuthn,
 * through `@simplewebauthn/server`) and their management on the profile
 * page.
 */
export interface PasskeyOptions {
  /** The name the authenticator shows (default: the panel's brand name, else its id) */
  rpName?: string
  /**
   * The relying party's id: the domain the passkeys belong to (default:
   * the request's host name). Set it in production.
   */
  rpId?: string
  /**
   * The origin(s) the browser signs in from, `https://admin.example.com`
   * (default: the request's own origin: same-origin only).
   */
  origin?: string | string[]
  /**
   * How long the browser's prompt may take, and a challenge stays valid
   * (seconds or a time expression; default: 5 minutes).
   */
  timeout?: number | string
  /**
   * Passkey sign-in attempts allowed per IP address before a wait
   * (default: 20 a minute, blocked 15 minutes), in the limiter store
   * `store` names.
   */
  throttle?: { perIp?: ThrottleLimit; store?: string }
}

/**
 * The passkey settings of a panel, with the defaults applied.
 */
export interface PasskeySettings {
  rpName?: string
  rpId?: string
  origin?: string[]
  /** Seconds a challenge stays valid */
  timeout: number
  throttle: { perIp: ThrottleLimit; store?: string }
}

/**
 * Check `passkeys()`'s options and apply the defaults.
 */
export function passkeySettings(options: PasskeyOptions, where: string): PasskeySettings {
  if (options.rpName !== undefined && (typeof options.rpName !== 'string' || !options.rpName)) {
    throw new KitConfigurationException(`${where}: passkeys() rpName must be a non-empty name`)
  }
  if (
    options.rpId !== undefined &&
    (typeof options.rpId !== 'string' || !/^[a-z0-9.-]+$/i.test(options.rpId))
  ) {
    throw new KitConfigurationException(
      `${where}: passkeys() rpId must be a domain name ("admin.example.com")`
    )
  }
  const origins =
    options.origin === undefined
      ? undefined
      : Array.isArray(options.origin)
        ? options.origin
        : [options.origin]
  for (const origin of origins ?? []) {
    if (typeof origin !== 'string' || !/^https?:\/\/[^/\\\s]+$/.test(origin)) {
      throw new KitConfigurationException(
        `${where}: passkeys() origin must be an origin without a path ("https://admin.example.com")`
      )
    }
  }
  const perIp = options.throttle?.perIp
  if (perIp !== undefined && (!Number.isInteger(perIp.requests) || perIp.requests < 1)) {
    throw new KitConfigurationException(
      `${where}: passkeys() throttle.perIp: requests must be a positive integer`
    )
  }
  let timeout = Number.NaN
  try {
    const value = options.timeout ?? '5 mins'
    timeout = typeof value === 'number' ? value : string.seconds.parse(value)
  } catch {}
  if (!Number.isFinite(timeout) || timeout < 1) {
    throw new KitConfigurationException(
      `${where}: passkeys() timeout must be a positive duration ("5 mins")`
    )
  }
  return {
    rpName: options.rpName,
    rpId: options.rpId,
    origin: origins,
    timeout: Math.round(timeout),
    throttle: {
      perIp: perIp ?? { requests: 20, duration: '1 min', blockDuration: '15 mins' },
      store: options.throttle?.store,
    },
  }
}
