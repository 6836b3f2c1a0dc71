/*
 * The README's quick start, step for step, as a user runs it: the packed
 * tarball installed into a fresh AdonisJS 7 application (tests/e2e/skeleton),
 * every command a separate `node ace` process, the panel served by
 * `node ace serve` and used over HTTP as a browser sends it (cookies, CSRF,
 * Inertia headers), then in Chromium, then `node ace test` with a kit() test.
 *
 * E2E_DATABASES (default "sqlite"): the databases to run the per-database
 * steps on, e.g. "sqlite,pg,mysql".
 */
import { test } from '@japa/runner'
import { cp, mkdtemp, readFile, readdir, rename, rm, mkdir } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import {
  AppServer,
  BrowserClient,
  Daemon,
  assertSucceeded,
  freePort,
  openDatabase,
  recreateDatabase,
  run,
} from './helpers.ts'
import {
  DATABASES,
  DB_NAME,
  REPO,
  REUSE,
  SKELETON,
  addQueueProviders,
  dbEnv,
  git,
  node,
  npm,
  state,
  stripAnsi,
  write,
} from './app.ts'
import {
  ARTICLE_MODEL,
  COMMENT_MODEL,
  KIT_JOBS_CONFIG,
  KIT_TEST,
  LIST_POSTS_WITH_EXPORT,
  OTHER_MIGRATIONS,
  POSTS_MIGRATION,
  POST_MODEL,
  POST_POLICY,
  QUEUE_CONFIG,
  REDIS_CONFIG,
  REVIEWS_MIGRATION,
  REVIEW_MODEL,
  REVIEW_RESOURCE,
  TAG_MODEL,
} from './user_files.ts'

