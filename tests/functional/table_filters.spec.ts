import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Listing from '../app/app/models/listing.ts'
import db from '@adonisjs/lucid/services/db'
import { createUser, withDatabase } from '../helpers.ts'

/**
 * Five listings spread over every filter: statuses, nullable booleans, a
 * date and a datetime near the day boundaries of Europe/Paris (UTC+1 in
 * winter).
 */
async function listings() {
  const day = (value: string | null) => (value ? DateTime.fromISO(value, { zone: 'utc' }) : null)
  const make = (
    title: string,
    status: string,
    isActive: boolean | null,
    isFeatured: boolean | null,
    publishedOn: string | null,
    publishedAt: string | null
  ) =>
    Listing.create({
      title,
      status,
      isActive,
      isFeatured,
      publishedOn: day(publishedOn),
      publishedAt: day(publishedAt),
    })
  return [
    /* 23:30 on Jan 31 in Paris */
    await make('Alpha', 'draft', true, true, '2026-01-10', '2026-01-31T22:30:00Z'),
    /* 00:30 on Feb 1 in Paris */
    await make('Bravo', 'review', false, false, '2026-01-20', '2026-01-31T23:30:00Z'),
    /* 01:30 on Jan 1 in Paris */
    await make('Charlie', 'published', null, null, '2026-02-01', '2026-01-01T00:30:00Z'),
    /* 00:30 on Jan 1 in Paris, still Dec 31 in UTC */
    await make('Delta', 'draft', true, false, null, '2025-12-31T23:30:00Z'),
    await make('Echo', 'review', false, null, '2025-12-31', null),
  ]
}

/**
 * The titles the list page shows for a raw query string, as a browser sends it.
 */
async function titles(client: any, user: any, query: string) {
  const response = await client.get(`/catalog/listings?${query}`).withInertia().loginAs(user)
  response.assertStatus(200)
  const table = response.inertiaProps.table
  return {
    titles: table.rows.map((row: any) => row.title) as string[],
    filters: Object.fromEntries(table.filters.map((filter: any) => [filter.name, filter.value])),
    contracts: table.filters,
  }
}

/**
 * Only the titles.
 */
async function shown(client: any, user: any, query: string) {
  const result = await titles(client, user, query)
  return result.titles
}

const ALL = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']

