import { TextEntry } from './text_entry.ts'
import type { InfolistEntryContract } from '../../contracts/main.ts'
import { sanitizeRichText } from '../../support/html_sanitizer.ts'

/**
 * A view page entry that shows sanitized rich text (a `RichEditor` field's
 * HTML), sanitized again when it is read.
 *
 * @example
 * ```ts
 * HtmlEntry.make('body')
 * ```
 */
export class HtmlEntry extends TextEntry {
  static make(name: string): HtmlEntry {
    return new this(name)
  }

  completeContract(contract: InfolistEntryContract, value: unknown, record: unknown) {
    super.completeContract(contract, value, record)
    contract.html = sanitizeRichText(contract.value)
    contract.value = null
  }
}
