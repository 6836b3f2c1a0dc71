import { test } from '@japa/runner'
import emitter from '@adonisjs/core/services/emitter'
import { createPost, createUser, Post, tabBadgesOf, withDatabase } from '../helpers.ts'
import { paginateFromNearestEnd } from '../../src/runtime/table/table_query.ts'

function list(client: any, user: any, qs: Record<string, any> = {}) {
  return client.get('/admin/posts').qs(qs).withInertia().loginAs(user)
}

async function countQueries(callback: () => Promise<unknown>) {
  let count = 0
  const listener = () => {
    count++
  }
  emitter.on('db:query', listener)
  try {
    await callback()
  } finally {
    emitter.off('db:query', listener)
  }
  return count
}

/**
 * 23 posts whose titles and statuses repeat, so that the primary key has to
 * break ties.
 */
async function seedPosts() {
  const admin = await createUser({ isAdmin: true })
  for (let index = 0; index < 23; index++) {
    await createPost(admin, {
      title: `Title ${String.fromCharCode(65 + (index % 5))}`,
      status: index % 3 ? 'published' : 'draft',
    })
  }
  return admin
}

test.group('Table | pages read from the nearest end', (group) => {
  withDatabase(group)

  test('every page holds the rows of a plain LIMIT/OFFSET read, in the same order', async ({
    client,
    assert,
  }) => {
    const admin = await seedPosts()
    const sorts: Array<[string | null, 'asc' | 'desc']> = [
      [null, 'asc'],
      ['title', 'asc'],
      ['title', 'desc'],
      ['status', 'asc'],
      ['status', 'desc'],
    ]
    for (const [sort, direction] of sorts) {
      for (const page of [1, 2, 3, 4]) {
        const qs: Record<string, string> = { perPage: '10', page: String(page) }
        if (sort) Object.assign(qs, { sort, direction })
        const response = await list(client, admin, qs)
        response.assertStatus(200)
        const table = response.inertiaProps.table

        const expected = Post.query()
        if (sort) expected.orderBy(sort, direction)
        const rows = await expected.orderBy('id', direction).forPage(page, 10)
        assert.deepEqual(
          table.rows.map((row: any) => row.key),
          rows.map((row) => row.id),
          `sort ${sort ?? 'none'} ${direction}, page ${page}`
        )
        assert.equal(table.pagination.total, 23)
        assert.equal(table.pagination.lastPage, 3)
      }
    }
  })

  test('the last page runs as many queries as the first', async ({ client, assert }) => {
    const admin = await seedPosts()
    const first = await countQueries(() => list(client, admin, { perPage: '10', page: '1' }))
    const last = await countQueries(() => list(client, admin, { perPage: '10', page: '3' }))
    assert.isAbove(first, 0)
    assert.equal(last, first)
  })

  test('queries whose order cannot be flipped go through paginate() unchanged', async ({
    assert,
  }) => {
    const admin = await seedPosts()
    void admin
    const raw = await paginateFromNearestEnd(
      Post.query().orderByRaw('title desc').orderBy('id', 'desc'),
      3,
      10
    )
    const plain = await Post.query().orderByRaw('title desc').orderBy('id', 'desc').forPage(3, 10)
    assert.deepEqual(
      raw.all().map((row: any) => row.id),
      plain.map((row) => row.id)
    )
    assert.equal(raw.total, 23)
  })
})

test.group('Table | tab badges', (group) => {
  withDatabase(group)

  test('the active tab reuses the pagination total only when nothing narrows the list', async ({
    client,
    assert,
  }) => {
    const admin = await seedPosts()
    const badges = (response: any) => tabBadgesOf(client, response, admin)

    const plain = await list(client, admin)
    assert.deepEqual(await badges(plain), { all: 23, drafts: 8, published: null })
    assert.equal(plain.inertiaProps.table.pagination.total, 23)

    const drafts = await list(client, admin, { tab: 'drafts' })
    assert.deepEqual(await badges(drafts), { all: 23, drafts: 8, published: null })

    /* a search or a filter narrows the list, never the badges */
    const searched = await list(client, admin, { search: 'Title A' })
    assert.equal(searched.inertiaProps.table.pagination.total, 5)
    assert.deepEqual(await badges(searched), { all: 23, drafts: 8, published: null })
    const filtered = await list(client, admin, { filters: { status: 'draft' } })
    assert.equal(filtered.inertiaProps.table.pagination.total, 8)
    assert.deepEqual(await badges(filtered), { all: 23, drafts: 8, published: null })

    /* the page counts no badge: a narrowed list defers the active tab's
       badge too, and its reload counts it */
    const unfiltered = await countQueries(() => list(client, admin))
    const narrowed = await countQueries(() => list(client, admin, { search: 'Title A' }))
    assert.equal(narrowed, unfiltered)
    const searchedTabs = searched.inertiaProps.tabs.items
    assert.deepEqual(
      searchedTabs.map((item: any) => [item.key, item.badgeDeferred ?? false]),
      [
        ['all', true],
        ['drafts', true],
        ['published', false],
      ]
    )
    assert.isTrue(plain.inertiaProps.tabs.items[0].badge === 23)
  })
})
