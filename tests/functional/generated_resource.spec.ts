import { test } from '@japa/runner'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { createUser, withDatabase, versionedBody } from '../helpers.ts'
import { GENERATED_APP } from '../generated_resource.ts'

/**
 * The Gadget model the generated resource uses (the generated app's copy).
 */
async function gadgetModel() {
  const url = pathToFileURL(join(GENERATED_APP, 'app/models/gadget.ts')).href
  const module = await import(url)
  return module.default
}

async function gadgetRows() {
  return db.from('gadgets').orderBy('id')
}

const VALID = {
  name: 'Desk lamp',
  sku: 'LAMP-1',
  contactEmail: 'lamps@example.com',
  description: 'A long description that stays out of the table',
  isActive: false,
  isFeatured: true,
  stock: 5,
  views: 1200,
  price: 12.5,
  weight: 1.25,
  releasedOn: '2026-01-15',
  availableAt: '2026-02-01T10:30:00.000Z',
  checkedAt: '2026-02-02 08:00:00',
}

test.group('Generated resource | make:kit-resource Gadget --generate over HTTP', (group) => {
  withDatabase(group)

  test('the list and the create form come from the table columns', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })

    const list = await client.get('/generated/gadgets').withInertia().loginAs(admin)
    list.assertStatus(200)
    list.assertInertiaComponent('kit/list_records')
    const table = list.inertiaProps.table
    assert.deepEqual(
      table.columns.map((column: any) => column.name),
      [
        'name',
        'sku',
        'contactEmail',
        'isActive',
        'isFeatured',
        'stock',
        'views',
        'price',
        'weight',
        'releasedOn',
        'availableAt',
        'checkedAt',
        'owner.fullName',
      ]
    )
    /* a filter for each boolean and date column */
    assert.deepEqual(
      table.filters.map((filter: any) => filter.name),
      ['isActive', 'isFeatured', 'releasedOn', 'availableAt', 'checkedAt']
    )

    const create = await client.get('/generated/gadgets/create').withInertia().loginAs(admin)
    create.assertStatus(200)
    const fields = create.inertiaProps.form.fields.map((field: any) => [
      field.name,
      field.inputType ? `${field.type}:${field.inputType}` : field.type,
      field.required,
    ])
    assert.deepEqual(fields, [
      ['name', 'text:text', true],
      ['sku', 'text:text', false],
      ['contactEmail', 'text:email', false],
      ['description', 'textarea', false],
      ['isActive', 'toggle', false],
      ['isFeatured', 'toggle', true],
      ['stock', 'text:number', true],
      ['views', 'text:number', false],
      ['price', 'text:number', false],
      ['weight', 'text:number', false],
      ['releasedOn', 'date', false],
      ['availableAt', 'datetime', false],
      ['checkedAt', 'datetime', false],
      ['ownerId', 'select', false],
      ['specs', 'keyValue', false],
    ])
  })

  test('create with valid input, search, edit and delete', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const Gadget = await gadgetModel()

    /* create */
    const created = await client
      .post('/generated/gadgets')
      .json({ ...VALID, ownerId: admin.id })
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    created.assertStatus(302)
    const gadget = await Gadget.findByOrFail('name', 'Desk lamp')
    created.assertHeader('location', `/generated/gadgets/${gadget.id}/edit`)
    assert.equal(gadget.sku, 'LAMP-1')
    assert.equal(gadget.contactEmail, 'lamps@example.com')
    assert.equal(gadget.description, VALID.description)
    assert.isFalse(Boolean(gadget.isActive))
    assert.isTrue(Boolean(gadget.isFeatured))
    assert.equal(Number(gadget.stock), 5)
    assert.equal(Number(gadget.views), 1200)
    assert.equal(Number(gadget.price), 12.5)
    assert.closeTo(Number(gadget.weight), 1.25, 0.001)
    assert.equal(gadget.releasedOn.toISODate(), '2026-01-15')
    assert.equal(gadget.availableAt.toMillis(), Date.parse('2026-02-01T10:30:00.000Z'))
    assert.isNotNull(gadget.checkedAt)

    /* boolean columns are booleans in the contract on every database, never 1/0 */
    const listed = await client.get('/generated/gadgets').withInertia().loginAs(admin)
    const listedRow = listed.inertiaProps.table.rows.find((item: any) => item.key === gadget.id)
    assert.strictEqual(listedRow.values.isActive, false)
    assert.strictEqual(listedRow.values.isFeatured, true)
    /* the owner select saved the key; the list names the owner */
    assert.equal(Number(gadget.ownerId), admin.id)
    assert.equal(listedRow.values['owner.fullName'], admin.fullName)

    /* the generated boolean filter */
    const filtered = async (value: string) => {
      const response = await client
        .get('/generated/gadgets')
        .qs({ filters: { isActive: value } })
        .withInertia()
        .loginAs(admin)
      return response.inertiaProps.table.rows.map((row: any) => row.values.name)
    }
    assert.deepEqual(await filtered('false'), ['Desk lamp'])
    assert.deepEqual(await filtered('true'), [])

    /* the first string column is searchable */
    const search = await client
      .get('/generated/gadgets')
      .qs({ search: 'desk' })
      .withInertia()
      .loginAs(admin)
    assert.deepEqual(
      search.inertiaProps.table.rows.map((row: any) => row.values.name),
      ['Desk lamp']
    )

    /* edit */
    const edit = await client
      .get(`/generated/gadgets/${gadget.id}/edit`)
      .withInertia()
      .loginAs(admin)
    edit.assertStatus(200)
    assert.equal(edit.inertiaProps.form.values.name, 'Desk lamp')
    assert.equal(edit.inertiaProps.form.values.releasedOn, '2026-01-15')
    assert.deepEqual(edit.inertiaProps.record, { key: gadget.id, title: 'Desk lamp' })

    const updated = await client
      .patch(`/generated/gadgets/${gadget.id}`)
      .json(
        await versionedBody(`/generated/gadgets/${gadget.id}`, {
          name: 'Floor lamp',
          stock: 7,
          isActive: true,
          sku: null,
        })
      )
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    updated.assertStatus(303)
    await gadget.refresh()
    assert.equal(gadget.name, 'Floor lamp')
    assert.equal(Number(gadget.stock), 7)
    assert.isTrue(Boolean(gadget.isActive))
    assert.isNull(gadget.sku)

    /* delete */
    const deleted = await client
      .delete(`/generated/gadgets/${gadget.id}`)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    deleted.assertStatus(303)
    assert.deepEqual(await gadgetRows(), [])
  })

  test('invalid input answers per-field errors and writes nothing', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const Gadget = await gadgetModel()
    const existing = await Gadget.create({ name: 'Kept', isFeatured: false, stock: 1 })
    const before = await gadgetRows()

    const created = await client
      .post('/generated/gadgets')
      .json({
        name: '   ',
        sku: 'X'.repeat(41),
        contactEmail: 'not-an-email',
        stock: 'many',
        views: 1.5,
        releasedOn: '15/01/2026',
        availableAt: 'tomorrow',
        isFeatured: 'maybe',
      })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    created.assertStatus(422)
    assert.sameMembers(
      created.body().errors.map((error: any) => error.field),
      ['name', 'sku', 'contactEmail', 'stock', 'views', 'releasedOn', 'availableAt', 'isFeatured']
    )

    /* an owner that does not exist: the select refuses it */
    const unknownOwner = await client
      .post('/generated/gadgets')
      .json({ ...VALID, ownerId: 2_000_000 })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    unknownOwner.assertStatus(422)
    assert.deepEqual(
      unknownOwner.body().errors.map((error: any) => error.field),
      ['ownerId']
    )

    /* required fields missing */
    const empty = await client
      .post('/generated/gadgets')
      .json({})
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    empty.assertStatus(422)
    assert.sameDeepMembers(
      empty.body().errors.map((error: any) => [error.field, error.rule]),
      [
        ['name', 'required'],
        ['isFeatured', 'required'],
        ['stock', 'required'],
      ]
    )

    const updated = await client
      .patch(`/generated/gadgets/${existing.id}`)
      .json(await versionedBody(`/generated/gadgets/${existing.id}`, { stock: 'many', name: '' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    updated.assertStatus(422)
    assert.deepEqual(await gadgetRows(), before)
  })

  test('the generated resource follows its policy: others are refused', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ isAdmin: false })
    const list = await client.get('/generated/gadgets').withInertia().loginAs(user)
    list.assertStatus(403)

    const created = await client
      .post('/generated/gadgets')
      .json(VALID)
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
    created.assertStatus(403)
    assert.deepEqual(await gadgetRows(), [])
  })
})
