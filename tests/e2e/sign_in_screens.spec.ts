/*
 * The panel's own account screens in the fresh application of the
 * end-to-end suite (installed and configured by quick_start.spec.ts, which
 * runs before this file): `login()`, `profile()` and `passwordReset()` declared in
 * config/kit.ts as docs/authentication.md says, @adonisjs/limiter and
 * @adonisjs/mail configured (mail written to files by a transport of the
 * application), then `node ace serve` driven over HTTP as a browser sends
 * it: the CSRF token from the page's cookie, the session cookie kept.
 */
import { test } from '@japa/runner'
import { readFile, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  AppServer,
  BrowserClient,
  assertSucceeded,
  freePort,
  openDatabase,
  recreateDatabase,
} from './helpers.ts'
import { DATABASES, DB_NAME, dbEnv, node, resetApp, state, write } from './app.ts'

const MAIL_DIR = 'tmp/mail'

/* the user's files: a users list and its policy, the limiter, the mail transport and config */
const USER_RESOURCE = `import { ListRecords, Resource, TextColumn, type Table } from 'adonis-kit'
import User from '#models/user'

export default class UserResource extends Resource<typeof User> {
  model = User
  policy = () => import('#policies/user_policy')

  getPages() {
    return { index: ListRecords.route('/') }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('email')])
  }
}
`

const USER_POLICY = `import { BasePolicy } from '@adonisjs/bouncer'
import type User from '#models/user'

export default class UserPolicy extends BasePolicy {
  viewAny(_user: User) {
    return true
  }
}
`

const LIMITER_CONFIG = `import { defineConfig, stores } from '@adonisjs/limiter'

const limiterConfig = defineConfig({
  default: 'memory',
  stores: { memory: stores.memory({}) },
})

export default limiterConfig
`

const FILE_TRANSPORT = `import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/* each message as a JSON file of the folder */
export class FileTransport implements MailTransportContract {
  #json = new JSONTransport()
  #count = 0

  constructor(private folder: string) {}

  async send(message: NodeMailerMessage) {
    const response = await this.#json.send(message)
    const mail = JSON.parse((response.original as { message: string }).message)
    mkdirSync(this.folder, { recursive: true })
    writeFileSync(join(this.folder, \`\${Date.now()}-\${++this.#count}.json\`), JSON.stringify(mail))
    return response
  }
}
`

const MAIL_CONFIG = `import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/mail'
import { FileTransport } from '#mail/file_transport'

const mailConfig = defineConfig({
  from: { address: 'panel@example.com', name: 'Panel' },
  default: 'file',
  mailers: { file: () => new FileTransport(app.makePath('${MAIL_DIR}')) },
})

export default mailConfig
`

/**
 * The newest mail the application wrote, once one is there (sendLater
 * sends after the answer).
 */
