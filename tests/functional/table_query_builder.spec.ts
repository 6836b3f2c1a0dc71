import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Listing from '../app/app/models/listing.ts'
import { createUser, snapshot, withDatabase } from '../helpers.ts'

/**
 * Five listings: statuses, prices, nullable booleans, a date and a datetime
 * near the day boundaries of Europe/Paris (UTC+1 in winter).
 */
async function listings() {
  const day = (value: string | null) => (value ? DateTime.fromISO(value, { zone: 'utc' }) : null)
  const make = (
    title: string,
    status: string,
    isActive: boolean | null,
    priceCents: number | null,
    publishedOn: string | null,
    publishedAt: string | null,
    summary: string | null = null
  ) =>
    Listing.create({
      title,
      status,
      isActive,
      isFeatured: isActive,
      priceCents,
      publishedOn: day(publishedOn),
      publishedAt: day(publishedAt),
      summary,
      isFlagged: title === 'Bravo',
    })
  return [
    await make('Alpha', 'draft', true, 1000, '2026-01-10', '2026-01-31T22:30:00Z', 'First one'),
    await make('Bravo 100%', 'review', false, 2500, '2026-01-20', '2026-01-31T23:30:00Z'),
    await make('Charlie', 'published', null, null, '2026-02-01', '2026-01-01T00:30:00Z'),
    await make('Delta', 'draft', true, 4000, null, '2025-12-31T23:30:00Z'),
    await make('Echo', 'review', false, 500, '2025-12-31', null),
  ]
}

/**
 * The builder list page for a raw query string, as a browser sends it.
 */
async function page(client: any, user: any, query: string) {
  const response = await client.get(`/builder/listings?${query}`).withInertia().loginAs(user)
  response.assertStatus(200)
  const table = response.inertiaProps.table
  return {
    titles: table.rows.map((row: any) => row.title) as string[],
    table,
  }
}

function rule(index: number, column: string, operator: string, value?: string) {
  const prefix = `filters[advanced][${index}]`
  const parts = [`${prefix}[column]=${column}`, `${prefix}[operator]=${operator}`]
  if (value !== undefined) parts.push(`${prefix}[value]=${encodeURIComponent(value)}`)
  return parts.join('&')
}

const ALL = ['Alpha', 'Bravo 100%', 'Charlie', 'Delta', 'Echo']

