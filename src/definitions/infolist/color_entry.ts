import type { InfolistEntryContract } from '../../contracts/main.ts'
import { safeColor } from '../../contracts/colors.ts'
import { TextEntry } from './text_entry.ts'

/**
 * A view page entry that shows a CSS color value (`#1d4ed8`, `rgb(…)`,
 * `oklch(…)`) as a swatch next to its text. The server checks the value:
 * only a plain color (nothing that loads a URL or escapes the declaration)
 * is sent as the swatch's color; anything else is shown as text only.
 *
 * @example
 * ```ts
 * ColorEntry.make('color').copyable()
 * ```
 */
export class ColorEntry extends TextEntry {
  static make(name: string): ColorEntry {
    return new this(name)
  }

  completeContract(contract: InfolistEntryContract, value: unknown, record: unknown) {
    super.completeContract(contract, value, record)
    contract.color = safeColor(value)
  }
}
