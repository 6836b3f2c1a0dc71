import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'

/**
 * A column that shows a CSS color value (`#1d4ed8`, `rgb(…)`, `oklch(…)`)
 * as a swatch next to its text. Renderers draw the swatch only for values
 * that are plain colors (nothing that loads a URL).
 *
 * @example
 * ```ts
 * ColorColumn.make('color').copyable()
 * ```
 */
export class ColorColumn extends Column {
  toContract(): TableColumnContract {
    return { ...super.toContract(), type: 'color' }
  }
}
