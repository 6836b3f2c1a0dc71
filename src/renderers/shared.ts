/*
 * adonis-kit
 *
 * Framework-free helpers shared by the React and Vue renderers: table query
 * strings, action URLs, bulk payloads, error messages and tab keyboard
 * navigation. Nothing here decides what a person may see or do: the server
 * already did, in the props.
 */

import type {
  ActionContract,
  BulkActionContract,
  FormContract,
  FormValue,
  GlobalSearchGroupContract,
  GlobalSearchResultContract,
  NavigationItem,
  RecordWords,
  OptionContract,
  SerializableValue,
  TableContract,
  TableRowContract,
  TableFilterContract,
  TabsContract,
} from './types.ts'
import { keyText, type KitText } from './text.ts'
import { dateTimeFormat } from '../contracts/intl_formats.ts'

/**
 * A change of table state. `undefined` keeps the current value, `null`
 * removes it.
 */
export interface TableQueryChange {
  search?: string | null
  sort?: string | null
  direction?: 'asc' | 'desc' | null
  page?: number | null
  perPage?: number | null
  filters?: Record<string, TableFilterContract['value']>
  tab?: string | null
}

/**
 * The table state as query-string pairs, with the server's parameter names
 * (`table.parameters`). Changing anything but the page goes back to page 1.
 */
export function tableQuery(
  table: TableContract,
  tabs: TabsContract | null | undefined,
  change: TableQueryChange
): Record<string, string> {
  const names = table.parameters
  const query: Record<string, string> = {}
  const pageOnly = Object.keys(change).every((key) => key === 'page')

  const search = change.search === undefined ? table.search : change.search
  if (search) query[names.search] = search

  const sort = change.sort === undefined ? (table.sort?.column ?? null) : change.sort
  const direction =
    change.direction === undefined ? (table.sort?.direction ?? null) : change.direction
  if (sort) {
    query[names.sort] = sort
    query[names.direction] = direction ?? 'asc'
  }

  for (const filter of table.filters) {
    const value =
      change.filters && filter.name in change.filters ? change.filters[filter.name] : filter.value
    const key = `${names.filters}[${filter.name}]`
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'string') {
          query[`${key}[${index}]`] = item
          return
        }
        /* query-builder rules: one parameter per part of each rule */
        for (const [part, partValue] of Object.entries(item)) {
          if (partValue !== null && partValue !== undefined && partValue !== '') {
            query[`${key}[${index}][${part}]`] = String(partValue)
          }
        }
      })
    } else if (value && typeof value === 'object') {
      /* ranges: one parameter per bound that has a value */
      for (const [bound, boundValue] of Object.entries(value)) {
        if (boundValue !== null && boundValue !== undefined && boundValue !== '') {
          query[`${key}[${bound}]`] = String(boundValue)
        }
      }
    } else if (value !== null && value !== undefined && value !== '') {
      query[key] = value
    }
  }

  const tab = change.tab === undefined ? (tabs?.active ?? null) : change.tab
  if (tab) query[names.tab] = tab

  const perPage = change.perPage === undefined ? table.pagination.perPage : change.perPage
  if (perPage) query[names.perPage] = String(perPage)

  const page = change.page === undefined ? (pageOnly ? table.pagination.page : 1) : change.page
  if (page && page > 1) query[names.page] = String(page)

  /* keyset tables: the next and previous pages are read through their
     cursors (no OFFSET); other pages jump by number */
  const cursors = table.pagination.cursors
  if (pageOnly && cursors && page) {
    const cursor =
      page === table.pagination.page + 1
        ? cursors.next
        : page === table.pagination.page - 1
          ? cursors.previous
          : null
    if (cursor) query[cursors.parameter] = cursor
  }
  return query
}

/**
 * A table change made while a search is still being typed (its debounced
 * visit not sent yet, or not answered yet): the typed search goes with the
 * change. Computed from the table as drawn, the change would otherwise
 * carry the previous search, and the search sent later would undo it.
 */
export function withTypedSearch(
  table: TableContract,
  term: string,
  change: TableQueryChange
): TableQueryChange {
  if (change.search !== undefined || term === (table.search ?? '')) return change
  return { search: term || null, ...change }
}

/**
 * `path?query` for a table state.
 */
export function tableUrl(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return search ? `${path}?${search}` : path
}

/**
 * The next sort when a header is activated: ascending, descending, none.
 */
