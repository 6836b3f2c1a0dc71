import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { Table } from '../../src/definitions/table/table.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import { paginateTable, readTableState } from '../../src/runtime/table/table_query.ts'
import { serializeTable } from '../../src/runtime/table/table_serializer.ts'
import type { TableContract } from '../../src/contracts/main.ts'
import { Post, createPost, createUser, recordStatements, withDatabase } from '../helpers.ts'

class PostsResource extends Resource<typeof Post> {
  model = Post
}

function postsTable(keyset: boolean, count: 'exact' | 'none' | 'estimate' = 'exact') {
  return new Table()
    .countStrategy(count, { threshold: 0 })
    .columns([
      TextColumn.make('title').sortable().searchable(),
      TextColumn.make('body').sortable(),
      TextColumn.make('createdAt').sortable(),
    ])
    .paginationPageOptions([5, 10])
    .keysetPagination(keyset)
}

async function listPage(
  keyset: boolean,
  query: Record<string, string>,
  count: 'exact' | 'none' | 'estimate' = 'exact'
): Promise<TableContract> {
  const table = postsTable(keyset, count)
  const resource = new PostsResource()
  const state = readTableState(table, query)
  const context = { user: null }
  const page = await paginateTable(resource, table, state, context)
  return serializeTable(resource, table, state, page as any, context)
}

/**
 * 23 posts: titles that repeat (ties), bodies with NULLs and ties, creation
 * times that repeat (ties on a date column).
 */
async function seedPosts() {
  const author = await createUser()
  const start = DateTime.fromISO('2026-03-01T10:00:00.000Z')
  for (let index = 0; index < 23; index++) {
    await createPost(author, {
      title: `Title ${String.fromCharCode(65 + (index % 5))}`,
      body: index % 3 === 0 ? null : `Body ${index % 4}`,
      createdAt: start.plus({ minutes: Math.floor(index / 2) }),
    })
  }
}

const SORTS: Array<Record<string, string>> = [
  {},
  { sort: 'title', direction: 'asc' },
  { sort: 'title', direction: 'desc' },
  { sort: 'body', direction: 'asc' },
  { sort: 'body', direction: 'desc' },
  { sort: 'createdAt', direction: 'asc' },
  { sort: 'createdAt', direction: 'desc' },
]

const keys = (table: TableContract) => table.rows.map((row) => row.key)

test.group('Table | keyset pagination', (group) => {
  withDatabase(group)

  test('walking the cursors forwards and backwards reads the offset pages (ties and NULLs)', async ({
    assert,
  }) => {
    await seedPosts()
    for (const sort of SORTS) {
      const base = { perPage: '5', ...sort }
      const offsetPages: Array<Array<string | number>> = []
      for (let page = 1; page <= 5; page++) {
        offsetPages.push(keys(await listPage(false, { ...base, page: String(page) })))
      }

      /* forwards from the first page */
      let table = await listPage(true, base)
      assert.deepEqual(keys(table), offsetPages[0], `page 1 ${JSON.stringify(sort)}`)
      assert.isNull(table.pagination.cursors?.previous)
      for (let page = 2; page <= 5; page++) {
        const next = table.pagination.cursors!.next!
        assert.isString(next, `a next cursor on page ${page - 1} ${JSON.stringify(sort)}`)
        table = await listPage(true, { ...base, cursor: next })
        assert.equal(table.pagination.page, page)
        assert.deepEqual(keys(table), offsetPages[page - 1], `page ${page} ${JSON.stringify(sort)}`)
      }
      assert.isNull(table.pagination.cursors!.next, 'the last page has no next cursor')
      assert.equal(table.pagination.total, 23)

      /* backwards from the last page */
      for (let page = 4; page >= 1; page--) {
        table = await listPage(true, { ...base, cursor: table.pagination.cursors!.previous! })
        assert.equal(table.pagination.page, page)
        assert.deepEqual(
          keys(table),
          offsetPages[page - 1],
          `back to ${page} ${JSON.stringify(sort)}`
        )
      }
      assert.isNull(table.pagination.cursors!.previous)
    }
  })

  test('cursors with simple pagination and with the estimate walk the same pages', async ({
    assert,
  }) => {
    await seedPosts()
    for (const count of ['none', 'estimate'] as const) {
      const base = { perPage: '5', sort: 'body', direction: 'desc' }
      const expected: Array<Array<string | number>> = []
      for (let page = 1; page <= 5; page++) {
        expected.push(keys(await listPage(false, { ...base, page: String(page) })))
      }
      let table = await listPage(true, base, count)
      const seen = [keys(table)]
      while (table.pagination.cursors!.next) {
        table = await listPage(true, { ...base, cursor: table.pagination.cursors!.next }, count)
        seen.push(keys(table))
      }
      assert.deepEqual(seen, expected, `forwards, count ${count}`)
      const back = [keys(table)]
      while (table.pagination.cursors!.previous) {
        table = await listPage(true, { ...base, cursor: table.pagination.cursors!.previous }, count)
        back.unshift(keys(table))
        /* going back, a next page is always there */
        assert.isString(table.pagination.cursors!.next)
      }
      assert.deepEqual(back, expected, `backwards, count ${count}`)
    }
  })

  test('a cursor page reads without OFFSET; a numbered page still jumps', async ({ assert }) => {
    await seedPosts()
    const base = { perPage: '5', sort: 'title', direction: 'asc' }
    const jumped = await listPage(true, { ...base, page: '4' })
    assert.deepEqual(keys(jumped), keys(await listPage(false, { ...base, page: '4' })))
    let next: TableContract | undefined
    const sql = await recordStatements(async () => {
      next = await listPage(true, { ...base, cursor: jumped.pagination.cursors!.next! })
    })
    assert.equal(next!.pagination.page, 5)
    assert.lengthOf(sql, 2)
    assert.isTrue(sql[0].includes('count('))
    assert.isFalse(sql[1].includes('offset'), sql[1])
  })

  test('a cursor of another sort, search or page size, or a forged one, is ignored', async ({
    assert,
  }) => {
    await seedPosts()
    const first = await listPage(true, { perPage: '5', sort: 'title', direction: 'asc' })
    const cursor = first.pagination.cursors!.next!
    const page1 = (query: Record<string, string>) => listPage(false, { perPage: '5', ...query })

    const otherSort = await listPage(true, { perPage: '5', sort: 'body', cursor })
    assert.deepEqual(keys(otherSort), keys(await page1({ sort: 'body' })))
    assert.equal(otherSort.pagination.page, 1)

    const otherSearch = await listPage(true, {
      perPage: '5',
      sort: 'title',
      search: 'title',
      cursor,
    })
    assert.equal(otherSearch.pagination.page, 1)

    const otherSize = await listPage(true, { perPage: '10', sort: 'title', cursor })
    assert.equal(otherSize.pagination.page, 1)

    for (const forged of [
      'x',
      '%%%',
      Buffer.from('{"p":"1"}').toString('base64url'),
      'a'.repeat(5000),
    ]) {
      const table = await listPage(true, { perPage: '5', sort: 'title', cursor: forged, page: '2' })
      assert.equal(table.pagination.page, 2)
      assert.deepEqual(keys(table), keys(await page1({ sort: 'title', page: '2' })))
    }
  })

  test('without keysetPagination() the contract carries no cursors', async ({ assert }) => {
    await seedPosts()
    const table = await listPage(false, { perPage: '5' })
    assert.notProperty(table.pagination, 'cursors')
  })
})
