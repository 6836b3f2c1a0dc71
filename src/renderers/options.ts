/*
 * adonis-kit
 *
 * Select options: remote search, option forms and merged option lists.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import type { FormValue, OptionContract } from './types.ts'
import { keyText, type KitText } from './text.ts'
import { httpErrorMessage, jsonFieldErrors, jsonMutationHeaders } from './errors.ts'

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
 * The chosen keys of a select's value (one, several or none), as strings.
 */
export function chosenKeys(value: FormValue): string[] {
  const list = Array.isArray(value) ? value : value === null || value === '' ? [] : [value]
  return list.map(String)
}
