import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Listing from '../app/app/models/listing.ts'
import { createUser, withDatabase } from '../helpers.ts'
import kit from '../../services/main.ts'
import { panel } from '../../index.ts'

const NNBSP = '\u202f'
const NBSP = '\u00a0'

async function listing(values: Partial<Listing> = {}) {
  return Listing.create({
    title: 'Validating input',
    status: 'draft',
    priceCents: 123450,
    rating: 4.25,
    publishedOn: DateTime.fromISO('2026-01-10', { zone: 'utc' }),
    /* 00:30 on Feb 1 in Paris */
    publishedAt: DateTime.fromISO('2026-01-31T23:30:00Z'),
    website: 'https://example.test/listing',
    summary: 'Kept raw',
    ...values,
  })
}

test.group('Formatted values | over HTTP, in the panel locale and time zone', (group) => {
  withDatabase(group)

  test('list rows carry the formatted text beside the raw values', async ({ client, assert }) => {
    const user = await createUser()
    const record = await listing()
    const response = await client.get('/pricing/listings').withInertia().loginAs(user)
    response.assertStatus(200)
    const table = response.inertiaProps.table
    const row = table.rows.find((candidate: any) => candidate.key === record.id)

    assert.deepEqual(row.formatted, {
      title: 'Valida…',
      priceCents: `1${NNBSP}234,50${NBSP}€`,
      rating: '4,3 / 5',
      publishedOn: '10 janvier 2026',
      publishedAt: '1 févr. 2026, 00:30',
      website: 'https://example.test/listing',
    })
    assert.deepEqual(row.links, { website: 'https://example.test/listing' })
    /* the raw values stay, for renderers that need them */
    assert.equal(row.values.title, 'Validating input')
    assert.equal(row.values.priceCents, 123450)
    assert.equal(row.values.publishedOn, '2026-01-10')
    /* an unformatted column is not repeated in `formatted` */
    assert.notProperty(row.formatted, 'summary')

    const columns = Object.fromEntries(table.columns.map((column: any) => [column.name, column]))
    assert.deepEqual(columns.title.format, {
      kind: 'text',
      wrap: false,
      copyable: true,
      link: false,
    })
    assert.deepEqual(columns.priceCents.format, {
      kind: 'money',
      wrap: false,
      copyable: false,
      link: false,
    })
    assert.isUndefined(columns.summary.format)
  })

  test('unsafe URLs and nulls are shown as text without a link', async ({ client, assert }) => {
    const user = await createUser()
    const unsafe = await listing({ title: 'Unsafe', website: 'javascript:alert(document.cookie)' })
    const empty = await listing({
      title: 'Empty',
      website: null,
      priceCents: null,
      rating: null,
      publishedAt: null,
    })
    const response = await client.get('/pricing/listings').withInertia().loginAs(user)
    response.assertStatus(200)
    const rows = Object.fromEntries(
      response.inertiaProps.table.rows.map((row: any) => [row.key, row])
    )
    assert.isNull(rows[unsafe.id].links.website)
    assert.equal(rows[unsafe.id].formatted.website, 'javascript:alert(document.cookie)')
    assert.isNull(rows[empty.id].links.website)
    assert.isNull(rows[empty.id].formatted.priceCents)
    assert.isNull(rows[empty.id].formatted.rating)
    assert.isNull(rows[empty.id].formatted.publishedAt)
  })

  test('view pages format their entries the same way', async ({ client, assert }) => {
    const user = await createUser()
    const record = await listing({ publishedAt: DateTime.now().minus({ days: 3, minutes: 5 }) })
    const response = await client.get(`/pricing/listings/${record.id}`).withInertia().loginAs(user)
    response.assertStatus(200)
    const entries = Object.fromEntries(
      response.inertiaProps.infolist.entries.map((entry: any) => [entry.name, entry])
    )
    /* an entry without a format follows its column's (copyable), never its limit() */
    assert.equal(entries.title.formatted, record.title)
    assert.isTrue(entries.title.format.copyable)
    assert.equal(entries.priceCents.formatted, `1${NNBSP}234,50${NBSP}€`)
    assert.equal(entries.publishedAt.formatted, 'il y a 3 jours')
    assert.equal(entries.publishedOn.formatted, '10/01/2026')
    assert.equal(entries.publishedOn.value, '2026-01-10')
    assert.equal(entries.website.link, 'https://example.test/listing')
    assert.deepEqual(entries.website.format, {
      kind: 'text',
      wrap: false,
      copyable: true,
      link: true,
    })
  })

  test('locales and time zones are checked when panels and mounts are configured', async ({
    assert,
  }) => {
    assert.throws(() => panel('bad').locale('not a locale!'), /invalid locale/)
    assert.throws(() => panel('bad').timeZone('Mars/Olympus'), /invalid time zone/)
    assert.throws(() => kit.routes([], { timeZone: 'Nowhere/Land' }), /invalid time zone/)
    assert.deepEqual(panel('good').locale('fr-FR').timeZone('Europe/Paris').getPresentation(), {
      locale: 'fr-FR',
      timeZone: 'Europe/Paris',
    })
    assert.deepEqual(panel('plain').getPresentation(), { locale: 'en-US', timeZone: 'UTC' })
  })
})
