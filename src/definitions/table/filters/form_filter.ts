import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { FormFilterContract, FormValue } from '../../../contracts/main.ts'
import type { KitTranslator } from '../../../i18n/translator.ts'
import { KitConfigurationException } from '../../../support/errors.ts'
import { sqlColumn } from '../../../support/sql.ts'
import type { Field } from '../../form/fields/field.ts'
import { BaseFilter, type FilterIndicator } from './base_filter.ts'
import { attributeProblem, MAX_FILTER_STRING_LENGTH } from './filter_value.ts'

/**
 * The accepted value of a form filter: the values of its fields that are
 * set (an empty field is left out), by field name.
 */
export type FormFilterData = Record<string, FormValue>

/**
 * A filter built from form fields (as in Filament): the fields are its UI
 * (each drawn by its form component), `query()` narrows the list with
 * their values, and its indicator names each set field by its label and
 * value (an option's label, Yes/No). Without a `query()`, each set field
 * narrows the attribute of its name (one value: `=`; several: `IN`).
 *
 * The query string carries one value per field
 * (`filters[published][from]=2024-01-01`), read by its field's
 * `queryValue()` (a day that exists, a number, a boolean); a value a field
 * refuses, an overlong string, or one outside a field's options is
 * ignored, never an error. A select in a filter's form offers its static
 * `options()`.
 *
 * @example
 * ```ts
 * Filter.make('published')
 *   .form([DatePicker.make('from'), DatePicker.make('until')])
 *   .query((query, data) => {
 *     if (data.from) query.where('published_at', '>=', data.from)
 *     if (data.until) query.where('published_at', '<=', data.until)
 *   })
 * ```
 */
export class Filter extends BaseFilter<FormFilterData> {
  #fields: Field[] = []

  /**
   * The fields of the filter's form.
   */
  form(fields: Field[]): this {
    const names = new Set<string>()
    for (const field of fields) {
      if (names.has(field.name)) {
        throw new KitConfigurationException(
          `Filter "${this.name}".form(): field "${field.name}" is declared twice`
        )
      }
      names.add(field.name)
    }
    this.#fields = [...fields]
    return this
  }

  getFormFields(): readonly Field[] {
    return this.#fields
  }

  parse(raw: unknown): FormFilterData | null {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return null
    }
    const submitted = raw as Record<string, unknown>
    const data: FormFilterData = {}
    for (const field of this.#fields) {
      if (!field.isWritable() || !Object.hasOwn(submitted, field.name)) continue
      const posted = boundedInput(submitted[field.name])
      if (posted === undefined) continue
      const value = field.queryValue(posted)
      if (isEmpty(value) || !withinOptions(field, value)) continue
      data[field.name] = value as FormValue
    }
    return Object.keys(data).length ? data : null
  }

  /**
   * Without a `query()`: each set field narrows the attribute of its name.
   */
  apply(query: any, _column: string, data: FormFilterData, model: LucidModel) {
    for (const [name, value] of Object.entries(data)) {
      if (Array.isArray(value)) {
        query.whereIn(sqlColumn(model, name), value)
      } else {
        query.where(sqlColumn(model, name), value)
      }
    }
  }

  /**
   * Without a `query()`, each field must name a visible column.
   */
  problem(model: LucidModel): string | null {
    if (this.getQuery()) return null
    for (const field of this.#fields) {
      const problem = attributeProblem(model, field.name)
      if (problem) return `compares "${field.name}", which ${problem}`
    }
    return null
  }

  /**
   * Hook: one indicator naming each set field by its label and value.
   */
  indicators(data: FormFilterData, t: KitTranslator['t']): FilterIndicator[] {
    const parts = this.#fields
      .filter((field) => Object.hasOwn(data, field.name))
      .map((field) => `${field.getLabel()}: ${shownValue(field, data[field.name], t)}`)
    return parts.length ? [{ label: parts.join(', ') }] : []
  }

  /**
   * Hook: the fields' contracts and the current data.
   */
  toContract(value: unknown): FormFilterContract {
    const data = value && typeof value === 'object' ? (value as FormFilterData) : null
    return {
      name: this.name,
      label: this.getLabel(),
      type: 'form',
      fields: this.#fields
        .filter((field) => !field.isHidden())
        .map((field) => field.serialize(data ?? {})),
      value: data,
    }
  }
}

/**
 * A query-string value a field may read: a string (at most
 * {@link MAX_FILTER_STRING_LENGTH} characters) or a list of them; anything
 * else is undefined (ignored).
 */
function boundedInput(value: unknown): string | string[] | undefined {
  const fits = (entry: unknown): entry is string =>
    typeof entry === 'string' && entry.length <= MAX_FILTER_STRING_LENGTH
  if (fits(value)) return value
  if (Array.isArray(value) && value.length <= 100 && value.every(fits)) return value
  return undefined
}

function isEmpty(value: unknown) {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  )
}

/**
 * The options a field's contract lists, by value (none: any value).
 */
function optionsOf(field: Field): Map<string, string> | null {
  const options = (field.toContract() as { options?: unknown }).options
  if (!Array.isArray(options)) return null
  return new Map(
    options.map((option: { value: string | number; label: string }) => [
      String(option.value),
      option.label,
    ])
  )
}

/**
 * Whether a value is among the field's options (a field without options
 * takes any value its own checks accepted).
 */
function withinOptions(field: Field, value: unknown): boolean {
  const options = optionsOf(field)
  if (!options) return true
  const values = Array.isArray(value) ? value : [value]
  return values.every((entry) => options.has(String(entry)))
}

/**
 * A set value as its indicator shows it: option labels, Yes/No.
 */
function shownValue(field: Field, value: FormValue, t: KitTranslator['t']): string {
  if (typeof value === 'boolean') return t(value ? 'table.yes' : 'table.no')
  const options = optionsOf(field)
  const values = Array.isArray(value) ? value : [value]
  return values.map((entry) => options?.get(String(entry)) ?? String(entry)).join(', ')
}
