import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { Post, type User, createPost, createUser, withDatabase } from '../helpers.ts'
import { createJob, findJob, updateJob, JOBS_TABLE } from '../../src/runtime/jobs/job_store.ts'
import { configureJobs, executeJob, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
import { readJobFile, waitForJob } from '../../src/runtime/jobs/job_waiting.ts'
import { parseCsv } from '../../src/runtime/export/csv.ts'
import db from '@adonisjs/lucid/services/db'

function startExport(client: any, user: User, body: Record<string, unknown> = {}, name = 'export') {
  return client
    .post(`/exports/export-posts/actions/${name}?_kit_page=index`)
    .json(body)
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

/**
 * The rows the export must hold for a user: the resource's scope (admins
 * everything, others published posts and their own), the status filter
 * and the search, sorted by title then key.
 */
async function expectedRows(user: User, options: { status?: string; search?: string } = {}) {
  const query = Post.query()
  if (!user.isAdmin) {
    query.where((scope) => scope.where('status', 'published').orWhere('author_id', user.id))
  }
  if (options.status) query.where('status', options.status)
  if (options.search) query.whereILike('title', `%${options.search}%`)
  const posts = await query.orderBy('title', 'asc').orderBy('id', 'asc')
  return posts.map((post) => [
    String(post.id),
    post.title,
    post.status,
    String(post.authorId),
    new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeZone: 'UTC' }).format(
      post.createdAt.toJSDate()
    ),
  ])
}

async function seed() {
  const alice = await createUser()
  const bob = await createUser()
  for (let index = 0; index < 4; index++) {
    await createPost(alice, { title: `Alpha ${index}`, status: 'published' })
    await createPost(alice, { title: `Alpha draft ${index}`, status: 'draft' })
    await createPost(bob, { title: `Beta draft ${index}`, status: 'draft' })
  }
  await createPost(bob, { title: 'Beta news', status: 'published' })
  return { alice, bob }
}

