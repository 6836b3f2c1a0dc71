import { existsSync, readdirSync } from 'node:fs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import type Configure from '@adonisjs/core/commands/configure'
import { stubsRoot } from './stubs/main.ts'
import { dependenciesOf, rendererOf, rendererPeers } from './src/support/renderer_peers.ts'

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
 * The Inertia page components the kit renders (`kit/<name>`). configure
 * writes one page file per name into `inertia/pages/kit/`, so the
 * application's own page resolver finds them.
 */
export const KIT_PAGE_COMPONENTS = [
  'list_records',
  'create_record',
  'edit_record',
  'view_record',
  'manage_records',
  'manage_related_records',
  'error',
  'history',
  'activity',
  'login',
  'profile',
  'forgot_password',
  'reset_password',
  'verify_email',
  'sign_up',
  'two_factor_challenge',
  'dashboard',
] as const

type Codemods = Awaited<ReturnType<Configure['createCodemods']>>

/**
 * A source file of the application as a syntax tree (the codemods' project).
 */
async function syntaxTree(codemods: Codemods, path: string) {
  const project = await codemods.getTsMorphProject()
  return project?.getSourceFile(path) ?? project?.addSourceFileAtPath(path)
}

/**
 * The application's package.json, or null.
 */
async function readPackageJson(command: Configure): Promise<Record<string, any> | null> {
  const path = command.app.makePath('package.json')
  if (!existsSync(path)) {
    return null
  }
  return JSON.parse(await readFile(path, 'utf-8'))
}

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
 * Whether tests/bootstrap.ts already registers `kitPlugin()` in its
 * `plugins` array and imports it from `adonis-kit/plugins/japa`, read from
 * the syntax tree (a comment or a string naming it does not count).
 */
async function hasKitPlugin(codemods: Codemods, bootstrapPath: string): Promise<boolean> {
  const file = await syntaxTree(codemods, bootstrapPath)
  if (!file) {
    return false
  }
  const imported = file
    .getImportDeclarations()
    .some(
      (declaration) =>
        declaration.getModuleSpecifierValue() === 'adonis-kit/plugins/japa' &&
        declaration.getNamedImports().some((named) => named.getName() === 'kitPlugin')
    )
  const plugins = file.getVariableDeclaration('plugins')?.getInitializer() as any
  const elements: Array<{ getText(): string }> =
    plugins && typeof plugins.getElements === 'function' ? plugins.getElements() : []
  return imported && elements.some((element) => element.getText() === 'kitPlugin()')
}

/**
 * Register `kitPlugin()` in tests/bootstrap.ts unless it is already there.
 */
async function registerKitPlugin(command: Configure, codemods: Codemods) {
  const bootstrap = command.app.makePath('tests/bootstrap.ts')
  const action = 'register kitPlugin() in tests/bootstrap.ts'
  if (!existsSync(bootstrap)) {
    command.logger.action(action).skipped('tests/bootstrap.ts does not exist')
    return
  }
  if (await hasKitPlugin(codemods, bootstrap)) {
    command.logger.action(action).skipped('already registered')
    return
  }
  await codemods.registerJapaPlugin('kitPlugin()', [
    { isNamed: true, module: 'adonis-kit/plugins/japa', identifier: 'kitPlugin' },
  ])
}

const HEADER_GUARD_ENTRY = `() => import('adonis-kit/header_guard_middleware')`

/**
 * Whether the array passed to `server.use()` in start/kernel.ts holds an
 * element, read from the syntax tree.
 */
async function serverStackHas(
  codemods: Codemods,
  kernelPath: string,
  element: string
): Promise<boolean> {
  const file = await syntaxTree(codemods, kernelPath)
  if (!file) {
    return false
  }
  return file.getDescendants().some((node: any) => {
    if (typeof node.getExpression !== 'function' || typeof node.getArguments !== 'function') {
      return false
    }
    if (node.getExpression().getText() !== 'server.use') {
      return false
    }
    const array = node.getArguments()[0]
    return (
      typeof array?.getElements === 'function' &&
      array.getElements().some((entry: any) => entry.getText() === element)
    )
  })
}

/**
 * Put the header guard first in the server middleware stack of
 * start/kernel.ts (see `adonis-kit/header_guard_middleware`).
 */
async function registerHeaderGuard(command: Configure, codemods: Codemods) {
  const kernel = command.app.makePath('start/kernel.ts')
  if (!existsSync(kernel)) {
    command.logger
      .action('register the header guard middleware in start/kernel.ts')
      .skipped(
        `start/kernel.ts does not exist: add ${HEADER_GUARD_ENTRY} first in server.use([...])`
      )
    return
  }
  if (await serverStackHas(codemods, kernel, HEADER_GUARD_ENTRY)) {
    command.logger
      .action('register the header guard middleware in start/kernel.ts')
      .skipped('already registered')
    return
  }
  try {
    await codemods.registerMiddleware('server', [
      { path: 'adonis-kit/header_guard_middleware', position: 'before' },
    ])
  } catch (error) {
    command.logger
      .action('register the header guard middleware in start/kernel.ts')
      .failed(
        `${(error as Error).message} Add () => import('adonis-kit/header_guard_middleware') first in server.use([...])`
      )
  }
}

