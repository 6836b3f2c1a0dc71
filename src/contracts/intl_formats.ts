/**
 * The `Intl` formatters of the kit, built once per (locale, options) and
 * kept in a bounded cache: a list formats every cell of every row with
 * the same few formatters, and building an `Intl.NumberFormat` or
 * `Intl.DateTimeFormat` per cell costs time and memory the engine's ICU
 * allocator keeps for good (a list of formatted columns grew the process
 * to gigabytes of RSS). The time zone of a date format is one of its
 * options, so it is part of the key.
 *
 * Pure functions, shared by the server and both renderers.
 */

/** How many formatters the cache keeps (the least recently used go first) */
export const INTL_FORMATS_LIMIT = 256

type Kind = 'number' | 'dateTime' | 'relativeTime' | 'plural'

const formatters = new Map<string, object>()

/**
 * The formatter of a kind for a locale and options: the cached one, or a
 * new one kept for the next call. A locale or option `Intl` refuses throws
 * its RangeError and caches nothing.
 */
function cached<T extends object>(
  kind: Kind,
  locale: string | undefined,
  options: object | undefined,
  make: () => T
): T {
  const key = `${kind}\u0000${locale ?? ''}\u0000${options ? JSON.stringify(options) : ''}`
  const found = formatters.get(key)
  if (found) {
    /* most recently used: to the end of the insertion order */
    formatters.delete(key)
    formatters.set(key, found)
    return found as T
  }
  const made = make()
  formatters.set(key, made)
  if (formatters.size > INTL_FORMATS_LIMIT) {
    formatters.delete(formatters.keys().next().value!)
  }
  return made
}

/**
 * An `Intl.NumberFormat`, built once per locale and options.
 *
 * @example
 * numberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(12.5)
 */
export function numberFormat(
  locale: string | undefined,
  options?: Intl.NumberFormatOptions
): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options))
}

/**
 * An `Intl.DateTimeFormat`, built once per locale and options (the time
 * zone included).
 *
 * @example
 * dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'Europe/Paris' }).format(date)
 */
export function dateTimeFormat(
  locale: string | undefined,
  options?: Intl.DateTimeFormatOptions
): Intl.DateTimeFormat {
  return cached('dateTime', locale, options, () => new Intl.DateTimeFormat(locale, options))
}

/**
 * An `Intl.RelativeTimeFormat`, built once per locale and options.
 */
export function relativeTimeFormat(
  locale: string | undefined,
  options?: Intl.RelativeTimeFormatOptions
): Intl.RelativeTimeFormat {
  return cached('relativeTime', locale, options, () => new Intl.RelativeTimeFormat(locale, options))
}

/**
 * An `Intl.PluralRules`, built once per locale and options.
 */
export function pluralRules(
  locale: string | undefined,
  options?: Intl.PluralRulesOptions
): Intl.PluralRules {
  return cached('plural', locale, options, () => new Intl.PluralRules(locale, options))
}

/**
 * How many formatters the cache holds now (tests and diagnostics).
 */
export function cachedIntlFormats(): number {
  return formatters.size
}
