import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app, { setApp } from '@adonisjs/core/services/app'
import { AceFactory, IgnitorFactory } from '@adonisjs/core/factories'
import Configure from '@adonisjs/core/commands/configure'
import type { FileSystem } from '@japa/file-system'

const PACKAGE_ENTRY = new URL('../../index.ts', import.meta.url).href

const BOOTSTRAP = `import { assert } from '@japa/assert'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'

export const plugins: Config['plugins'] = [assert(), pluginAdonisJS(app)]
`

/**
 * A fresh AdonisJS application folder, as the starter kits lay it out.
 */
async function setupApp(fs: FileSystem) {
  await fs.createJson('tsconfig.json', {})
  await fs.create('adonisrc.ts', `export default defineConfig({})`)
  await fs.create('tests/bootstrap.ts', BOOTSTRAP)
  await fs.createJson('package.json', {
    name: 'my-app',
    type: 'module',
    imports: { '#models/*': './app/models/*.js', '#controllers/*': './app/controllers/*.js' },
    dependencies: { '@adonisjs/core': '^7.5.0', '@adonisjs/lucid': '^22.4.0', 'luxon': '^3.7.0' },
  })
}

/**
 * Run `node ace configure adonis-kit` in the folder (IgnitorFactory +
 * AceFactory, as the official packages test their configure hooks).
 */
async function configure(fs: FileSystem, args: string[], answer?: boolean) {
  const testApp = app
  const ignitor = new IgnitorFactory()
    .withCoreProviders()
    .withCoreConfig()
    .create(fs.baseUrl, { importer: (filePath) => import(filePath) })
  const ace = await new AceFactory().make(ignitor)
  setApp(testApp)
  ace.ui.switchMode('raw')

  const command = await ace.create(Configure, [PACKAGE_ENTRY, ...args])
  if (answer !== undefined) {
    const trap = command.prompt.trap(
      'Do you want to install the missing peer packages (@adonisjs/inertia, @adonisjs/bouncer, @vinejs/vine)?'
    )
    answer ? trap.accept() : trap.reject()
  }
  await command.exec()
  if (process.env.DEBUG_COMMANDS) console.log(command.logger.getLogs(), command.error)
  return command
}

async function snapshotFiles(fs: FileSystem) {
  const files = ['adonisrc.ts', 'tests/bootstrap.ts', 'config/kit.ts', 'package.json']
  return Promise.all(files.map((file) => readFile(join(fs.basePath, file), 'utf-8')))
}

test.group('configure', (group) => {
  /* the codemods load a TypeScript project */
  group.each.timeout(30_000)

  test('registers the provider, the commands, config/kit.ts, the Japa plugin and the aliases', async ({
    fs,
    assert,
  }) => {
    await setupApp(fs)
    const command = await configure(fs, ['--no-install'])
    command.assertSucceeded()

    await assert.fileContains('adonisrc.ts', [
      `() => import('adonis-kit/kit_provider')`,
      `() => import('adonis-kit/commands')`,
    ])
    await assert.fileContains('config/kit.ts', [
      `import { defineConfig, panel } from 'adonis-kit'`,
      `panel('admin')`,
      '.resources([])',
    ])
    await assert.fileContains('tests/bootstrap.ts', [
      `import { kitPlugin } from 'adonis-kit/plugins/japa'`,
      'kitPlugin()',
    ])
    const pkg = JSON.parse(await readFile(join(fs.basePath, 'package.json'), 'utf-8'))
    assert.deepEqual(pkg.imports, {
      '#models/*': './app/models/*.js',
      '#controllers/*': './app/controllers/*.js',
      '#resources/*': './app/resources/*.js',
      '#rules/*': './app/rules/*.js',
    })

    /* the missing peers are listed, not installed */
    command.assertLogMatches(/@adonisjs\/inertia/)
    command.assertLogMatches(/@adonisjs\/bouncer/)
    assert.isFalse(
      command.logger.getLogs().some(({ message }) => /@adonisjs\/lucid\b/.test(message)),
      'lucid is installed already'
    )
  })

  test('running it twice changes nothing the second time', async ({ fs, assert }) => {
    await setupApp(fs)
    const first = await configure(fs, ['--no-install'])
    first.assertSucceeded()
    const afterFirst = await snapshotFiles(fs)

    const second = await configure(fs, ['--no-install'])
    second.assertSucceeded()
    assert.deepEqual(await snapshotFiles(fs), afterFirst)
    second.assertLogMatches(/SKIPPED:.*create config\/kit\.ts/)
    second.assertLogMatches(/register kitPlugin\(\) in tests\/bootstrap\.ts.*already registered/)

    /* the configured adonisrc.ts imports each module once */
    const rc = await readFile(join(fs.basePath, 'adonisrc.ts'), 'utf-8')
    assert.equal(rc.split('adonis-kit/kit_provider').length, 2)
    assert.equal(rc.split('adonis-kit/commands').length, 2)
    const bootstrap = await readFile(join(fs.basePath, 'tests/bootstrap.ts'), 'utf-8')
    assert.equal(bootstrap.split('kitPlugin').length, 3)
  })

  test('asks before installing peers; declining lists them', async ({ fs, assert }) => {
    await setupApp(fs)
    const command = await configure(fs, [], false)
    command.assertSucceeded()
    command.assertLogMatches(/npm i\) @adonisjs\/inertia @adonisjs\/bouncer @vinejs\/vine$/)
    const pkg = JSON.parse(await readFile(join(fs.basePath, 'package.json'), 'utf-8'))
    assert.notProperty(pkg.dependencies, '@adonisjs/inertia')
  })

  test('keeps an app without tests/bootstrap.ts working', async ({ fs, assert }) => {
    await setupApp(fs)
    await fs.remove('tests/bootstrap.ts')
    const command = await configure(fs, ['--no-install'])
    command.assertSucceeded()
    command.assertLogMatches(/tests\/bootstrap\.ts does not exist/)
    await assert.fileExists('config/kit.ts')
  })
})
