import { defineComponent, h, ref, type PropType } from 'vue'
import { Tabs } from '@ark-ui/vue/tabs'
import type { FormValue, MarkdownEditorContract } from '../../renderers/types.ts'
import { markdownPreview } from '../../renderers/shared.ts'
import { renderHtml } from '../media.ts'
import { useText } from '../text.ts'

type Preview =
  | { state: 'idle' | 'loading' }
  | { state: 'shown'; html: string }
  | { state: 'failed'; error: string }

/**
 * A Markdown source textarea; the server removes raw HTML and unsafe link
 * targets before storing it. With a preview endpoint, a Write and a Preview
 * tab (Ark UI Tabs): the preview is rendered and sanitized on the server.
 */
export const MarkdownEditorField = defineComponent({
  name: 'KitMarkdownEditorField',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<MarkdownEditorContract>, required: true },
    value: { type: null as unknown as PropType<FormValue>, default: null },
    describedBy: { type: String, default: undefined },
    invalid: { type: Boolean, default: false },
    onChange: { type: Function as PropType<(value: FormValue) => void>, required: true },
  },
  setup(props) {
    const t = useText()
    const tab = ref('write')
    const preview = ref<Preview>({ state: 'idle' })
    const showPreview = async () => {
      preview.value = { state: 'loading' }
      const answer = await markdownPreview(props.field.previewUrl!, String(props.value ?? ''), t)
      preview.value =
        'html' in answer
          ? { state: 'shown', html: answer.html }
          : { state: 'failed', error: answer.error }
    }
    const source = () => {
      const hintId = `${props.id}-hint`
      return [
        h('textarea', {
          'id': props.id,
          'name': props.field.name,
          'class': 'kit-markdown',
          'rows': props.field.rows,
          'spellcheck': true,
          'aria-invalid': props.invalid ? 'true' : undefined,
          'aria-required': props.field.required ? 'true' : undefined,
          'aria-describedby': [hintId, props.describedBy].filter(Boolean).join(' '),
          'value': String(props.value ?? ''),
          'onInput': (event: Event) => props.onChange((event.target as HTMLTextAreaElement).value),
        }),
        h('p', { id: hintId, class: 'kit-description' }, t('markdown.hint')),
      ]
    }
    const shownPreview = () => {
      const current = preview.value
      if (current.state === 'loading') {
        return h('p', { role: 'status', class: 'kit-description' }, t('markdown.previewLoading'))
      }
      if (current.state === 'failed') {
        return h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, current.error)
      }
      if (current.state === 'shown' && current.html !== '') return renderHtml(current.html)
      if (current.state === 'shown') {
        return h('p', { class: 'kit-description' }, t('markdown.previewEmpty'))
      }
      return null
    }
    return () => {
      if (!props.field.previewUrl) return h('div', { class: 'kit-markdown-field' }, source())
      return h(
        Tabs.Root,
        {
          'class': 'kit-markdown-field kit-markdown-tabs',
          'modelValue': tab.value,
          'onUpdate:modelValue': (next: string) => {
            tab.value = next
            if (next === 'preview') void showPreview()
          },
        },
        () => [
          h(
            Tabs.List,
            {
              'class': 'kit-layout-tab-list',
              'aria-label': t('markdown.tabs'),
            },
            () => [
              h(Tabs.Trigger, { value: 'write', class: 'kit-layout-tab' }, () =>
                t('markdown.write')
              ),
              h(Tabs.Trigger, { value: 'preview', class: 'kit-layout-tab' }, () =>
                t('markdown.preview')
              ),
            ]
          ),
          h(Tabs.Content, { value: 'write', class: 'kit-markdown-write' }, () => source()),
          h(Tabs.Content, { value: 'preview', class: 'kit-markdown-preview' }, () => [
            shownPreview(),
          ]),
        ]
      )
    }
  },
})
