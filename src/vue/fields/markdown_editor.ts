import { h, type VNode } from 'vue'
import type { FormValue, MarkdownEditorContract } from '../../renderers/types.ts'
import type { KitText } from '../../renderers/text.ts'

/**
 * A Markdown source textarea; the server removes raw HTML and unsafe link
 * targets before storing it.
 */
export function renderMarkdownEditor(
  options: {
    id: string
    field: MarkdownEditorContract
    value: FormValue
    describedBy?: string
    invalid: boolean
    onChange: (value: FormValue) => void
  },
  t: KitText
): VNode[] {
  const hintId = `${options.id}-hint`
  return [
    h('textarea', {
      'id': options.id,
      'name': options.field.name,
      'class': 'kit-markdown',
      'rows': options.field.rows,
      'spellcheck': true,
      'aria-invalid': options.invalid ? 'true' : undefined,
      'aria-required': options.field.required ? 'true' : undefined,
      'aria-describedby': [hintId, options.describedBy].filter(Boolean).join(' '),
      'value': String(options.value ?? ''),
      'onInput': (event: Event) => options.onChange((event.target as HTMLTextAreaElement).value),
    }),
    h('p', { id: hintId, class: 'kit-description' }, t('markdown.hint')),
  ]
}
