import string from '@adonisjs/core/helpers/string'
import { ValueFormat } from '../../support/value_format.ts'

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

  protected constructor(readonly name: string) {
    super()
  }

  static make(name: string) {
    return new this(name)
  }

  /**
   * Label of the entry (default: the attribute in sentence case).
   */
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
