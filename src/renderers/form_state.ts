/*
 * adonis-kit
 *
 * Form state: the values a form starts from, rebased on a newer form, and submitted.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import type { FormContract, FormValue, SerializableValue } from './types.ts'
import { keyText, type KitText } from './text.ts'
import type { RequestBody } from './actions.ts'
import { toDateTimeLocal } from './dates.ts'
import { httpErrorMessage, jsonFieldErrors, jsonMutationHeaders } from './errors.ts'

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
