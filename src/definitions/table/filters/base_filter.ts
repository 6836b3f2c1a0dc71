import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { sentenceCase } from '../../resource/labels.ts'
import type { KitContext } from '../../types.ts'
import { attributeProblem } from './filter_value.ts'

/**
 * Applies a filter value to the list query: a string for select and ternary
 * filters, an array of options for multiple selects, `{ from, until }` for
 * date and numeric ranges.
 */
export type FilterQueryCallback<Value = any> = (
  query: any,
  value: Value,
  context: KitContext
) => void

/**
 * What every table filter shares: its name in the query string, a label,
 * the model property it compares (or a custom query), and the check that
 * the property is a visible column. Subclasses read a raw query-string value
 * (`parse`), narrow the query (`apply`) and serialize themselves.
 */
export abstract class BaseFilter<Value> {
  #label?: LocalizedText
  #attribute?: string
  #query?: FilterQueryCallback<Value>

  constructor(
    /** Name of the filter in the query string (`filters[<name>]=…`) */
    readonly name: string
  ) {}

  /**
   * Create a filter.
   */
  static make<T>(this: new (name: string) => T, name: string): T {
    return new this(name)
  }

  /**
   * Label shown with the filter (default: the name in sentence case).
   */
  label(label: LocalizedText): this {
    this.#label = label
    return this
  }

  /**
   * Model property the filter compares (default: the filter name).
   */
  attribute(attribute: string): this {
    this.#attribute = attribute
    return this
  }

  /**
   * Apply the accepted value with a custom query instead of the filter's own
   * comparison.
   */
  query(callback: FilterQueryCallback<Value>): this {
    this.#query = callback
    return this
  }

  getLabel() {
    return this.#label === undefined ? sentenceCase(this.name) : localize(this.#label)
  }

  getAttribute() {
    return this.#attribute ?? this.name
  }

  getQuery() {
    return this.#query
  }

  /**
   * The accepted value of a raw query-string value, or null (ignored).
   */
  abstract parse(raw: unknown): Value | null

  /**
   * Narrow the query to an accepted value (without a custom query).
   */
  abstract apply(query: any, column: string, value: Value, model: LucidModel): void

  /**
   * Why the filter cannot be used on the model (null when it can): without
   * a custom query, its attribute must be a visible column; `columnProblem`
   * adds what the kind of filter needs of that column.
   */
  problem(model: LucidModel): string | null {
    if (this.#query) return null
    const attribute = this.getAttribute()
    const problem = attributeProblem(model, attribute) ?? this.columnProblem(model, attribute)
    return problem ? `compares "${attribute}", which ${problem}` : null
  }

  /**
   * What the filter needs of its column beyond being visible (null: nothing).
   */
  protected columnProblem(_model: LucidModel, _attribute: string): string | null {
    return null
  }
}
