/*
 * adonis-kit
 *
 * Live fields: a live field's value goes to the form's state endpoint
 * (debounced, or when the field loses focus) and the answer (values set by
 * the server's hooks, every field's state) comes back into the form.
 * Framework-free, shared by the React and Vue renderers.
 */

import type { FormFieldContract, FormStateAnswer, FormValue } from './types.ts'
import { keyText, type KitText } from './text.ts'
import { initialFormValues } from './form_state.ts'
import { jsonMutationHeaders } from './errors.ts'

/**
 * What a live form lends the client: its state URL, its current fields and
 * values, and what to do with an answer.
 */
export interface LiveFormHost {
  url(): string | undefined
  fields(): FormFieldContract[]
  values(): Record<string, FormValue>
  /** Take an answer in: `sent` are the values the request carried */
  apply(answer: FormStateAnswer, sent: Record<string, FormValue>): void
  /** The field whose update is under way, or null when none is */
  busy(field: string | null): void
  /** A message when an update failed, null once one succeeds */
  failed(message: string | null): void
}

function same(a: FormValue | undefined, b: FormValue | undefined) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}

/**
 * Post a form's state to its state endpoint (with the CSRF header, as
 * Inertia sends it): the answer, or throws with a message.
 */
export async function requestFormState(
  url: string,
  values: Record<string, FormValue>,
  changed: string,
  old: FormValue | undefined,
  t: KitText = keyText
): Promise<FormStateAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: jsonMutationHeaders(),
    credentials: 'same-origin',
    body: JSON.stringify({ values, changed, old: old ?? null }),
  })
  const data = (await response.json().catch(() => null)) as FormStateAnswer | null
  if (!response.ok || !data || !Array.isArray(data.fields) || typeof data.values !== 'object') {
    throw new Error(t('live.failed'))
  }
  return data
}

/**
 * The form's values with an answer taken in: a value the server set
 * replaces the field's value only when the person has not changed that
 * field since the request left (what they typed meanwhile is kept).
 */
export function mergeFormState(
  current: Record<string, FormValue>,
  sent: Record<string, FormValue>,
  answer: FormStateAnswer,
  fields: FormFieldContract[]
): Record<string, FormValue> {
  const answered = fields.filter((field) => Object.hasOwn(answer.values, field.name))
  const incoming = initialFormValues({
    operation: 'create',
    columns: 1,
    fields: answered,
    values: answer.values,
    action: { url: '', method: 'post' },
  })
  const next = { ...current }
  for (const field of answered) {
    if (same(current[field.name], sent[field.name])) next[field.name] = incoming[field.name]
  }
  return next
}

/**
 * The form's fields with the contracts of the last answer over them.
 */
export function liveFields(
  fields: FormFieldContract[],
  answered: Record<string, FormFieldContract>
): FormFieldContract[] {
  return fields.map((field) => answered[field.name] ?? field)
}

/**
 * The contracts of an answer, by field name.
 */
export function answeredFields(answer: FormStateAnswer): Record<string, FormFieldContract> {
  return Object.fromEntries(answer.fields.map((field) => [field.name, field]))
}

/**
 * Sends a live form's updates: a field live on change after its debounce,
 * a field live on blur when it loses focus after a change. Answers are
 * taken in order: an answer older than one already applied is dropped.
 */
export class LiveFormClient {
  #timers = new Map<string, ReturnType<typeof setTimeout>>()
  /* the value each changed field had before its pending update */
  #olds = new Map<string, FormValue>()
  #sequence = 0
  #applied = 0
  #inFlight = 0

  constructor(
    private host: LiveFormHost,
    private t: KitText = keyText
  ) {}

  #live(name: string) {
    if (!this.host.url()) return null
    return this.host.fields().find((field) => field.name === name)?.live ?? null
  }

  /**
   * A field's value changed (`old`: its value before the change).
   */
  changed(name: string, old: FormValue | undefined) {
    const live = this.#live(name)
    if (!live) return
    if (!this.#olds.has(name)) this.#olds.set(name, old ?? null)
    if (live.onBlur) return
    clearTimeout(this.#timers.get(name))
    this.#timers.set(
      name,
      setTimeout(() => this.#flush(name), live.debounce)
    )
  }

  /**
   * A field lost focus: a field live on blur sends its change.
   */
  blurred(name: string) {
    if (this.#live(name)?.onBlur && this.#olds.has(name)) this.#flush(name)
  }

  #flush(name: string) {
    this.#timers.delete(name)
    const old = this.#olds.get(name)
    this.#olds.delete(name)
    void this.send(name, old)
  }

  /**
   * Send the form's state now, `name` being the field that changed.
   */
  async send(name: string, old: FormValue | undefined) {
    const url = this.host.url()
    if (!url) return
    const sequence = ++this.#sequence
    const secret = new Set(
      this.host
        .fields()
        .filter((field) => field.type === 'password' || field.type === 'file')
        .map((field) => field.name)
    )
    const sent = Object.fromEntries(
      Object.entries(this.host.values()).filter(([key]) => !secret.has(key))
    )
    this.#inFlight++
    this.host.busy(name)
    try {
      const answer = await requestFormState(url, sent, name, old, this.t)
      if (sequence > this.#applied) {
        this.#applied = sequence
        this.host.apply(answer, sent)
      }
      this.host.failed(null)
    } catch {
      this.host.failed(this.t('live.failed'))
    } finally {
      this.#inFlight--
      if (this.#inFlight === 0) this.host.busy(null)
    }
  }

  /**
   * Stop the pending timers (the form is gone).
   */
  dispose() {
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
  }
}

/**
 * The name of the field a DOM event happened in (its wrapper carries
 * `data-kit-field`), unless focus moves to another element of that field.
 */
export function blurredField(event: { target: unknown; relatedTarget?: unknown }): string | null {
  type Wrapper = { contains(node: unknown): boolean; getAttribute(name: string): string | null }
  const target = event.target as { closest?: (selector: string) => Wrapper | null } | null
  const wrapper = target?.closest?.('[data-kit-field]')
  if (!wrapper) return null
  const next = event.relatedTarget
  if (next && wrapper.contains(next)) return null
  return wrapper.getAttribute('data-kit-field')
}