test.group('Table | query builder', (group) => {
  withDatabase(group)
  group.each.timeout(20_000)

  test('text, number, date, boolean and select rules all apply (AND)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const shown = async (query: string) => {
      const result = await page(client, user, query)
      return result.titles
    }

    assert.deepEqual(await shown(rule(0, 'title', 'contains', 'HA')), ['Alpha', 'Charlie'])
    /* LIKE wildcards match literally */
    assert.deepEqual(await shown(rule(0, 'title', 'contains', '%')), ['Bravo 100%'])
    assert.deepEqual(await shown(rule(0, 'title', 'startsWith', 'de')), ['Delta'])
    assert.deepEqual(await shown(rule(0, 'title', 'endsWith', 'O')), ['Echo'])
    assert.deepEqual(await shown(rule(0, 'title', 'notContains', 'a')), ['Echo'])
    assert.deepEqual(await shown(rule(0, 'priceCents', 'greaterThan', '1000')), [
      'Bravo 100%',
      'Delta',
    ])
    assert.deepEqual(await shown(rule(0, 'priceCents', 'isBlank')), ['Charlie'])
    assert.deepEqual(await shown(rule(0, 'priceCents', 'lessThanOrEqual', '1000')), [
      'Alpha',
      'Echo',
    ])
    assert.deepEqual(await shown(rule(0, 'publishedOn', 'before', '2026-01-10')), ['Echo'])
    assert.deepEqual(await shown(rule(0, 'publishedOn', 'is', '2026-02-01')), ['Charlie'])
    /* a datetime day is the panel's day (Europe/Paris): 23:30Z on Jan 31 is Feb 1 there */
    assert.deepEqual(await shown(rule(0, 'publishedAt', 'is', '2026-02-01')), ['Bravo 100%'])
    assert.deepEqual(await shown(rule(0, 'publishedAt', 'is', '2026-01-01')), ['Charlie', 'Delta'])
    assert.deepEqual(await shown(rule(0, 'isActive', 'isTrue')), ['Alpha', 'Delta'])
    assert.deepEqual(await shown(rule(0, 'isActive', 'isFalse')), ['Bravo 100%', 'Echo'])
    assert.deepEqual(await shown(rule(0, 'status', 'isNot', 'draft')), [
      'Bravo 100%',
      'Charlie',
      'Echo',
    ])
    /* two rules: both must match */
    const both = await page(
      client,
      user,
      `${rule(0, 'status', 'is', 'draft')}&${rule(1, 'priceCents', 'greaterThanOrEqual', '2000')}`
    )
    assert.deepEqual(both.titles, ['Delta'])
    const filter = both.table.filters.find((candidate: any) => candidate.name === 'advanced')
    assert.deepEqual(filter.value, [
      { column: 'status', operator: 'is', value: 'draft' },
      { column: 'priceCents', operator: 'greaterThanOrEqual', value: 2000 },
    ])
    assert.deepEqual(both.table.indicators, [
      { filter: 'advanced', rule: 0, label: 'Status is Draft' },
      { filter: 'advanced', rule: 1, label: 'Price is at least 2000' },
    ])
  })

  test('undeclared, hidden or mistyped rules never reach SQL (ignored, 200, rows unchanged)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    const before = await snapshot(Listing)
    const bad = [
      /* hidden column (serializeAs: null) and undeclared columns */
      rule(0, 'isFlagged', 'isTrue'),
      rule(0, 'summary', 'contains', 'First'),
      rule(0, 'id); DROP TABLE listings; --', 'equals', '1'),
      rule(0, 'listings.title', 'contains', 'a'),
      /* unknown operators, or one the constraint does not declare */
      rule(0, 'title', 'like', '%'),
      rule(0, 'title', 'raw', '1=1'),
      rule(0, 'status', 'contains', 'dr'),
      rule(0, 'title', '__proto__', 'a'),
      /* values the operator cannot take */
      rule(0, 'priceCents', 'greaterThan', '1e9'),
      rule(0, 'priceCents', 'greaterThan', '1 OR 1=1'),
      rule(0, 'publishedOn', 'before', '2026-02-30'),
      rule(0, 'status', 'is', 'bogus'),
      rule(0, 'title', 'contains', ''),
      /* shapes that are not rules */
      'filters[advanced]=title',
      'filters[advanced][0]=title',
      'filters[advanced][0][column][]=title&filters[advanced][0][operator]=contains&filters[advanced][0][value]=a',
      'filters[advanced][0][column]=title&filters[advanced][0][operator][]=contains&filters[advanced][0][value]=a',
      'filters[advanced][0][column]=title&filters[advanced][0][operator]=contains&filters[advanced][0][value][]=a',
    ]
    for (const query of bad) {
      const result = await page(client, user, query)
      assert.deepEqual(result.titles, ALL, query)
      const filter = result.table.filters.find((candidate: any) => candidate.name === 'advanced')
      assert.isNull(filter.value, query)
      assert.notProperty(result.table, 'indicators', query)
    }
    /* a bad rule next to a good one: the good one still applies */
    const mixed = await page(
      client,
      user,
      `${rule(0, 'isFlagged', 'isTrue')}&${rule(1, 'title', 'startsWith', 'al')}`
    )
    assert.deepEqual(mixed.titles, ['Alpha'])
    /* the hidden attribute never appears in a prop */
    assert.notInclude(JSON.stringify(mixed.table), 'isFlagged')
    assert.deepEqual(await snapshot(Listing), before)
  })

  test('indicators of every filter kind, and the date range in the panel time zone', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await listings()
    /* no time zone declared: the panel's (Europe/Paris) */
    const range = await page(client, user, 'filters[publishedAt][until]=2026-01-31')
    assert.deepEqual(range.titles, ['Alpha', 'Charlie', 'Delta'])
    assert.deepEqual(range.table.indicators, [
      { filter: 'publishedAt', label: 'Published at: until 2026-01-31' },
    ])
    const select = await page(client, user, 'filters[status][]=draft&filters[status][]=review')
    assert.deepEqual(select.table.indicators, [
      { filter: 'status', label: 'Status: Draft, In review' },
    ])
    const none = await page(client, user, '')
    assert.notProperty(none.table, 'indicators')
  })

  test('icon columns, descriptions and columns hidden by default', async ({ client, assert }) => {
    const user = await createUser()
    const [alpha] = await listings()
    const { table } = await page(client, user, '')
    const [title, status, active, featured, website] = table.columns
    assert.include(title, { type: 'text', description: true })
    assert.include(status, { description: true })
    assert.deepEqual(active.icons, {
      true: { icon: 'check-circle', color: 'success' },
      false: { icon: 'x-circle', color: 'danger' },
    })
    assert.equal(active.type, 'icon')
    assert.deepEqual(featured.icons.true, { icon: 'star', color: 'warning' })
    assert.include(website, { toggleable: true, hiddenByDefault: true })
    assert.notProperty(title, 'toggleable')
    const row = table.rows.find((candidate: any) => candidate.key === alpha.id)
    assert.strictEqual(row.values.isActive, true)
    assert.deepEqual(row.descriptions, { title: 'First one', status: `#${alpha.id}` })
    const charlie = table.rows.find((candidate: any) => candidate.title === 'Charlie')
    assert.isNull(charlie.values.isActive)
    assert.isNull(charlie.descriptions.title)
  })
})
