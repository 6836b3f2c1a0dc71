/*
 * adonis-kit
 *
 * Errors: the messages of a refused submission or a failed request.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import { keyText, type KitText } from './text.ts'

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
