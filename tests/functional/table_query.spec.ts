import { test } from '@japa/runner'
import { createPost, createUser, withDatabase } from '../helpers.ts'

async function titlesFor(client: any, user: any, qs: Record<string, any>) {
  const response = await client.get('/admin/posts').qs(qs).withInertia().loginAs(user)
  response.assertStatus(200)
  return response.inertiaProps.table
}

test.group('Table | server-side search, sort and pagination', (group) => {
  withDatabase(group)

  test('terms under two characters are ignored', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'Alpha' })
    await createPost(admin, { title: 'Beta' })

    for (const search of ['a', ' b ', '', '   ']) {
      const table = await titlesFor(client, admin, { search })
      assert.isNull(table.search)
      assert.lengthOf(table.rows, 2)
    }
  })

  test('LIKE wildcards and the escape character in a term match literally', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: '100% pure', body: 'x' })
    await createPost(admin, { title: '100 percent', body: 'x' })
    await createPost(admin, { title: 'snake_case', body: 'x' })
    await createPost(admin, { title: 'snakeXcase', body: 'x' })
    await createPost(admin, { title: 'wow! nice', body: 'x' })
    await createPost(admin, { title: "O'Reilly \\ back", body: 'x' })

    const percent = await titlesFor(client, admin, { search: '0%' })
    assert.deepEqual(
      percent.rows.map((row: any) => row.title),
      ['100% pure']
    )
    const underscore = await titlesFor(client, admin, { search: 'e_c' })
    assert.deepEqual(
      underscore.rows.map((row: any) => row.title),
      ['snake_case']
    )
    const bang = await titlesFor(client, admin, { search: 'w!' })
    assert.deepEqual(
      bang.rows.map((row: any) => row.title),
      ['wow! nice']
    )
    const quote = await titlesFor(client, admin, { search: "'reilly \\" })
    assert.deepEqual(
      quote.rows.map((row: any) => row.title),
      ["O'Reilly \\ back"]
    )
    const injection = await titlesFor(client, admin, { search: "%' OR 1=1 --" })
    assert.lengthOf(injection.rows, 0)
  })

  test('search is case-insensitive and covers every searchable column', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'Quiet morning', body: 'tea' })
    await createPost(admin, { title: 'Loud evening', body: 'MORNING coffee' })
    await createPost(admin, { title: 'Night', body: 'sleep' })

    const table = await titlesFor(client, admin, { search: 'MoRnInG', sort: 'title' })
    assert.deepEqual(
      table.rows.map((row: any) => row.title),
      ['Loud evening', 'Quiet morning']
    )
  })

  test('unknown, hidden and non-sortable sort columns are ignored', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'B', secretNote: 'a' })
    await createPost(admin, { title: 'A', secretNote: 'b' })

    for (const sort of [
      'password',
      'secretNote',
      'secret_note',
      'body',
      'author.password',
      'title,password',
      "title'; DROP TABLE posts; --",
      'id',
    ]) {
      const table = await titlesFor(client, admin, { sort, direction: 'desc' })
      assert.isNull(table.sort, `sort=${sort}`)
      assert.deepEqual(
        table.rows.map((row: any) => row.title),
        ['B', 'A'],
        `sort=${sort}`
      )
    }

    const bad = await titlesFor(client, admin, { sort: 'title', direction: 'sideways' })
    assert.deepEqual(bad.sort, { column: 'title', direction: 'asc' })
  })

  test('page sizes outside the options fall back to the default', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    for (let index = 0; index < 12; index++) {
      await createPost(admin, { title: `Post ${String(index).padStart(2, '0')}` })
    }

    for (const perPage of ['0', '-1', '1000000', 'all', 'NaN', '7', '25.5']) {
      const table = await titlesFor(client, admin, { perPage })
      assert.equal(table.pagination.perPage, 10, `perPage=${perPage}`)
      assert.lengthOf(table.rows, 10)
    }
    const allowed = await titlesFor(client, admin, { perPage: '25' })
    assert.equal(allowed.pagination.perPage, 25)
    assert.lengthOf(allowed.rows, 12)
  })

  test('pages: bad numbers mean page 1, pages past the end are empty with totals', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    for (let index = 0; index < 12; index++) {
      await createPost(admin, { title: `Post ${String(index).padStart(2, '0')}` })
    }

    const second = await titlesFor(client, admin, { page: '2', sort: 'title' })
    assert.deepEqual(
      second.rows.map((row: any) => row.title),
      ['Post 10', 'Post 11']
    )
    assert.deepEqual(second.pagination, {
      page: 2,
      perPage: 10,
      perPageOptions: [10, 25, 50, 100],
      total: 12,
      lastPage: 2,
    })

    for (const page of ['0', '-3', 'abc', '1e2']) {
      const table = await titlesFor(client, admin, { page })
      assert.equal(table.pagination.page, 1, `page=${page}`)
    }

    const past = await titlesFor(client, admin, { page: '999' })
    assert.lengthOf(past.rows, 0)
    assert.equal(past.pagination.total, 12)
    assert.equal(past.pagination.lastPage, 2)
  })
})

test.group('Table | contracts carry declared attributes only', (group) => {
  withDatabase(group)

  test('no hidden attribute reaches any prop of any page', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true, password: 'hash-of-admin' })
    const post = await createPost(admin, { secretNote: 'launch codes' })

    for (const url of ['/admin/posts', '/admin/posts/create', `/admin/posts/${post.id}/edit`]) {
      const response = await client.get(url).withInertia().loginAs(admin)
      response.assertStatus(200)
      const text = JSON.stringify(response.body())
      assert.notInclude(text, 'launch codes', url)
      assert.notInclude(text, 'hash-of-admin', url)
      assert.notInclude(text, 'authorId', url)
      assert.notInclude(text, admin.email, url)
      assert.notInclude(text, 'createdAt', url)
    }

    const list = await client.get('/admin/posts').withInertia().loginAs(admin)
    /* the version its editable cells send back (the edit form carries it too),
       the status's option label */
    assert.deepEqual(Object.keys(list.inertiaProps.table.rows[0]).sort(), [
      'actions',
      'formatted',
      'key',
      'title',
      'url',
      'values',
      'version',
    ])
    assert.deepEqual(Object.keys(list.inertiaProps.table.rows[0].values), [
      'title',
      'body',
      'status',
      'author.fullName',
    ])
  })
})