async function newestMail(app: string): Promise<{ to: { address: string }[]; text: string }> {
  const folder = join(app, MAIL_DIR)
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = await readdir(folder).catch(() => [] as string[])
    if (files.length) {
      const newest = files.sort().at(-1)!
      return JSON.parse(await readFile(join(folder, newest), 'utf-8'))
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail in ${folder}`)
}

/**
 * An Inertia visit's page object.
 */
async function page(browser: BrowserClient, path: string): Promise<any> {
  const response = await browser.inertia('GET', path)
  return response.json()
}

test.group('account screens of a panel with login()', (group) => {
  group.each.timeout(300_000)
  const db = DATABASES[0]
  const server = { current: null as AppServer | null }
  group.teardown(async () => server.current?.stop())

  test('sign in, the user menu, the profile, sign out, a password reset from its mail', async ({
    assert,
  }) => {
    /* the application as configure left it, with the user's files */
    await resetApp()
    /* no database (SQLite) or mail of an earlier run */
    await rm(join(state.app, 'tmp'), { recursive: true, force: true })
    await recreateDatabase(db, DB_NAME)
    await write('app/policies/user_policy.ts', USER_POLICY)
    await write('app/resources/user_resource.ts', USER_RESOURCE)
    await write('config/limiter.ts', LIMITER_CONFIG)
    await write('app/mail/file_transport.ts', FILE_TRANSPORT)
    await write('config/mail.ts', MAIL_CONFIG)
    const rc = await readFile(join(state.app, 'adonisrc.ts'), 'utf-8')
    await write(
      'adonisrc.ts',
      rc.replace(
        "() => import('@adonisjs/bouncer/bouncer_provider'),",
        "() => import('@adonisjs/bouncer/bouncer_provider'),\n    () => import('@adonisjs/limiter/limiter_provider'),\n    () => import('@adonisjs/mail/mail_provider'),"
      )
    )
    const packageJson = JSON.parse(await readFile(join(state.app, 'package.json'), 'utf-8'))
    packageJson.imports['#mail/*'] = './app/mail/*.js'
    await write('package.json', JSON.stringify(packageJson, null, 2))
    /* config/kit.ts: the panel's own sign-in, profile and password reset */
    const kitConfig = await readFile(join(state.app, 'config/kit.ts'), 'utf-8')
    assert.include(kitConfig, ".path('/admin')")
    await write(
      'config/kit.ts',
      kitConfig
        .replace(
          ".path('/admin')",
          ".path('/admin')\n      .login({ model: () => import('#models/user'), home: '/admin/users' })\n      .profile()\n      .passwordReset()"
        )
        .replace('.resources([]),', ".resources([() => import('#resources/user_resource')]),")
    )
    assertSucceeded(await node(['ace', 'migration:run'], dbEnv(db)), 'node ace migration:run')

    server.current = new AppServer(state.app, dbEnv(db))
    await server.current.start(await freePort())
    const browser = new BrowserClient(server.current.url)
    const database = openDatabase(db, {
      sqliteFile: join(state.app, 'tmp/db.sqlite3'),
      database: DB_NAME,
    })
    try {
      /* an account, made through the application's own sign-up, then signed out */
      await browser.visit('/signup')
      const signup = await browser.inertia('POST', '/signup', {
        fullName: 'Ada',
        email: 'ada@example.com',
        password: 'ada-password-1',
        passwordConfirmation: 'ada-password-1',
      })
      assert.equal(signup.status, 302, await signup.clone().text())
      const appLogout = await browser.inertia('POST', '/logout')
      assert.equal(appLogout.status, 302)

      /* a guest of the panel goes to the panel's own sign-in page, the page kept */
      const guest = await browser.request('GET', '/admin/users', {
        headers: { accept: 'text/html' },
      })
      assert.equal(guest.status, 302)
      assert.equal(guest.headers.get('location'), '/admin/login?redirect=%2Fadmin%2Fusers')
      const { response: signInHtml } = await browser.visit('/admin/login?redirect=%2Fadmin%2Fusers')
      assert.equal(signInHtml.status, 200)
      const signInPage = await page(browser, '/admin/login')
      assert.equal(signInPage.component, 'kit/login')
      assert.equal(signInPage.props.kitAccount.forgotPasswordUrl, '/admin/forgot-password')

      /* refused credentials: a wrong password and an unknown account, the same answer */
      const refusals: any[] = []
      for (const uid of ['ada@example.com', 'nobody@example.com']) {
        const refused = await browser.request('POST', '/admin/login', {
          headers: {
            'content-type': 'application/json',
            'accept': 'application/json',
            'x-xsrf-token': browser.xsrfToken(),
          },
          body: JSON.stringify({ uid, password: 'wrong-password' }),
        })
        assert.equal(refused.status, 422)
        refusals.push(await refused.json())
      }
      assert.deepEqual(refusals[0], refusals[1])
      assert.equal(refusals[0].errors[0].field, 'uid')

      /* without the CSRF token: refused, nobody signed in */
      const forged = await browser.request('POST', '/admin/login', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uid: 'ada@example.com', password: 'ada-password-1' }),
      })
      assert.notEqual(forged.headers.get('location'), '/admin/users')

      /* the right password: a new session, back to the page asked for */
      const before = browser.cookies.get('adonis-session')
      const signIn = await browser.inertia('POST', '/admin/login', {
        uid: 'ada@example.com',
        password: 'ada-password-1',
        redirect: '/admin/users',
      })
      assert.equal(signIn.status, 302)
      assert.equal(signIn.headers.get('location'), '/admin/users')
      assert.notEqual(browser.cookies.get('adonis-session'), before)

      /* the user menu in the page's Inertia props */
      const list = await page(browser, '/admin/users')
      assert.equal(list.component, 'kit/list_records')
      assert.deepInclude(list.props.kitPanel.userMenu, {
        profileUrl: '/admin/profile',
        signOutUrl: '/admin/logout',
      })
      assert.deepInclude(list.props.kitPanel.userMenu.user, {
        name: 'Ada',
        email: 'ada@example.com',
      })

      /* the profile: a new name saved */
      const profile = await page(browser, '/admin/profile')
      assert.equal(profile.component, 'kit/profile')
      assert.deepEqual(profile.props.kitAccount.values, { name: 'Ada', email: 'ada@example.com' })
      const saved = await browser.inertia('PUT', '/admin/profile', {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      })
      assert.equal(saved.status, 303, await saved.clone().text())
      assert.equal(saved.headers.get('location'), '/admin/profile')
      const [ada] = await database.rows('SELECT id, full_name FROM users')
      assert.equal(ada.full_name, 'Ada Lovelace')

      /* sign-out: the panel's pages send to the sign-in page again */
      const signOut = await browser.inertia('POST', '/admin/logout')
      assert.equal(signOut.status, 302)
      assert.equal(signOut.headers.get('location'), '/admin/login')
      const after = await browser.request('GET', '/admin/users', {
        headers: { accept: 'text/html' },
      })
      assert.equal(after.status, 302)

      /* password reset: the link from the mail, a new password, signed in with it */
      await browser.visit('/admin/forgot-password')
      const asked = await browser.inertia('POST', '/admin/forgot-password', {
        email: 'ada@example.com',
      })
      assert.equal(asked.status, 302)
      const mail = await newestMail(state.app)
      assert.equal(mail.to[0].address, 'ada@example.com')
      const link = /https?:\/\/[^\s]+\/admin\/reset-password\/[^\s]+/.exec(mail.text)?.[0]
      assert.isString(link, mail.text)
      const path = new URL(link!).pathname
      const { response: resetHtml } = await browser.visit(path)
      assert.equal(resetHtml.status, 200)
      const token = decodeURIComponent(path.split('/').at(-1)!)
      const reset = await browser.inertia('POST', '/admin/reset-password', {
        token,
        password: 'ada-new-password',
        passwordConfirmation: 'ada-new-password',
      })
      assert.equal(reset.status, 302, await reset.clone().text())
      assert.equal(reset.headers.get('location'), '/admin/login')
      const oldPassword = await browser.inertia('POST', '/admin/login', {
        uid: 'ada@example.com',
        password: 'ada-password-1',
      })
      assert.notEqual(oldPassword.headers.get('location'), '/admin/users')
      const newPassword = await browser.inertia('POST', '/admin/login', {
        uid: 'ada@example.com',
        password: 'ada-new-password',
      })
      assert.equal(newPassword.status, 302)
      assert.equal(newPassword.headers.get('location'), '/admin/users')
      /* the link is used up */
      assert.deepEqual(await database.rows('SELECT id FROM kit_password_reset_tokens'), [])
    } finally {
      await database.close()
      await server.current?.stop()
    }
  })
})
