import { KitConfigurationException } from './errors.ts'

/**
 * What a declared name that travels in URLs, request bodies and CSS
 * classes may hold: a letter, then letters, digits, `-` and `_`.
 */
const IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9_-]*$/

/**
 * Refuse a declared name that is not an identifier (`E_KIT_CONFIG`, naming
 * what declared it).
 *
 * @example
 * ```ts
 * assertIdentifier('not a name', 'PageTab key') // throws: PageTab key "not a name" must start with a letter...
 * ```
 */
export function assertIdentifier(value: unknown, subject: string): asserts value is string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
    throw new KitConfigurationException(
      `${subject} ${JSON.stringify(value)} must start with a letter and hold only letters, digits, "-" and "_"`
    )
  }
}

/**
 * Refuse a label that shows nothing: not a string (or a per-locale record
 * of strings), empty, or only white space in any locale (`E_KIT_CONFIG`,
 * naming what declared it).
 */
export function assertLabel(
  value: unknown,
  subject: string
): asserts value is string | Readonly<Record<string, string>> {
  const texts =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.values(value)
      : [value]
  if (!texts.length || texts.some((text) => typeof text !== 'string' || text.trim() === '')) {
    throw new KitConfigurationException(
      `${subject}: the label ${JSON.stringify(value)} is blank; give it words, or leave the default`
    )
  }
}

/**
 * Refuse a declared count or size that is not a whole number from `min` to
 * `max` (`E_KIT_CONFIG`, naming what declared it): never clamped, never
 * ignored.
 *
 * @example
 * ```ts
 * assertWholeNumber(0, 1, 50, 'GlobalSearch: limit') // throws
 * ```
 */
export function assertWholeNumber(
  value: unknown,
  min: number,
  max: number,
  subject: string
): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`
    throw new KitConfigurationException(
      `${subject} takes a whole number ${range}, received ${String(value)}`
    )
  }
}
