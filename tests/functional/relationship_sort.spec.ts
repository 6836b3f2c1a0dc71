import { test } from '@japa/runner'
import { Book, Publisher, countQueries, createUser, withDatabase } from '../helpers.ts'

test.group('Table | sorting by a relationship column', (group) => {
  withDatabase(group)

  test('rows are ordered by the related attribute, ties by key, in constant queries', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const zephyr = await Publisher.create({ name: 'Zephyr', active: true })
    const apex = await Publisher.create({ name: 'Apex', active: true })
    const mid = await Publisher.create({ name: 'Meridian', active: true })
    const first = await Book.create({ title: 'One', publisherId: zephyr.id })
    const second = await Book.create({ title: 'Two', publisherId: apex.id })
    const third = await Book.create({ title: 'Three', publisherId: mid.id })
    const fourth = await Book.create({ title: 'Four', publisherId: apex.id })

    const list = (qs: Record<string, string>) =>
      client.get('/admin/books').qs(qs).withInertia().loginAs(admin)

    const ascending = await list({ sort: 'publisher.name', direction: 'asc' })
    ascending.assertStatus(200)
    assert.deepEqual(
      ascending.inertiaProps.table.rows.map((row: any) => row.key),
      [second.id, fourth.id, third.id, first.id]
    )
    assert.deepEqual(ascending.inertiaProps.table.sort, {
      column: 'publisher.name',
      direction: 'asc',
    })

    const descending = await list({ sort: 'publisher.name', direction: 'desc' })
    assert.deepEqual(
      descending.inertiaProps.table.rows.map((row: any) => row.values['publisher.name']),
      ['Zephyr', 'Meridian', 'Apex', 'Apex']
    )

    /* the sort adds no query; paging keeps the order */
    const plain = await countQueries(() => list({}))
    const sorted = await countQueries(() => list({ sort: 'publisher.name' }))
    assert.equal(sorted, plain)
    const secondPage = await list({ sort: 'publisher.name', perPage: '10', page: '1' })
    assert.lengthOf(secondPage.inertiaProps.table.rows, 4)
  })

  test('pages past the middle keep the relationship order', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const publishers = await Publisher.createMany(
      ['Delta', 'Alpha', 'Echo', 'Charlie', 'Bravo'].map((name) => ({ name, active: true }))
    )
    for (let index = 0; index < 30; index++) {
      await Book.create({ title: `Book ${index}`, publisherId: publishers[index % 5].id })
    }
    const books = await Book.query().preload('publisher')
    const expected = books
      .sort((a, b) => a.publisher.name.localeCompare(b.publisher.name) || a.id - b.id)
      .map((book) => book.id)

    const pages = []
    for (const page of ['1', '2', '3']) {
      const response = await client
        .get('/admin/books')
        .qs({ sort: 'publisher.name', perPage: '10', page })
        .withInertia()
        .loginAs(admin)
      pages.push(...response.inertiaProps.table.rows.map((row: any) => row.key))
    }
    assert.deepEqual(pages, expected)
  })
})
