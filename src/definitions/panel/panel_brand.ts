import { KitConfigurationException } from '../../support/errors.ts'
import { isSafePath, isSafeUrl } from '../../support/path_safety.ts'

/**
 * A panel's logo: one image, or one per color mode.
 *
 * @example
 * ```ts
 * panel('admin').brandLogo({ light: '/images/logo.svg', dark: '/images/logo-dark.svg' })
 * ```
 */
export type BrandLogo = string | { light: string; dark?: string }

/**
 * The logo as the kit keeps it: the light image, and the dark one when it
 * differs.
 */
export interface BrandLogoSettings {
  light: string
  dark?: string
}

const LENGTH = /^\d+(\.\d+)?(px|rem|em)$/

/**
 * Refuse, at boot, an image URL that is neither a same-origin path nor an
 * https URL (`javascript:`, `data:`, `http:` and protocol-relative URLs
 * included).
 */
export function assertAssetUrl(url: unknown, where: string): asserts url is string {
  const allowed =
    typeof url === 'string' && (isSafePath(url) || (isSafeUrl(url) && /^https:\/\//i.test(url)))
  if (!allowed) {
    throw new KitConfigurationException(
      `${where}: URL ${JSON.stringify(url)} is refused (a path such as "/logo.svg" or an https URL)`
    )
  }
}

/**
 * The checked logo of `brandLogo()`.
 */
export function brandLogoSettings(logo: BrandLogo, where: string): BrandLogoSettings {
  if (typeof logo === 'string') {
    assertAssetUrl(logo, where)
    return { light: logo }
  }
  if (!logo || typeof logo !== 'object') {
    throw new KitConfigurationException(`${where}: expects a URL or { light, dark }`)
  }
  const unknown = Object.keys(logo).find((key) => key !== 'light' && key !== 'dark')
  if (unknown) {
    throw new KitConfigurationException(`${where}: unknown key "${unknown}" (expected light, dark)`)
  }
  assertAssetUrl(logo.light, `${where} light`)
  if (logo.dark === undefined) return { light: logo.light }
  assertAssetUrl(logo.dark, `${where} dark`)
  return { light: logo.light, dark: logo.dark }
}

/**
 * The checked height of `brandLogoHeight()`: a length in px, rem or em.
 */
export function brandLogoHeight(height: string, where: string): string {
  if (typeof height !== 'string' || !LENGTH.test(height.trim())) {
    throw new KitConfigurationException(
      `${where}: height ${JSON.stringify(height)} must be a length in px, rem or em ("2rem")`
    )
  }
  return height.trim()
}
