import { sentenceCase } from '../../resource/labels.ts'
import type { TableFilterContract } from '../../contracts/main.ts'
import type { KitContext } from '../../types.ts'

/**
 * Applies a filter value to the list query.
 */
export type FilterQueryCallback = (query: any, value: string, context: KitContext) => void

/**
 * A filter whose value is one of a fixed set of options. A submitted value
 * outside the options is ignored.
 *
 * @example
 * ```ts
 * SelectFilter.make('status').options({ draft: 'Draft', published: 'Published' })
 * ```
 */
export class SelectFilter {
  #label?: string
  #options: Record<string, string> = {}
  #attribute?: string
  #query?: FilterQueryCallback

  protected constructor(
    /** Name of the filter in the query string (`filters[status]=draft`) */
    readonly name: string
  ) {}

  /**
   * Create a filter.
   */
  static make(name: string) {
    return new this(name)
  }

  /**
   * Label shown with the filter.
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  /**
   * Map of value to label.
   */
  options(options: Record<string, string>): this {
    this.#options = { ...options }
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
   * Apply the value with a custom query instead of `where(attribute, value)`.
   */
  query(callback: FilterQueryCallback): this {
    this.#query = callback
    return this
  }

  getAttribute() {
    return this.#attribute ?? this.name
  }

  getQuery() {
    return this.#query
  }

  /**
   * Whether a submitted value is one of the options.
   */
  accepts(value: unknown): value is string {
    return typeof value === 'string' && Object.hasOwn(this.#options, value)
  }

  /**
   * Serialize the filter with its current value.
   */
  toContract(value: string | null): TableFilterContract {
    return {
      name: this.name,
      label: this.#label ?? sentenceCase(this.name),
      type: 'select',
      options: Object.entries(this.#options).map(([optionValue, label]) => ({
        value: optionValue,
        label,
      })),
      value,
    }
  }
}
