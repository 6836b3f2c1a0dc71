import { test } from '@japa/runner'
import Listing from '../app/app/models/listing.ts'
import { createUser, withDatabase } from '../helpers.ts'

async function listings() {
  for (const [title, status, priceCents] of [
    ['Alpha', 'review', 100],
    ['Bravo', 'draft', 200],
    ['Charlie', 'published', 300],
    ['Delta', 'draft', 400],
    ['Echo', 'review', 500],
  ] as const) {
    await Listing.create({ title, status, priceCents })
  }
}

const KEY = 'kit-table:builder:grouped-listings:index'

test.group('Table | groups and the state kept in the session', (group) => {
  withDatabase(group)

  test('rows are sorted by their group first and carry its title', async ({ client, assert }) => {
    const user = await createUser()
    await listings()
    const response = await client
      .get('/builder/grouped-listings?sort=title&direction=desc')
      .withInertia()
      .loginAs(user)
    response.assertStatus(200)
    const table = response.inertiaProps.table
    assert.deepEqual(table.group, { column: 'status', label: 'Stage' })
    /* Table.filtersAlwaysOpen(): the renderers draw the filters as an open row */
    assert.isTrue(table.filtersOpen)
    assert.deepEqual(
      table.rows.map((row: any) => [row.group, row.title]),
      [
        ['Draft', 'Delta'],
        ['Draft', 'Bravo'],
        ['published', 'Charlie'],
        ['In review', 'Echo'],
        ['In review', 'Alpha'],
      ]
    )
    /* tables without groupBy() say nothing of groups */
    const plain = await client.get('/builder/listings').withInertia().loginAs(user)
    assert.notProperty(plain.inertiaProps.table, 'group')
    assert.notProperty(plain.inertiaProps.table.rows[0], 'group')
  })

  test('filters, search, sort and page size are stored, restored and reset', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const first = await client
      .get(
        '/builder/grouped-listings?filters[status][0]=draft&filters[status][1]=review&sort=title&direction=desc&perPage=10&page=2'
      )
      .withInertia()
      .loginAs(user)
    first.assertStatus(200)
    assert.isTrue(first.inertiaProps.table.persisted)
    const stored = first.session()[KEY]
    assert.deepEqual(stored, {
      filters: { status: ['draft', 'review'] },
      sort: 'title',
      direction: 'desc',
      perPage: '10',
    })

    /* the list visited without a query string: the stored state again */
    const again = await client
      .get('/builder/grouped-listings')
      .withInertia()
      .withSession({ [KEY]: stored })
      .loginAs(user)
    const table = again.inertiaProps.table
    assert.deepEqual(
      table.rows.map((row: any) => row.title),
      ['Delta', 'Bravo', 'Echo', 'Alpha']
    )
    assert.deepEqual(table.sort, { column: 'title', direction: 'desc' })
    assert.deepEqual(table.indicators, [{ filter: 'status', label: 'Status: Draft, In review' }])

    /* a stored state is checked like a query string: unknown values are dropped */
    const forged = await client
      .get('/builder/grouped-listings')
      .withInertia()
      .withSession({
        [KEY]: { filters: { isFlagged: 'true', status: 'bogus' }, sort: 'isFlagged' },
      })
      .loginAs(user)
    assert.lengthOf(forged.inertiaProps.table.rows, 5)
    assert.deepEqual(forged.inertiaProps.table.sort, { column: 'title', direction: 'asc' })

    /* reset forgets it */
    const reset = await client
      .get('/builder/grouped-listings?reset=1')
      .withInertia()
      .withSession({ [KEY]: stored })
      .loginAs(user)
    assert.lengthOf(reset.inertiaProps.table.rows, 5)
    assert.notProperty(reset.inertiaProps.table, 'indicators')
    assert.notProperty(reset.session(), KEY)

    /* tables without persistInSession() store nothing */
    const plain = await client
      .get('/builder/listings?filters[status][0]=draft')
      .withInertia()
      .loginAs(user)
    /* the filters open from the "Filters" button unless the table says otherwise */
    assert.notProperty(plain.inertiaProps.table, 'filtersOpen')
    assert.deepEqual(
      Object.keys(plain.session()).filter((key) => key.startsWith('kit-table')),
      []
    )
  })
})
