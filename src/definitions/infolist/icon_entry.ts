import type { InfolistEntryContract } from '../../contracts/main.ts'
import { castBoolean, IconSet, type ColumnIcon } from '../table/columns/icon_options.ts'
import { TextEntry } from './text_entry.ts'

/**
 * A view page entry that shows its value as an icon, as `IconColumn` does:
 * a boolean (a check or a cross, the default) or a value mapped to icons
 * with colors. Values without an icon show as text.
 *
 * @example
 * ```ts
 * IconEntry.make('isPublic')
 * IconEntry.make('status').icons({
 *   draft: { icon: 'pencil-square', color: 'gray', label: 'Draft' },
 *   published: { icon: 'check-circle', color: 'success', label: 'Published' },
 * })
 * ```
 */
export class IconEntry extends TextEntry {
  #icons = new IconSet()
  #boolean = true

  static make(name: string): IconEntry {
    return new this(name)
  }

  /**
   * Map values to icons instead of showing a boolean.
   */
  icons(icons: Record<string, ColumnIcon | string>): this {
    this.#boolean = false
    this.#icons.map(icons)
    return this
  }

  /**
   * The icon shown for true (default: a green check).
   */
  trueIcon(icon: string, color = 'success'): this {
    this.#icons.set('true', icon, color)
    return this
  }

  /**
   * The icon shown for false (default: a red cross).
   */
  falseIcon(icon: string, color = 'danger'): this {
    this.#icons.set('false', icon, color)
    return this
  }

  completeContract(contract: InfolistEntryContract, value: unknown, record: unknown) {
    super.completeContract(contract, value, record)
    if (this.#boolean && contract.value !== null && typeof contract.value !== 'boolean') {
      contract.value = castBoolean(contract.value)
    }
    contract.icon = this.#icons.iconFor(contract.value)
  }
}
