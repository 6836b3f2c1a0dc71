import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { sentenceCase } from '../../resource/labels.ts'
import type { KitContext } from '../../types.ts'
import { attributeProblem } from './filter_value.ts'
import { sqlColumn } from '../../../support/sql.ts'
import type { KitTranslator } from '../../../i18n/translator.ts'
import type { TableFilterContract } from '../../../contracts/main.ts'

/**
 * What the runtime lends a filter's hooks: the model, the request and the
 * time zone dates are counted in (the panel's).
 */
export interface FilterKit {
  model: LucidModel
  context: KitContext
  timeZone: string
}

/**
 * An indicator of an active filter: its label, and the rule it removes
 * (query builders: one indicator per rule).
 */
export interface FilterIndicator {
  label: string
  rule?: number
}

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
 * the property is a visible column. A filter kind says what it does through
 * its hooks: read a raw query-string value (`parse`), narrow the query
 * (`applyTo`, by default the custom query or `apply`), serialize itself
 * (`toContract`) and name its active value (`indicators`). The runtime
 * calls them for every filter and never asks which kind it holds.
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
  abstract apply(
    query: any,
    column: string,
    value: Value,
    model: LucidModel,
    timeZone: string
  ): void

  /**
   * Hook: narrow the list query to an accepted value: the custom query
   * (grouped, so its OR stays inside), else the filter's own comparison.
   */
  applyTo(query: any, value: Value, kit: FilterKit): void {
    const custom = this.#query
    if (custom) {
      query.where((group: any) => {
        custom(group, value, kit.context)
      })
      return
    }
    this.apply(query, sqlColumn(kit.model, this.getAttribute()), value, kit.model, kit.timeZone)
  }

  /**
   * Hook: the filter's contract, with its current value (null: inactive).
   */
  abstract toContract(value: unknown): TableFilterContract

  /**
   * Hook: the indicators of an accepted value, in the request's language
   * (default: the label and the value).
   */
  indicators(value: Value, _t: KitTranslator['t']): FilterIndicator[] {
    return [{ label: `${this.getLabel()}: ${String(value)}` }]
  }

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
