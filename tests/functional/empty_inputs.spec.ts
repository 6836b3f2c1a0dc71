import { test } from '@japa/runner'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { Book, createUser, withDatabase, versionedBody } from '../helpers.ts'
import { GENERATED_APP } from '../generated_resource.ts'

/**
 * The empty value a browser sends for each kind of form field, over HTTP:
 * an emptied text, number, date or date-time input sends "" (JSON from the
 * renderers, or an urlencoded HTML form), an unchecked toggle false, an
 * emptied select "". None may answer 500; an optional field is cleared.
 */

async function gadgetModel() {
  const url = pathToFileURL(join(GENERATED_APP, 'app/models/gadget.ts')).href
  const module = await import(url)
  return module.default
}

const EMPTIED = {
  sku: '',
  contactEmail: '',
  description: '',
  views: '',
  price: '',
  weight: '',
  releasedOn: '',
  availableAt: '',
  checkedAt: '',
  isActive: false,
}

const CLEARED_COLUMNS = {
  sku: null,
  contact_email: null,
  description: null,
  views: null,
  price: null,
  weight: null,
  released_on: null,
  available_at: null,
  checked_at: null,
}

async function gadgetRow(name: string) {
  const row = await db.from('gadgets').where('name', name).first()
  return row
}

test.group('Empty inputs | every field type, as a browser sends it', (group) => {
  withDatabase(group)

  test('create: empty text, number, date, date-time and an unchecked toggle ({$self})')
    .with(['json', 'form'] as const)
    .run(async ({ client, assert }, encoding) => {
      const admin = await createUser({ isAdmin: true })
      const body = { name: 'Empty lamp', stock: 3, isFeatured: true, ...EMPTIED }

      const request = client.post('/generated/gadgets')
      const response = await (
        encoding === 'json'
          ? request.json(body)
          : request.form({ ...body, stock: '3', isFeatured: 'true', isActive: 'false' })
      )
        .withCsrfToken()
        .withInertia()
        .loginAs(admin)
        .redirects(0)
      response.assertStatus(302)
      assert.notMatch(response.header('location'), /create/)

      const row = await gadgetRow('Empty lamp')
      assert.isDefined(row)
      assert.include({ ...row }, CLEARED_COLUMNS)
      assert.isFalse(Boolean(row.is_active))
      assert.isTrue(Boolean(row.is_featured))
      assert.equal(Number(row.stock), 3)
    })

  test('update: emptying every optional field of a filled record clears it ({$self})')
    .with(['json', 'form'] as const)
    .run(async ({ client, assert }, encoding) => {
      const admin = await createUser({ isAdmin: true })
      const Gadget = await gadgetModel()
      const gadget = await Gadget.create({ name: 'Full lamp', isFeatured: true, stock: 1 })
      const filled = await client
        .patch(`/generated/gadgets/${gadget.id}`)
        .json(
          await versionedBody(`/generated/gadgets/${gadget.id}`, {
            sku: 'FULL',
            contactEmail: 'full@example.com',
            description: 'Filled',
            views: 10,
            price: 2.5,
            weight: 1.5,
            releasedOn: '2026-01-15',
            availableAt: '2026-02-01T10:30',
            checkedAt: '2026-02-02 08:00:00',
            isActive: true,
          })
        )
        .withCsrfToken()
        .withInertia()
        .loginAs(admin)
        .redirects(0)
      filled.assertStatus(303)
      const before = await gadgetRow('Full lamp')
      assert.isNotNull(before.released_on)
      assert.isNotNull(before.available_at)

      const request = client.patch(`/generated/gadgets/${gadget.id}`)
      const emptied = await versionedBody(`/generated/gadgets/${gadget.id}`, EMPTIED)
      const response = await (
        encoding === 'json' ? request.json(emptied) : request.form({ ...emptied, isActive: '0' })
      )
        .withCsrfToken()
        .withInertia()
        .loginAs(admin)
        .redirects(0)
      response.assertStatus(303)
      response.assertHeader('location', `/generated/gadgets/${gadget.id}/edit`)

      const row = await gadgetRow('Full lamp')
      assert.include({ ...row }, CLEARED_COLUMNS)
      assert.isFalse(Boolean(row.is_active))
    })

  test('a JSON client emptying a date gets an answer and the cleared row, never 500', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/generated/gadgets')
      .json({ name: 'Dateless', stock: 1, isFeatured: false, releasedOn: '', availableAt: null })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    assert.isBelow(response.status(), 500)
    const row = await gadgetRow('Dateless')
    assert.isNull(row.released_on)
    assert.isNull(row.available_at)
  })

  test(
    'create: emptied selects (relationship and remote), number, date and toggle of a book ({$self})'
  )
    .with(['json', 'form'] as const)
    .run(async ({ client, assert }, encoding) => {
      const admin = await createUser({ isAdmin: true })
      const body = {
        title: 'Blank book',
        publisherId: '',
        country: '',
        pages: '',
        publishedOn: '',
        isFeatured: false,
      }
      const request = client.post('/admin/books')
      const response = await (
        encoding === 'json' ? request.json(body) : request.form({ ...body, isFeatured: 'false' })
      )
        .withCsrfToken()
        .withInertia()
        .loginAs(admin)
        .redirects(0)
      response.assertStatus(302)

      const books = await Book.query().where('title', 'Blank book')
      assert.lengthOf(books, 1)
      assert.isNull(books[0].publisherId)
      assert.isNull(books[0].country)
      assert.isNull(books[0].pages)
      assert.isNull(books[0].publishedOn)
      assert.isFalse(books[0].isFeatured)
    })
})

test.group('Boolean columns | cast in the table contract', (group) => {
  withDatabase(group)

  test('a boolean column lists true/false whatever the driver stores', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await db.table('gizmos').insert([
      { name: 'On', is_active: true },
      { name: 'Off', is_active: false },
    ])
    const response = await client
      .get('/safety/gizmos')
      .qs({ sort: 'name' })
      .withInertia()
      .loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(
      response.inertiaProps.table.rows.map((row: any) => [row.values.name, row.values.isActive]),
      [
        ['Off', false],
        ['On', true],
      ]
    )
  })
})
