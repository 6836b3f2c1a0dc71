import { test } from '@japa/runner'
import Listing from '../app/app/models/listing.ts'
import { createUser, withDatabase } from '../helpers.ts'
import { TextColumn } from '../../index.ts'
import { kit } from '../../src/testing/japa_plugin.ts'
import { PricedListingResource } from '../app/app/resources/listing_resource.ts'
import { failureOf } from '../kit_failures.ts'

const NNBSP = '\u202f'
const NBSP = '\u00a0'
const euros = (text: string) => `${text.replaceAll(' ', NNBSP)}${NBSP}€`

async function listings() {
  const make = (title: string, priceCents: number | null, rating: number | null) =>
    Listing.create({ title, status: 'draft', priceCents, rating })
  return [
    await make('Alpha', 1000, 2),
    await make('Bravo', 2550, 4.5),
    await make('Charlie', 100000, 3),
    await make('Delta', null, null),
  ]
}

async function list(client: any, query: string) {
  const user = await createUser()
  const response = await client.get(`/pricing/listings?${query}`).withInertia().loginAs(user)
  response.assertStatus(200)
  const table = response.inertiaProps.table
  return {
    titles: table.rows.map((row: any) => row.values.title) as string[],
    summaries: Object.fromEntries(
      table.summaries.map((summary: any) => [
        `${summary.column}.${summary.kind}`,
        [
          summary.label,
          /* averages carry each database's precision */
          summary.value === null ? null : Math.round(summary.value * 100) / 100,
          summary.formatted,
        ],
      ])
    ),
    filters: Object.fromEntries(table.filters.map((filter: any) => [filter.name, filter.value])),
    contracts: table.filters,
  }
}

test.group('Table summaries and numeric ranges | over HTTP', (group) => {
  withDatabase(group)

  test('summaries cover every selected row, not the page, formatted like the column', async ({
    client,
    assert,
  }) => {
    await listings()
    const { titles, summaries } = await list(client, 'perPage=2')
    assert.lengthOf(titles, 2)
    assert.deepEqual(summaries, {
      'title.count': ['Listings', 4, '4'],
      'priceCents.sum': ['Total', 103550, euros('1 035,50')],
      'priceCents.average': ['Average', 34516.67, euros('345,17')],
      'rating.min': ['Min', 2, '2,0 / 5'],
      'rating.max': ['Max', 4.5, '4,5 / 5'],
    })
  })

  test('search and filters narrow the summaries with the rows', async ({ client, assert }) => {
    await listings()
    const searched = await list(client, 'search=Bravo')
    assert.deepEqual(searched.titles, ['Bravo'])
    assert.deepEqual(searched.summaries['priceCents.sum'], ['Total', 2550, euros('25,50')])
    assert.deepEqual(searched.summaries['title.count'], ['Listings', 1, '1'])

    /* prices typed in euros compare with cents */
    const ranged = await list(client, 'filters[price][min]=10&filters[price][max]=25.5')
    assert.sameMembers(ranged.titles, ['Alpha', 'Bravo'])
    assert.deepEqual(ranged.filters.price, { min: 10, max: 25.5 })
    assert.deepEqual(ranged.summaries['priceCents.sum'], ['Total', 3550, euros('35,50')])

    const rated = await list(client, 'filters[rating][min]=3')
    assert.sameMembers(rated.titles, ['Bravo', 'Charlie'])
    const contract = rated.contracts.find((filter: any) => filter.name === 'rating')
    assert.deepEqual(contract, {
      name: 'rating',
      label: 'Rating',
      type: 'numericRange',
      minLabel: 'At least',
      maxLabel: 'At most',
      value: { min: 3, max: null },
    })
  })

  test('a range that matches nothing summarizes to nothing', async ({ client, assert }) => {
    await listings()
    const empty = await list(client, 'filters[rating][min]=4&filters[rating][max]=3')
    assert.deepEqual(empty.titles, [])
    assert.deepEqual(empty.summaries['title.count'], ['Listings', 0, '0'])
    assert.deepEqual(empty.summaries['priceCents.sum'], ['Total', null, null])
    assert.deepEqual(empty.summaries['rating.max'], ['Max', null, null])
  })

  test('bounds that are not plain numbers are ignored, never turned into SQL', async ({
    client,
    assert,
  }) => {
    await listings()
    for (const query of [
      'filters[rating][min]=abc',
      'filters[rating][min]=1e9',
      'filters[rating][min]=0x10',
      'filters[rating][min]=Infinity',
      'filters[rating][min][]=3',
      'filters[rating]=3',
      'filters[rating][min]=',
      `filters[rating][min]=${'9'.repeat(300)}`,
      "filters[rating][min]=1'); drop table listings; --",
    ]) {
      const result = await list(client, `perPage=10&${query}`)
      assert.lengthOf(result.titles, 4, query)
      assert.isNull(result.filters.rating, query)
    }
    assert.equal(
      await Listing.query()
        .count('* as total')
        .first()
        .then((r: any) => Number(r.$extras.total)),
      4
    )
  })

  test('summary declarations are checked when the table is configured', ({ assert }) => {
    assert.throws(() => TextColumn.make('price').summarize('median' as any), /takes count, sum/)
    assert.throws(
      () => TextColumn.make('author.age').summarize('sum'),
      /not through a relationship/
    )
    assert.throws(
      () => TextColumn.make('price').summarize('sum').summarize('sum'),
      /declared twice/
    )
  })

  test('kit() asserts summaries and formatted values, and filters numeric ranges', async ({
    assert,
  }) => {
    const user = await createUser()
    const [alpha, bravo] = await listings()
    await kit(PricedListingResource, { user })
      .assertTableSummary('priceCents', 'sum', { value: 103550, formatted: euros('1 035,50') })
      .assertTableColumnFormattedStateSet('priceCents', euros('10,00'), alpha)
      .filterTable('price', { min: 20 })
      .assertTableSummary('title', 'count', { value: 2 })
      .assertCanSeeTableRecords([bravo])
      .assertCanNotSeeTableRecords([alpha])

    assert.equal(
      await failureOf(
        kit(PricedListingResource, { user }).assertTableSummary('priceCents', 'sum', { value: 1 })
      ),
      'kit(PricedListingResource).assertTableSummary("priceCents", "sum"): expected the sum of "priceCents" (page 1 of 2) to have value 1, but it is 103550'
    )
    assert.equal(
      await failureOf(
        kit(PricedListingResource, { user }).assertTableSummary('summary', 'sum', { value: 1 })
      ),
      'kit(PricedListingResource).assertTableSummary("summary", "sum"): no sum summary of column "summary"; the table summarizes: title.count, priceCents.sum, priceCents.average, rating.min, rating.max'
    )
    assert.equal(
      await failureOf(
        kit(PricedListingResource, { user }).assertTableColumnFormattedStateSet(
          'summary',
          'x',
          alpha
        )
      ),
      'kit(PricedListingResource).assertTableColumnFormattedStateSet("summary"): no formatted column "summary"; formatted columns: title, priceCents, rating, publishedOn, publishedAt, website'
    )
    assert.equal(
      await failureOf(kit(PricedListingResource, { user }).filterTable('rating', { min: 'abc' })),
      'kit(PricedListingResource).filterTable("rating", {"min":"abc"}): {"min":"abc"} is not a range of filter "rating"; give { min, max } numbers'
    )
  })
})
