import { numberFormat, pluralRules } from './intl_formats.ts'

/**
 * The kit's strings as the server sends them (`strings` prop): message
 * templates keyed as in the kit's catalog. A template is an ICU message:
 * `{name}` placeholders, `{count, plural, one {# row} other {# rows}}`
 * (CLDR plural categories of the locale, `=N` exact matches, `#` the
 * number in the locale's format) and `{gender, select, feminine {…} other
 * {…}}`. A template may also depend on a count with one key per plural
 * category (`table.selected.one`, `table.selected.other`…).
 *
 * Pure functions, shared by the server and both renderers.
 */
export type KitStrings = Record<string, string>

/**
 * The plural rules of a locale (the shared formatter cache builds them once).
 */
export function pluralRulesOf(locale: string): Intl.PluralRules {
  return pluralRules(locale)
}

/**
 * The number format of a locale (for `#` in plural branches), built once.
 */
function numberFormatOf(locale: string): Intl.NumberFormat {
  return numberFormat(locale)
}

/**
 * The number styles of `{name, number}` (grouped: "1,234,567"), `{name,
 * number, compact}` ("1.2M") and `{name, number, compactLong}` ("1.2
 * million"), in the locale's words.
 */
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  grouped: { maximumFractionDigits: 0 },
  compact: { notation: 'compact', maximumFractionDigits: 1 },
  compactLong: { notation: 'compact', compactDisplay: 'long', maximumFractionDigits: 1 },
}

/**
 * The index of the brace closing the one opened at `open`, or -1.
 */
function closingBrace(template: string, open: number): number {
  let depth = 0
  for (let index = open; index < template.length; index++) {
    const char = template[index]
    if (char === '{') depth++
    else if (char === '}' && --depth === 0) return index
  }
  return -1
}

/**
 * The branches of a plural or select argument: `one {…} other {…}`.
 */
function branchesOf(body: string): Map<string, string> | null {
  const branches = new Map<string, string>()
  let index = 0
  while (index < body.length) {
    const selector = /^\s*(=?[\w-]+)\s*\{/.exec(body.slice(index))
    if (!selector) {
      return body.slice(index).trim() === '' ? branches : null
    }
    const open = index + selector[0].length - 1
    const close = closingBrace(body, open)
    if (close === -1) return null
    branches.set(selector[1], body.slice(open + 1, close))
    index = close + 1
  }
  return branches
}

/**
 * Format a message: fill `{name}` placeholders and pick the branch of
 * `{name, plural, …}` and `{name, select, …}` arguments. Placeholders
 * without a value stay as written, so a gap is visible rather than blank.
 *
 * @example
 * ```ts
 * formatMessage('Export ready: {count, plural, one {# row} other {# rows}}', { count: 2 }, 'en')
 * // 'Export ready: 2 rows'
 * ```
 */
export function formatMessage(
  template: string,
  data: Record<string, unknown> = {},
  locale = 'en',
  pound?: string
): string {
  if (!template.includes('{')) return replacePound(template, pound)
  let result = ''
  let index = 0
  while (index < template.length) {
    const open = template.indexOf('{', index)
    if (open === -1) {
      result += replacePound(template.slice(index), pound)
      break
    }
    result += replacePound(template.slice(index, open), pound)
    const close = closingBrace(template, open)
    if (close === -1) {
      result += template.slice(open)
      break
    }
    result += formatArgument(template.slice(open, close + 1), data, locale, pound)
    index = close + 1
  }
  return result
}

function replacePound(text: string, pound: string | undefined) {
  return pound === undefined ? text : text.replaceAll('#', pound)
}

/**
 * One `{…}` argument of a message, formatted.
 */
function formatArgument(
  whole: string,
  data: Record<string, unknown>,
  locale: string,
  pound: string | undefined
): string {
  const simple = /^\{\s*(\w+)\s*\}$/.exec(whole)
  if (simple) {
    const value = Object.hasOwn(data, simple[1]) ? data[simple[1]] : undefined
    return value === undefined || value === null ? whole : String(value)
  }
  const number = /^\{\s*(\w+)\s*,\s*number\s*(?:,\s*(compact|compactLong)\s*)?\}$/.exec(whole)
  if (number) {
    const value = Number(data[number[1]])
    if (!Object.hasOwn(data, number[1]) || !Number.isFinite(value)) return whole
    return numberFormat(locale, NUMBER_STYLES[number[2] ?? 'grouped']).format(value)
  }
  const complex = /^\{\s*(\w+)\s*,\s*(plural|select)\s*,([\s\S]*)\}$/.exec(whole)
  if (!complex) return whole
  const [, name, kind, body] = complex
  const branches = branchesOf(body)
  if (!branches || !Object.hasOwn(data, name)) return whole
  const value = data[name]
  if (kind === 'select') {
    const branch = branches.get(String(value)) ?? branches.get('other')
    return branch === undefined ? whole : formatMessage(branch, data, locale, pound)
  }
  const count = Number(value)
  if (value === null || value === '' || !Number.isFinite(count)) return whole
  const branch =
    branches.get(`=${count}`) ??
    branches.get(pluralRulesOf(locale).select(count)) ??
    branches.get('other')
  return branch === undefined
    ? whole
    : formatMessage(branch, data, locale, numberFormatOf(locale).format(count))
}

/**
 * Fill `{name}` placeholders (and ICU plural and select arguments, in
 * English plural rules unless a locale is given); unknown placeholders stay
 * as written.
 */
export function fillTemplate(
  template: string,
  data: Record<string, unknown> = {},
  locale = 'en'
): string {
  return formatMessage(template, data, locale)
}

/**
 * The key holding the template for a count: `<key>.<plural category>` of
 * the locale, else `<key>.other`, else the key itself.
 */
export function pluralKey(
  has: (key: string) => boolean,
  key: string,
  count: number,
  locale: string
): string {
  if (has(key)) {
    return key
  }
  const category = pluralRulesOf(locale).select(count)
  return has(`${key}.${category}`) ? `${key}.${category}` : `${key}.other`
}

/**
 * Translate a key with the strings of a page: ICU plural and select
 * arguments, and plural forms by key, picked with the page's locale when
 * `data.count` is a number. A missing key shows as itself, so a gap is
 * visible rather than blank.
 */
export function translate(
  strings: KitStrings,
  locale: string,
  key: string,
  data: Record<string, unknown> = {}
): string {
  const has = (candidate: string) => Object.hasOwn(strings, candidate)
  const resolved = typeof data.count === 'number' ? pluralKey(has, key, data.count, locale) : key
  return has(resolved) ? formatMessage(strings[resolved], data, locale) : key
}
