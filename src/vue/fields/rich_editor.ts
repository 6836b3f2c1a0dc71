import { defineComponent, h, onBeforeUnmount, ref, watch, type PropType } from 'vue'
import { EditorContent, useEditor } from '@tiptap/vue-3'
import StarterKit from '@tiptap/starter-kit'
import type { FormValue, RichEditorContract } from '../../renderers/types.ts'
import {
  richTextCommands,
  shortcutLabels,
  toolTooltip,
  RICH_TEXT_EXTENSIONS_OPTIONS,
} from '../../renderers/rich_text.ts'
import { KitIcon } from '../icons.ts'
import { useText } from '../text.ts'
import { KitTooltip } from '../tooltip.ts'

/**
 * A Tiptap rich text editor with a toolbar of icon buttons (each named,
 * with a tooltip giving its name and keyboard shortcut). Emits `change`
 * with the HTML, which the server sanitizes before storing it.
 */
export const RichEditorField = defineComponent({
  name: 'KitRichEditorField',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<RichEditorContract>, required: true },
    value: { type: [String, Number, Boolean, Array, null] as PropType<FormValue>, default: null },
    describedBy: { type: String, default: undefined },
    invalid: { type: Boolean, default: false },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    /* bumped on every transaction so the toolbar's pressed states follow the selection */
    const revision = ref(0)
    const editor = useEditor({
      extensions: [StarterKit.configure(RICH_TEXT_EXTENSIONS_OPTIONS)],
      content: typeof props.value === 'string' ? props.value : '',
      editorProps: {
        attributes: {
          'id': props.id,
          'class': 'kit-rich-content',
          'role': 'textbox',
          'aria-multiline': 'true',
          'aria-label': props.field.label,
          ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
          ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
      onUpdate: ({ editor: current }) => emit('change', current.isEmpty ? null : current.getHTML()),
      onTransaction: () => revision.value++,
    })
    /* a new value from the server (another record) replaces the content */
    watch(
      () => props.value,
      (value) => {
        const current = editor.value
        const html = typeof value === 'string' ? value : ''
        if (current && html !== current.getHTML() && !(html === '' && current.isEmpty)) {
          current.commands.setContent(html, { emitUpdate: false })
        }
      }
    )
    onBeforeUnmount(() => editor.value?.destroy())

    return () => {
      void revision.value
      const current = editor.value
      return h('div', { 'class': 'kit-rich', 'data-invalid': props.invalid ? '' : undefined }, [
        h(
          'div',
          { 'class': 'kit-rich-toolbar', 'role': 'toolbar', 'aria-label': t('richText.toolbar') },
          richTextCommands(props.field.toolbar).map((command) =>
            h(KitTooltip, { key: command.tool, label: toolTooltip(command, t) }, () =>
              h(
                'button',
                {
                  'type': 'button',
                  'class': 'kit-rich-button',
                  'aria-label': t(`richText.${command.tool}`),
                  'aria-keyshortcuts': shortcutLabels(command.shortcut, t)?.aria,
                  'aria-pressed': current && command.isActive(current) ? 'true' : 'false',
                  'disabled': !current,
                  /* a click keeps the focus and the selection in the text (typing goes on at once) */
                  'onMousedown': (event: MouseEvent) => event.preventDefault(),
                  'onClick': () => current && command.run(current, t),
                },
                [h(KitIcon, { name: command.icon })]
              )
            )
          )
        ),
        h(EditorContent, { editor: current }),
      ])
    }
  },
})
