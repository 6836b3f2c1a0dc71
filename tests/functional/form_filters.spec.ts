import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Listing from '../app/app/models/listing.ts'
import { createUser, withDatabase } from '../helpers.ts'
import { DatePicker, Filter, Select } from '../../index.ts'

async function listings() {
  const make = (title: string, status: string, isActive: boolean | null, publishedOn: string) =>
    Listing.create({
      title,
      status,
      isActive,
      publishedOn: DateTime.fromISO(publishedOn, { zone: 'utc' }),
    })
  await make('Alpha', 'draft', true, '2026-01-10')
  await make('Bravo', 'review', false, '2026-01-20')
  await make('Charlie', 'published', null, '2026-02-01')
  await make('Delta', 'draft', false, '2026-02-10')
}

/**
 * The list page's rows, filters and indicators for a raw query string.
 */
async function list(client: any, user: any, query: string) {
  const response = await client.get(`/form-filters/listings?${query}`).withInertia().loginAs(user)
  response.assertStatus(200)
  const table = response.inertiaProps.table
  return {
    titles: table.rows.map((row: any) => row.title) as string[],
    filters: Object.fromEntries(table.filters.map((filter: any) => [filter.name, filter])),
    indicators: table.indicators ?? [],
  }
}

test.group('Form filters | built from form fields', (group) => {
  withDatabase(group)

  test('the form fields narrow the list through the query; indicators name each set field', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const from = await list(client, user, 'filters[published][from]=2026-01-15')
    assert.deepEqual(from.titles, ['Bravo', 'Charlie', 'Delta'])
    assert.deepEqual(from.filters.published, {
      name: 'published',
      label: 'Published',
      type: 'form',
      fields: [
        { type: 'date', name: 'from', label: 'From', required: false },
        { type: 'date', name: 'until', label: 'Until', required: false },
      ],
      value: { from: '2026-01-15' },
    })
    assert.deepEqual(from.indicators, [{ filter: 'published', label: 'From: 2026-01-15' }])

    const both = await list(
      client,
      user,
      'filters[published][from]=2026-01-15&filters[published][until]=2026-02-01'
    )
    assert.deepEqual(both.titles, ['Bravo', 'Charlie'])
    assert.deepEqual(both.indicators, [
      { filter: 'published', label: 'From: 2026-01-15, Until: 2026-02-01' },
    ])
  })

  test('without a query each set field narrows its attribute; option labels and Yes/No in the indicator', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const draft = await list(client, user, 'filters[state][status]=draft')
    assert.deepEqual(draft.titles, ['Alpha', 'Delta'])
    const inactive = await list(
      client,
      user,
      'filters[state][status]=draft&filters[state][isActive]=false'
    )
    assert.deepEqual(inactive.titles, ['Delta'])
    assert.deepEqual(inactive.filters.state.value, { status: 'draft', isActive: false })
    assert.deepEqual(inactive.indicators, [{ filter: 'state', label: 'Status: Draft, Active: No' }])
    assert.deepEqual(
      inactive.filters.state.fields.map((field: any) => [field.type, field.name]),
      [
        ['select', 'status'],
        ['toggle', 'isActive'],
      ]
    )
  })

  test('a value a field refuses is ignored, never a 500; the rows are all listed', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const all = ['Alpha', 'Bravo', 'Charlie', 'Delta']
    for (const query of [
      'filters[published][from]=2026-02-31',
      'filters[published][from]=yesterday',
      'filters[published][from][]=2026-01-15',
      `filters[published][from]=${'9'.repeat(300)}`,
      'filters[published]=2026-01-15',
      'filters[state][status]=bogus',
      'filters[state][status]=%27%20OR%201%3D1',
      'filters[state][isActive]=maybe',
      'filters[state][unknown]=1',
    ]) {
      const result = await list(client, user, query)
      assert.deepEqual(result.titles, all, query)
      assert.isNull(result.filters.published.value, query)
      assert.isNull(result.filters.state.value, query)
      assert.deepEqual(result.indicators, [], query)
    }
    /* the valid field of a half-valid submission still applies */
    const half = await list(
      client,
      user,
      'filters[state][status]=review&filters[state][isActive]=x'
    )
    assert.deepEqual(half.titles, ['Bravo'])
  })
})

test.group('Form filters | declaration', () => {
  test('a field declared twice is refused at declaration', ({ assert }) => {
    assert.throws(
      () => Filter.make('x').form([DatePicker.make('day'), Select.make('day')]),
      'Filter "x".form(): field "day" is declared twice'
    )
  })

  test('without a query, a field that names no visible column is a problem', ({ assert }) => {
    const filter = Filter.make('x').form([Select.make('nope').options({ a: 'A' })])
    assert.match(filter.problem(Listing) ?? '', /compares "nope"/)
    assert.isNull(
      Filter.make('y')
        .form([Select.make('nope')])
        .query(() => {})
        .problem(Listing)
    )
  })
})
