import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import v8 from 'node:v8'
import vm from 'node:vm'

/**
 * A handle on V8's garbage collector, so memory is measured without garbage.
 */
function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc')
}
import { configureJobs, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
import { Article, createArticle, createUser, snapshot, withDatabase } from '../helpers.ts'

function bulk(client: any, user: any, name: string, body: Record<string, any>) {
  return client
    .post(`/admin/articles/bulk-actions/${name}`)
    .json(body)
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

test.group('Bulk actions | selected records', (group) => {
  withDatabase(group)

  test('each selected record is authorized; refused ones are counted and untouched', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const mine = await createArticle(owner, { status: 'published' })
    const theirs = await createArticle(other, { status: 'published' })

    const response = await bulk(client, owner, 'markDraft', { records: [mine.id, theirs.id] })
    response.assertStatus(200)
    response.assertBodyContains({ action: 'markDraft', affected: 1, refused: 1 })

    await mine.refresh()
    await theirs.refresh()
    assert.equal(mine.status, 'draft')
    assert.equal(theirs.status, 'published')
  })

  test('keys outside the scope, malformed or repeated are ignored', async ({ client, assert }) => {
    const owner = await createUser()
    const live = await createArticle(owner)
    const trashed = await createArticle(owner, { deletedAt: DateTime.now() })

    const response = await bulk(client, owner, 'delete', {
      records: [live.id, live.id, String(live.id), trashed.id, 999999, 'abc', -1, null, { id: 1 }],
    })
    response.assertBodyContains({ affected: 1, refused: 0 })
    await trashed.refresh()
    const trashedAt = trashed.deletedAt!.toMillis()
    await live.refresh()
    assert.isNotNull(live.deletedAt)
    /* the already trashed record was not touched again */
    await trashed.refresh()
    assert.equal(trashed.deletedAt!.toMillis(), trashedAt)
  })

  test('built-in bulk actions check the *Any ability first', async ({ client, assert }) => {
    const owner = await createUser()
    const article = await createArticle(owner, { deletedAt: DateTime.now() })
    const before = await snapshot(Article)

    const restore = await bulk(client, owner, 'restore', { records: [article.id] })
    restore.assertStatus(403)
    const force = await bulk(client, owner, 'forceDelete', { records: [article.id] })
    force.assertStatus(403)
    assert.deepEqual(await snapshot(Article), before)
  })

  test('unknown or case-variant bulk action names are refused', async ({ client, assert }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const before = await snapshot(Article)
    for (const name of ['nope', 'Delete', 'markdraft', 'publish']) {
      const response = await bulk(client, owner, name, { records: [article.id] })
      assert.equal(response.status(), 404, name)
    }
    assert.deepEqual(await snapshot(Article), before)
  })
})

test.group('Bulk actions | query-wide mode', (group) => {
  withDatabase(group)

  test('select-all rebuilds the query from search and filters, minus excluded keys', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const keep = await createArticle(admin, { title: 'Report A', status: 'draft' })
    const hit = await createArticle(admin, { title: 'Report B', status: 'draft' })
    const other = await createArticle(admin, { title: 'Report C', status: 'published' })
    const unrelated = await createArticle(admin, { title: 'Memo', status: 'draft' })

    const response = await bulk(client, admin, 'delete', {
      selectAll: true,
      except: [keep.id],
      search: 'report',
      filters: { status: 'draft', bogus: 'x' },
      sort: 'title; DROP TABLE articles',
    })
    response.assertBodyContains({ affected: 1, refused: 0 })

    for (const article of [keep, hit, other, unrelated]) await article.refresh()
    assert.isNull(keep.deletedAt)
    assert.isNotNull(hit.deletedAt)
    assert.isNull(other.deletedAt)
    assert.isNull(unrelated.deletedAt)
  })
})

/**
 * Outside the per-test global transaction: its savepoints would keep every
 * chunk's transaction alive and hide what the bulk action itself retains.
 */
test.group('Bulk actions | 100,000 rows', (group) => {
  /* measured in the request: the job threshold (bulk_jobs.spec.ts) is raised here */
  group.each.setup(() => {
    const settings = jobOptions()
    configureJobs({ ...settings, bulkQueueThreshold: 1_000_000 })
    return () => configureJobs(settings)
  })
  group.each.teardown(async () => {
    await db.from('articles').delete()
    await db.from('users').delete()
  })

  test('a query-wide force delete over 100,000 rows leaves exactly the excluded rows', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const total = 100_000
    const seedStarted = performance.now()
    const rows = []
    for (let index = 0; index < total; index++) {
      rows.push({ title: `Bulk ${index}`, status: 'draft', owner_id: admin.id, deleted_at: null })
      if (rows.length === 400) {
        await db.table('articles').multiInsert(rows)
        rows.length = 0
      }
    }
    console.log(`      seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)
    const keys = await db.from('articles').orderBy('id').select('id')
    const except = [keys[0].id, keys[4321].id, keys[50_000].id, keys[99_999].id]

    const gc = collectGarbage()
    gc()
    const heapBefore = process.memoryUsage().heapUsed
    let peak = heapBefore
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    }, 5)
    const started = performance.now()
    const response = await bulk(client, admin, 'forceDelete', {
      selectAll: true,
      except,
      filters: { trashed: 'with' },
    })
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    gc()
    const retained = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024
    const peakGrowth = (peak - heapBefore) / 1024 / 1024

    response.assertStatus(200)
    response.assertBodyContains({ affected: total - except.length, refused: 0 })
    const left = await db.from('articles').orderBy('id').select('id')
    assert.deepEqual(
      left.map((row: any) => row.id),
      except
    )
    console.log(
      `      bulk force delete of ${total - except.length} rows: ${seconds.toFixed(1)} s, peak heap growth ${peakGrowth.toFixed(1)} MB, retained ${retained.toFixed(1)} MB`
    )
    assert.isBelow(peakGrowth, 100)
    assert.isBelow(retained, 20)
  }).timeout(300_000)
})

test.group('Bulk actions | HTML and Inertia clients', (group) => {
  withDatabase(group)

  test('the redirect back keeps the list page query string (search, filters, tab, page)', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner, { status: 'published' })
    const listUrl = '/admin/articles?search=abc&filters%5Bstatus%5D=published&page=2'

    const response = await client
      .post('/admin/articles/bulk-actions/markDraft')
      .json({ records: [article.id] })
      .header('referer', listUrl)
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)

    response.assertStatus(302)
    const location = new URL(response.header('location')!, 'http://localhost')
    assert.equal(location.pathname, '/admin/articles')
    assert.equal(location.searchParams.get('search'), 'abc')
    assert.equal(location.searchParams.get('filters[status]'), 'published')
    assert.equal(location.searchParams.get('page'), '2')
    await article.refresh()
    assert.equal(article.status, 'draft')
  })
})
