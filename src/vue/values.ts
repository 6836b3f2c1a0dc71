import { defineComponent, h, type PropType } from 'vue'
import { flashToast } from '../renderers/behaviour.ts'
import { copiedText, copyToClipboard, type ShownValue } from '../renderers/values.ts'
import { KitIcon } from './icons.ts'
import { useText } from './text.ts'
import { kitToaster } from './toasts.ts'
import { renderHtml } from './media.ts'

/**
 * A value of a cell or an infolist entry: its formatted text (on one
 * truncated line unless the format wraps), a link, a check or a cross for
 * booleans (with a hidden Yes or No), the server's sanitized HTML for
 * Markdown values, and a copy button that copies the raw
 * value and announces it in a toast.
 */
export const ValueView = defineComponent({
  name: 'ValueView',
  props: {
    shown: { type: Object as PropType<ShownValue>, required: true },
    label: { type: String, required: true },
  },
  setup(props) {
    const t = useText()
    const copy = async () => {
      if (await copyToClipboard(copiedText(props.shown.value))) {
        kitToaster.create(flashToast(t('table.copied'), kitToaster))
      }
    }
    return () => {
      const { shown } = props
      return h('span', { class: shown.wrap ? 'kit-value kit-value-wrap' : 'kit-value' }, [
        shown.html !== null
          ? renderHtml(shown.html)
          : shown.boolean !== null
            ? h('span', { class: shown.boolean ? 'kit-boolean kit-boolean-true' : 'kit-boolean' }, [
                h(KitIcon, { name: shown.boolean ? 'check' : 'x-mark' }),
                h('span', { class: 'kit-sr-only' }, shown.boolean ? t('table.yes') : t('table.no')),
              ])
            : shown.href
              ? h('a', { href: shown.href, class: 'kit-link kit-value-text' }, shown.text)
              : h(
                  'span',
                  { class: 'kit-value-text', title: shown.wrap ? undefined : shown.text },
                  shown.text
                ),
        shown.copyable
          ? h(
              'button',
              {
                'type': 'button',
                'class': 'kit-icon-button kit-copy',
                'aria-label': t('table.copyValue', { label: props.label }),
                'onClick': copy,
              },
              [h(KitIcon, { name: 'clipboard-document' })]
            )
          : null,
      ])
    }
  },
})
