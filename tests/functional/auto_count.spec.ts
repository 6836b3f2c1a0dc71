import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Board from '../app/app/models/board.ts'
import Post from '../app/app/models/post.ts'
import { countThreshold, resetCountThreshold } from '../app/app/count_threshold.ts'
import { twoTenants } from '../fixtures/tenancy.ts'
import { createUser, recordStatements, tabBadgesOf, withDatabase } from '../helpers.ts'

/* five rows make a "large" table here (the kit's default is 10,000) */
const THRESHOLD = 5

function list(client: any, user: any, qs: Record<string, any> = {}) {
  return client
    .get('/admin/posts')
    .qs({ perPage: 10, ...qs })
    .withInertia()
    .loginAs(user)
}

/**
 * Seed posts in one statement: `drafts` drafts then `published` published
 * posts by `author`, and refresh the table's statistics the way a database
 * keeps them for a large table (PostgreSQL's planner, MariaDB's
 * information_schema, SQLite's sqlite_stat1).
 */
async function seedPosts(authorId: number, drafts: number, published: number) {
  const rows = Array.from({ length: drafts + published }, (_, index) => ({
    title: `Title ${index}`,
    body: `Body ${index}`,
    status: index < drafts ? ('draft' as const) : ('published' as const),
    authorId,
  }))
  await Post.createMany(rows)
  await analyze('posts')
}

async function analyze(table: string) {
  /* MariaDB keeps InnoDB's row count as rows are written (and ANALYZE TABLE
     would commit the test's transaction) */
  if (db.connection().dialect.name !== 'mysql') {
    await db.rawQuery(`ANALYZE ${table}`)
  }
}

function pagination(response: any) {
  return response.inertiaProps.table.pagination
}

