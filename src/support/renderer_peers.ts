/*
 * adonis-kit
 *
 * The packages the application's renderer needs besides the framework, and
 * a Vite plugin that fails a build without them with one message naming
 * them (instead of one "missing export" error per import of the kit).
 */

import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { KitConfigurationException } from './errors.ts'

/**
 * A package to install in the application.
 */
export type PeerPackage = { name: string; isDevDependency: boolean }

/**
 * The renderer an application uses, read from its dependencies: Vue when it
 * has `@inertiajs/vue3`, React when it has `@inertiajs/react`, else null.
 */
export function rendererOf(dependencies: Set<string>): 'react' | 'vue' | null {
  return dependencies.has('@inertiajs/vue3')
    ? 'vue'
    : dependencies.has('@inertiajs/react')
      ? 'react'
      : null
}

/**
 * What the application's renderer needs besides the framework: Ark UI's
 * components, Heroicons of the same framework and the rich text field's
 * editor (Tiptap).
 */
export function rendererPeers(dependencies: Set<string>): PeerPackage[] {
  const framework = rendererOf(dependencies)
  if (!framework) {
    return []
  }
  return [
    `@ark-ui/${framework}`,
    `@heroicons/${framework}`,
    `@tiptap/${framework === 'vue' ? 'vue-3' : 'react'}`,
    '@tiptap/core',
    '@tiptap/pm',
    '@tiptap/starter-kit',
  ].map((name) => ({ name, isDevDependency: false }))
}

/**
 * The names of the dependencies and dev dependencies in a package.json.
 */
export function dependenciesOf(pkg: Record<string, any> | null): Set<string> {
  return new Set(Object.keys({ ...pkg?.dependencies, ...pkg?.devDependencies }))
}

/**
 * Whether a package is installed where Node finds it from a folder: in a
 * `node_modules` folder of that folder or of one above it.
 */
function isInstalled(name: string, from: string): boolean {
  let folder = resolve(from)
  while (true) {
    if (existsSync(join(folder, 'node_modules', name, 'package.json'))) {
      return true
    }
    const parent = dirname(folder)
    if (parent === folder) {
      return false
    }
    folder = parent
  }
}

/**
 * The renderer peers the application in `root` (the folder of its
 * package.json) lacks: listed in neither its package.json nor installed.
 */
export function missingRendererPeers(root: string): string[] {
  const path = join(root, 'package.json')
  const pkg = existsSync(path) ? JSON.parse(readFileSync(path, 'utf-8')) : null
  return rendererPeers(dependenciesOf(pkg))
    .map(({ name }) => name)
    .filter((name) => !isInstalled(name, root))
}

/**
 * The Vite plugin `configure` adds to vite.config.ts: a build (or
 * `node ace serve`) of an application that lacks a package of the kit's
 * renderer stops at once with one `E_KIT_CONFIG` error naming the missing
 * packages and the command that installs them.
 *
 * ```ts
 * import { kitPeers } from 'adonis-kit/vite'
 * export default defineConfig({ plugins: [react(), adonisjs({...}), kitPeers()] })
 * ```
 */
export function kitPeers() {
  return {
    name: 'adonis-kit:peers',
    enforce: 'pre' as const,
    configResolved(config: { root: string }) {
      /* the application's root: vite.config.ts may point `root` at a sub-folder */
      let root = resolve(config.root)
      while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) {
        root = dirname(root)
      }
      const missing = missingRendererPeers(root)
      if (missing.length) {
        throw new KitConfigurationException(
          `adonis-kit: the kit's renderer needs ${missing.join(', ')}, which the application does not have. Install them (npm i ${missing.join(' ')}), or run "node ace configure adonis-kit --install"`
        )
      }
    },
  }
}
