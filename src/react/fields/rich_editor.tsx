import { useEffect } from 'react'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import type { FormValue, RichEditorContract } from '../../renderers/types.ts'
import {
  richTextCommands,
  shortcutLabels,
  toolTooltip,
  RICH_TEXT_EXTENSIONS_OPTIONS,
} from '../../renderers/rich_text.ts'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'
import { KitTooltip } from '../tooltip.tsx'

interface RichEditorFieldProps {
  id: string
  field: RichEditorContract
  value: FormValue
  describedBy?: string
  invalid: boolean
  onChange: (value: FormValue) => void
}

/**
 * A Tiptap rich text editor with a toolbar of icon buttons (each named,
 * with a tooltip giving its name and keyboard shortcut). It submits HTML, which
 * the server sanitizes before storing it.
 */
export function RichEditorField({
  id,
  field,
  value,
  describedBy,
  invalid,
  onChange,
}: RichEditorFieldProps) {
  const t = useText()
  const editor = useEditor({
    extensions: [StarterKit.configure(RICH_TEXT_EXTENSIONS_OPTIONS)],
    content: typeof value === 'string' ? value : '',
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'id': id,
        'class': 'kit-rich-content',
        'role': 'textbox',
        'aria-multiline': 'true',
        'aria-label': field.label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? null : current.getHTML()),
  })
  /* a new value from the server (another record) replaces the content */
  useEffect(() => {
    if (!editor) return
    const html = typeof value === 'string' ? value : ''
    if (html !== editor.getHTML() && !(html === '' && editor.isEmpty)) {
      editor.commands.setContent(html, { emitUpdate: false })
    }
  }, [value, editor])
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(
        richTextCommands(field.toolbar).map((command) => [
          command.tool,
          current ? command.isActive(current) : false,
        ])
      ),
  })

  return (
    <div className="kit-rich" data-invalid={invalid ? '' : undefined}>
      <div className="kit-rich-toolbar" role="toolbar" aria-label={t('richText.toolbar')}>
        {richTextCommands(field.toolbar).map((command) => (
          <KitTooltip key={command.tool} label={toolTooltip(command, t)}>
            <button
              type="button"
              className="kit-rich-button"
              aria-label={t(`richText.${command.tool}`)}
              aria-keyshortcuts={shortcutLabels(command.shortcut, t)?.aria}
              aria-pressed={active?.[command.tool] ? 'true' : 'false'}
              disabled={!editor}
              /* a click keeps the focus and the selection in the text (typing goes on at once) */
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor && command.run(editor, t)}
            >
              <KitIcon name={command.icon} />
            </button>
          </KitTooltip>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  )
}