export function nextSort(
  table: TableContract,
  column: string
): { sort: string | null; direction: 'asc' | 'desc' | null } {
  if (table.sort?.column !== column) return { sort: column, direction: 'asc' }
  if (table.sort.direction === 'asc') return { sort: column, direction: 'desc' }
  return { sort: null, direction: null }
}

/**
 * `aria-sort` of a header.
 */
export function ariaSort(table: TableContract, column: string) {
  if (table.sort?.column !== column) return 'none'
  return table.sort.direction === 'asc' ? 'ascending' : 'descending'
}

/**
 * Put a record key in an action URL template.
 */
export function actionUrl(template: string, key: string | number): string {
  const value = encodeURIComponent(String(key))
  return template.replaceAll('{record}', value).replaceAll('{id}', value)
}

/**
 * The body of an editable cell's update: the value, and the version the row
 * was rendered with (a record changed since is a conflict).
 */
export function cellSubmission(
  row: { version?: string },
  value: unknown
): { value: unknown; _kit_version?: string } {
  return versionedData({ value }, row.version)
}

/**
 * A request's data with the version of the record it acts on (a row's
 * `version`, a record page's `record.version`) as `_kit_version`: sent with
 * editable cells, row actions and record pages' header actions, with or
 * without a form (a record changed since is a conflict, nothing run).
 */
export function versionedData<T extends object>(
  data: T,
  version: string | undefined
): T & { _kit_version?: string } {
  return version === undefined ? data : { ...data, _kit_version: version }
}

/**
 * The actions the server allows on a row, in the table's order, without
 * `edit` (rendered as the row's link).
 */
export function rowActions(table: TableContract, row: TableRowContract): ActionContract[] {
  return table.actions.filter(
    (action) => action.name !== 'edit' && row.actions.includes(action.name)
  )
}

/**
 * A value of a JSON request body the renderers post (what Inertia's
 * `router.post()` / `visit()` take as data).
 */
export type RequestValue =
  string | number | boolean | null | undefined | RequestValue[] | { [key: string]: RequestValue }

/**
 * A JSON request body the renderers post.
 */
export type RequestBody = { [key: string]: RequestValue }

/**
 * The body of a bulk action: the selected keys, or every matching record
 * (the current search, filters and tab) minus the deselected ones.
 */
export function bulkPayload(
  table: TableContract,
  tabs: TabsContract | null | undefined,
  selection: { keys: (string | number)[]; allMatching: boolean; except: (string | number)[] }
): RequestBody {
  if (!selection.allMatching) {
    return { records: selection.keys }
  }
  const names = table.parameters
  const filters: Record<string, NonNullable<TableFilterContract['value']>> = {}
  for (const filter of table.filters) {
    if (filter.value !== null) filters[filter.name] = filter.value
  }
  const body: RequestBody = { selectAll: true, except: selection.except }
  if (table.search) body[names.search] = table.search
  if (Object.keys(filters).length) body[names.filters] = filters
  if (tabs?.active) body[names.tab] = tabs.active
  return body
}

/**
 * Words for records when a table does not name its own.
 */
const RECORDS: RecordWords = { singular: 'record', plural: 'records', gender: 'masculine' }

/**
 * The question of a bulk action's confirmation, as a sentence naming the
 * records: "Delete 2 posts?" (`confirm.bulk.<action>` for the built-in
 * ones), else the action's label before the count: "Publish 2 posts?".
 */
export function bulkConfirmation(
  action: BulkActionContract,
  count: number,
  t: KitText = keyText,
  records: RecordWords = RECORDS
) {
  const data = { ...records, action: action.label, count }
  const own = `confirm.bulk.${action.name}`
  const sentence = t(own, data)
  return sentence === own ? t('confirm.bulk', data) : sentence
}

/**
 * The question of a row action's confirmation: `confirm.<action>` for the
 * built-in ones that have one (force delete warns it cannot be undone),
 * else "Delete “Hello”?".
 */
export function rowConfirmation(action: ActionContract, title: string, t: KitText = keyText) {
  const own = `confirm.${action.name}`
  const sentence = action.hosted ? t(own, { title }) : own
  return sentence === own ? t('confirm.action', { action: action.label, title }) : sentence
}

/**
 * Whether an action destroys or unlinks records: its confirmation is red.
 */
export function isDestructive(action: { name: string; color: string }) {
  return (
    action.color === 'red' ||
    action.color === 'danger' ||
    ['delete', 'forceDelete', 'detach', 'dissociate'].includes(action.name)
  )
}

