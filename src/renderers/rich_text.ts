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
  /** The button's icon (Heroicons outline name, see the renderers' icon maps) */
  icon: string
  /** Tiptap's keyboard shortcut of the command (`Mod-b`), or null */
  shortcut: string | null
  isActive: (editor: Editor) => boolean
  run: (editor: Editor, t: KitText) => void
}

const COMMANDS: Record<RichEditorTool, Omit<RichTextCommand, 'tool'>> = {
  bold: {
    icon: 'bold',
    shortcut: 'Mod-b',
    isActive: (editor) => editor.isActive('bold'),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  italic: {
    icon: 'italic',
    shortcut: 'Mod-i',
    isActive: (editor) => editor.isActive('italic'),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  heading: {
    icon: 'h2',
    shortcut: 'Mod-Alt-2',
    isActive: (editor) => editor.isActive('heading', { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  bulletList: {
    icon: 'list-bullet',
    shortcut: 'Mod-Shift-8',
    isActive: (editor) => editor.isActive('bulletList'),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  orderedList: {
    icon: 'numbered-list',
    shortcut: 'Mod-Shift-7',
    isActive: (editor) => editor.isActive('orderedList'),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  link: {
    icon: 'link',
    shortcut: null,
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
    icon: 'chat-bubble-bottom-center-text',
    shortcut: 'Mod-Shift-b',
    isActive: (editor) => editor.isActive('blockquote'),
    run: (editor) => editor.chain().focus().toggleBlockquote().run(),
  },
  code: {
    icon: 'code-bracket',
    shortcut: 'Mod-Alt-c',
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

/**
 * Whether the browser runs on an Apple system (⌘ rather than Ctrl).
 */
function isApple(): boolean {
  const nav = (globalThis as { navigator?: { platform?: string; userAgent?: string } }).navigator
  return /Mac|iPhone|iPad/.test(nav?.platform || nav?.userAgent || '')
}

/**
 * A Tiptap shortcut (`Mod-Shift-8`) as people read it (`Ctrl+Shift+8`, in
 * French `Ctrl+Maj+8`; `⌘⇧8` on a Mac) and as `aria-keyshortcuts` names it
 * (`Control+Shift+8`).
 */
export function shortcutLabels(
  shortcut: string | null,
  t: KitText,
  apple = isApple()
): { text: string; aria: string } | null {
  if (!shortcut) return null
  const keys = shortcut.split('-').map((key) => (key.length === 1 ? key.toUpperCase() : key))
  /* modifier: [as written, on a Mac, aria-keyshortcuts token] */
  const modifiers: Record<string, [string, string, string]> = {
    Mod: [t('richText.key.ctrl'), '⌘', apple ? 'Meta' : 'Control'],
    Shift: [t('richText.key.shift'), '⇧', 'Shift'],
    Alt: [t('richText.key.alt'), '⌥', 'Alt'],
  }
  const text = keys.map((key) => modifiers[key]?.[apple ? 1 : 0] ?? key)
  return {
    text: apple ? text.join('') : text.join('+'),
    aria: keys.map((key) => modifiers[key]?.[2] ?? key).join('+'),
  }
}

/**
 * The tooltip of a toolbar button: its name and its shortcut.
 */
export function toolTooltip(command: RichTextCommand, t: KitText): string {
  const label = t(`richText.${command.tool}`)
  const keys = shortcutLabels(command.shortcut, t)
  return keys ? `${label} (${keys.text})` : label
}
