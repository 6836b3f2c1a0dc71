import { contextTranslator } from '../../../i18n/translator.ts'
import type { TagsInputContract } from '../../../contracts/main.ts'
import { Field, type PreparedValue } from './field.ts'
import { storedList } from './field_options.ts'
import { assertWholeNumber } from '../../../support/config_checks.ts'

/**
 * A list of short strings, stored as a JSON array (cast the attribute to
 * and from JSON in the model). The server trims each tag, drops empty ones
 * and repeats, and refuses more than `maxItems` tags or a tag longer than
 * `maxLength`. A comma-separated string is accepted too (HTML forms).
 *
 * @example
 * ```ts
 * TagsInput.make('keywords').maxItems(10).maxLength(30).suggestions(['news', 'release'])
 * ```
 */
export class TagsInput extends Field {
  #maxItems: number | null = null
  #maxLength: number | null = null
  #suggestions: string[] = []

  /**
   * Most tags accepted.
   */
  maxItems(count: number): this {
    assertWholeNumber(count, 1, Number.MAX_SAFE_INTEGER, `TagsInput "${this.name}": maxItems()`)
    this.#maxItems = count
    return this
  }

  /**
   * Most characters of one tag.
   */
  maxLength(length: number): this {
    assertWholeNumber(length, 1, Number.MAX_SAFE_INTEGER, `TagsInput "${this.name}": maxLength()`)
    this.#maxLength = length
    return this
  }

  /**
   * Tags offered while typing.
   */
  suggestions(tags: string[]): this {
    this.#suggestions = tags
    return this
  }

  formValue(value: unknown) {
    return value === null || value === undefined ? [] : (storedList(value) ?? []).map(String)
  }

  prepareInput(value: unknown): PreparedValue {
    if (value === null || value === undefined || value === '') {
      return { value: [] }
    }
    /* the body parser turns empty strings into null */
    const list = typeof value === 'string' ? value.split(',') : value
    if (!Array.isArray(list) || list.some((entry) => typeof entry !== 'string' && entry !== null)) {
      return { error: contextTranslator().t('field.error.tags'), rule: 'tags' }
    }
    const tags = [
      ...new Set(
        list.filter((entry): entry is string => entry !== null).map((entry) => entry.trim())
      ),
    ].filter(Boolean)
    if (this.#maxItems !== null && tags.length > this.#maxItems) {
      return {
        error: contextTranslator().t('field.error.tags.maxItems', { max: this.#maxItems }),
        rule: 'tags.maxItems',
      }
    }
    if (this.#maxLength !== null && tags.some((tag) => tag.length > this.#maxLength!)) {
      return {
        error: contextTranslator().t('field.error.tags.maxLength', { max: this.#maxLength }),
        rule: 'tags.maxLength',
      }
    }
    return { value: tags }
  }

  toContract(): TagsInputContract {
    return {
      type: 'tags',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      maxItems: this.#maxItems,
      maxLength: this.#maxLength,
      suggestions: this.#suggestions,
    }
  }
}
