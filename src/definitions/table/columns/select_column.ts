import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'

/**
 * An editable column drawn as a select of declared options. A value
 * outside the options is refused with a field error before the resource's
 * rule runs; then the editable-column endpoint's pipeline applies.
 *
 * @example
 * ```ts
 * SelectColumn.make('status').options({ draft: 'Draft', published: 'Published' })
 * ```
 */
export class SelectColumn extends Column {
  #options: Record<string, string> = {}

  constructor(name: string) {
    super(name)
    this.editable()
  }

  /**
   * Map of value to label.
   */
  options(options: Record<string, string>): this {
    this.#options = { ...options }
    return this
  }

  getOptions() {
    return this.#options
  }

  refuseValue(value: unknown): string | null {
    return typeof value === 'string' && Object.hasOwn(this.#options, value) ? null : 'in'
  }

  toContract(): TableColumnContract {
    return {
      ...super.toContract(),
      type: 'select',
      options: Object.entries(this.#options).map(([value, label]) => ({ value, label })),
    }
  }
}
