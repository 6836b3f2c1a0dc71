import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { Table } from '../../src/definitions/table/table.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import {
  listCountScope,
  paginateTable,
  readTableState,
} from '../../src/runtime/table/table_query.ts'
import { serializeTable } from '../../src/runtime/table/table_serializer.ts'
import { PageTab } from '../../src/definitions/pages/page_tab.ts'
import { serializeTabs } from '../../src/runtime/pages/tabs.ts'
import type { TabBadgesContract } from '../../src/contracts/main.ts'
import type { CountStrategy } from '../../src/definitions/table/count_strategy.ts'
import { Post, createPost, createUser, recordStatements, withDatabase } from '../helpers.ts'

class PostsResource extends Resource<typeof Post> {
  model = Post
}

async function seedPosts(count: number) {
  const author = await createUser({ isAdmin: true })
  for (let index = 0; index < count; index++) {
    await createPost(author, { title: `Post ${String(index).padStart(2, '0')}` })
  }
  return author
}

function postsTable(configure: (table: Table) => Table) {
  return configure(new Table().columns([TextColumn.make('title').sortable()]))
}

async function listPage(table: Table, query: Record<string, string>) {
  const resource = new PostsResource()
  const state = readTableState(table, query)
  const context = { user: null }
  const page = await paginateTable(resource, table, state, context)
  return serializeTable(resource, table, state, page as any, context)
}

test.group('Table | count strategies', (group) => {
  withDatabase(group)

  test('simple pagination runs no count and reads the same pages', async ({ assert }) => {
    await seedPosts(23)
    const simple = postsTable((table) => table.simplePagination())
    const exact = postsTable((table) => table.countStrategy('exact'))
    const expected = [
      { page: 1, rows: 10, total: 11, lastPage: 2, hasMorePages: true },
      { page: 2, rows: 10, total: 21, lastPage: 3, hasMorePages: true },
      { page: 3, rows: 3, total: 23, lastPage: 3, hasMorePages: false },
      { page: 4, rows: 0, total: 30, lastPage: 3, hasMorePages: false },
    ]
    for (const { page, rows, total, lastPage, hasMorePages } of expected) {
      for (const sort of [{}, { sort: 'title', direction: 'desc' }] as Record<string, string>[]) {
        const query = { perPage: '10', page: String(page), ...sort }
        let contract: Awaited<ReturnType<typeof listPage>> | undefined
        const sql = await recordStatements(async () => {
          contract = await listPage(simple, query)
        })
        assert.isFalse(
          sql.some((statement) => statement.includes('count(')),
          `no count: ${sql.join('; ')}`
        )
        assert.lengthOf(sql, 1)
        const counted = await listPage(exact, query)
        assert.deepEqual(
          contract!.rows.map((row) => row.key),
          counted.rows.map((row) => row.key),
          `page ${page} ${JSON.stringify(sort)}`
        )
        assert.lengthOf(contract!.rows, rows)
        assert.deepInclude(contract!.pagination, {
          page,
          total: page === 4 ? 30 : total,
          lastPage,
          count: 'none',
          hasMorePages,
        })
        /* the counted page keeps its contract as it was */
        assert.notProperty(counted.pagination, 'count')
        assert.equal(counted.pagination.total, 23)
      }
    }
  })

  test('estimate: the planner estimate on PostgreSQL over the threshold, a count elsewhere', async ({
    assert,
  }) => {
    await seedPosts(12)
    const dialect = db.connection().dialect.name
    const estimated = postsTable((table) => table.countStrategy('estimate', { threshold: 0 }))
    let contract: Awaited<ReturnType<typeof listPage>> | undefined
    const sql = await recordStatements(async () => {
      contract = await listPage(estimated, { perPage: '10' })
    })
    assert.lengthOf(contract!.rows, 10)
    if (dialect === 'postgres') {
      assert.isTrue(sql[0].startsWith('explain (format json)'), sql[0])
      assert.isFalse(sql.some((statement) => statement.includes('count(')))
      assert.equal(contract!.pagination.count, 'estimate')
      assert.isAtLeast(contract!.pagination.total, 10)
    } else {
      assert.isTrue(sql.some((statement) => statement.includes('count(')))
      assert.notProperty(contract!.pagination, 'count')
      assert.equal(contract!.pagination.total, 12)
    }

    /* under the threshold: counted, on every database */
    const small = postsTable((table) => table.countStrategy('estimate', { threshold: 1_000_000 }))
    const counted = await listPage(small, { perPage: '10', page: '2' })
    assert.equal(counted.pagination.total, 12)
    assert.notProperty(counted.pagination, 'count')
    assert.lengthOf(counted.rows, 2)
  })

  test('a bad count strategy fails at configuration', ({ assert }) => {
    assert.throws(
      () => new Table().countStrategy('estimate', { threshold: -1 }),
      /non-negative integer threshold/
    )
    assert.throws(
      () => new Table().countStrategy('guess' as any),
      /'auto', 'exact', 'estimate' or 'none'/
    )
  })
})

test.group('Tabs | badges of a table that estimates', (group) => {
  withDatabase(group)

  test('record-count badges take the estimate over the threshold (PostgreSQL)', async ({
    assert,
  }) => {
    const author = await createUser()
    for (let index = 0; index < 6; index++) {
      await createPost(author, { status: index % 2 ? 'published' : 'draft' })
    }
    const tabs = [
      PageTab.make('all').default().badge(),
      PageTab.make('published')
        .badge()
        .modifyQueryUsing((query) => query.where('status', 'published')),
      PageTab.make('custom').badge(() => 42),
    ]
    const resource = new PostsResource()
    const counting = (strategy: CountStrategy) => ({
      strategy,
      scope: () => listCountScope(resource, { user: null }, false),
    })
    const badges = async (strategy: CountStrategy) => {
      const serialized = await serializeTabs(
        resource,
        tabs,
        tabs[0],
        { user: null },
        counting(strategy)
      )
      /* every badge arrives after the page */
      assert.isTrue(
        serialized.tabs.items.every((item) => item.badge === null && item.badgeDeferred)
      )
      return serialized.deferred!()
    }
    let estimated: TabBadgesContract | undefined
    const sql = await recordStatements(async () => {
      estimated = await badges({ kind: 'estimate', threshold: 0 })
    })
    const counted = await badges({ kind: 'exact' })
    assert.deepEqual(counted, { all: { badge: 6 }, published: { badge: 3 }, custom: { badge: 42 } })
    if (db.connection().dialect.name === 'postgres') {
      assert.isFalse(
        sql.some((statement) => statement.includes('count(')),
        sql.join('; ')
      )
      assert.deepEqual(
        Object.entries(estimated!).map(([key, badge]) => [key, badge.count ?? 'exact']),
        [
          ['all', 'estimate'],
          ['published', 'estimate'],
          ['custom', 'exact'],
        ]
      )
      assert.equal(estimated!.custom.badge, 42)
    } else {
      assert.deepEqual(estimated, counted)
    }
  })
})