test.group('Export | over HTTP', (group) => {
  /* exports run as jobs (the embedded worker), XLSX in a worker thread */
  group.each.timeout(90_000)
  withDatabase(group)

  test('the list page tells the renderers which actions start jobs', async ({ client, assert }) => {
    const { alice } = await seed()
    const page = await client.get('/exports/export-posts').withInertia().loginAs(alice)
    page.assertStatus(200)
    const header = page.inertiaProps.headerActions as { name: string; job?: string }[]
    assert.deepEqual(
      header.map((action) => [action.name, action.job]),
      [
        ['export', 'export'],
        ['exportComputed', 'export'],
        ['exportXlsx', 'export'],
        ['import', 'import'],
        ['importByTitle', 'import'],
      ]
    )
    const bulk = page.inertiaProps.table.bulkActions as { name: string; job?: string }[]
    assert.equal(bulk.find((action) => action.name === 'exportSelected')?.job, 'export')
  })

  test('the file holds the scoped, filtered, searched, sorted query row for row', async ({
    client,
    assert,
  }) => {
    const { alice } = await seed()
    const response = await startExport(client, alice, {
      search: 'alpha',
      sort: 'title',
      direction: 'asc',
    })
    response.assertStatus(202)
    const started = response.body().job
    assert.equal(started.status, 'queued')
    assert.match(started.statusUrl, /^\/exports\/_kit\/jobs\/[0-9a-f-]{36}$/)

    const job = await waitForJob(started.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    const status = await client.get(started.statusUrl).accept('json').loginAs(alice)
    status.assertStatus(200)
    assert.equal(status.body().status, 'completed')
    assert.equal(status.body().percent, 100)
    assert.equal(status.body().processed, 8)

    const download = await client.get(status.body().downloadUrl).loginAs(alice)
    download.assertStatus(200)
    assert.include(download.header('content-disposition'), 'export-posts.csv')
    const rows = parseCsv(download.text())
    assert.deepEqual(rows[0], ['id', 'Title', 'status', 'Author', 'Created'])
    assert.deepEqual(rows.slice(1), await expectedRows(alice, { search: 'alpha' }))
    /* chunks of 3: 8 rows in 3 parts, none twice */
    assert.equal(new Set(rows.slice(1).map((row) => row[0])).size, 8)
  })

  test('a computed column (state) reads models: same rows, the computed cells', async ({
    client,
    assert,
  }) => {
    const { alice } = await seed()
    const response = await startExport(
      client,
      alice,
      { sort: 'title', direction: 'asc' },
      'exportComputed'
    )
    response.assertStatus(202)
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    const { rows } = await readJobFile(job)
    assert.deepEqual(rows[0], ['id', 'title', 'createdAt'])
    const expected = await expectedRows(alice)
    assert.deepEqual(
      rows.slice(1),
      expected.map(([id, title, , , created]) => [id, title.toUpperCase(), created])
    )
  })

  test('filters and sort direction reach the job; unknown ones are ignored', async ({
    assert,
    client,
  }) => {
    const { bob } = await seed()
    const response = await startExport(client, bob, {
      filters: { status: 'draft', nope: 'x' },
      sort: 'secretNote',
    })
    response.assertStatus(202)
    const job = await waitForJob(response.body().job.id)
    const { rows } = await readJobFile(job)
    const draftRows = await expectedRows(bob, { status: 'draft' })
    const expected = draftRows.sort((a, b) => Number(a[0]) - Number(b[0]))
    /* an unsortable column: the default order (the key) */
    assert.deepEqual(rows.slice(1), expected)
    assert.lengthOf(expected, 4)
  })

  test('another user gets 404 for the status and the file; forged signatures too', async ({
    client,
    assert,
  }) => {
    const { alice, bob } = await seed()
    const response = await startExport(client, alice)
    const job = await waitForJob(response.body().job.id)
    const status = await client.get(response.body().job.statusUrl).accept('json').loginAs(alice)
    const downloadUrl: string = status.body().downloadUrl

    const asBob = await client.get(response.body().job.statusUrl).accept('json').loginAs(bob)
    asBob.assertStatus(404)
    const bobDownload = await client.get(downloadUrl).loginAs(bob)
    bobDownload.assertStatus(404)
    assert.notInclude(bobDownload.text(), 'Alpha draft')

    const forged = await client
      .get(`/exports/_kit/jobs/${job.id}/download?signature=abc`)
      .loginAs(alice)
    forged.assertStatus(404)
    const unsigned = await client.get(`/exports/_kit/jobs/${job.id}/download`).loginAs(alice)
    unsigned.assertStatus(404)
    const guest = await client.get(downloadUrl).redirects(0)
    assert.notEqual(guest.status(), 200)
    assert.notInclude(guest.text(), 'Alpha')
  })

  test('a refused user gets 403 and no job is recorded', async ({ client, assert }) => {
    const refused = await createUser({ email: 'no-export@example.com' })
    const before = await db.from(JOBS_TABLE).count('* as total')
    const response = await startExport(client, refused)
    response.assertStatus(403)
    const after = await db.from(JOBS_TABLE).count('* as total')
    assert.equal(Number(after[0].total), Number(before[0].total))
    const unknown = await startExport(client, refused, {}, 'nope')
    unknown.assertStatus(404)
  })

  test('cells that spreadsheets read as formulas are neutralized', async ({ client, assert }) => {
    const user = await createUser({ isAdmin: true })
    const titles = [
      '=HYPERLINK("http://evil")',
      '+1+1',
      '-2',
      '@SUM(A1)',
      '\tTab',
      '\rCr',
      'Safe, "quoted"',
    ]
    for (const title of titles) await createPost(user, { title })
    const response = await startExport(client, user, { sort: 'title' })
    const job = await waitForJob(response.body().job.id)
    const { rows } = await readJobFile(job)
    const exported = rows.slice(1).map((row) => row[1])
    const expected = titles.map((title) => (/^[=+\-@\t\r]/.test(title) ? `'${title}` : title))
    assert.sameMembers(exported, expected)
  })

  test('two users exporting in parallel each get only their rows and their file', async ({
    client,
    assert,
  }) => {
    const { alice, bob } = await seed()
    const [first, second] = await Promise.all([
      startExport(client, alice),
      startExport(client, bob),
    ])
    const [aliceJob, bobJob] = await Promise.all([
      waitForJob(first.body().job.id),
      waitForJob(second.body().job.id),
    ])
    assert.notEqual(aliceJob.result!.file, bobJob.result!.file)
    const aliceFile = await readJobFile(aliceJob)
    const bobFile = await readJobFile(bobJob)
    const aliceRows = aliceFile.rows.slice(1)
    const bobRows = bobFile.rows.slice(1)
    const byKey = (rows: string[][]) => rows.map((row) => row[0]).sort()
    assert.deepEqual(byKey(aliceRows), byKey(await expectedRows(alice)))
    assert.deepEqual(byKey(bobRows), byKey(await expectedRows(bob)))
    assert.isFalse(aliceRows.some((row) => row[1].startsWith('Beta draft')))
    assert.isFalse(bobRows.some((row) => row[1].startsWith('Alpha draft')))
  })

  test('XLSX exports hold the same rows', async ({ client, assert }) => {
    const { alice } = await seed()
    const response = await startExport(client, alice, {}, 'exportXlsx')
    const job = await waitForJob(response.body().job.id)
    const file = await readJobFile(job)
    assert.equal(file.name, 'posts-sheet.xlsx')
    const all = await expectedRows(alice)
    const expected = all.map((row) => [row[0], row[1]]).sort((a, b) => Number(a[0]) - Number(b[0]))
    assert.deepEqual(file.rows.slice(1), expected)
  }).timeout(90_000)

  test('a bulk export authorizes each record and counts the refused ones', async ({
    client,
    assert,
  }) => {
    const { alice, bob } = await seed()
    const mine = await Post.query().where('author_id', alice.id).orderBy('id').limit(2)
    const theirs = await Post.query()
      .where('author_id', bob.id)
      .where('status', 'published')
      .first()
    const response = await client
      .post('/exports/export-posts/bulk-actions/exportSelected')
      .json({ records: [...mine.map((post) => post.id), theirs!.id] })
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    response.assertStatus(202)
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.processed, 2)
    assert.equal(job.failed, 1)
    const { rows } = await readJobFile(job)
    assert.deepEqual(
      rows.slice(1),
      mine.map((post) => [String(post.id), post.title])
    )
  })
})