test.group('Automatic count | list pages', (group) => {
  withDatabase(group)
  group.each.setup(() => {
    countThreshold.threshold = THRESHOLD
    return () => resetCountThreshold()
  })

  test('a small table is counted exactly, with one bounded count', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await seedPosts(admin.id, 2, 2)
    let response: any
    const sql = await recordStatements(async () => {
      response = await list(client, admin)
    })
    response.assertStatus(200)
    assert.deepInclude(pagination(response), { total: 4, lastPage: 1 })
    assert.notProperty(pagination(response), 'count')
    const counts = sql.filter((statement) => statement.includes('count('))
    assert.lengthOf(counts, 1, sql.join('; '))
    assert.match(counts[0], /\blimit\b/, 'the count stops reading past the threshold')
    assert.isFalse(sql.some((statement) => statement.startsWith('explain')))
    /* the active tab's badge is that total */
    assert.deepEqual(await tabBadgesOf(client, response, admin), {
      all: 4,
      drafts: 2,
      published: null,
    })
  })

  test('a large list without scope, search or filter shows the database estimate', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await seedPosts(admin.id, 12, 18)
    const dialect = db.connection().dialect.name

    const first = await list(client, admin)
    first.assertStatus(200)
    const page = pagination(first)
    assert.equal(page.count, 'estimate')
    assert.isTrue(page.hasMorePages)
    /* an estimate, never under the rows known to exist */
    assert.isAtLeast(page.total, THRESHOLD + 1)
    assert.isAtMost(page.total, 60)
    assert.equal(page.lastPage, Math.ceil(page.total / 10))
    assert.lengthOf(first.inertiaProps.table.rows, 10)

    /* the active tab shows the same estimate; the drafts tab, narrowed by
       its condition, is PostgreSQL's estimate of that query, else a lower
       bound (table statistics do not describe a narrowed query) */
    const all = first.inertiaProps.tabs.items[0]
    assert.deepEqual(all, {
      key: 'all',
      label: 'All posts',
      badge: page.total,
      badgeCount: 'estimate',
    })
    const reload = await (client as any)
      .get(first.body().url)
      .withInertiaPartialReload(first.body().component, ['tabBadges'])
      .loginAs(admin)
    const drafts = reload.inertiaProps.tabBadges.drafts
    if (dialect === 'postgres') {
      assert.equal(drafts.count, 'estimate')
      assert.isAtLeast(drafts.badge, THRESHOLD + 1)
    } else {
      assert.deepEqual(drafts, { badge: THRESHOLD, count: 'atLeast' })
    }
    /* the partial reload carries the badges and nothing else of the list */
    assert.notProperty(reload.inertiaProps, 'table')
  })

  test('numbered pages still jump: the short last page and a page past the end are exact', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await seedPosts(admin.id, 0, 30)

    const middle = await list(client, admin, { page: 2 })
    assert.isTrue([undefined, 'estimate'].includes(pagination(middle).count as string | undefined))
    assert.lengthOf(middle.inertiaProps.table.rows, 10)

    /* the last page reads fewer rows than a page (or exactly the last 10
       with nothing after): its total is what was read */
    const last = await list(client, admin, { page: 3 })
    assert.deepInclude(pagination(last), { total: 30, lastPage: 3, page: 3 })
    assert.notProperty(pagination(last), 'count')

    /* past the end (a jump to an estimated last page beyond the rows):
       counted, and the real last page is served */
    const beyond = await list(client, admin, { page: 7 })
    beyond.assertStatus(200)
    assert.deepInclude(pagination(beyond), { total: 30, lastPage: 3, page: 3 })
    assert.notProperty(pagination(beyond), 'count')
    assert.deepEqual(
      beyond.inertiaProps.table.rows.map((row: any) => row.key),
      last.inertiaProps.table.rows.map((row: any) => row.key)
    )
  })

  test('a search or a filter on a large table gets a lower bound, never an estimate', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await seedPosts(admin.id, 12, 18)

    const searched = await list(client, admin, { search: 'Title' })
    assert.deepInclude(pagination(searched), {
      count: 'atLeast',
      total: 11,
      lastPage: 2,
      hasMorePages: true,
    })
    const filtered = await list(client, admin, { filters: { status: 'draft' } })
    assert.deepInclude(pagination(filtered), { count: 'atLeast', hasMorePages: true })
    assert.isAtLeast(pagination(filtered).total, THRESHOLD)

    /* a narrow search is small again: exact */
    const narrow = await list(client, admin, { search: 'Title 29' })
    assert.deepInclude(pagination(narrow), { total: 1, lastPage: 1 })
    assert.notProperty(pagination(narrow), 'count')

    /* the page after the bound is read, and its own bound grows with it */
    const second = await list(client, admin, { search: 'Title', page: 2 })
    assert.deepInclude(pagination(second), { count: 'atLeast', total: 21, lastPage: 3 })
    const third = await list(client, admin, { search: 'Title', page: 3 })
    assert.deepInclude(pagination(third), { total: 30, lastPage: 3 })
    assert.notProperty(pagination(third), 'count')
  })

  test("a scoped list (the resource's modifyQuery) never shows the table's estimate", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const reader = await createUser()
    /* 30 rows in the table; the reader's scope (published or theirs) holds 18 */
    await seedPosts(admin.id, 12, 18)

    const response = await list(client, reader)
    response.assertStatus(200)
    assert.deepInclude(pagination(response), { count: 'atLeast', total: 11, hasMorePages: true })
    assert.isTrue(
      response.inertiaProps.table.rows.every((row: any) => row.values.status === 'published')
    )
    /* the last page is read to its end: exact */
    const last = await list(client, reader, { page: 2 })
    assert.deepInclude(pagination(last), { total: 18, lastPage: 2 })
    assert.notProperty(pagination(last), 'count')
    assert.deepEqual(response.inertiaProps.tabs.items[0], {
      key: 'all',
      label: 'All posts',
      badge: 11,
      badgeCount: 'atLeast',
    })
    /* the drafts tab is empty in the reader's scope: exact */
    assert.deepEqual(await tabBadgesOf(client, response, reader), {
      all: 11,
      drafts: 0,
      published: null,
    })
  })
})

test.group('Automatic count | tenants', (group) => {
  withDatabase(group)
  group.each.setup(() => {
    countThreshold.threshold = THRESHOLD
    return () => resetCountThreshold()
  })

  test('a tenant-scoped list counts its own rows, never the whole table estimate', async ({
    client,
    assert,
  }) => {
    const { alice, bob, acme, globex } = await twoTenants()
    /* acme: 2 + 2 boards (small); globex: 1 + 40 boards (large) */
    await Board.createMany(
      Array.from({ length: 2 }, (_, index) => ({
        teamId: acme.id,
        name: `A${index}`,
        archived: false,
      }))
    )
    await Board.createMany(
      Array.from({ length: 40 }, (_, index) => ({
        teamId: globex.id,
        name: `G${index}`,
        archived: false,
      }))
    )
    await analyze('boards')

    const small = await client.get('/acme/app/boards').withInertia().loginAs(alice)
    small.assertStatus(200)
    assert.deepInclude(pagination(small), { total: 4, lastPage: 1 })
    assert.notProperty(pagination(small), 'count')

    const large = await client.get('/globex/app/boards').withInertia().loginAs(bob)
    large.assertStatus(200)
    assert.equal(pagination(large).count, 'atLeast')
    assert.isBelow(pagination(large).total, 41)
    assert.isTrue(
      large.inertiaProps.table.rows.every(
        (row: any) => String(row.title).startsWith('G') || row.title === 'Hammock'
      )
    )
  })
})
