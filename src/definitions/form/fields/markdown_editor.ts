import type { MarkdownEditorContract, SerializableValue } from '../../../contracts/main.ts'
import type { FieldKit, FieldSerialization } from './field_kit.ts'
import { sanitizeMarkdown } from '../../../support/html_sanitizer.ts'
import { Field, type TextSanitizer } from './field.ts'
import { assertWholeNumber } from '../../../support/config_checks.ts'

/**
 * A Markdown source editor. Before it is stored (and when it is read back)
 * raw HTML is removed from the source and link targets other than http(s),
 * mailto, paths and anchors are neutralized.
 *
 * @example
 * ```ts
 * MarkdownEditor.make('notes').rows(12)
 * ```
 */
export class MarkdownEditor extends Field {
  #rows = 10

  /**
   * Visible rows.
   */
  rows(rows: number): this {
    assertWholeNumber(rows, 1, 1000, `MarkdownEditor "${this.name}": rows()`)
    this.#rows = rows
    return this
  }

  /**
   * The value to store: the submitted Markdown, sanitized.
   */
  sanitize(value: unknown): string | null {
    return sanitizeMarkdown(value)
  }

  /**
   * Hook: the field's values are sanitized wherever they are stored or sent.
   */
  textSanitizer(): TextSanitizer {
    return (value) => this.sanitize(value)
  }

  /**
   * Hook: the field's preview endpoint, on forms that have one.
   */
  async serializeFor(form: FieldSerialization, kit: FieldKit): Promise<MarkdownEditorContract> {
    const contract = this.serialize(form.values, form.state) as MarkdownEditorContract
    if (kit.markdownUrl) contract.previewUrl = kit.markdownUrl(this.name)
    return contract
  }

  /**
   * Hook: a Markdown editor has a preview endpoint.
   */
  previewsMarkdown(): boolean {
    return true
  }

  formValue(value: unknown): SerializableValue | undefined {
    return sanitizeMarkdown(value)
  }

  toContract(): MarkdownEditorContract {
    return {
      type: 'markdown',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      rows: this.#rows,
    }
  }
}
