import string from '@adonisjs/core/helpers/string'
import { ValueFormat } from '../../support/value_format.ts'
import { checkColumnSpan, type ColumnSpan } from '../form/layout/layout_component.ts'

/**
 * One read-only value of a view page: a model property (`title`) or one
 * attribute of a to-one relationship (`author.fullName`), eager-loaded.
 * Hidden attributes are refused at boot. Formats (`dateTime()`, `money()`,
 * `url()`…) come from `ValueFormat`.
 *
 * @example
 * ```ts
 * TextEntry.make('author.fullName').label('Author')
 * ```
 */
export class TextEntry extends ValueFormat {
  #label?: string
  #span: ColumnSpan | null = null

  protected constructor(readonly name: string) {
    super()
  }

  static make(name: string) {
    return new this(name)
  }

  /**
   * Label of the entry (default: the attribute in sentence case).
   */
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

  label(label: string): this {
    this.#label = label
    return this
  }

  getLabel() {
    const attribute = this.name.includes('.')
      ? this.name.slice(this.name.indexOf('.') + 1)
      : this.name
    return this.#label ?? string.sentenceCase(attribute)
  }
}
