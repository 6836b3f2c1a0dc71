import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { kit } from '../../src/testing/japa_plugin.ts'
import ListingResource from '../app/app/resources/listing_resource.ts'
import Listing from '../app/app/models/listing.ts'
import { createUser, withDatabase } from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | multiple select, ternary and date-range filters', (group) => {
  withDatabase(group)

  test('filterTable takes arrays, booleans and ranges, and refuses what the filter would ignore', async ({
    assert,
  }) => {
    const user = await createUser()
    const day = (value: string) => DateTime.fromISO(value, { zone: 'utc' })
    const draft = await Listing.create({
      title: 'Draft',
      status: 'draft',
      isActive: true,
      publishedOn: day('2026-01-10'),
      publishedAt: day('2025-12-31T23:30:00Z'),
    })
    const review = await Listing.create({
      title: 'Review',
      status: 'review',
      isActive: null,
      publishedOn: day('2026-02-10'),
      publishedAt: day('2026-01-31T23:30:00Z'),
    })
    const published = await Listing.create({ title: 'Published', status: 'published' })

    await kit(ListingResource, { user })
      .filterTable('status', ['review', 'draft'])
      .assertCanSeeTableRecords([draft, review])
      .assertCanNotSeeTableRecords([published])
      .filterTable('status', null)
      .filterTable('isActive', false)
      .assertCanSeeTableRecords([review, published])
      .assertCanNotSeeTableRecords([draft])
      .filterTable('isActive', 'true')
      .assertCanSeeTableRecords([draft])
      .assertCanNotSeeTableRecords([review, published])
      .resetTable()
      .filterTable('publishedOn', { from: '2026-01-01', until: '2026-01-31' })
      .assertCanSeeTableRecords([draft])
      .assertCanNotSeeTableRecords([review, published])
      /* January in Europe/Paris */
      .filterTable('publishedOn', null)
      .filterTable('publishedAt', { from: '2026-01-01', until: null })
      .assertCanSeeTableRecords([draft, review])
      .filterTable('publishedAt', { until: '2026-01-31' })
      .assertCanSeeTableRecords([draft])
      .assertCanNotSeeTableRecords([review, published])

    assert.equal(
      await failureOf(kit(ListingResource, { user }).filterTable('status', ['draft', 'bogus'])),
      'kit(ListingResource).filterTable("status", ["draft","bogus"]): ["draft","bogus"] is not an option of filter "status"; options: draft, review, published (as an array)'
    )
    assert.equal(
      await failureOf(kit(ListingResource, { user }).filterTable('isActive', 'yes')),
      'kit(ListingResource).filterTable("isActive", "yes"): "yes" is not an option of filter "isActive"; options: true, false'
    )
    assert.equal(
      await failureOf(kit(ListingResource, { user }).filterTable('isActive', ['true'])),
      'kit(ListingResource).filterTable("isActive", ["true"]): ["true"] is not an option of filter "isActive"; options: true, false'
    )
    assert.equal(
      await failureOf(
        kit(ListingResource, { user }).filterTable('publishedOn', {
          from: '2026-01-01',
          until: 'not-a-date',
        })
      ),
      'kit(ListingResource).filterTable("publishedOn", {"from":"2026-01-01","until":"not-a-date"}): {"from":"2026-01-01","until":"not-a-date"} is not a range of filter "publishedOn"; give { from, until } days as YYYY-MM-DD'
    )
    const described = await failureOf(
      kit(ListingResource, { user })
        .filterTable('status', ['draft'])
        .filterTable('isActive', true)
        .assertCanSeeTableRecords([review])
    )
    assert.include(described, 'filters status=["draft"], isActive=true')
  })
})
