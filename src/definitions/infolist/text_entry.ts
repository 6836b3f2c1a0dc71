import { localize, type LocalizedText } from '../../i18n/localized.ts'
import string from '@adonisjs/core/helpers/string'
import { ValueFormat } from '../../support/value_format.ts'
import { checkColumnSpan, type ColumnSpan } from '../form/layout/layout_component.ts'
import type { InfolistEntryContract } from '../../contracts/main.ts'

/**
 * The color of a badge: one color name, a map of value to color name, or a
 * function of the value and the record.
 */
export type EntryColor =
  string | Record<string, string> | ((value: unknown, record: any) => string | null | undefined)

/**
 * One read-only value of a view page: a model property (`title`) or one
 * attribute of a to-one relationship (`author.fullName`), eager-loaded.
 * Hidden attributes are refused at boot. Formats (`dateTime()`, `money()`,
 * `url()`, `markdown()`…) come from `ValueFormat`; `badge()` shows the
 * text in a badge colored by `color()`.
 *
 * @example
 * ```ts
 * TextEntry.make('author.fullName').label('Author')
 * TextEntry.make('status').badge().color({ draft: 'gray', published: 'success' })
 * TextEntry.make('notes').markdown()
 * ```
 */
export class TextEntry extends ValueFormat {
  #label?: LocalizedText
  #span: ColumnSpan | null = null
  #badge = false
  #color: EntryColor | null = null

  protected constructor(readonly name: string) {
    super()
  }

  static make(name: string) {
    return new this(name)
  }

  /**
   * Width of the entry in its layout grid: a number of columns or `'full'`.
   */
  columnSpan(span: ColumnSpan): this {
    this.#span = checkColumnSpan(span, `Entry "${this.name}"`)
    return this
  }

  getColumnSpan() {
    return this.#span
  }

  /**
   * Show the value (its formatted text) in a badge.
   */
  badge(badge = true): this {
    this.#badge = badge
    return this
  }

  /**
   * The badge's color: a color name (`success`, `danger`, `warning`,
   * `primary`, `gray`…), a map of value to color name, or a function of
   * the value and the record. Values without a color are gray.
   *
   * @example
   * ```ts
   * TextEntry.make('status').badge().color((value) => (value === 'late' ? 'danger' : 'gray'))
   * ```
   */
  color(color: EntryColor): this {
    this.#color = color
    return this
  }

  /**
   * Whether the entry shows its value in a badge.
   */
  isBadge() {
    return this.#badge
  }

  /**
   * Whether the entry declares a badge color.
   */
  hasColor() {
    return this.#color !== null
  }

  /**
   * Complete the entry's contract with what its kind shows, from the value
   * as the record holds it (here: a badge's color). Kinds of entries
   * override it.
   */
  completeContract(contract: InfolistEntryContract, value: unknown, record: unknown): void {
    if (!this.#badge) {
      return
    }
    const color = this.#color
    let name: unknown = null
    if (typeof color === 'string') {
      name = color
    } else if (typeof color === 'function') {
      name = color(value, record)
    } else if (color && value !== null && value !== undefined) {
      name = Object.hasOwn(color, String(value)) ? color[String(value)] : null
    }
    contract.badge = { color: typeof name === 'string' && name !== '' ? name : 'gray' }
  }

  /**
   * Label of the entry (default: the attribute in sentence case).
   */
  label(label: LocalizedText): this {
    this.#label = label
    return this
  }

  getLabel() {
    const attribute = this.name.includes('.')
      ? this.name.slice(this.name.indexOf('.') + 1)
      : this.name
    return this.#label === undefined ? string.sentenceCase(attribute) : localize(this.#label)
  }
}
