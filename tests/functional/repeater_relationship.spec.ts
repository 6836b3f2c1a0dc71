import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { createUser, snapshot, versionedBody, withDatabase } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochureItem from '../app/app/models/brochure_item.ts'
import BrochureResource from '../app/app/resources/brochure_resource.ts'

async function send(
  client: ApiClient,
  user: any,
  method: 'post' | 'patch',
  url: string,
  body: Record<string, unknown>
) {
  /* an update carries the version of the record, as the edit page sends it */
  const sent = method === 'patch' ? await versionedBody(url, body) : body
  return client[method](url).json(sent).withCsrfToken().accept('json').loginAs(user)
}

function errorsOf(response: { body(): any }) {
  return (response.body().errors as { field: string; rule: string }[])
    .map((error) => [error.field, error.rule])
    .sort()
}

/** The items of a brochure as [label, quantity, position], in order */
async function itemsOf(brochure: Brochure) {
  const items = await BrochureItem.query()
    .where('brochure_id', brochure.id)
    .orderBy('position')
    .orderBy('id')
  return items.map((item) => [item.label, item.quantity, item.position])
}

test.group('Repeater | stored as a has-many relationship', (group) => {
  withDatabase(group)

  test('create writes the items under the new record, in order, in its transaction', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await send(client, admin, 'post', '/media/brochures', {
      title: 'Order',
      items: [
        { label: ' Pens ', quantity: '3' },
        { label: 'Cups', quantity: 2, brochureId: 999, id: 999 },
      ],
    })
    response.assertStatus(201)
    const brochure = await Brochure.findByOrFail('title', 'Order')
    assert.deepEqual(await itemsOf(brochure), [
      ['Pens', 3, 0],
      ['Cups', 2, 1],
    ])
    assert.lengthOf(await BrochureItem.all(), 2)
  })

  test('the edit form carries the items with their keys, in order', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Form' })
    const second = await BrochureItem.create({
      brochureId: brochure.id,
      label: 'Second',
      quantity: 2,
      position: 1,
    })
    const first = await BrochureItem.create({
      brochureId: brochure.id,
      label: 'First',
      quantity: 1,
      position: 0,
    })
    const edit = await client
      .get(`/media/brochures/${brochure.id}/edit`)
      .withInertia()
      .loginAs(admin)
    edit.assertStatus(200)
    assert.deepEqual(edit.inertiaProps.form.values.items, [
      { label: 'First', quantity: 1, _key: first.id },
      { label: 'Second', quantity: 2, _key: second.id },
    ])
    const field = edit.inertiaProps.form.fields.find((entry: any) => entry.name === 'items')
    assert.equal(field.type, 'repeater')
  })

  test('update: keyed items are updated, new ones created, left-out ones deleted', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Update' })
    const gone = await BrochureItem.create({ brochureId: brochure.id, label: 'Gone', quantity: 1 })
    const kept = await BrochureItem.create({
      brochureId: brochure.id,
      label: 'Kept',
      quantity: 1,
      position: 1,
    })

    const response = await send(client, admin, 'patch', `/media/brochures/${brochure.id}`, {
      title: 'Update',
      items: [
        { label: 'New', quantity: 4 },
        { _key: kept.id, label: 'Kept again', quantity: 5 },
      ],
    })
    response.assertStatus(200)
    assert.deepEqual(await itemsOf(brochure), [
      ['New', 4, 0],
      ['Kept again', 5, 1],
    ])
    assert.isNull(await BrochureItem.find(gone.id))
    await kept.refresh()
    assert.equal(kept.label, 'Kept again')

    /* an update without the field leaves the items alone */
    const untouched = await send(client, admin, 'patch', `/media/brochures/${brochure.id}`, {
      title: 'Renamed',
    })
    untouched.assertStatus(200)
    assert.lengthOf(await itemsOf(brochure), 2)
  })

  test("another record's item key is a field error on that item: no row of either record changes", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const mine = await Brochure.create({ title: 'Mine' })
    const other = await Brochure.create({ title: 'Other' })
    const own = await BrochureItem.create({ brochureId: mine.id, label: 'Own', quantity: 1 })
    const foreign = await BrochureItem.create({
      brochureId: other.id,
      label: 'Foreign',
      quantity: 1,
    })
    const before = await snapshot(BrochureItem)
    const brochures = await snapshot(Brochure)

    for (const key of [foreign.id, 999999, 'abc', own.id]) {
      const items =
        key === own.id
          ? /* one key named twice */
            [
              { _key: own.id, label: 'Once', quantity: 1 },
              { _key: own.id, label: 'Twice', quantity: 1 },
            ]
          : [{ _key: key, label: 'Hijacked', quantity: 9 }]
      const response = await send(client, admin, 'patch', `/media/brochures/${mine.id}`, {
        title: 'Changed',
        items,
      })
      response.assertStatus(422)
      assert.deepEqual(errorsOf(response), [[`items.${items.length - 1}`, 'repeater.item']])
    }
    assert.deepEqual(await snapshot(BrochureItem), before)
    assert.deepEqual(await snapshot(Brochure), brochures)
  })

  test('an invalid item answers per-item field errors; nothing changes', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Invalid' })
    const item = await BrochureItem.create({ brochureId: brochure.id, label: 'Item', quantity: 1 })
    const before = await snapshot(BrochureItem)

    const response = await send(client, admin, 'patch', `/media/brochures/${brochure.id}`, {
      title: 'Invalid',
      items: [
        { _key: item.id, label: 'Fine', quantity: 2 },
        { label: 'x', quantity: 0 },
      ],
    })
    response.assertStatus(422)
    assert.deepEqual(errorsOf(response), [
      ['items.1.label', 'minLength'],
      ['items.1.quantity', 'min'],
    ])
    assert.deepEqual(await snapshot(BrochureItem), before)

    /* not a list of objects */
    const malformed = await send(client, admin, 'patch', `/media/brochures/${brochure.id}`, {
      title: 'Invalid',
      items: 'nope',
    })
    malformed.assertStatus(422)
    assert.deepEqual(await snapshot(BrochureItem), before)

    /* on create: no record, no item */
    const created = await send(client, admin, 'post', '/media/brochures', {
      title: 'New',
      items: [{ label: 'y', quantity: 1 }],
    })
    created.assertStatus(422)
    assert.isNull(await Brochure.findBy('title', 'New'))
    assert.deepEqual(await snapshot(BrochureItem), before)
  })

  test('a failing after hook rolls the items back with the record', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Hooked' })
    await BrochureItem.create({ brochureId: brochure.id, label: 'Item', quantity: 1 })
    const before = await snapshot(BrochureItem)

    const response = await send(client, admin, 'patch', `/media/brochures/${brochure.id}`, {
      title: 'explode',
      items: [{ label: 'Replaced', quantity: 3 }],
    })
    response.assertStatus(422)
    assert.deepEqual(await snapshot(BrochureItem), before)
    await brochure.refresh()
    assert.equal(brochure.title, 'Hooked')
  })

  test('kit(): fillRepeaterItem edits the related records through the form', async ({
    kit,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Driver' })
    const item = await BrochureItem.create({ brochureId: brochure.id, label: 'First', quantity: 1 })

    await kit(BrochureResource, { user: admin })
      .forEdit(brochure)
      .fillRepeaterItem('items', 0, { label: 'Renamed' })
      .fillRepeaterItem('items', 1, { label: 'Added', quantity: 2 })
      .call('save')
      .assertHasNoFormErrors()

    assert.deepEqual(await itemsOf(brochure), [
      ['Renamed', 1, 0],
      ['Added', 2, 1],
    ])
    await item.refresh()
    assert.equal(item.label, 'Renamed')
  })
})