/**
 * Write the page files of the kit's Inertia components into
 * `inertia/pages/kit/`, for the framework the application uses.
 */
async function writeKitPages(command: Configure, codemods: Codemods, dependencies: Set<string>) {
  if (!existsSync(command.app.makePath('inertia'))) {
    command.logger
      .action('write the kit pages in inertia/pages/kit')
      .skipped('the application has no inertia folder')
    return
  }
  const renderer = rendererOf(dependencies)
  const stub = renderer ? `inertia/${renderer}_page.stub` : null
  if (!stub) {
    command.logger
      .action('write the kit pages in inertia/pages/kit')
      .skipped('install @inertiajs/react or @inertiajs/vue3, then run configure again')
    return
  }
  for (const page of KIT_PAGE_COMPONENTS) {
    await codemods.makeUsingStub(stubsRoot, stub, { page })
  }
}

const PEERS_PLUGIN = 'kitPeers()'

/**
 * Add the kit's `kitPeers()` Vite plugin to vite.config.ts (for an
 * application with a renderer): a build without the renderer's packages
 * then fails with one message naming them.
 */
async function registerPeersPlugin(
  command: Configure,
  codemods: Codemods,
  dependencies: Set<string>
) {
  const action = 'add the kitPeers() plugin to vite.config.ts'
  if (!rendererOf(dependencies)) {
    return
  }
  if (!existsSync(command.app.makePath('vite.config.ts'))) {
    command.logger.action(action).skipped('vite.config.ts does not exist')
    return
  }
  try {
    await codemods.registerVitePlugin(PEERS_PLUGIN, [
      { isNamed: true, module: 'adonis-kit/vite', identifier: 'kitPeers' },
    ])
  } catch (error) {
    command.logger
      .action(action)
      .failed(
        `${(error as Error).message} Add kitPeers() (import { kitPeers } from 'adonis-kit/vite') to the plugins of vite.config.ts`
      )
  }
}

/**
 * Publish the migration of the audit trail's table (`kit_audit_entries`),
 * unless the application already has one (configure runs again safely).
 */
async function publishAuditMigration(command: Configure, codemods: Codemods) {
  await publishMigration(command, codemods, 'kit_audit_entries')
}

/**
 * Publish the migration of a kit table (`stubs/migrations/<table>.stub`),
 * unless the application already has one.
 */
async function publishMigration(command: Configure, codemods: Codemods, table: string) {
  const folder = command.app.migrationsPath()
  const files = existsSync(folder) ? await readdir(folder) : []
  const pattern = new RegExp(`_create_${table}_table\\.(ts|js)$`)
  const existing = files.find((file) => pattern.test(file))
  if (existing) {
    command.logger
      .action(`create the ${table} migration`)
      .skipped(`database/migrations/${existing} exists`)
    return
  }
  await codemods.makeUsingStub(stubsRoot, `migrations/${table}.stub`, {})
}

/**
 * The packages the account screens of a panel use (`login()`,
 * `passwordReset()`, `emailVerification()`, `signUp()`), what for, and the
 * command that adds each.
 */
export const ACCOUNT_PACKAGES = [
  {
    name: '@adonisjs/auth',
    use: 'login(): the session guard and the user model',
    add: 'node ace add @adonisjs/auth --guard=session',
  },
  {
    name: '@adonisjs/session',
    use: 'sessions and the errors shown next to the fields',
    add: 'node ace add @adonisjs/session',
  },
  { name: '@adonisjs/shield', use: 'CSRF on every form', add: 'node ace add @adonisjs/shield' },
  {
    name: '@adonisjs/limiter',
    use: 'throttling sign-in, sign-up, password reset and email verification',
    add: 'node ace add @adonisjs/limiter',
  },
  {
    name: '@adonisjs/mail',
    use: 'the links of passwordReset() and emailVerification()',
    add: 'node ace add @adonisjs/mail',
  },
] as const

/**
 * Say which packages of the account screens the application lacks, each
 * with the command that adds it.
 */
function reportAccountPackages(command: Configure, dependencies: Set<string>) {
  const missing = ACCOUNT_PACKAGES.filter(({ name }) => !dependencies.has(name))
  if (!missing.length) {
    command.logger.info(
      `Account screens: ${ACCOUNT_PACKAGES.map(({ name }) => name).join(', ')} found`
    )
    return
  }
  for (const { name, use, add } of missing) {
    command.logger.warning(`Account screens: ${name} is missing (${use}). Run \`${add}\``)
  }
}

/**
 * Publish the migrations of the account screens (password reset and email
 * verification links, second factors), each kept when it exists;
 * `--no-account` skips them.
 */
