import type { TableColumnContract } from '../../../contracts/main.ts'
import { Column } from './column.ts'

/**
 * One icon of an icon column: its name (a Heroicons outline name the
 * renderers bundle), its color and, optionally, what it says to screen
 * readers (default: the value).
 */
export interface ColumnIcon {
  icon: string
  color?: string
  label?: string
}

/**
 * The icons of a boolean icon column.
 */
const BOOLEAN_ICONS: Record<string, ColumnIcon> = {
  true: { icon: 'check-circle', color: 'success' },
  false: { icon: 'x-circle', color: 'danger' },
}

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
  #icons: Record<string, ColumnIcon> | null = null

  constructor(name: string) {
    super(name)
    this.boolean()
  }

  /**
   * Map values to icons instead of showing a boolean.
   */
  icons(icons: Record<string, ColumnIcon | string>): this {
    this.boolean(false)
    this.#icons = Object.fromEntries(
      Object.entries(icons).map(([value, icon]) => [
        value,
        typeof icon === 'string' ? { icon } : { ...icon },
      ])
    )
    return this
  }

  /**
   * The icons of a boolean column (a check and a cross by default).
   */
  trueIcon(icon: string, color = 'success'): this {
    this.#icons = { ...(this.#icons ?? BOOLEAN_ICONS), true: { icon, color } }
    return this
  }

  /**
   * The icon shown for false.
   */
  falseIcon(icon: string, color = 'danger'): this {
    this.#icons = { ...(this.#icons ?? BOOLEAN_ICONS), false: { icon, color } }
    return this
  }

  toContract(): TableColumnContract {
    const icons = this.#icons ?? BOOLEAN_ICONS
    return {
      ...super.toContract(),
      type: 'icon',
      icons: Object.fromEntries(
        Object.entries(icons).map(([value, icon]) => [
          value,
          {
            icon: icon.icon,
            color: icon.color ?? 'gray',
            ...(icon.label ? { label: icon.label } : {}),
          },
        ])
      ),
    }
  }
}