test.group('Table filters | multiple select, ternary, date range', (group) => {
  withDatabase(group)

  test('a multiple select filter keeps the rows of any chosen option', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const both = await titles(client, user, 'filters[status][]=draft&filters[status][]=review')
    assert.deepEqual(both.titles, ['Alpha', 'Bravo', 'Delta', 'Echo'])
    assert.deepEqual(both.filters.status, ['draft', 'review'])

    /* unknown options are dropped, the known ones still apply */
    const mixed = await titles(
      client,
      user,
      'filters[status][]=published&filters[status][]=bogus&filters[status][]=%27%20OR%201%3D1'
    )
    assert.deepEqual(mixed.titles, ['Charlie'])
    assert.deepEqual(mixed.filters.status, ['published'])

    /* one value without brackets is one option */
    assert.deepEqual(await shown(client, user, 'filters[status]=draft'), ['Alpha', 'Delta'])
    /* indexed keys, as the renderers send them */
    assert.deepEqual(
      await shown(client, user, 'filters[status][0]=review&filters[status][1]=published'),
      ['Bravo', 'Charlie', 'Echo']
    )
    const contract = both.contracts.find((filter: any) => filter.name === 'status')
    assert.deepEqual(contract, {
      name: 'status',
      label: 'Status',
      type: 'select',
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'review', label: 'In review' },
        { value: 'published', label: 'Published' },
      ],
      multiple: true,
      value: ['draft', 'review'],
    })
  })

  test('a ternary filter: true, false, all; nullable() lets false match NULL', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    assert.deepEqual(await shown(client, user, 'filters[isActive]=true'), ['Alpha', 'Delta'])
    /* nullable: false matches false and NULL */
    assert.deepEqual(await shown(client, user, 'filters[isActive]=false'), [
      'Bravo',
      'Charlie',
      'Echo',
    ])
    /* not nullable: NULL rows match neither state */
    assert.deepEqual(await shown(client, user, 'filters[featured]=true'), ['Alpha'])
    assert.deepEqual(await shown(client, user, 'filters[featured]=false'), ['Bravo', 'Delta'])
    const all = await titles(client, user, '')
    assert.deepEqual(all.titles, ALL)
    assert.deepEqual(
      all.contracts.find((filter: any) => filter.name === 'isActive'),
      {
        name: 'isActive',
        label: 'Is active',
        type: 'ternary',
        allLabel: 'All',
        options: [
          { value: 'true', label: 'Active' },
          { value: 'false', label: 'Inactive' },
        ],
        nullable: true,
        value: null,
      }
    )
    const combined = await titles(client, user, 'filters[isActive]=true&filters[featured]=false')
    assert.deepEqual(combined.titles, ['Delta'])
    assert.deepEqual(combined.filters.isActive, 'true')
  })

  test('a date range on a date column keeps both bounds inclusive', async ({ client, assert }) => {
    const user = await createUser()
    await listings()
    const range = await titles(
      client,
      user,
      'filters[publishedOn][from]=2026-01-10&filters[publishedOn][until]=2026-01-20'
    )
    assert.deepEqual(range.titles, ['Alpha', 'Bravo'])
    assert.deepEqual(range.filters.publishedOn, { from: '2026-01-10', until: '2026-01-20' })
    assert.deepEqual(await shown(client, user, 'filters[publishedOn][from]=2026-01-15'), [
      'Bravo',
      'Charlie',
    ])
    const until = await titles(client, user, 'filters[publishedOn][until]=2025-12-31')
    assert.deepEqual(until.titles, ['Echo'])
    assert.deepEqual(until.filters.publishedOn, { from: null, until: '2025-12-31' })
  })

  test('a date range on a datetime column counts days in the filter time zone', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    /* January in Paris: Delta (Dec 31 23:30 UTC) is in, Bravo (Jan 31 23:30 UTC) is out */
    assert.deepEqual(
      await shown(
        client,
        user,
        'filters[publishedAt][from]=2026-01-01&filters[publishedAt][until]=2026-01-31'
      ),
      ['Alpha', 'Charlie', 'Delta']
    )
    assert.deepEqual(await shown(client, user, 'filters[publishedAt][from]=2026-02-01'), ['Bravo'])
    assert.deepEqual(await shown(client, user, 'filters[publishedAt][until]=2025-12-31'), [])
  })

  test('bad filter input answers 200 with the filter ignored', async ({ client, assert }) => {
    const user = await createUser()
    await listings()
    const long = 'x'.repeat(5000)
    const ignored = [
      'filters[status][]=bogus',
      `filters[status][]=${long}`,
      'filters[status][a][b]=draft',
      'filters[isActive]=yes',
      'filters[isActive]=1',
      'filters[isActive][]=true',
      'filters[isActive][value]=true',
      `filters[isActive]=${long}`,
      'filters[publishedOn][from]=not-a-date',
      'filters[publishedOn][from]=2026-02-30',
      'filters[publishedOn][from]=2026-1-5',
      'filters[publishedOn][from][]=2026-01-01',
      'filters[publishedOn][from][x]=2026-01-01',
      'filters[publishedOn]=2026-01-01',
      'filters[publishedOn][]=2026-01-01',
      `filters[publishedOn][from]=${long}`,
      'filters[publishedAt][until]=2026-01-01T00:00:00',
      'filters[unknown]=1',
      'filters=status',
      'filters[]=draft',
    ]
    for (const query of ignored) {
      const result = await titles(client, user, query)
      assert.deepEqual(result.titles, ALL, query)
      assert.deepEqual(
        result.filters,
        { status: null, isActive: null, featured: null, publishedOn: null, publishedAt: null },
        query
      )
    }

    /* a bad bound is dropped, the good one still applies */
    const half = await titles(
      client,
      user,
      'filters[publishedOn][from]=not-a-date&filters[publishedOn][until]=2026-01-20'
    )
    assert.deepEqual(half.titles, ['Alpha', 'Bravo', 'Echo'])
    assert.deepEqual(half.filters.publishedOn, { from: null, until: '2026-01-20' })
  })

  test('a query-wide bulk action narrows by the new filters as the renderers send them', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const response = await client
      .post('/catalog/listings/bulk-actions/flag')
      .json({
        selectAll: true,
        except: [],
        filters: {
          status: ['draft', 'review', 'bogus'],
          publishedOn: { from: '2026-01-15', until: null },
          isActive: 'false',
        },
      })
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
    response.assertStatus(200)
    assert.deepInclude(response.body(), { affected: 1, refused: 0 })
    const flagged = await db.from('listings').where('is_flagged', true).select('title')
    assert.deepEqual(
      flagged.map((row) => row.title),
      ['Bravo']
    )
  })
})
