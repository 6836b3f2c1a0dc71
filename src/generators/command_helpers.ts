import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import type { BaseCommand } from '@adonisjs/core/ace'
import type { ApplicationService } from '@adonisjs/core/types'
import { stubsRoot } from '../../stubs/main.ts'

/**
 * A class or member name given on the command line: letters, digits and
 * underscores, starting with a letter. Path separators, dots and traversal
 * never pass.
 */
export function isSafeName(name: unknown): name is string {
  return typeof name === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(name)
}

/**
 * The existing `.ts` or `.js` file for a path given without extension.
 */
export function resolveAppFile(pathWithoutExtension: string): string | null {
  for (const extension of ['.ts', '.js']) {
    if (existsSync(`${pathWithoutExtension}${extension}`)) {
      return `${pathWithoutExtension}${extension}`
    }
  }
  return null
}

/**
 * The default export of an application file.
 */
export async function importAppModule<T>(filePath: string): Promise<T | undefined> {
  const module = await import(pathToFileURL(filePath).href)
  return module.default
}

/**
 * Render each stub without writing it and answer the destinations that
 * already exist (relative to the app root). With `force`, nothing is
 * reported.
 */
export async function assertStubsAreNew(
  app: ApplicationService,
  stubs: string[],
  state: Record<string, any>,
  force: boolean
): Promise<string[]> {
  if (force) {
    return []
  }
  const manager = await app.stubs.create()
  const existing: string[] = []
  for (const stubPath of stubs) {
    const stub = await manager.build(stubPath, { source: stubsRoot })
    const prepared = await stub.prepare(state)
    if (existsSync(prepared.destination)) {
      existing.push(app.relativePath(prepared.destination).replace(/\\/g, '/'))
    }
  }
  return existing
}

/**
 * The position of the bracket closing the one at `open`, skipping strings
 * and comments, or -1.
 */
function closingBracket(source: string, open: number): number {
  let depth = 0
  for (let index = open; index < source.length; index++) {
    const char = source[index]
    if (char === "'" || char === '"' || char === '`') {
      const end = source.indexOf(char, index + 1)
      if (end === -1) return -1
      index = end
    } else if (char === '/' && source[index + 1] === '/') {
      index = source.indexOf('\n', index)
      if (index === -1) return -1
    } else if (char === '/' && source[index + 1] === '*') {
      index = source.indexOf('*/', index)
      if (index === -1) return -1
    } else if (char === '[' || char === '(' || char === '{') {
      depth++
    } else if (char === ']' || char === ')' || char === '}') {
      depth--
      if (depth === 0) return index
    }
  }
  return -1
}

/**
 * Insert an element at the end of the array literal passed to the first
 * `.resources([...])` call of a source, keeping its layout. Answers null
 * when there is no such call.
 */
export function addToResourcesList(source: string, element: string): string | null {
  const call = /\.resources\(\s*\[/.exec(source)
  if (!call) {
    return null
  }
  const open = call.index + call[0].length - 1
  const close = closingBracket(source, open)
  if (close === -1) {
    return null
  }
  const inner = source.slice(open + 1, close)
  if (inner.trim() === '') {
    return `${source.slice(0, open + 1)}${element}${source.slice(close)}`
  }
  if (inner.includes('\n')) {
    /* one element per line: add a line with the same indentation */
    const lines = inner.replace(/\s+$/, '').split('\n')
    const indent = /^\s*/.exec(lines[lines.length - 1])![0]
    const body = inner.replace(/\s+$/, '').replace(/,$/, '')
    const closingIndent = inner.slice(inner.replace(/\s+$/, '').length)
    return `${source.slice(0, open + 1)}${body},\n${indent}${element},${closingIndent}${source.slice(close)}`
  }
  const body = inner.replace(/\s*,?\s*$/, '')
  return `${source.slice(0, open + 1)}${body}, ${element}${source.slice(close)}`
}

/**
 * Add a lazy import to the `.resources([...])` list of the first panel of
 * config/kit.ts, unless it is there already. Without the file or the list,
 * the command says how to register the resource by hand.
 */
export async function registerResourceInConfig(
  command: BaseCommand,
  importCode: string
): Promise<void> {
  const configFile = command.app.configPath('kit.ts')
  const action = command.logger.action('register resource in config/kit.ts')
  const manual = `add ${importCode} to a panel's resources`

  if (!existsSync(configFile)) {
    action.skipped(`config/kit.ts does not exist; ${manual}`)
    return
  }

  const source = await readFile(configFile, 'utf-8')
  if (source.includes(importCode)) {
    action.skipped('already registered')
    return
  }

  const updated = addToResourcesList(source, importCode)
  if (updated === null) {
    action.skipped(`no panel with a resources([...]) list in config/kit.ts; ${manual}`)
    return
  }
  await writeFile(configFile, updated)
  action.succeeded()
}
