import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import type Configure from '@adonisjs/core/commands/configure'
import { stubsRoot } from './stubs/main.ts'

/**
 * Peer packages an application needs next to adonis-kit.
 */
const PEER_PACKAGES = [
  { name: '@adonisjs/lucid', isDevDependency: false },
  { name: '@adonisjs/inertia', isDevDependency: false },
  { name: '@adonisjs/bouncer', isDevDependency: false },
  { name: '@vinejs/vine', isDevDependency: false },
  { name: 'luxon', isDevDependency: false },
]

/**
 * Import aliases the generated files use.
 */
const IMPORT_ALIASES = { '#resources/*': 'resources', '#rules/*': 'rules' }

/**
 * Add the `#resources/*` and `#rules/*` aliases to package.json "imports",
 * following the extension the `#models/*` alias uses. Existing aliases are
 * left as they are.
 */
async function addImportAliases(command: Configure) {
  const path = command.app.makePath('package.json')
  const action = command.logger.action('update package.json imports')
  if (!existsSync(path)) {
    action.skipped('package.json does not exist')
    return
  }
  const source = await readFile(path, 'utf-8')
  const pkg = JSON.parse(source)
  const imports: Record<string, string> = pkg.imports ?? {}
  const extension = String(imports['#models/*'] ?? '').endsWith('.ts') ? '.ts' : '.js'
  const missing = Object.entries(IMPORT_ALIASES).filter(([alias]) => !(alias in imports))
  if (!missing.length) {
    action.skipped('#resources/* and #rules/* already defined')
    return
  }
  for (const [alias, folder] of missing) {
    imports[alias] = `./app/${folder}/*${extension}`
  }
  pkg.imports = imports
  const indent = /^[ \t]+(?=")/m.exec(source)?.[0] ?? '  '
  await writeFile(path, `${JSON.stringify(pkg, null, indent)}\n`)
  action.succeeded()
}

/**
 * The peer packages missing from the application's package.json.
 */
async function missingPeers(command: Configure) {
  const path = command.app.makePath('package.json')
  if (!existsSync(path)) {
    return PEER_PACKAGES
  }
  const pkg = JSON.parse(await readFile(path, 'utf-8'))
  const installed = { ...pkg.dependencies, ...pkg.devDependencies }
  return PEER_PACKAGES.filter((peer) => !(peer.name in installed))
}

/**
 * `node ace add adonis-kit` / `node ace configure adonis-kit`: registers the
 * provider and the commands, writes config/kit.ts with a default panel,
 * registers the kit() Japa plugin, adds the import aliases and installs (or
 * lists) missing peer packages. Running it again changes nothing.
 */
export async function configure(command: Configure) {
  const codemods = await command.createCodemods()

  /* 1. config/kit.ts with a default panel (kept when it exists) */
  await codemods.makeUsingStub(stubsRoot, 'config/kit.stub', {})

  /* 2. the provider and the commands (the rc-file codemod de-duplicates) */
  await codemods.updateRcFile((rcFile) => {
    rcFile.addProvider('adonis-kit/kit_provider')
    rcFile.addCommand('adonis-kit/commands')
  })

  /* 3. the kit() Japa plugin, unless tests/bootstrap.ts already has it */
  const bootstrap = command.app.makePath('tests/bootstrap.ts')
  const bootstrapSource = existsSync(bootstrap) ? await readFile(bootstrap, 'utf-8') : null
  if (bootstrapSource === null) {
    command.logger
      .action('register kitPlugin() in tests/bootstrap.ts')
      .skipped('tests/bootstrap.ts does not exist')
  } else if (bootstrapSource.includes('kitPlugin()')) {
    command.logger
      .action('register kitPlugin() in tests/bootstrap.ts')
      .skipped('already registered')
  } else {
    await codemods.registerJapaPlugin('kitPlugin()', [
      { isNamed: true, module: 'adonis-kit/plugins/japa', identifier: 'kitPlugin' },
    ])
  }

  /* 4. import aliases of the generated files */
  await addImportAliases(command)

  /* 5. peer packages */
  const peers = await missingPeers(command)
  if (!peers.length) {
    return
  }
  let shouldInstall = command.parsedFlags.install as boolean | undefined
  if (shouldInstall === undefined) {
    shouldInstall = await command.prompt.confirm(
      `Do you want to install the missing peer packages (${peers.map(({ name }) => name).join(', ')})?`,
      { name: 'install' }
    )
  }
  if (shouldInstall) {
    await codemods.installPackages(peers)
  } else {
    await codemods.listPackagesToInstall(peers)
  }
}