/**
 * Whether a table lists nothing because of its search or filters (not
 * because there are no records): the empty state offers to clear them.
 */
export function isFilteredEmpty(table: TableContract) {
  return Boolean(table.search) || (table.indicators ?? []).length > 0
}

/**
 * The change that clears a table's search and active filters.
 */
export function clearSearchChange(table: TableContract): TableQueryChange {
  return {
    search: null,
    filters: Object.fromEntries(
      (table.indicators ?? []).map((indicator) => [indicator.filter, null])
    ),
  }
}

/**
 * The first message of a field's errors.
 */
export function fieldError(
  errors: Record<string, string | string[]> | null | undefined,
  name: string
): string | null {
  const value = errors?.[name]
  if (value === undefined || value === null) return null
  return Array.isArray(value) ? (value[0] ?? null) : String(value)
}

/**
 * The errors of one form: with an error bag, the bag's own errors only (the
 * errors of another form on the page are never shown on this one); without
 * one, the page's errors that are messages (not other forms' bags).
 */
export function bagErrors(
  errors: Record<string, unknown> | null | undefined,
  bag: string | null | undefined
): Record<string, string | string[]> {
  if (!errors || typeof errors !== 'object') return {}
  const source = bag ? errors[bag] : errors
  if (!source || typeof source !== 'object' || Array.isArray(source)) return {}
  const own: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
    if (typeof value === 'string' || Array.isArray(value)) own[name] = value as string | string[]
  }
  return own
}

/**
 * Errors that name no field of the form (shown above it).
 */
export function otherErrors(
  errors: Record<string, string | string[]> | null | undefined,
  fields: { name: string; type?: string }[]
): string[] {
  if (!errors) return []
  const names = new Set(fields.map((field) => field.name))
  /* a repeater shows its items' errors (`items.2.name`) itself */
  const repeaters = fields.filter((field) => field.type === 'repeater')
  return Object.keys(errors)
    .filter((name) => !names.has(name))
    .filter((name) => !repeaters.some((field) => name.startsWith(`${field.name}.`)))
    .map((name) => fieldError(errors, name))
    .filter((message): message is string => !!message)
}

/**
 * A readable message for a failed request. Only a JSON `message` (or the
 * first of `errors`) of the answer is shown, never an HTML body.
 */
export function httpErrorMessage(status: number, data: unknown, t: KitText = keyText): string {
  let detail: string | null = null
  if (data && typeof data === 'object') {
    const body = data as { message?: unknown; errors?: { message?: unknown }[] }
    if (typeof body.message === 'string') detail = body.message
    else if (Array.isArray(body.errors) && typeof body.errors[0]?.message === 'string') {
      detail = body.errors[0].message
    }
  }
  const known = [401, 403, 404, 419, 422, 429]
  const base = known.includes(status)
    ? t(`error.http.${status}`)
    : status >= 500
      ? t('error.http.500')
      : t('error.failed.body')
  const explained = [400, 403, 409, 422, 429].includes(status)
  return detail && explained && detail.length < 300 ? `${base} ${detail}` : base
}

/**
 * Text of a cell or entry value.
 */
export function displayValue(
  value: SerializableValue | SerializableValue[] | undefined,
  t: KitText = keyText
): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.map((item) => displayValue(item, t)).join(', ')
  if (typeof value === 'boolean') return value ? t('table.yes') : t('table.no')
  return String(value)
}

/**
 * Value of a date-time input (`yyyy-MM-ddTHH:mm`) from an ISO 8601 string.
 */
export function toDateTimeLocal(value: SerializableValue): string {
  if (typeof value !== 'string' || !value) return ''
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value)
  return match ? `${match[1]}T${match[2]}` : ''
}

/**
 * Wait `ms` after the last call before running `fn`.
 */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const debounced = (...args: Args) => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => fn(...args), ms)
  }
  debounced.cancel = () => {
    if (timer) clearTimeout(timer)
  }
  return debounced
}

/**
 * How a remote select searches: the select's `search` descriptor (option
 * search on the page's own GET route, answering `{ field, options }`), or a
 * relation chooser (`optionsUrl?search=`, answering `{ options }`).
 */
export interface OptionSearch {
  url: string
  /** Query parameter naming the field (empty for relation choosers) */
  fieldParameter: string
  searchParameter: string
  minLength: number
}

