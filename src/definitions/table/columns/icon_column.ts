import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'
import { IconSet, type ColumnIcon } from './icon_options.ts'

export type { ColumnIcon } from './icon_options.ts'

/**
 * A column that shows its value as an icon: a boolean (a check or a cross,
 * the default) or a value mapped to icons with colors. Values without an
 * icon show as text; null shows nothing.
 *
 * @example
 * ```ts
 * IconColumn.make('isActive')
 * IconColumn.make('status').icons({
 *   draft: { icon: 'pencil-square', color: 'gray', label: 'Draft' },
 *   published: { icon: 'check-circle', color: 'success', label: 'Published' },
 * })
 * ```
 */
export class IconColumn extends Column {
  #icons = new IconSet()

  constructor(name: string) {
    super(name)
    this.boolean()
  }

  /**
   * Map values to icons instead of showing a boolean.
   */
  icons(icons: Record<string, ColumnIcon | string>): this {
    this.boolean(false)
    this.#icons.map(icons)
    return this
  }

  /**
   * The icons of a boolean column (a check and a cross by default).
   */
  trueIcon(icon: string, color = 'success'): this {
    this.#icons.set('true', icon, color)
    return this
  }

  /**
   * The icon shown for false.
   */
  falseIcon(icon: string, color = 'danger'): this {
    this.#icons.set('false', icon, color)
    return this
  }

  toContract(): TableColumnContract {
    return { ...super.toContract(), type: 'icon', icons: this.#icons.toContract() }
  }
}
