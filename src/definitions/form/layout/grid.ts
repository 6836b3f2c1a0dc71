import { LayoutComponent } from './layout_component.ts'

/**
 * A grid of `columns(n)` columns; children take `columnSpan(n | 'full')`.
 *
 * @example
 * ```ts
 * Grid.make(3).schema([TextInput.make('title').columnSpan(2), TextInput.make('slug')])
 * ```
 */
export class Grid extends LayoutComponent {
  /**
   * Create a grid of the given number of columns (default 2).
   */
  static make(columns = 2): Grid {
    return new Grid().columns(columns)
  }
}