/**
 * Search a remote select's options on the server.
 */
export async function searchOptions(
  search: OptionSearch,
  field: string,
  term: string,
  signal?: AbortSignal,
  t: KitText = keyText
): Promise<{ value: string; label: string }[]> {
  const query = new URLSearchParams()
  if (search.fieldParameter) query.set(search.fieldParameter, field)
  query.set(search.searchParameter, term)
  const separator = search.url.includes('?') ? '&' : '?'
  const response = await fetch(`${search.url}${separator}${query}`, {
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal,
  })
  if (!response.ok) throw new Error(httpErrorMessage(response.status, null, t))
  const body = (await response.json()) as { options?: unknown }
  if (!Array.isArray(body.options)) return []
  return body.options
    .filter((option): option is { value: unknown; label: unknown } => !!option)
    .map((option) => ({ value: String(option.value), label: String(option.label) }))
}

/**
 * Colors of badges, buttons and flashes, as CSS class suffixes.
 */
export function colorClass(color: string | null | undefined) {
  return `kit-color-${(color ?? 'gray').replace(/[^a-z-]/gi, '')}`
}

/** Colors whose header buttons are filled (the others are outlined, their text colored) */
const FILLED_COLORS = ['primary', 'danger', 'red', 'success', 'green']

/**
 * Class of a page header's action button: filled in its color (Edit in the
 * primary color, Delete in red), outlined when gray.
 */
export function headerActionClass(color: string | null | undefined) {
  const filled = FILLED_COLORS.includes(color ?? '') ? ' kit-button-primary' : ''
  return `kit-button${filled} ${colorClass(color)}`
}

/**
 * One result of the global search as a combobox item: a value unique across
 * resources, the resource it belongs to and the result.
 */
export interface GlobalSearchItem {
  value: string
  group: string
  result: GlobalSearchResultContract
}

/**
 * The results of the global search, in their groups' order, as combobox
 * items (the keyboard walks them in this order).
 */
export function globalSearchItems(groups: GlobalSearchGroupContract[]): GlobalSearchItem[] {
  return groups.flatMap((group) =>
    group.results.map((result) => ({
      value: `${group.resource}:${result.key}`,
      group: group.resource,
      result,
    }))
  )
}

/**
 * Ask a panel's global search (`GET <panel>/search?q=<term>`). Terms under
 * two characters are not sent (the server answers nothing for them).
 */
export async function searchEverything(
  url: string,
  term: string,
  signal?: AbortSignal,
  t: KitText = keyText
): Promise<GlobalSearchGroupContract[]> {
  if (term.trim().length < 2) return []
  const separator = url.includes('?') ? '&' : '?'
  const response = await fetch(`${url}${separator}q=${encodeURIComponent(term)}`, {
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal,
  })
  if (!response.ok) throw new Error(httpErrorMessage(response.status, null, t))
  const body = (await response.json()) as { groups?: unknown }
  return Array.isArray(body.groups) ? (body.groups as GlobalSearchGroupContract[]) : []
}

/**
 * Headers of a JSON request that changes data: the CSRF token of the
 * `XSRF-TOKEN` cookie (as Inertia and axios send it), when there is one.
 */
export function jsonMutationHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'accept': 'application/json',
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  }
  const cookie = (globalThis as { document?: { cookie: string } }).document?.cookie ?? ''
  const match = cookie.split('; ').find((part: string) => part.startsWith('XSRF-TOKEN='))
  if (match) headers['x-xsrf-token'] = decodeURIComponent(match.slice('XSRF-TOKEN='.length))
  return headers
}

/**
 * Ask the server for the preview of a Markdown editor's source: the HTML it
 * rendered and sanitized, or the message of a refusal.
 */
export async function markdownPreview(
  url: string,
  markdown: string,
  t: KitText = keyText
): Promise<{ html: string } | { error: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: jsonMutationHeaders(),
      credentials: 'same-origin',
      body: JSON.stringify({ markdown }),
    })
    const data = (await response.json().catch(() => null)) as { html?: unknown } | null
    if (response.status === 422) {
      return { error: jsonFieldErrors(data).markdown ?? t('markdown.previewFailed') }
    }
    if (!response.ok) return { error: httpErrorMessage(response.status, data, t) }
    return { html: typeof data?.html === 'string' ? data.html : '' }
  } catch {
    return { error: t('markdown.previewFailed') }
  }
}

