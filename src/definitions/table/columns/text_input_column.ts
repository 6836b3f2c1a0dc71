import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'

/**
 * An editable column drawn as a text input, saved when it loses focus (or
 * on Enter) through the editable-column endpoint.
 *
 * @example
 * ```ts
 * TextInputColumn.make('title')
 * ```
 */
export class TextInputColumn extends Column {
  constructor(name: string) {
    super(name)
    this.editable()
  }

  /**
   * Strings and numbers only (no arrays or objects).
   */
  refuseValue(value: unknown): string | null {
    return typeof value === 'string' || typeof value === 'number' || value === null
      ? null
      : 'string'
  }

  toContract(): TableColumnContract {
    return { ...super.toContract(), type: 'textInput' }
  }
}
