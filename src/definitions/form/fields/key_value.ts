import { contextTranslator } from '../../../i18n/translator.ts'
import type { KeyValueContract } from '../../../contracts/main.ts'
import { Field, type PreparedValue } from './field.ts'

/**
 * A JSON object of string keys to string values, edited as rows (cast the
 * attribute to and from JSON in the model). The server accepts an object,
 * or JSON text of an object or of `[key, value]` pairs (what the renderers
 * send); malformed JSON, an empty or repeated key, or a value that is not
 * text is a field error.
 *
 * @example
 * ```ts
 * KeyValue.make('settings').keyLabel('Setting').valueLabel('Value')
 * ```
 */
export class KeyValue extends Field {
  #keyLabel: string | null = null
  #valueLabel: string | null = null
  #addLabel: string | null = null

  /**
   * Header of the key column (default: the panel's translation).
   */
  keyLabel(label: string): this {
    this.#keyLabel = label
    return this
  }

  /**
   * Header of the value column.
   */
  valueLabel(label: string): this {
    this.#valueLabel = label
    return this
  }

  /**
   * Label of the button adding a row.
   */
  addActionLabel(label: string): this {
    this.#addLabel = label
    return this
  }

  formValue(value: unknown) {
    if (value === null || value === undefined) {
      return null
    }
    return typeof value === 'string' ? value : JSON.stringify(value)
  }

  prepareInput(value: unknown): PreparedValue {
    if (value === null || value === undefined || value === '') {
      return { value: null }
    }
    let parsed = value
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value)
      } catch {
        return { error: contextTranslator().t('field.error.json'), rule: 'json' }
      }
    }
    return keyValueObject(parsed)
  }

  toContract(): KeyValueContract {
    return {
      type: 'keyValue',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      keyLabel: this.#keyLabel,
      valueLabel: this.#valueLabel,
      addLabel: this.#addLabel,
    }
  }
}

/**
 * An object of string keys to string values from an object or a list of
 * `[key, value]` pairs.
 */
function keyValueObject(parsed: unknown): PreparedValue {
  const t = contextTranslator()
  const invalid = { error: t.t('field.error.keyValue'), rule: 'keyValue' }
  if (parsed === null || typeof parsed !== 'object') {
    return invalid
  }
  const pairs = Array.isArray(parsed) ? parsed : Object.entries(parsed)
  const object: Record<string, string> = Object.create(null)
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2) {
      return invalid
    }
    const [rawKey, entry] = pair
    if (typeof rawKey !== 'string' || (typeof entry !== 'string' && typeof entry !== 'number')) {
      return invalid
    }
    const key = rawKey.trim()
    if (!key) {
      return { error: t.t('field.error.keyValue.key'), rule: 'keyValue.key' }
    }
    if (Object.hasOwn(object, key)) {
      return {
        error: t.t('field.error.keyValue.distinct', { key: key.slice(0, 50) }),
        rule: 'keyValue.distinct',
      }
    }
    object[key] = String(entry)
  }
  return { value: { ...object } }
}