/**
 * Per-field messages of a 422 JSON answer (`{ errors: [{ field, message }] }`
 * or `{ errors: { field: [message] } }`).
 */
export function jsonFieldErrors(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | null)?.errors
  const result: Record<string, string> = {}
  if (Array.isArray(errors)) {
    for (const error of errors as { field?: string; message?: string }[]) {
      if (error?.field && error.message && !result[error.field]) result[error.field] = error.message
    }
  } else if (errors && typeof errors === 'object') {
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      const message = Array.isArray(messages) ? messages[0] : messages
      if (typeof message === 'string') result[field] = message
    }
  }
  return result
}

/**
 * Submit a select's option form (create: POST, edit: PATCH with the option
 * value in place of `{option}`). Answers the option, or the field errors.
 */
export async function submitOptionForm(
  form: { url: string; method: 'post' | 'patch' },
  values: Record<string, unknown>,
  option?: string,
  t: KitText = keyText
): Promise<{ option: { value: string; label: string } } | { errors: Record<string, string> }> {
  const url =
    option === undefined ? form.url : form.url.replaceAll('{option}', encodeURIComponent(option))
  const response = await fetch(url, {
    method: form.method.toUpperCase(),
    headers: jsonMutationHeaders(),
    credentials: 'same-origin',
    body: JSON.stringify(values),
  })
  const body = await response.json().catch(() => null)
  if (response.status === 422) return { errors: jsonFieldErrors(body) }
  if (!response.ok) throw new Error(httpErrorMessage(response.status, body, t))
  const created = (body as { option?: { value: unknown; label: unknown } } | null)?.option
  if (!created) throw new Error(t('form.noOptionAnswer'))
  return { option: { value: String(created.value), label: String(created.label) } }
}

/**
 * The options of a select with those created or renamed on the page (an
 * option form's answer): a known value takes the new label, a new value is
 * added at the end.
 */
export function mergeOptions(options: OptionContract[], saved: OptionContract[]): OptionContract[] {
  const merged = options.map(
    (option) => saved.find((item) => item.value === option.value) ?? option
  )
  for (const item of saved) {
    if (!merged.some((option) => option.value === item.value)) merged.push(item)
  }
  return merged
}

/**
 * The values a select's option edit form starts from: `GET` on the edit
 * form's URL with the option value in place of `{option}` (the server reads
 * the option through the select's query, under the parent form's rights).
 */
export async function loadOptionValues(
  form: { url: string },
  option: string,
  t: KitText = keyText
): Promise<Record<string, unknown>> {
  const response = await fetch(form.url.replaceAll('{option}', encodeURIComponent(option)), {
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
  })
  const body = (await response.json().catch(() => null)) as { values?: unknown } | null
  if (!response.ok) throw new Error(httpErrorMessage(response.status, body, t))
  const values = body?.values
  return values && typeof values === 'object' ? (values as Record<string, unknown>) : {}
}

/**
 * The options of a tags select still to choose whose label contains the
 * typed term (case-insensitive).
 */
export function filterOptions(
  options: OptionContract[],
  term: string,
  chosen: string[]
): OptionContract[] {
  const needle = term.trim().toLocaleLowerCase()
  return options.filter(
    (option) =>
      !chosen.includes(option.value) &&
      (!needle || option.label.toLocaleLowerCase().includes(needle))
  )
}

/**
 * The locale the date pickers fall back to when the panel's locale has no
 * ISO 8601 calendar (see `dateInputLocale`): its short date reads
 * `YYYY-MM-DD`, the server's format.
 */
export const DATE_INPUT_LOCALE = 'en-CA'

/** The date pickers' locales, by panel locale */
const inputLocales = new Map<string, string>()

/**
 * The locale given to a date picker on a panel in `locale`: the panel's
 * language with the ISO 8601 calendar (`fr-FR-u-ca-iso8601`), whose short
 * date reads `YYYY-MM-DD`. Ark UI lets through only the digits and the
 * separator of the picker's locale, so the dashes one types stay allowed,
 * while what the picker says by itself (the date it announces once picked,
 * the month it announces when paging) is in the panel's language. Where
 * the platform has no such calendar data, `en-CA` (the same short date,
 * in English).
 *
 * @example
 * dateInputLocale('fr-FR') // 'fr-FR-u-ca-iso8601'
 */
