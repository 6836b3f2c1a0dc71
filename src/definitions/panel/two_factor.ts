import { KitConfigurationException } from '../../support/errors.ts'
import type { KitUser } from '../types.ts'

/**
 * Options of `panel().twoFactor()`: a second step at sign-in (a TOTP code
 * of an authenticator app, or a single-use recovery code) for the users
 * who enrolled on their profile page.
 */
export interface TwoFactorOptions {
  /**
   * Whether a user must enrol before using the panel: `true`, or a
   * function of the signed-in user (default: false, enrolment is optional).
   * A user who must and has not is sent to the profile page.
   */
  required?: boolean | ((user: KitUser) => boolean | Promise<boolean>)
  /** The issuer authenticator apps show (default: the panel's brand name, else its id) */
  issuer?: string
}

/**
 * The two-factor settings of a panel, with the defaults applied.
 */
export interface TwoFactorSettings {
  required: boolean | ((user: KitUser) => boolean | Promise<boolean>)
  issuer?: string
}

/**
 * Check `twoFactor()`'s options and apply the defaults.
 */
export function twoFactorSettings(options: TwoFactorOptions, where: string): TwoFactorSettings {
  const required = options.required ?? false
  if (typeof required !== 'boolean' && typeof required !== 'function') {
    throw new KitConfigurationException(
      `${where}: twoFactor() required must be a boolean or a function of the user`
    )
  }
  if (
    options.issuer !== undefined &&
    (typeof options.issuer !== 'string' || !options.issuer.trim())
  ) {
    throw new KitConfigurationException(`${where}: twoFactor() issuer must be a non-empty name`)
  }
  return { required, issuer: options.issuer?.trim() }
}
