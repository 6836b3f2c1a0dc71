import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import type { BaseCommand } from '@adonisjs/core/ace'
import type { ApplicationService } from '@adonisjs/core/types'
import type { Codemods } from '@adonisjs/core/ace/codemods'
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
 * Add a lazy import to the `.resources([...])` list of the first panel of
 * config/kit.ts, unless it is there already. Without the file or the list,
 * the command says how to register the resource by hand.
 */
export async function registerResourceInConfig(
  command: BaseCommand,
  codemods: Codemods,
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

  const project = await codemods.getTsMorphProject()
  const file = project?.addSourceFileAtPathIfExists(configFile)
  const call = file
    ?.getDescendants()
    .find(
      (node) =>
        node.getKindName() === 'CallExpression' &&
        (node as any).getExpression().getKindName() === 'PropertyAccessExpression' &&
        (node as any).getExpression().getName() === 'resources'
    ) as any
  const list = call?.getArguments()[0]
  if (!file || !list || list.getKindName() !== 'ArrayLiteralExpression') {
    action.skipped(`no panel with a resources([...]) list in config/kit.ts; ${manual}`)
    return
  }

  list.addElement(importCode)
  await file.save()
  project?.removeSourceFile(file)
  action.succeeded()
}
