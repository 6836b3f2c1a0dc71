/*
 * adonis-kit
 *
 * The rich text toolbar shared by the React and Vue Tiptap editors.
 */

import type { Editor } from '@tiptap/core'
/* the commands of StarterKit's extensions (toggleBold, setLink...) */
import type {} from '@tiptap/starter-kit'
import type { RichEditorTool } from './types.ts'
import type { KitText } from './text.ts'

/**
 * StarterKit options: headings 2 and 3, links that do not open on click and
 * accept http(s) and mailto only (the server sanitizes again).
 */
export const RICH_TEXT_EXTENSIONS_OPTIONS = {
  heading: { levels: [2, 3] as (2 | 3)[] },
  link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
  underline: false as const,
  strike: false as const,
  horizontalRule: false as const,
}

/**
 * One toolbar button: whether it is active at the selection and what it does.
 */
export interface RichTextCommand {
  tool: RichEditorTool
  isActive: (editor: Editor) => boolean
  run: (editor: Editor, t: KitText) => void
}

const COMMANDS: Record<RichEditorTool, Omit<RichTextCommand, 'tool'>> = {
  bold: {
    isActive: (editor) => editor.isActive('bold'),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  italic: {
    isActive: (editor) => editor.isActive('italic'),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  heading: {
    isActive: (editor) => editor.isActive('heading', { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  bulletList: {
    isActive: (editor) => editor.isActive('bulletList'),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  orderedList: {
    isActive: (editor) => editor.isActive('orderedList'),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  link: {
    isActive: (editor) => editor.isActive('link'),
    run: (editor, t) => {
      const current = (editor.getAttributes('link').href as string | undefined) ?? ''
      const href = browserPrompt(t('richText.linkPrompt'), current)
      if (href === null) return
      if (href.trim() === '') {
        editor.chain().focus().extendMarkRange('link').unsetLink().run()
      } else if (isSafeHref(href.trim())) {
        editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run()
      }
    },
  },
  blockquote: {
    isActive: (editor) => editor.isActive('blockquote'),
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
  code: {
    isActive: (editor) => editor.isActive('codeBlock'),
    run: (editor) => editor.chain().focus().toggleCodeBlock().run(),
  },
}

/**
 * The browser's prompt dialog.
 */
function browserPrompt(message: string, value: string): string | null {
  return (globalThis as unknown as { prompt(m: string, v: string): string | null }).prompt(
    message,
    value
  )
}

/**
 * Whether a link typed in the editor may be set: http(s), mailto or a path.
 */
export function isSafeHref(href: string): boolean {
  return /^(?:https?:\/\/|mailto:|\/(?!\/))/i.test(href)
}

/**
 * The commands of a toolbar, in its order.
 */
export function richTextCommands(tools: RichEditorTool[]): RichTextCommand[] {
  return tools.filter((tool) => tool in COMMANDS).map((tool) => ({ tool, ...COMMANDS[tool] }))
}