export function dateInputLocale(locale: string): string {
  let cached = inputLocales.get(locale)
  if (cached) return cached
  cached = DATE_INPUT_LOCALE
  try {
    const iso = new Intl.Locale(locale, { calendar: 'iso8601' }).toString()
    const sample = dateTimeFormat(iso, { timeZone: 'UTC' }).format(Date.UTC(2000, 11, 25))
    if (sample === '2000-12-25') cached = iso
  } catch {
    /* not a locale the platform knows: the fallback */
  }
  inputLocales.set(locale, cached)
  return cached
}

/** A calendar day, as the date picker gives it */
export interface CalendarDay {
  year: number
  month: number
  day: number
}

function calendarDate(day: CalendarDay): Date {
  return new Date(Date.UTC(day.year, day.month - 1, day.day))
}

/**
 * The names a date picker's calendar shows, in the panel's locale: the
 * visible month (`novembre 2026`), a weekday's short and long names, a
 * day's full name (the label of its button), and the first day of the
 * week (0 = Sunday).
 *
 * @example
 * calendarNames('fr').month({ year: 2026, month: 11, day: 1 }) // 'novembre 2026'
 */
export function calendarNames(locale: string) {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const formatter = dateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    return (day: CalendarDay) => formatter.format(calendarDate(day))
  }
  const info = new Intl.Locale(locale) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number }
    weekInfo?: { firstDay: number }
  }
  const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay ?? 7
  return {
    month: format({ month: 'long', year: 'numeric' }),
    weekdayNarrow: format({ weekday: 'narrow' }),
    weekdayLong: format({ weekday: 'long' }),
    day: format({ dateStyle: 'full' }),
    startOfWeek: firstDay % 7,
  }
}

/**
 * A `YYYY-MM-DD` string when the text is one (a real calendar day), else null.
 */
export function parseIsoDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text : null
}

/**
 * The date (`YYYY-MM-DD`) and time (`HH:mm`) parts of a date or
 * date-time field's value.
 */
export function dateFieldParts(value: FormValue): { date: string; time: string } {
  const text = typeof value === 'string' ? value : ''
  const [date = '', time = ''] = text.split('T')
  return { date, time: time.slice(0, 5) }
}

/**
 * A date or date-time field's value from its parts, in the format the
 * server reads (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`); null without a date.
 */
export function joinDateField(date: string, time: string, withTime: boolean): string | null {
  if (!date) return null
  return withTime ? `${date}T${time || '00:00'}` : date
}

/**
 * A color typed in hex (`#7C3AED`, `7c3aed`, `#f00`) as the color picker
 * sends it (`#7c3aed`, `#ff0000`); null when the text is not one.
 */
export function parseHexColor(text: string): string | null {
  const match = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(text.trim())
  if (!match) return null
  const digits =
    match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1]
  return `#${digits.toLowerCase()}`
}

/**
 * What a color picker's committed change sends, or undefined when there is
 * nothing to send: the same color again, or the picker's default (black)
 * committed when an empty field's input merely loses the focus. `chosen`
 * says whether the person typed or moved a slider since the last change.
 */
export function pickedColor(hex: string, current: FormValue, chosen: boolean): string | undefined {
  const next = hex.toLowerCase()
  if (!chosen && (current === null || current === undefined || current === '')) return undefined
  return next === current ? undefined : next
}

/**
 * What the color picker's two sliders say to assistive technology, in the
 * panel's language (the picker's own words are English): the area thumb
 * (saturation and brightness) and the hue thumb, with their current values.
 */
export function colorSliderLabels(
  color: { toFormat(format: 'hsba'): { getChannelValue(channel: string): number } } | null,
  t: KitText = keyText
) {
  const hsb = color?.toFormat('hsba')
  const value = (channel: string) => Math.round(hsb?.getChannelValue(channel) ?? 0)
  return {
    area: {
      'aria-label': t('form.color.area'),
      'aria-roledescription': t('form.color.areaRole'),
      'aria-valuetext': t('form.color.areaValue', {
        saturation: value('saturation'),
        brightness: value('brightness'),
      }),
    },
    hue: {
      'aria-label': t('form.color.hue'),
      'aria-valuetext': t('form.color.hueValue', { hue: value('hue') }),
    },
  }
}

/**
 * The chosen keys of a select's value (one, several or none), as strings.
 */
export function chosenKeys(value: FormValue): string[] {
  const list = Array.isArray(value) ? value : value === null || value === '' ? [] : [value]
  return list.map(String)
}

