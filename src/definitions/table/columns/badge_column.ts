import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'

/**
 * A column that shows its value as a badge, colored by value.
 *
 * @example
 * ```ts
 * BadgeColumn.make('status').colors({ draft: 'gray', published: 'green' })
 * ```
 */
export class BadgeColumn extends Column {
  #colors: Record<string, string> = {}

  /**
   * Map of value to color name (renderers map names to `--kit-*` variables).
   */
  colors(colors: Record<string, string>): this {
    this.#colors = { ...colors }
    return this
  }

  getColors() {
    return this.#colors
  }

  toContract(): TableColumnContract {
    return { ...super.toContract(), type: 'badge', colors: { ...this.#colors } }
  }
}
