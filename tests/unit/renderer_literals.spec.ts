import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The renderers' folders: every text a person reads comes from the page's
 * `strings` (keys of the kit's catalog), never from an English literal.
 */
const ROOT = new URL('../../src/', import.meta.url).pathname
const FOLDERS = ['react', 'vue', 'renderers']

/**
 * Words a renderer may write as they are: key names of the keyboard, HTTP
 * header names and the like, never shown to a person.
 */
const ALLOWED = new Set([
  'Enter',
  'Escape',
  'Tab',
  'Home',
  'End',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Backspace',
  /* modifier keys of Tiptap's shortcuts and of aria-keyshortcuts */
  'Mod',
  'Control',
  'Meta',
  'Shift',
  'Alt',
  'Accept',
  'Content-Type',
  'X-Requested-With',
  'XMLHttpRequest',
  'X-XSRF-TOKEN',
  'X-Inertia',
  'Infinity',
])

/**
 * English-looking text of a source file: JSX text, `aria-label`, `title`
 * and `placeholder` attributes, and string literals starting with a
 * capitalised word (the children of Vue's `h()`), comments excluded.
 */
export function englishLiterals(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
  const found = new Set<string>()
  /* JSX text between tags (up to the next tag or expression) */
  for (const match of code.matchAll(/(?<![=\-])>\s*([A-Za-z][^<>{}()=;&|?:]*?)\s*[<{]/g)) {
    if (/[A-Za-z]{2,}/.test(match[1])) found.add(match[1].trim())
  }
  /* attributes read by people */
  for (const match of code.matchAll(
    /(?:aria-label|'aria-label'|title|placeholder)\s*[=:]\s*(?:\{\s*)?(['"`])([^'"`]*[A-Za-z]{2,}[^'"`]*)\1/g
  )) {
    found.add(match[2])
  }
  /* string literals beginning with a capitalised word */
  for (const match of code.matchAll(/(?<!name: )(['"`])([A-Z][a-z]+(?:[ ,.!?:…][^'"`\n]*)?)\1/g)) {
    found.add(match[2])
  }
  return [...found].filter((text) => !ALLOWED.has(text))
}

function sourceFiles() {
  return FOLDERS.flatMap((folder) =>
    /* field widgets live in sub-folders (src/react/fields, src/vue/fields) */
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => join(ROOT, folder, name))
  )
}

test.group('Renderer literals', () => {
  test('the scan finds English in JSX text, labels and h() children', ({ assert }) => {
    assert.deepEqual(englishLiterals('<button aria-label="Close panel">Save changes</button>'), [
      'Save changes',
      'Close panel',
    ])
    assert.deepEqual(englishLiterals(`h('button', { class: 'kit-button' }, 'Cancel')`), ['Cancel'])
    assert.deepEqual(
      englishLiterals(`h('button', { class: 'kit-button' }, t('action.cancel'))`),
      []
    )
    assert.deepEqual(englishLiterals(`<span>{t('table.yes')}</span>`), [])
    assert.deepEqual(englishLiterals(`if (event.key === 'Enter') run()`), [])
    assert.deepEqual(englishLiterals(`<button>Add to {label}</button>`), ['Add to'])
    assert.deepEqual(englishLiterals(`const ICONS: Record<string, Icon> = {}`), [])
    assert.deepEqual(englishLiterals(`defineComponent({ name: 'Infolist' })`), [])
  })

  test('no renderer file holds an English literal', ({ assert }) => {
    const offenders = sourceFiles().flatMap((file) =>
      englishLiterals(readFileSync(file, 'utf8')).map(
        (text) => `${file.slice(ROOT.length)}: ${text}`
      )
    )
    assert.deepEqual(offenders, [])
  })
})
