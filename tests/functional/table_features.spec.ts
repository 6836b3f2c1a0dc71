import { test } from '@japa/runner'
import { countQueries, createPost, createUser, tabBadgesOf, withDatabase } from '../helpers.ts'

function list(client: any, user: any, qs: Record<string, any> = {}) {
  return client.get('/admin/posts').qs(qs).withInertia().loginAs(user)
}

test.group('Table | columns', (group) => {
  withDatabase(group)

  test('relationship columns read the related attribute; badge columns carry colors', async ({
    client,
    assert,
  }) => {
    const author = await createUser({ fullName: 'Ada Lovelace' })
    await createPost(author, { title: 'Engines', status: 'draft' })

    const response = await list(client, author)
    const table = response.inertiaProps.table
    assert.deepEqual(table.rows[0].values, {
      'title': 'Engines',
      'body': table.rows[0].values.body,
      'status': 'draft',
      'author.fullName': 'Ada Lovelace',
    })
    const status = table.columns.find((column: any) => column.name === 'status')
    assert.deepEqual(status, {
      name: 'status',
      label: 'Status',
      type: 'badge',
      searchable: false,
      sortable: true,
      editable: false,
      colors: { draft: 'gray', published: 'green' },
      /* the form's select declares the options: rows carry their labels */
      format: { kind: 'text', wrap: false, copyable: false, link: false },
    })
    assert.deepEqual(table.rows[0].formatted, { status: 'Draft' })
    assert.equal(table.columns.find((c: any) => c.name === 'author.fullName').label, 'Author')
  })

  test('search reaches searchable relationship columns through the scope', async ({
    client,
    assert,
  }) => {
    const ada = await createUser({ fullName: 'Ada Lovelace' })
    const alan = await createUser({ fullName: 'Alan Turing' })
    await createPost(ada, { title: 'Engines' })
    await createPost(alan, { title: 'Machines' })
    await createPost(alan, { title: 'Hidden', status: 'draft' })

    const response = await list(client, ada, { search: 'turing' })
    assert.deepEqual(
      response.inertiaProps.table.rows.map((row: any) => row.title),
      ['Machines']
    )
  })

  test('a list page runs the same number of queries for 10 and 100 rows', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const authors = [admin, await createUser(), await createUser(), await createUser()]
    for (let index = 0; index < 120; index++) {
      await createPost(authors[index % authors.length], {
        status: index % 3 ? 'published' : 'draft',
      })
    }

    const small = await countQueries(async () => {
      const response = await list(client, admin, { perPage: '10' })
      assert.lengthOf(response.inertiaProps.table.rows, 10)
    })
    const large = await countQueries(async () => {
      const response = await list(client, admin, { perPage: '100' })
      assert.lengthOf(response.inertiaProps.table.rows, 100)
    })
    assert.isAbove(small, 0)
    assert.equal(large, small)
  })
})

test.group('Table | filters', (group) => {
  withDatabase(group)

  test('a select filter narrows the list; its state comes back in the contract', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'Draft one', status: 'draft' })
    await createPost(admin, { title: 'Live one', status: 'published' })

    const response = await list(client, admin, { filters: { status: 'draft' } })
    const table = response.inertiaProps.table
    assert.deepEqual(
      table.rows.map((row: any) => row.title),
      ['Draft one']
    )
    assert.deepEqual(table.filters[0], {
      name: 'status',
      label: 'Status',
      type: 'select',
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'published', label: 'Published' },
      ],
      value: 'draft',
    })
  })

  test('a filter with its own query uses the request context', async ({ client, assert }) => {
    const me = await createUser()
    const other = await createUser()
    await createPost(me, { title: 'Mine' })
    await createPost(other, { title: 'Theirs' })

    const mine = await list(client, me, { filters: { author: 'mine' } })
    assert.deepEqual(
      mine.inertiaProps.table.rows.map((row: any) => row.title),
      ['Mine']
    )
    const others = await list(client, me, { filters: { author: 'others' } })
    assert.deepEqual(
      others.inertiaProps.table.rows.map((row: any) => row.title),
      ['Theirs']
    )
  })

  test('undeclared filters and values outside the options are ignored', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'Draft one', status: 'draft' })
    await createPost(admin, { title: 'Live one', status: 'published' })

    for (const filters of [
      { status: 'archived' },
      { status: "draft' OR '1'='1" },
      { status: ['draft', 'published'] },
      { password: 'x' },
      { 'author.password': 'x' },
      { 'name,password': 'x' },
      { 'status; DROP TABLE posts; --': 'draft' },
      { __proto__: 'draft' },
      { toString: 'draft', hasOwnProperty: 'draft' },
    ]) {
      const response = await list(client, admin, { filters })
      assert.equal(response.status(), 200, JSON.stringify(filters))
      const table = response.inertiaProps.table
      const expected = Array.isArray((filters as any).status) ? 1 : 2
      assert.lengthOf(table.rows, expected, JSON.stringify(filters))
    }

    const scalar = await list(client, admin, { filters: 'status' })
    assert.lengthOf(scalar.inertiaProps.table.rows, 2)
  })
})

test.group('Table | tabs', (group) => {
  withDatabase(group)

  test('tabs narrow the list, publish their state and count their badges', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'D1', status: 'draft' })
    await createPost(admin, { title: 'D2', status: 'draft' })
    await createPost(admin, { title: 'P1', status: 'published' })

    const drafts = await list(client, admin, { tab: 'drafts', sort: 'title' })
    assert.deepEqual(
      drafts.inertiaProps.table.rows.map((row: any) => row.title),
      ['D1', 'D2']
    )
    /* the active tab's badge is the pagination total; the others arrive after the page */
    assert.deepEqual(drafts.inertiaProps.tabs, {
      active: 'drafts',
      items: [
        { key: 'all', label: 'All posts', badge: null, badgeDeferred: true },
        { key: 'drafts', label: 'Drafts', badge: 2 },
        { key: 'published', label: 'Published', badge: null },
      ],
    })
    assert.deepEqual(await tabBadgesOf(client, drafts, admin), {
      all: 3,
      drafts: 2,
      published: null,
    })
  })

  test('an unknown tab key falls back to the default tab', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { status: 'draft' })
    await createPost(admin, { status: 'published' })

    for (const tab of ['nope', 'DRAFTS', '', "drafts' --"]) {
      const response = await list(client, admin, { tab })
      assert.equal(response.inertiaProps.tabs.active, 'all', `tab=${tab}`)
      assert.lengthOf(response.inertiaProps.table.rows, 2)
    }
  })

  test('tab badges count within the scoped query', async ({ client, assert }) => {
    const me = await createUser()
    const other = await createUser()
    await createPost(me, { status: 'draft' })
    await createPost(other, { status: 'draft' })
    await createPost(other, { status: 'published' })

    const response = await list(client, me)
    const badges = await tabBadgesOf(client, response, me)
    assert.equal(badges.all, 2)
    assert.equal(badges.drafts, 1)
  })

  test('a list page without tabs publishes no tabs prop', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client.get('/manage/tags').withInertia().loginAs(admin)
    assert.notProperty(response.inertiaProps, 'tabs')
  })
})
