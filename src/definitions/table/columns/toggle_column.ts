import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'

/**
 * An editable boolean column drawn as a switch. A change goes through the
 * editable-column endpoint (scoped query, `edit` authorization, the
 * resource's rule for the field, the update hooks in a transaction); any
 * value but `true` or `false` is refused with a field error before the
 * rules run.
 *
 * @example
 * ```ts
 * ToggleColumn.make('isActive')
 * ```
 */
export class ToggleColumn extends Column {
  constructor(name: string) {
    super(name)
    this.boolean().editable()
  }

  /**
   * Only JSON booleans (and the strings "true" and "false" a form sends).
   */
  refuseValue(value: unknown): string | null {
    return value === true || value === false || value === 'true' || value === 'false'
      ? null
      : 'boolean'
  }

  normalizeValue(value: unknown): unknown {
    return value === true || value === 'true'
  }

  toContract(): TableColumnContract {
    return { ...super.toContract(), type: 'toggle' }
  }
}
