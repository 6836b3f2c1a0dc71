import type {
  RichEditorContract,
  RichEditorTool,
  SerializableValue,
} from '../../../contracts/main.ts'
import { sanitizeRichText } from '../../../support/html_sanitizer.ts'
import { Field, type TextSanitizer } from './field.ts'

const TOOLBAR: RichEditorTool[] = [
  'bold',
  'italic',
  'heading',
  'bulletList',
  'orderedList',
  'link',
  'blockquote',
  'code',
]

/**
 * A rich text editor (Tiptap in both renderers). The HTML is sanitized on
 * the server against an allow-list before it is stored (script, style,
 * event handlers, `javascript:` and `data:` URLs removed) and again when it
 * is read back, so a stored payload can never execute.
 *
 * @example
 * ```ts
 * RichEditor.make('body').toolbar(['bold', 'italic', 'link'])
 * ```
 */
export class RichEditor extends Field {
  #toolbar: RichEditorTool[] = [...TOOLBAR]

  /**
   * The toolbar buttons, in order (default: all of them).
   */
  toolbar(tools: RichEditorTool[]): this {
    this.#toolbar = tools.filter((tool) => TOOLBAR.includes(tool))
    return this
  }

  /**
   * The value to store: the submitted HTML, sanitized.
   */
  sanitize(value: unknown): string | null {
    return sanitizeRichText(value)
  }

  /**
   * Hook: the field's values are sanitized wherever they are stored or sent.
   */
  textSanitizer(): TextSanitizer {
    return (value) => this.sanitize(value)
  }

  formValue(value: unknown): SerializableValue | undefined {
    return sanitizeRichText(value)
  }

  toContract(): RichEditorContract {
    return {
      type: 'richText',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      toolbar: this.#toolbar,
    }
  }
}