test.group('quick start: install', (group) => {
  group.each.timeout(300_000)

  test('npm pack ships the build: every export, command and stub, nothing of tests, demo or bench', async ({
    assert,
  }) => {
    state.work = await mkdtemp(join(tmpdir(), 'kit-e2e-'))
    const packed = assertSucceeded(
      await run('npm', ['pack', '--pack-destination', state.work, '--json'], {
        cwd: REPO,
        timeout: 300_000,
      }),
      'npm pack'
    )
    const [{ filename, files }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))
    state.tarball = join(state.work, filename)
    const paths = new Set<string>(files.map(({ path }: { path: string }) => path))
    assert.isFalse([...paths].some((path) => /^(tests|demo|bench|src|commands|stubs)\//.test(path)))

    /* every target of the exports map */
    const pkg = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf-8'))
    const targets = Object.values(pkg.exports).flatMap((target: any) =>
      typeof target === 'string' ? [target] : Object.values(target)
    ) as string[]
    for (const target of [pkg.main, ...targets]) {
      assert.isTrue(paths.has(target.replace(/^\.\//, '')), `${target} is not in the tarball`)
    }

    /* every command the commands index names */
    const extracted = join(state.work, 'extracted')
    await mkdir(extracted)
    assertSucceeded(
      await run('tar', ['-xzf', state.tarball, '-C', extracted], { cwd: REPO }),
      'tar'
    )
    const index = JSON.parse(
      await readFile(join(extracted, 'package/build/commands/commands.json'), 'utf-8')
    )
    assert.includeMembers(
      index.commands.map(({ commandName }: { commandName: string }) => commandName),
      ['make:kit-resource', 'make:kit-relation-manager']
    )
    for (const { filePath } of index.commands) {
      assert.isTrue(
        existsSync(join(extracted, 'package/build/commands', filePath)),
        `${filePath} (commands.json) is not in the tarball`
      )
    }

    /* every stub, where stubsRoot (build/stubs) resolves it */
    const stubFiles = await readdir(join(REPO, 'stubs'), { recursive: true })
    const stubs = stubFiles.filter((file) => file.endsWith('.stub'))
    assert.isAbove(stubs.length, 10)
    for (const stub of stubs) {
      assert.isTrue(paths.has(`build/stubs/${stub}`), `stubs/${stub} is not in the tarball`)
    }

    /* the plugin package of the repository, packed from its own folder (docs/plugins.md) */
    const plugin = assertSucceeded(
      await run('npm', ['pack', '--pack-destination', state.work, '--json'], {
        cwd: join(REPO, 'packages/kit-rating'),
        timeout: 300_000,
      }),
      'npm pack (packages/kit-rating)'
    )
    const [pluginPack] = JSON.parse(plugin.stdout.slice(plugin.stdout.indexOf('[')))
    state.pluginTarball = join(state.work, pluginPack.filename)
    const pluginFiles = new Set<string>(pluginPack.files.map(({ path }: { path: string }) => path))
    for (const file of [
      'build/index.js',
      'build/index.d.ts',
      'build/src/react/index.js',
      'build/src/react/rating_field.js',
      'build/src/vue/index.js',
      'build/src/contracts.d.ts',
    ]) {
      assert.isTrue(pluginFiles.has(file), `${file} is not in the plugin's tarball`)
    }
    assert.isFalse([...pluginFiles].some((path) => /^(src|node_modules)\//.test(path)))
  }).skip(Boolean(REUSE), 'E2E_APP is set')

  test('a fresh application installs the tarball', async () => {
    state.app = join(state.work, 'app')
    await cp(SKELETON, state.app, { recursive: true })
    await rename(join(state.app, 'gitignore'), join(state.app, '.gitignore'))
    assertSucceeded(await npm(['install']), 'npm install')
    await cp(join(state.app, '.env.example'), join(state.app, '.env'))
    assertSucceeded(await node(['ace', 'generate:key']), 'node ace generate:key')
    /* the README's step: the kit and the React renderer's components and icons */
    assertSucceeded(
      await npm([
        'install',
        state.tarball,
        /* a plugin, from its own tarball, in the same install */
        state.pluginTarball,
        '@ark-ui/react@^5.40.0',
        '@heroicons/react@^2.2.0',
        '@tiptap/react@^3.31.3',
        '@tiptap/core@^3.31.3',
        '@tiptap/pm@^3.31.3',
        '@tiptap/starter-kit@^3.31.3',
        /* for the jobs group (one install for all): the queue and Redis packages, and
           exceljs for its XLSX export (the jobs' files need nothing more: the kit brings
           flydrive) */
        '@adonisjs/queue@^0.6.2',
        '@adonisjs/redis@^10.0.2',
        'exceljs@^4.4.0',
        /* for the account screens (sign_in_screens.spec.ts): sign-in throttling, mail */
        '@adonisjs/limiter@^3.0.1',
        '@adonisjs/mail@^10.4.0',
      ]),
      'npm install adonis-kit, kit-rating, the renderer peers, @adonisjs/queue @adonisjs/redis exceljs @adonisjs/limiter @adonisjs/mail'
    )
  }).skip(Boolean(REUSE), 'E2E_APP is set')

  test('node ace configure adonis-kit, twice: the second run changes nothing', async ({
    assert,
  }) => {
    assertSucceeded(await git(['init', '-q']), 'git init')
    await git(['config', 'user.email', 'e2e@example.com'])
    await git(['config', 'user.name', 'e2e'])
    assertSucceeded(await git(['add', '-A']), 'git add')
    assertSucceeded(await git(['commit', '-qm', 'fresh app']), 'git commit')

    const first = assertSucceeded(await node(['ace', 'configure', 'adonis-kit']), 'configure')
    assert.notInclude(first.stdout, 'No authentication')
    assert.include(await readFile(join(state.app, 'config/kit.ts'), 'utf-8'), 'auth_middleware')
    assert.include(
      await readFile(join(state.app, 'start/kernel.ts'), 'utf-8'),
      `() => import('adonis-kit/header_guard_middleware')`
    )
    assert.isTrue(existsSync(join(state.app, 'inertia/pages/kit/list_records.tsx')))
    assert.include(await readFile(join(state.app, 'vite.config.ts'), 'utf-8'), 'kitPeers()')
    assertSucceeded(await git(['add', '-A']), 'git add')
    assertSucceeded(await git(['commit', '-qm', 'configured']), 'git commit')

    assertSucceeded(await node(['ace', 'configure', 'adonis-kit']), 'configure (second run)')
    const status = await git(['status', '--porcelain'])
    assert.equal(status.stdout.trim(), '', 'the second configure run changed files')
    await git(['tag', 'configured'])
  }).skip(Boolean(REUSE), 'E2E_APP is set')
})

for (const db of DATABASES) {
  test.group(`quick start on ${db}`, (group) => {
    group.each.timeout(300_000)
    const server = { current: null as AppServer | null }
    group.teardown(async () => server.current?.stop())

    test('migrations, models and the policy a user writes; node ace migration:run', async () => {
      /* back to the configured application */
      assertSucceeded(await git(['reset', '-q', '--hard', 'configured']), 'git reset')
      assertSucceeded(await git(['clean', '-qfd']), 'git clean')
      await rm(join(state.app, 'tmp'), { recursive: true, force: true })
      await recreateDatabase(db, DB_NAME)

      await write('database/migrations/1761885935169_create_posts_table.ts', POSTS_MIGRATION)
      await write('database/migrations/1761885935170_create_other_tables.ts', OTHER_MIGRATIONS)
      await write('app/models/post.ts', POST_MODEL)
      await write('app/models/comment.ts', COMMENT_MODEL)
      await write('app/models/article.ts', ARTICLE_MODEL)
      await write('app/models/tag.ts', TAG_MODEL)
      await write('app/policies/post_policy.ts', POST_POLICY)
      assertSucceeded(await node(['ace', 'migration:run'], dbEnv(db)), 'node ace migration:run')
    })

    test('node ace make:kit-resource Post --generate, and the other variants', async ({
      assert,
    }) => {
      const post = assertSucceeded(
        await node(['ace', 'make:kit-resource', 'Post', '--generate'], dbEnv(db)),
        'make:kit-resource Post --generate'
      )
      assert.include(post.stdout, 'create app/resources/post_resource.ts')
      const resource = await readFile(join(state.app, 'app/resources/post_resource.ts'), 'utf-8')
      assert.include(resource, `policy = () => import('#policies/post_policy')`)
      assert.include(resource, `TextInput.make('title')`)
      assert.include(
        await readFile(join(state.app, 'config/kit.ts'), 'utf-8'),
        `() => import('#resources/post_resource')`
      )

      for (const args of [
        ['Article', '--generate', '--soft-deletes', '--view'],
        ['Tag', '--generate', '--simple', '--export', '--import'],
        ['Comment'],
      ]) {
        assertSucceeded(
          await node(['ace', 'make:kit-resource', ...args], dbEnv(db)),
          `make:kit-resource ${args.join(' ')}`
        )
      }
      assert.includeMembers(await readdir(join(state.app, 'app/resources')), [
        'article_resource.ts',
        'tag_resource.ts',
        'comment_resource.ts',
      ])
      assert.include(
        await readFile(join(state.app, 'app/resources/article/pages/view_article.ts'), 'utf-8'),
        'ViewRecord'
      )
      /* --export and --import: the header actions of the one page (type-checked below) */
      const manageTags = await readFile(
        join(state.app, 'app/resources/tag/pages/manage_tags.ts'),
        'utf-8'
      )
      assert.include(manageTags, `ExportAction.make('export')`)
      assert.include(manageTags, `ImportAction.make('import')`)

      assertSucceeded(
        await node(
          ['ace', 'make:kit-relation-manager', 'PostResource', 'comments', 'body'],
          dbEnv(db)
        ),
        'make:kit-relation-manager PostResource comments body'
      )

      /* a refused command exits with 1 and writes nothing */
      const refused = await node(['ace', 'make:kit-resource', 'Missing', '--generate'], dbEnv(db))
      assert.equal(refused.code, 1)
      assert.isFalse(existsSync(join(state.app, 'app/resources/missing_resource.ts')))
    })

    test('the application type-checks (tsc --noEmit)', async () => {
      assertSucceeded(await npm(['run', 'typecheck']), 'npm run typecheck')
    })

    test('node ace serve: sign in, list, create with an error then valid input, edit, delete', async ({
      assert,
    }) => {
      server.current = new AppServer(state.app, dbEnv(db))
      await server.current.start(await freePort())
      const browser = new BrowserClient(server.current.url)
      const database = openDatabase(db, {
        sqliteFile: join(state.app, 'tmp/db.sqlite3'),
        database: DB_NAME,
      })
      try {
        /* the panel sends guests to the app's login */
        const guest = await browser.request('GET', '/admin/posts', {
          headers: { accept: 'text/html' },
        })
        assert.equal(guest.status, 302)
        assert.equal(guest.headers.get('location'), '/login')

        /* sign up, sign out, sign in through the app's own forms */
        await browser.visit('/signup')
        assert.isNotEmpty(browser.xsrfToken())
        const signup = await browser.inertia('POST', '/signup', {
          fullName: 'Ada',
          email: 'ada@example.com',
          password: 'ada-password-1',
          passwordConfirmation: 'ada-password-1',
        })
        assert.equal(signup.status, 302, await signup.clone().text())
        const logout = await browser.inertia('POST', '/logout')
        assert.equal(logout.status, 302)
        await browser.visit('/login')
        const login = await browser.inertia('POST', '/login', {
          email: 'ada@example.com',
          password: 'ada-password-1',
        })
        assert.equal(login.status, 302)
        assert.equal(login.headers.get('location'), '/')

        /* the list page */
        const { response: listHtml } = await browser.visit('/admin/posts')
        assert.equal(listHtml.status, 200)
        const list = await browser.inertia('GET', '/admin/posts')
        assert.equal(list.status, 200)
        const listPage: any = await list.json()
        assert.equal(listPage.component, 'kit/list_records')
        assert.deepEqual(listPage.props.table.rows, [])

        /* create: a validation error, nothing written */
        const refused = await browser.inertia('POST', '/admin/posts', {
          title: '',
          body: '',
          isPublished: false,
          publishedOn: '',
        })
        assert.equal(refused.status, 302)
        const back = await browser.inertia('GET', refused.headers.get('location')!)
        const backPage: any = await back.json()
        assert.property(backPage.props.errors, 'title')
        assert.lengthOf(await database.rows('SELECT * FROM posts'), 0)

        /* create with valid input (an empty optional date and body) */
        const created = await browser.inertia('POST', '/admin/posts', {
          title: 'Hello from the browser',
          body: '',
          isPublished: true,
          publishedOn: '',
        })
        assert.equal(created.status, 302)
        const rows = await database.rows('SELECT id, title, body, published_on FROM posts')
        assert.lengthOf(rows, 1)
        assert.equal(rows[0].title, 'Hello from the browser')
        assert.isNull(rows[0].published_on)
        const id = rows[0].id

        /* edit */
        const edit = await browser.inertia('GET', `/admin/posts/${id}/edit`)
        assert.equal(edit.status, 200)
        const editPage: any = await edit.json()
        assert.equal(editPage.props.form.values.title, 'Hello from the browser')
        /* without the version the page was loaded with: refused, nothing written
           (the default version needs no migration) */
        const unversioned = await browser.inertia('PATCH', `/admin/posts/${id}`, {
          title: 'Edited',
        })
        assert.oneOf(unversioned.status, [302, 303])
        const [kept] = await database.rows('SELECT title FROM posts WHERE id = ?', [id])
        assert.equal(kept.title, 'Hello from the browser')

        /* as the renderer submits: the values, the values loaded, the version */
        const updated = await browser.inertia('PATCH', `/admin/posts/${id}`, {
          ...editPage.props.form.values,
          title: 'Edited',
          publishedOn: '2026-11-23',
          _kit_original: editPage.props.form.original,
          _kit_version: editPage.props.form.version,
        })
        assert.oneOf(updated.status, [302, 303])
        const [row] = await database.rows('SELECT title, published_on FROM posts WHERE id = ?', [
          id,
        ])
        assert.equal(row.title, 'Edited')
        assert.isNotNull(row.published_on)

        /* a request without the CSRF token changes nothing */
        const forged = await browser.request('DELETE', `/admin/posts/${id}`, {
          headers: { 'x-inertia': 'true', 'accept': 'text/html' },
        })
        /* shield refuses it (back with an error, no handler runs) */
        assert.notEqual(forged.headers.get('location'), '/admin/posts')
        assert.lengthOf(await database.rows('SELECT id FROM posts'), 1)

        /* delete */
        const deleted = await browser.inertia('DELETE', `/admin/posts/${id}`)
        assert.oneOf(deleted.status, [302, 303])
        assert.lengthOf(await database.rows('SELECT id FROM posts'), 0)
      } finally {
        await database.close()
      }
    })

    test('node ace serve survives paths that cannot be written into a header', async ({
      assert,
    }) => {
      const url = server.current!.url
      for (const path of ['/health%0A', '/admin/posts/%E4%B8%AD/edit', '/%E2%80%A8x']) {
        const response = await fetch(`${url}${path}`, {
          redirect: 'manual',
          headers: { 'x-inertia': 'true' },
        })
        assert.isBelow(response.status, 500, path)
        const location = response.headers.get('x-inertia-location')
        if (location) {
          assert.match(location, /^[\x21-\x7e]*$/)
        }
      }
      const alive = await fetch(`${url}/login`, { redirect: 'manual' })
      assert.equal(alive.status, 200)
      assert.isTrue(server.current!.running)
    })

    if (db === 'sqlite') {
      test('one walk in Chromium: sign in, create a post, see it listed', async ({ assert }) => {
        const { chromium } = await import('playwright-core')
        const browser = await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        })
        try {
          const page = await browser.newPage()
          const url = server.current!.url
          await page.goto(`${url}/login`)
          await page.getByLabel('Email').fill('ada@example.com')
          await page.getByLabel('Password').fill('ada-password-1')
          await page.getByRole('button', { name: 'Log in' }).click()
          await page.waitForURL(`${url}/`)
          /* the application's own layout (the starter's "Home | Log out" bar) is on its pages */
          await page.locator('header.app-header').waitFor()

          await page.goto(`${url}/admin/posts`)
          /* and not around the kit's pages: the panel draws its own shell */
          await page.getByRole('heading', { level: 1 }).first().waitFor()
          assert.equal(await page.locator('header.app-header').count(), 0)
          assert.equal(await page.getByRole('button', { name: 'Log out' }).count(), 0)
          await page
            .getByRole('link', { name: /create|new/i })
            .first()
            .click()
          await page.waitForURL(/\/admin\/posts\/create$/)
          await page.getByLabel(/title/i).fill('Written in Chromium')
          await page
            .getByRole('button', { name: /create|save/i })
            .first()
            .click()
          await page.waitForURL(/\/admin\/posts/)
          await page.goto(`${url}/admin/posts`)
          await page.getByText('Written in Chromium').first().waitFor()
          assert.isTrue(await page.getByText('Written in Chromium').first().isVisible())
        } finally {
          await browser.close()
        }
      })
    }

    test('node ace test runs a kit() test written as the docs show', async ({ assert }) => {
      await server.current?.stop()
      await write('tests/functional/post_resource.spec.ts', KIT_TEST)
      const result = await node(['ace', 'test'], { ...dbEnv(db), NODE_ENV: 'test' }, 240_000)
      assert.equal(result.code, 0, `${result.stdout}\n${result.stderr}`)
      assert.match(stripAnsi(result.stdout), /Tests\s+1 passed/)
    })
  })
}

/*
 * A plugin package from its own tarball (packages/kit-rating, installed with
 * the kit in one npm install): its field, column and filter in a resource of
 * the application, the plugin handed to the panel, its React components
 * imported by the application's frontend; type-checked, then used over HTTP.
 * On the first database only (the plugin's code is the same on each).
 */
test.group('a plugin installed from its tarball', (group) => {
  group.each.timeout(300_000)
  const db = DATABASES[0]
  const server = { current: null as AppServer | null }
  group.teardown(async () => server.current?.stop())

  test('the application uses it and type-checks', async ({ assert }) => {
    assertSucceeded(await git(['reset', '-q', '--hard', 'configured']), 'git reset')
    assertSucceeded(await git(['clean', '-qfd']), 'git clean')
    await rm(join(state.app, 'tmp'), { recursive: true, force: true })
    await recreateDatabase(db, DB_NAME)

    await write('database/migrations/1761885935169_create_posts_table.ts', POSTS_MIGRATION)
    await write('database/migrations/1761885935171_create_reviews_table.ts', REVIEWS_MIGRATION)
    await write('app/models/review.ts', REVIEW_MODEL)
    await write('app/policies/post_policy.ts', POST_POLICY)
    await write('app/models/post.ts', POST_MODEL)
    await write('app/models/comment.ts', COMMENT_MODEL)
    await write('app/resources/review_resource.ts', REVIEW_RESOURCE)
    assertSucceeded(await node(['ace', 'migration:run'], dbEnv(db)), 'node ace migration:run')

    /* the registration line, and the plugin handed to the panel */
    const kitConfig = await readFile(join(state.app, 'config/kit.ts'), 'utf-8')
    assert.include(kitConfig, '.resources([]),')
    await write(
      'config/kit.ts',
      `import { ratingPlugin } from 'kit-rating'\n${kitConfig.replace(
        '.resources([]),',
        `.plugin(ratingPlugin)\n      .resources([() => import('#resources/review_resource')]),`
      )}`
    )
    /* its React components, once, next to createInertiaApp() */
    const app = await readFile(join(state.app, 'inertia/app.tsx'), 'utf-8')
    await write(
      'inertia/app.tsx',
      app.replace("import './css/app.css'\n", "import './css/app.css'\nimport 'kit-rating/react'\n")
    )

    assertSucceeded(await npm(['run', 'typecheck']), 'npm run typecheck')
  })

  test('node ace serve: a rating saved, refused out of range, listed and filtered', async ({
    assert,
  }) => {
    server.current = new AppServer(state.app, dbEnv(db))
    await server.current.start(await freePort())
    const browser = new BrowserClient(server.current.url)
    const database = openDatabase(db, {
      sqliteFile: join(state.app, 'tmp/db.sqlite3'),
      database: DB_NAME,
    })
    try {
      await browser.visit('/signup')
      const signup = await browser.inertia('POST', '/signup', {
        fullName: 'Ada',
        email: 'ada@example.com',
        password: 'ada-password-1',
        passwordConfirmation: 'ada-password-1',
      })
      assert.equal(signup.status, 302, await signup.clone().text())

      /* out of range: the plugin's field refuses it with its own words, nothing written */
      for (const score of ['9', '0', 'five']) {
        const refused = await browser.inertia('POST', '/admin/reviews', { title: 'Bad', score })
        assert.equal(refused.status, 302)
        const back = await browser.inertia('GET', refused.headers.get('location')!)
        const backPage: any = await back.json()
        assert.equal(backPage.props.errors.score, 'Choose between 1 and 5 stars', score)
      }
      assert.lengthOf(await database.rows('SELECT id FROM reviews'), 0)

      for (const [title, score] of [
        ['Great', '5'],
        ['Fine', '3'],
        ['Unrated', ''],
      ]) {
        const created = await browser.inertia('POST', '/admin/reviews', { title, score })
        assert.equal(created.status, 302)
      }
      const saved = await database.rows('SELECT title, score FROM reviews ORDER BY id')
      assert.deepEqual(
        saved.map((row: any) => [row.title, row.score === null ? null : Number(row.score)]),
        [
          ['Great', 5],
          ['Fine', 3],
          ['Unrated', null],
        ]
      )

      /* the list: the plugin's column contract, its words with the kit's */
      const listed = await browser.inertia('GET', '/admin/reviews')
      const list: any = await listed.json()
      const column = list.props.table.columns.find((entry: any) => entry.name === 'score')
      assert.equal(column.type, 'rating')
      assert.equal(column.stars, 5)
      assert.equal(list.props.strings['rating.clear'], 'Clear the rating')
      const filter = list.props.table.filters.find((entry: any) => entry.name === 'score')
      assert.equal(filter.type, 'form')
      assert.equal(filter.fields[0].type, 'rating')

      /* the filter: at least 4 stars */
      const narrowed = await browser.inertia('GET', '/admin/reviews?filters[score][min]=4')
      const filtered: any = await narrowed.json()
      assert.deepEqual(
        filtered.props.table.rows.map((row: any) => row.values.title),
        ['Great']
      )
      /* a value out of range is ignored, never an error */
      const ignored = await browser.inertia('GET', '/admin/reviews?filters[score][min]=9')
      assert.equal(ignored.status, 200)
      const ignoredPage: any = await ignored.json()
      assert.lengthOf(ignoredPage.props.table.rows, 3)
    } finally {
      await database.close()
      await server.current?.stop()
    }
  })
})

/*
 * Jobs through @adonisjs/queue on Redis: the web process (`node ace serve`)
 * only records and enqueues the export; a separate `node ace queue:work`
 * process runs it. On the first database only (the job code is the same
 * on each; the queue is what this proves).
 */
test.group('jobs on @adonisjs/queue (Redis) and node ace queue:work', (group) => {
  group.each.timeout(300_000)
  const db = DATABASES[0]
  const redis = { REDIS_HOST: '127.0.0.1', REDIS_PORT: '6379', REDIS_DB: '5' }
  const server = { current: null as AppServer | null }
  const worker = { current: null as Daemon | null }
  group.teardown(async () => {
    await worker.current?.stop()
    await server.current?.stop()
  })

  test('the export is queued by the web process and run by the worker process', async ({
    assert,
  }) => {
    const env = { ...dbEnv(db), ...redis }
    assertSucceeded(await git(['reset', '-q', '--hard', 'configured']), 'git reset')
    assertSucceeded(await git(['clean', '-qfd']), 'git clean')
    await rm(join(state.app, 'tmp'), { recursive: true, force: true })
    await recreateDatabase(db, DB_NAME)

    /* the user's steps (docs/export-import.md): @adonisjs/queue and @adonisjs/redis were
       installed with the kit (one npm install); configure them */
    await write('config/redis.ts', REDIS_CONFIG)
    await write('config/queue.ts', QUEUE_CONFIG)
    await addQueueProviders()
    const kitConfig = await readFile(join(state.app, 'config/kit.ts'), 'utf-8')
    assert.include(kitConfig, 'export default defineConfig({\n')
    await write(
      'config/kit.ts',
      kitConfig.replace(
        'export default defineConfig({\n',
        `export default defineConfig({\n${KIT_JOBS_CONFIG}`
      )
    )

    await write('database/migrations/1761885935169_create_posts_table.ts', POSTS_MIGRATION)
    await write('database/migrations/1761885935170_create_other_tables.ts', OTHER_MIGRATIONS)
    await write('app/models/post.ts', POST_MODEL)
    await write('app/models/comment.ts', COMMENT_MODEL)
    await write('app/policies/post_policy.ts', POST_POLICY)
    assertSucceeded(await node(['ace', 'migration:run'], env), 'node ace migration:run')
    assertSucceeded(
      await node(['ace', 'make:kit-resource', 'Post', '--generate'], env),
      'make:kit-resource Post --generate'
    )
    await write('app/resources/post/pages/list_posts.ts', LIST_POSTS_WITH_EXPORT)

    const database = openDatabase(db, {
      sqliteFile: join(state.app, 'tmp/db.sqlite3'),
      database: DB_NAME,
    })
    try {
      /* 1,800 posts: four chunks of 500 */
      const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
      const values = Array.from(
        { length: 1800 },
        (_, index) => `('Post ${String(index + 1).padStart(4, '0')}', false, '${now}', '${now}')`
      )
      await database.rows(
        `INSERT INTO posts (title, is_published, created_at, updated_at) VALUES ${values.join(', ')}`
      )

      server.current = new AppServer(state.app, env)
      await server.current.start(await freePort())
      const browser = new BrowserClient(server.current.url)
      await browser.visit('/signup')
      const signup = await browser.inertia('POST', '/signup', {
        fullName: 'Ada',
        email: 'ada@example.com',
        password: 'ada-password-1',
        passwordConfirmation: 'ada-password-1',
      })
      assert.equal(signup.status, 302, await signup.clone().text())

      /* the export, as the renderer posts it: 202 and a queued job */
      const started = await browser.request('POST', '/admin/posts/actions/export?_kit_page=index', {
        headers: {
          'accept': 'application/json',
          'content-type': 'application/json',
          'x-xsrf-token': browser.xsrfToken(),
        },
        body: JSON.stringify({ sort: 'title', direction: 'desc' }),
      })
      assert.equal(started.status, 202, await started.clone().text())
      const { job } = (await started.json()) as { job: { id: string; statusUrl: string } }

      /* no worker yet: the web process does not run it */
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const [queued] = await database.rows('SELECT status, attempts FROM kit_jobs WHERE id = ?', [
        job.id,
      ])
      assert.equal(queued.status, 'queued')
      assert.equal(Number(queued.attempts), 0)

      /* the worker process picks it up; its progress shows in the record and the status route */
      worker.current = new Daemon(state.app, env)
      worker.current.start(['ace', 'queue:work'])
      const seen = new Set<string>()
      const deadline = Date.now() + 120_000
      let status: any = null
      while (Date.now() < deadline) {
        const response = await browser.request('GET', job.statusUrl, {
          headers: { accept: 'application/json' },
        })
        assert.equal(response.status, 200)
        status = await response.json()
        const [record] = await database.rows(
          'SELECT status, processed, total FROM kit_jobs WHERE id = ?',
          [job.id]
        )
        seen.add(`${record.status}:${record.processed}/${record.total}`)
        if (status.status === 'completed' || status.status === 'failed') break
        assert.isTrue(worker.current.running, `the worker exited\n${worker.current.output}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      assert.equal(
        status?.status,
        'completed',
        `${JSON.stringify(status)}\n${worker.current.output}`
      )
      assert.equal(status.percent, 100)
      assert.equal(status.processed, 1800)
      assert.equal(status.total, 1800)
      assert.include([...seen], 'completed:1800/1800')
      const [record] = await database.rows(
        'SELECT attempts, cursor, started_at, finished_at FROM kit_jobs WHERE id = ?',
        [job.id]
      )
      assert.equal(Number(record.attempts), 1)
      assert.isNotNull(record.started_at)
      assert.isNotNull(record.finished_at)
      assert.equal(JSON.parse(record.cursor).part, 4)

      /* the file, through the signed URL: the query row for row */
      const download = await browser.request('GET', status.downloadUrl)
      assert.equal(download.status, 200)
      const text = await download.text()
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
      assert.equal(lines[0], 'id,Title')
      const expected = await database.rows(
        'SELECT id, title FROM posts ORDER BY title DESC, id ASC'
      )
      assert.deepEqual(
        lines.slice(1),
        expected.map((row) => `${row.id},${row.title}`)
      )

      /* the XLSX export: written by the package's writer thread inside the worker process */
      const xlsx = await browser.request(
        'POST',
        '/admin/posts/actions/exportXlsx?_kit_page=index',
        {
          headers: {
            'accept': 'application/json',
            'content-type': 'application/json',
            'x-xsrf-token': browser.xsrfToken(),
          },
          body: JSON.stringify({ sort: 'title', direction: 'desc' }),
        }
      )
      assert.equal(xlsx.status, 202, await xlsx.clone().text())
      const { job: xlsxJob } = (await xlsx.json()) as { job: { statusUrl: string } }
      let xlsxStatus: any = null
      for (const until = Date.now() + 120_000; Date.now() < until;) {
        const response = await browser.request('GET', xlsxJob.statusUrl, {
          headers: { accept: 'application/json' },
        })
        xlsxStatus = await response.json()
        if (xlsxStatus.status === 'completed' || xlsxStatus.status === 'failed') break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.equal(
        xlsxStatus?.status,
        'completed',
        `${JSON.stringify(xlsxStatus)}\n${worker.current.output}`
      )
      const workbookFile = await browser.request('GET', xlsxStatus.downloadUrl)
      assert.equal(workbookFile.status, 200)
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(Buffer.from(await workbookFile.arrayBuffer()) as any)
      const sheetRows: string[] = []
      workbook.worksheets[0].eachRow((row) => {
        sheetRows.push((row.values as unknown[]).slice(1).map(String).join(','))
      })
      assert.deepEqual(sheetRows, ['id,Title', ...expected.map((row) => `${row.id},${row.title}`)])
    } finally {
      await database.close()
      await worker.current?.stop()
      await server.current?.stop()
    }
  })
})