test.group('Export | jobs', (group) => {
  /* the embedded worker runs the jobs; waitForJob allows them 60 s */
  group.each.timeout(90_000)
  withDatabase(group)

  test('the job re-checks the user rights when it runs', async ({ assert }) => {
    const { alice } = await seed()
    const job = await createJob({
      kind: 'export',
      userId: String(alice.id),
      panel: 'exports',
      mount: 'kit.exports.export-posts.index',
      tenantKey: null,
      payload: {
        kind: 'header',
        action: 'export',
        state: {},
        tab: null,
        selectAll: true,
        records: [],
        except: [],
      },
    })
    /* the user lost the right between dispatch and run */
    alice.email = 'no-export@example.com'
    await alice.save()
    await executeJob(job.id)
    const ran = (await findJob(job.id))!
    assert.equal(ran.status, 'failed')
    assert.equal(ran.error, 'forbidden')
    assert.isNull(ran.result)
  })

  test('a worker that dies mid-way: another takes over from the last chunk, no row twice', async ({
    assert,
  }) => {
    const { alice } = await seed()
    const settings = jobOptions()
    const disk = await settings.disk()
    let hung = false
    /* the first worker never finishes writing its second chunk */
    const put = (key: string, contents: string) => {
      if (key.endsWith('part-000002.csv') && !hung) {
        hung = true
        return new Promise(() => {})
      }
      return disk.put(key, contents)
    }
    const dying = new Proxy(disk, {
      get(target, property) {
        if (property === 'put') return put
        const value = (target as any)[property]
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    configureJobs({ ...settings, disk: async () => dying })
    try {
      const job = await createJob({
        kind: 'export',
        userId: String(alice.id),
        panel: 'exports',
        mount: 'kit.exports.export-posts.index',
        tenantKey: null,
        payload: {
          kind: 'header',
          action: 'export',
          state: {},
          tab: null,
          selectAll: true,
          records: [],
          except: [],
        },
      })
      void executeJob(job.id)
      while (!hung) await new Promise((resolve) => setTimeout(resolve, 10))
      const stalled = (await findJob(job.id))!
      assert.equal(stalled.status, 'running')
      assert.equal(stalled.processed, 3)

      /* a second worker may not take it while the heartbeat is fresh */
      assert.isFalse(await executeJob(job.id))
      await updateJob(job.id, { heartbeatAt: DateTime.now().minus({ minutes: 5 }).toJSDate() })
      assert.isTrue(await executeJob(job.id))

      const done = (await findJob(job.id))!
      assert.equal(done.status, 'completed', done.error ?? '')
      assert.equal(done.attempts, 2)
      const doneFile = await readJobFile(done)
      const rows = doneFile.rows.slice(1)
      const all = await expectedRows(alice)
      const expected = all.sort((a, b) => Number(a[0]) - Number(b[0]))
      assert.deepEqual(rows, expected)
    } finally {
      configureJobs(settings)
    }
  })
})
