import { pluralRules } from './intl_formats.ts'

/**
 * The kit's strings as the server sends them (`strings` prop): message
 * templates with `{name}` placeholders, keyed as in the kit's catalog. A
 * template that depends on a count has one key per plural category
 * (`table.selected.one`, `table.selected.other`…).
 *
 * Pure functions, shared by the server and both renderers.
 */
export type KitStrings = Record<string, string>

/**
 * Fill `{name}` placeholders; unknown placeholders stay as written.
 */
export function fillTemplate(template: string, data: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(data, name) && data[name] !== undefined && data[name] !== null
      ? String(data[name])
      : whole
  )
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
  const category = pluralRules(locale).select(count)
  return has(`${key}.${category}`) ? `${key}.${category}` : `${key}.other`
}

/**
 * Translate a key with the strings of a page: plural forms picked with the
 * page's locale when `data.count` is a number. A missing key shows as
 * itself, so a gap is visible rather than blank.
 */
export function translate(
  strings: KitStrings,
  locale: string,
  key: string,
  data: Record<string, unknown> = {}
): string {
  const has = (candidate: string) => Object.hasOwn(strings, candidate)
  const resolved = typeof data.count === 'number' ? pluralKey(has, key, data.count, locale) : key
  return has(resolved) ? fillTemplate(strings[resolved], data) : key
}
