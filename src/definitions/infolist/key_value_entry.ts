import { DateTime } from 'luxon'
import type { InfolistEntryContract } from '../../contracts/main.ts'
import { TextEntry } from './text_entry.ts'

/**
 * A value of a key-value row as text: strings as they are, numbers and
 * booleans as written, null as nothing, lists and objects as JSON.
 */
function rowText(value: unknown): string {
  if (value === null || value === undefined) {
    return ''
  }
  if (typeof value === 'string') {
    return value
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value)
  }
  if (DateTime.isDateTime(value)) {
    return value.toISO() ?? ''
  }
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return ''
  }
}

/**
 * The object a value holds: the object itself, or the JSON text of one
 * (columns stored as text). Null for anything else.
 */
function objectOf(value: unknown): Record<string, unknown> | null {
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      return null
    }
  }
  return parsed &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    !DateTime.isDateTime(parsed)
    ? (parsed as Record<string, unknown>)
    : null
}

/**
 * A view page entry that shows a JSON object (a `KeyValue` field's value)
 * as a table of key and value rows. The values are turned into text on
 * the server (nested lists and objects as JSON); a value that is not an
 * object shows no rows.
 *
 * @example
 * ```ts
 * KeyValueEntry.make('settings')
 * KeyValueEntry.make('links').keyLabel('Site').valueLabel('URL')
 * ```
 */
export class KeyValueEntry extends TextEntry {
  #labels: { key: string | null; value: string | null } = { key: null, value: null }

  static make(name: string): KeyValueEntry {
    return new this(name)
  }

  /**
   * Heading of the key column (default: "Key", translated).
   */
  keyLabel(label: string): this {
    this.#labels.key = label
    return this
  }

  /**
   * Heading of the value column (default: "Value", translated).
   */
  valueLabel(label: string): this {
    this.#labels.value = label
    return this
  }

  completeContract(contract: InfolistEntryContract, value: unknown, record: unknown) {
    super.completeContract(contract, value, record)
    const object = objectOf(value)
    contract.keyValue = object
      ? Object.entries(object).map(([key, item]) => ({ key, value: rowText(item) }))
      : []
    if (this.#labels.key !== null || this.#labels.value !== null) {
      contract.keyValueLabels = { ...this.#labels }
    }
    contract.value = null
  }
}
