import { TextEntry } from './text_entry.ts'

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
}
