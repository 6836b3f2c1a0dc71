/*
 * A small AdonisJS application folder for the generator tests: package.json
 * with the app's import aliases, tsconfig.json, config/kit.ts and a model.
 * It lives under tests/app/tmp so the package's own node_modules resolve.
 */

import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import app, { setApp } from '@adonisjs/core/services/app'
import { AceFactory } from '@adonisjs/core/factories'
import type { Database } from '@adonisjs/lucid/database'

const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url))
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url))

/**
 * Root of the fixture folders (git-ignored), one per suite run (PORT): two
 * runs side by side never share fixtures.
 */
export const FIXTURE_ROOT = fileURLToPath(
  new URL(`./app/tmp/generators-${process.env.PORT ?? 'test'}/`, import.meta.url)
)

/**
 * config/kit.ts as `node ace configure adonis-kit` writes it.
 */
export const KIT_CONFIG = `import { defineConfig, panel } from 'adonis-kit'

export default defineConfig({
  panels: [
    panel('admin')
      .path('/admin')
      .authMiddleware([() => import('#middleware/auth_middleware')])
      .resources([]),
  ],
})
`

async function write(root: string, path: string, contents: string) {
  await mkdir(dirname(join(root, path)), { recursive: true })
  await writeFile(join(root, path), contents)
}

/**
 * Create (or recreate) an application folder with the given models (fixture
 * names from tests/fixtures/models) and policies. `adonis-kit` resolves to
 * the package source through a node_modules entry, the way an installed
 * package would resolve.
 */
export async function createFixtureApp(
  root: string,
  options: { models?: string[]; policies?: string[]; kitConfig?: boolean } = {}
) {
  await rm(root, { recursive: true, force: true })
  await write(
    root,
    'package.json',
    JSON.stringify(
      {
        name: 'fixture-app',
        type: 'module',
        imports: {
          '#models/*': './app/models/*.ts',
          '#policies/*': './app/policies/*.ts',
          '#middleware/*': './app/middleware/*.ts',
          '#resources/*': './app/resources/*.ts',
          '#rules/*': './app/rules/*.ts',
        },
      },
      null,
      2
    )
  )
  await write(
    root,
    'tsconfig.json',
    JSON.stringify(
      {
        extends: '@adonisjs/tsconfig/tsconfig.app.json',
        compilerOptions: {
          noEmit: true,
          allowImportingTsExtensions: true,
          paths: { 'adonis-kit': [join(PACKAGE_ROOT, 'index.ts')] },
        },
        include: ['app/**/*.ts', 'config/**/*.ts'],
      },
      null,
      2
    )
  )
  await write(
    root,
    'node_modules/adonis-kit/package.json',
    JSON.stringify({ name: 'adonis-kit', type: 'module', exports: { '.': './index.js' } })
  )
  await write(
    root,
    'node_modules/adonis-kit/index.js',
    `export * from ${JSON.stringify(pathToFileURL(join(PACKAGE_ROOT, 'index.ts')).href)}\n`
  )
  await write(
    root,
    'app/middleware/auth_middleware.ts',
    `export default class AuthMiddleware {\n  async handle(_ctx: unknown, next: () => Promise<void>) {\n    return next()\n  }\n}\n`
  )
  if (options.kitConfig !== false) {
    await write(root, 'config/kit.ts', KIT_CONFIG)
  }
  /* each model with the fixture models it imports (`./owner.ts`) */
  const models = [...(options.models ?? [])]
  for (const model of models) {
    await mkdir(join(root, 'app/models'), { recursive: true })
    const source = join(FIXTURES, 'models', `${model}.ts`)
    await copyFile(source, join(root, 'app/models', `${model}.ts`))
    const text = await readFile(source, 'utf8')
    for (const [, imported] of text.matchAll(/from '\.\/(\w+)\.ts'/g)) {
      if (!models.includes(imported)) models.push(imported)
    }
  }
  for (const policy of options.policies ?? []) {
    await mkdir(join(root, 'app/policies'), { recursive: true })
    await copyFile(
      join(FIXTURES, 'policies', `${policy}.ts`),
      join(root, 'app/policies', `${policy}.ts`)
    )
  }
}

/**
 * An Ace kernel for the application folder, as the official packages test
 * their commands (`AceFactory`). The test application's database connection
 * is handed over as `lucid.db`, so `--generate` reads real tables. The
 * global app service is restored afterwards.
 *
 * These in-process command tests cover what a fresh application cannot
 * reach cheaply: every column type on every database, refusals, --force and
 * the generated code's type check. That the commands work in a real
 * `node ace` process (the application started by the command itself, not a
 * binding made here) is proven by the end-to-end suite (tests/e2e).
 */
export async function aceFor(root: string, db?: Database) {
  const testApp = app
  const ace = await new AceFactory().make(pathToFileURL(root.endsWith('/') ? root : `${root}/`), {
    importer: (filePath: string) => import(filePath),
  })
  setApp(testApp)
  ace.ui.switchMode('raw')
  if (db) {
    ace.app.container.bindValue('lucid.db', db)
  }
  return ace
}
