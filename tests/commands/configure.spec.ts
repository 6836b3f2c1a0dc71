import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
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
const KERNEL = `import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.use([
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/inertia_middleware'),
])

router.use([() => import('@adonisjs/core/bodyparser_middleware')])
`

async function setupApp(fs: FileSystem) {
  await fs.createJson('tsconfig.json', {})
  await fs.create('start/kernel.ts', KERNEL)
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

/**
 * Add a dependency to the application's package.json.
 */
async function addDependency(fs: FileSystem, name: string, version: string) {
  const pkg = JSON.parse(await readFile(join(fs.basePath, 'package.json'), 'utf-8'))
  pkg.dependencies[name] = version
  await fs.createJson('package.json', pkg)
}

async function configureAndAssert(fs: FileSystem) {
  const command = await configure(fs, ['--no-install'])
  command.assertSucceeded()
  return command
}

async function snapshotFiles(fs: FileSystem) {
  const files = [
    'adonisrc.ts',
    'tests/bootstrap.ts',
    'config/kit.ts',
    'package.json',
    'start/kernel.ts',
  ]
  return Promise.all(files.map((file) => readFile(join(fs.basePath, file), 'utf-8')))
}

test.group('configure', (group) => {
  /* the codemods load a TypeScript project */
  group.each.timeout(120_000)

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

    /* the audit trail's migration */
    const migrations = await readdir(join(fs.basePath, 'database/migrations'))
    const audit = migrations.filter((file) => file.endsWith('_create_kit_audit_entries_table.ts'))
    assert.lengthOf(audit, 1)
    await assert.fileContains(`database/migrations/${audit[0]}`, [
      `protected tableName = 'kit_audit_entries'`,
      `table.text('changes')`,
    ])
    /* the password reset links' migration */
    const resets = migrations.filter((file) =>
      file.endsWith('_create_kit_password_reset_tokens_table.ts')
    )
    assert.lengthOf(resets, 1)
    await assert.fileContains(`database/migrations/${resets[0]}`, [
      `protected tableName = 'kit_password_reset_tokens'`,
      `table.string('hash', 64)`,
    ])
    /* the second factors' migration (panels with twoFactor()) */
    const twoFactor = migrations.filter((file) => file.endsWith('_create_kit_two_factor_table.ts'))
    assert.lengthOf(twoFactor, 1)
    await assert.fileContains(`database/migrations/${twoFactor[0]}`, [
      `protected tableName = 'kit_two_factor'`,
      `table.bigInteger('last_used_step').nullable()`,
    ])
    /* the passkeys' migration */
    const passkeys = migrations.filter((file) => file.endsWith('_create_kit_passkeys_table.ts'))
    assert.lengthOf(passkeys, 1)
    await assert.fileContains(`database/migrations/${passkeys[0]}`, [
      `protected tableName = 'kit_passkeys'`,
      `table.string('credential_hash', 64).notNullable().unique()`,
    ])
    /* the notifications' migration (panels with notifications()) */
    const notifications = migrations.filter((file) =>
      file.endsWith('_create_kit_notifications_table.ts')
    )
    assert.lengthOf(notifications, 1)
    await assert.fileContains(`database/migrations/${notifications[0]}`, [
      `protected tableName = 'kit_notifications'`,
      `table.timestamp('read_at').nullable()`,
    ])

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
    second.assertLogMatches(/SKIPPED:.*kit_audit_entries migration/)
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

  test('--install installs the missing peers without asking', async ({ fs, assert }) => {
    await setupApp(fs)
    /* npm may use only its cache, which has none of them: the install is tried and fails at once */
    const offline = process.env.npm_config_offline
    process.env.npm_config_offline = 'true'
    try {
      /* no answer is trapped: a question would fail the command */
      const command = await configure(fs, ['--install'])
      const logs = command.logger.getLogs().map(({ message }) => message)
      assert.isTrue(
        logs.some((message) => /installing dependencies using npm/.test(message)),
        logs.join('\n')
      )
      assert.isTrue(
        logs.some((message) => /ENOTCACHED|@adonisjs(\/|%2f)inertia/i.test(message)),
        logs.join('\n')
      )
      assert.isFalse(logs.some((message) => /Do you want to install/.test(message)))
      /* nothing was listed to install by hand instead */
      assert.isFalse(logs.some((message) => /npm i\) @adonisjs\/inertia/.test(message)))
    } finally {
      if (offline === undefined) delete process.env.npm_config_offline
      else process.env.npm_config_offline = offline
    }
  })

  test('--no-install lists the missing peers without asking', async ({ fs, assert }) => {
    await setupApp(fs)
    const command = await configure(fs, ['--no-install'])
    command.assertSucceeded()
    command.assertLogMatches(/npm i\) @adonisjs\/inertia @adonisjs\/bouncer @vinejs\/vine$/)
    const pkg = JSON.parse(await readFile(join(fs.basePath, 'package.json'), 'utf-8'))
    assert.notProperty(pkg.dependencies, '@adonisjs/inertia')
  })

  test('adds the kitPeers() Vite plugin of an app with a renderer, once', async ({
    fs,
    assert,
  }) => {
    await setupApp(fs)
    await addDependency(fs, '@inertiajs/react', '^3.7.0')
    await fs.create(
      'vite.config.ts',
      `import { defineConfig } from 'vite'\nimport react from '@vitejs/plugin-react'\n\nexport default defineConfig({\n  plugins: [react()],\n})\n`
    )
    await configureAndAssert(fs)
    await configureAndAssert(fs)
    const config = await readFile(join(fs.basePath, 'vite.config.ts'), 'utf-8')
    assert.include(config, `import { kitPeers } from 'adonis-kit/vite'`)
    assert.match(config, /plugins: \[react\(\), kitPeers\(\)\]/)
    assert.equal(config.split('kitPeers()').length, 2)
  })

  test('without a renderer, vite.config.ts is left as it is', async ({ fs, assert }) => {
    await setupApp(fs)
    const vite = `import { defineConfig } from 'vite'\n\nexport default defineConfig({ plugins: [] })\n`
    await fs.create('vite.config.ts', vite)
    await configureAndAssert(fs)
    assert.equal(await readFile(join(fs.basePath, 'vite.config.ts'), 'utf-8'), vite)
  })

  test('without @adonisjs/auth, the panel has no auth middleware and one line says what to add', async ({
    fs,
    assert,
  }) => {
    await setupApp(fs)
    const command = await configure(fs, ['--no-install'])
    command.assertSucceeded()
    const config = await readFile(join(fs.basePath, 'config/kit.ts'), 'utf-8')
    assert.notInclude(config, 'auth_middleware')
    command.assertLogMatches(/No authentication: .*node ace add @adonisjs\/auth/)
  })

  test('with @adonisjs/auth and its middleware, the panel is behind the auth middleware', async ({
    fs,
    assert,
  }) => {
    await setupApp(fs)
    await addDependency(fs, '@adonisjs/auth', '^10.1.0')
    await fs.create('app/middleware/auth_middleware.ts', 'export default class AuthMiddleware {}')
    const command = await configure(fs, ['--no-install'])
    command.assertSucceeded()
    await assert.fileContains(
      'config/kit.ts',
      `.authMiddleware([() => import('#middleware/auth_middleware')])`
    )
    assert.isFalse(
      command.logger.getLogs().some(({ message }) => /No authentication/.test(message))
    )
  })

  test('names the packages the account screens lack with their install line, and publishes their migrations', async ({
    fs,
    assert,
  }) => {
    await setupApp(fs)
    await addDependency(fs, '@adonisjs/auth', '^10.1.0')
    await addDependency(fs, '@adonisjs/session', '^8.0.0')
    const command = await configure(fs, ['--no-install'])
    command.assertSucceeded()
    command.assertLogMatches(/@adonisjs\/limiter is missing .*node ace add @adonisjs\/limiter/)
    command.assertLogMatches(/@adonisjs\/mail is missing .*node ace add @adonisjs\/mail/)
    command.assertLogMatches(/@adonisjs\/shield is missing .*node ace add @adonisjs\/shield/)
    const logs = command.logger.getLogs().map(({ message }) => message)
    assert.isFalse(logs.some((message) => /@adonisjs\/(auth|session) is missing/.test(message)))

    const migrations = await readdir(join(fs.basePath, 'database/migrations'))
    const verification = migrations.filter((file) =>
      file.endsWith('_create_kit_email_verification_tokens_table.ts')
    )
    assert.lengthOf(verification, 1)
    await assert.fileContains(`database/migrations/${verification[0]}`, [
      `protected tableName = 'kit_email_verification_tokens'`,
      `table.string('email', 254).notNullable()`,
    ])
    /* again: kept, not duplicated */
    const again = await configure(fs, ['--no-install'])
    again.assertLogMatches(/kit_email_verification_tokens migration.*exists/)
    const after = await readdir(join(fs.basePath, 'database/migrations'))
    assert.lengthOf(
      after.filter((file) => file.endsWith('_create_kit_email_verification_tokens_table.ts')),
      1
    )
  })

  test('with every account package, one line says so; --no-account publishes no account migration', async ({
    fs,
    assert,
  }) => {
    await setupApp(fs)
    for (const name of ['auth', 'session', 'shield', 'limiter', 'mail']) {
      await addDependency(fs, `@adonisjs/${name}`, '^1.0.0')
    }
    const command = await configure(fs, ['--no-install', '--no-account'])
    command.assertSucceeded()
    command.assertLogMatches(/Account screens: .*@adonisjs\/mail found/)
    const logs = command.logger.getLogs().map(({ message }) => message)
    assert.isFalse(logs.some((message) => /is missing/.test(message)))
    const migrations = await readdir(join(fs.basePath, 'database/migrations'))
    assert.isFalse(
      migrations.some((file) =>
        /_create_kit_((password_reset|email_verification)_tokens|two_factor|passkeys)_table/.test(
          file
        )
      )
    )
  })

  test('puts the header guard first in the server middleware stack, once', async ({
    fs,
    assert,
  }) => {
    await setupApp(fs)
    await configureAndAssert(fs)
    await configureAndAssert(fs)
    const kernel = await readFile(join(fs.basePath, 'start/kernel.ts'), 'utf-8')
    const guard = `() => import('adonis-kit/header_guard_middleware')`
    assert.equal(kernel.split(guard).length, 2)
    assert.isBelow(kernel.indexOf(guard), kernel.indexOf('#middleware/inertia_middleware'))
  })

  test('a kitPlugin() named only in a comment is still registered', async ({ fs, assert }) => {
    await setupApp(fs)
    await fs.create(
      'tests/bootstrap.ts',
      `${BOOTSTRAP}\n// TODO: add kitPlugin() from adonis-kit/plugins/japa\n`
    )
    await configureAndAssert(fs)
    const bootstrap = await readFile(join(fs.basePath, 'tests/bootstrap.ts'), 'utf-8')
    assert.include(bootstrap, `import { kitPlugin } from 'adonis-kit/plugins/japa'`)
    assert.match(bootstrap, /plugins: Config\['plugins'\] = \[[^\]]*kitPlugin\(\)/)
  })

  test('writes the kit pages for the React or the Vue renderer', async ({ fs, assert }) => {
    await setupApp(fs)
    await fs.create('inertia/app.tsx', '')
    await addDependency(fs, '@inertiajs/react', '^3.7.0')
    await configureAndAssert(fs)
    for (const page of ['list_records', 'create_record', 'edit_record', 'manage_records']) {
      await assert.fileContains(`inertia/pages/kit/${page}.tsx`, [
        `import { ResourcePage } from 'adonis-kit/react'`,
        'export default ResourcePage',
      ])
    }

    await fs.remove('inertia/pages/kit')
    const pkg = JSON.parse(await readFile(join(fs.basePath, 'package.json'), 'utf-8'))
    delete pkg.dependencies['@inertiajs/react']
    pkg.dependencies['@inertiajs/vue3'] = '^3.7.0'
    await fs.createJson('package.json', pkg)
    await configureAndAssert(fs)
    await assert.fileContains('inertia/pages/kit/edit_record.vue', [
      `import { ResourcePage } from 'adonis-kit/vue'`,
    ])
    await assert.fileNotExists('inertia/pages/kit/edit_record.tsx')
  })

  test("lists the renderer's component and icon packages with the other peers", async ({ fs }) => {
    await setupApp(fs)
    const pkg = JSON.parse(await readFile(join(fs.basePath, 'package.json'), 'utf-8'))
    pkg.dependencies['@inertiajs/react'] = '^3.7.0'
    await fs.createJson('package.json', pkg)
    const react = await configure(fs, ['--no-install'])
    react.assertSucceeded()
    react.assertLogMatches(
      /npm i\) .*@ark-ui\/react @heroicons\/react @tiptap\/react @tiptap\/core @tiptap\/pm @tiptap\/starter-kit$/
    )

    delete pkg.dependencies['@inertiajs/react']
    pkg.dependencies['@inertiajs/vue3'] = '^3.7.0'
    pkg.dependencies['@ark-ui/vue'] = '^5.39.0'
    await fs.createJson('package.json', pkg)
    const vue = await configure(fs, ['--no-install'])
    vue.assertSucceeded()
    /* what the application has is not asked for again */
    vue.assertLogMatches(
      /npm i\) .*@vinejs\/vine @heroicons\/vue @tiptap\/vue-3 @tiptap\/core @tiptap\/pm @tiptap\/starter-kit$/
    )
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
