/**
 * A CSS color a swatch may show: hex, rgb(), hsl(), oklch() (and their
 * kin) or a name; nothing that loads a URL or closes the declaration.
 */
const SAFE_COLOR =
  /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab|lab|lch)\([0-9a-z.,%\s/+-]{1,80}\)|[a-z]{3,30})$/i

/**
 * The value when it is a plain CSS color, else null. The server checks a
 * color entry's value with it; the renderers check a color cell's.
 *
 * @example
 * ```ts
 * safeColor('#1d4ed8') // '#1d4ed8'
 * safeColor('url(https://x)') // null
 * ```
 */
export function safeColor(value: unknown): string | null {
  return typeof value === 'string' && SAFE_COLOR.test(value.trim()) ? value.trim() : null
}