async function publishAccountMigrations(command: Configure, codemods: Codemods) {
  if (command.parsedFlags.account === false) {
    command.logger
      .action('create the account migrations')
      .skipped(
        '--no-account: kit_password_reset_tokens, kit_email_verification_tokens, kit_two_factor, kit_passkeys'
      )
    return
  }
  await publishMigration(command, codemods, 'kit_password_reset_tokens')
  await publishMigration(command, codemods, 'kit_email_verification_tokens')
  await publishMigration(command, codemods, 'kit_two_factor')
  await publishMigration(command, codemods, 'kit_passkeys')
}

/**
 * `node ace add adonis-kit` / `node ace configure adonis-kit`: registers the
 * provider, the commands and the header guard middleware, writes
 * config/kit.ts with a default panel (behind the auth middleware when the
 * application has one) and the kit's page files, registers the kit() Japa
 * plugin, adds the import aliases and installs (or lists) missing peer
 * packages. Running it again changes nothing.
 */
export async function configure(command: Configure) {
  const codemods = await command.createCodemods()
  const pkg = await readPackageJson(command)
  const dependencies = dependenciesOf(pkg)

  /* 1. config/kit.ts with a default panel (kept when it exists) */
  const withAuth =
    dependencies.has('@adonisjs/auth') &&
    ['.ts', '.js'].some((extension) =>
      existsSync(command.app.middlewarePath(`auth_middleware${extension}`))
    )
  const configExists = existsSync(command.app.configPath('kit.ts'))
  await codemods.makeUsingStub(stubsRoot, 'config/kit.stub', { withAuth })
  if (!withAuth && !configExists) {
    command.logger.warning(
      "No authentication: the panel in config/kit.ts denies every request until it has a signed-in user. Run `node ace add @adonisjs/auth --guard=session`, then add .authMiddleware([() => import('#middleware/auth_middleware')]) to the panel"
    )
  }

  /* 1b. the audit trail's migration (once: kept when one exists) */
  await publishAuditMigration(command, codemods)

  /* 1c. the account screens: what the app lacks, and their migrations */
  reportAccountPackages(command, dependencies)
  await publishAccountMigrations(command, codemods)

  /* 2. the provider and the commands (the rc-file codemod de-duplicates) */
  await codemods.updateRcFile((rcFile) => {
    rcFile.addProvider('adonis-kit/kit_provider')
    rcFile.addCommand('adonis-kit/commands')
  })

  /* 3. the header guard, first in the server middleware stack */
  await registerHeaderGuard(command, codemods)

  /* 4. the kit() Japa plugin, unless tests/bootstrap.ts already has it */
  await registerKitPlugin(command, codemods)

  /* 5. import aliases of the generated files */
  await addImportAliases(command)

  /* 6. the kit's page files for the application's renderer */
  await writeKitPages(command, codemods, dependencies)

  /* 6b. the Vite plugin that names missing renderer packages at build time */
  await registerPeersPlugin(command, codemods, dependencies)

  /* 7. background jobs: the kit_jobs migration, and the queue when the app has one */
  await configureJobs(command, codemods, dependencies)

  /* 8. peer packages (and the components and icons of the renderer) */
  const peers = [...PEER_PACKAGES, ...rendererPeers(dependencies)].filter(
    (peer) => !dependencies.has(peer.name)
  )
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

/**
 * Publish the migrations of the kit's job records (export, import,
 * query-wide bulk actions) and notifications (each kept when it exists)
 * and say how jobs run: on
 * @adonisjs/queue when the app has it, else in the embedded worker.
 */
async function configureJobs(
  command: Configure,
  codemods: Awaited<ReturnType<Configure['createCodemods']>>,
  dependencies: Set<string>
) {
  if (!dependencies.has('@adonisjs/lucid')) {
    return
  }
  const published = readdirSafe(command.app.migrationsPath()).some((file) =>
    file.endsWith('_create_kit_jobs_table.ts')
  )
  if (!published) {
    await codemods.makeUsingStub(stubsRoot, 'migrations/kit_jobs.stub', {})
  }
  /* the notifications of panels with notifications() (kept when it exists) */
  const notifications = readdirSafe(command.app.migrationsPath()).some((file) =>
    /_create_kit_notifications_table\.(ts|js)$/.test(file)
  )
  if (!notifications) {
    await codemods.makeUsingStub(stubsRoot, 'migrations/kit_notifications.stub', {})
  }
  if (dependencies.has('@adonisjs/queue')) {
    command.logger.info(
      "Jobs: @adonisjs/queue found. Set jobs: { transport: 'queue', findUser: (id) => User.find(id) } in config/kit.ts and run `node ace queue:work`"
    )
  } else {
    command.logger.info(
      "Jobs run in the embedded worker of the web process. For Redis and separate workers: `node ace add @adonisjs/queue`, then jobs: { transport: 'queue' } in config/kit.ts"
    )
  }
}

function readdirSafe(path: string): string[] {
  try {
    return readdirSync(path)
  } catch {
    return []
  }
}
