/*
 * adonis-kit
 *
 * Framework-free helpers shared by the React and Vue renderers, one file per
 * area (table state, actions, errors, options, dates and colors, form state,
 * search and navigation) re-exported here, plus the value text and debounce
 * every area uses. Nothing here decides what a person may see or do: the
 * server already did, in the props.
 */

import type { SerializableValue } from './types.ts'
import { keyText, type KitText } from './text.ts'
export * from './table_state.ts'
export * from './actions.ts'
export * from './errors.ts'
export * from './options.ts'
export * from './dates.ts'
export * from './form_state.ts'
export * from './live_state.ts'
export * from './search.ts'

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