/**
 * The local state of a form: the values being edited, the values they
 * started from (input form) and the contract values the form was rendered
 * with (sent back as `_kit_original`).
 */
export interface FormState {
  values: Record<string, FormValue>
  initial: Record<string, FormValue>
  original: Record<string, FormValue>
  /** The record's version the form was rendered with (sent back as `_kit_version`) */
  version?: string
}

/**
 * The input values of a form's contract values.
 */
export function initialFormValues(form: FormContract): Record<string, FormValue> {
  const values: Record<string, FormValue> = {}
  for (const field of form.fields) {
    const value = form.values[field.name]
    if (field.type === 'toggle')
      values[field.name] = value === undefined || value === null ? field.default : Boolean(value)
    else if (field.type === 'datetime')
      values[field.name] = toDateTimeLocal((value ?? null) as SerializableValue)
    else if (field.type === 'repeater') values[field.name] = Array.isArray(value) ? value : []
    else if (field.type === 'select' && field.multiple)
      values[field.name] = Array.isArray(value)
        ? value
        : typeof value === 'string' || typeof value === 'number'
          ? [value]
          : []
    else values[field.name] = value ?? (field.type === 'select' ? null : '')
  }
  return values
}

/**
 * A fresh form state.
 */
export function formState(form: FormContract): FormState {
  const initial = initialFormValues(form)
  return { values: { ...initial }, initial, original: { ...form.original }, version: form.version }
}

function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  const text = (value: FormValue | undefined) =>
    Array.isArray(value) && value.some((entry) => typeof entry === 'object')
      ? JSON.stringify(value)
      : Array.isArray(value)
        ? JSON.stringify(value.map(String).sort())
        : value === null || value === undefined
          ? ''
          : String(value)
  return text(a) === text(b)
}

/**
 * Take a newer contract of the same form (reloaded after a relation manager
 * changed the record) into the local state without losing what the person
 * typed: untouched fields take the new value; a multiple select keeps the
 * person's own additions and removals on top of the new keys; other edited
 * fields keep the typed value and the value they started from.
 */
export function rebaseFormState(state: FormState, form: FormContract): FormState {
  const next = initialFormValues(form)
  const values: Record<string, FormValue> = {}
  const initial: Record<string, FormValue> = {}
  const original: Record<string, FormValue> = {}
  for (const field of form.fields) {
    const name = field.name
    const local = state.values[name]
    const before = state.initial[name]
    const renewed = form.original?.[name]
    const adopt = () => {
      values[name] = next[name]
      initial[name] = next[name]
      if (renewed !== undefined) original[name] = renewed
    }
    if (!(name in state.values) || sameValue(local, before) || sameValue(local, next[name])) {
      adopt()
    } else if (
      field.type !== 'repeater' &&
      Array.isArray(local) &&
      Array.isArray(before) &&
      Array.isArray(next[name])
    ) {
      const had = new Set(before.map(String))
      const kept = new Set(local.map(String))
      const base = next[name] as (string | number)[]
      const merged = base.filter((key) => !had.has(String(key)) || kept.has(String(key)))
      const present = new Set(merged.map(String))
      for (const key of local as (string | number)[])
        if (!had.has(String(key)) && !present.has(String(key))) merged.push(key)
      values[name] = merged
      initial[name] = next[name]
      if (renewed !== undefined) original[name] = renewed
    } else {
      values[name] = local
      initial[name] = before
      if (name in state.original) original[name] = state.original[name]
    }
  }
  /* fields kept from the older contract are still reconciled field by field */
  return { values, initial, original, version: form.version }
}

/**
 * The data a form submits: its values and, for edit forms, the values it
 * was rendered with.
 */
export function formSubmission(form: FormContract, state: FormState): RequestBody {
  const submission: RequestBody = form.original
    ? { ...state.values, _kit_original: state.original }
    : { ...state.values }
  if (state.version !== undefined) submission._kit_version = state.version
  return submission
}

/**
 * The panel navigation in sections: ungrouped items, then one section per
 * `navigationGroup` (the server sends them in this order).
 */
export function navigationSections(
  items: NavigationItem[]
): { group: string | null; items: NavigationItem[] }[] {
  const sections: { group: string | null; items: NavigationItem[] }[] = []
  for (const item of items) {
    const group = item.group ?? null
    const last = sections.at(-1)
    if (last && last.group === group) {
      last.items.push(item)
    } else {
      sections.push({ group, items: [item] })
    }
  }
  return sections
}
