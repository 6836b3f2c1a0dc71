import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Gizmo from '../app/app/models/gizmo.ts'
import { gizmoHookCalls } from '../app/app/resources/gizmo_resource.ts'
import { createUser, snapshot, versionedBody, withDatabase } from '../helpers.ts'

async function edit(client: any, user: any, key: string | number, column: string, value: unknown) {
  return client
    .patch(`/board/gizmo-boards/${key}/columns/${column}`)
    .json(
      await versionedBody(`/board/gizmo-boards/${key}/columns/${column}`, {
        value,
        name: 'Overwritten',
        position: 99,
      })
    )
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

async function gizmo(name: string, attributes: Partial<Gizmo> = {}) {
  return Gizmo.create({ name, isActive: false, ...attributes })
}

test.group('Table | toggle, select and text-input columns', (group) => {
  withDatabase(group)
  group.each.timeout(20_000)
  group.each.setup(() => gizmoHookCalls.clear())

  test('the contract draws each kind with its endpoint', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await gizmo('Sprocket', { shelf: 'a', code: '#1d4ed8' })
    const response = await client.get('/board/gizmo-boards').withInertia().loginAs(admin)
    response.assertStatus(200)
    const [name, shelf, active, code] = response.inertiaProps.table.columns
    assert.include(name, { type: 'textInput', editable: true })
    assert.equal(name.editUrl, '/board/gizmo-boards/{record}/columns/name')
    assert.include(shelf, { type: 'select', editable: true })
    assert.deepEqual(shelf.options, [
      { value: 'a', label: 'Shelf A' },
      { value: 'b', label: 'Shelf B' },
    ])
    assert.include(active, { type: 'toggle', editable: true, label: 'Active' })
    assert.include(code, { type: 'color', editable: false })
    const [row] = response.inertiaProps.table.rows
    assert.strictEqual(row.values.isActive, false)
    assert.equal(row.values.code, '#1d4ed8')
  })

  test('a toggle, a select and a text input write only their column, with the hooks', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const record = await gizmo('Sprocket', { position: 1 })

    const toggled = await edit(client, admin, record.id, 'isActive', true)
    toggled.assertStatus(200)
    await record.refresh()
    assert.isTrue(Boolean(record.isActive))
    assert.equal(record.name, 'Sprocket')
    assert.equal(record.position, 1)

    const off = await edit(client, admin, record.id, 'isActive', 'false')
    off.assertStatus(200)
    await record.refresh()
    assert.isFalse(Boolean(record.isActive))

    const shelved = await edit(client, admin, record.id, 'shelf', 'b')
    shelved.assertStatus(200)
    const renamed = await edit(client, admin, record.id, 'name', '  Cog  ')
    renamed.assertStatus(200)
    await record.refresh()
    assert.equal(record.shelf, 'b')
    assert.equal(record.name, 'Cog')
    assert.equal(record.position, 1)
    assert.equal(gizmoHookCalls.get('beforeUpdate'), 4)
    assert.equal(gizmoHookCalls.get('afterUpdate'), 4)
  })

  test('bad values get a field error (422), others 403/404; rows unchanged', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const someone = await createUser()
    const record = await gizmo('Sprocket', { shelf: 'a' })
    await gizmo('Taken')
    const before = await snapshot(Gizmo)

    for (const value of ['yes', 1, 0, null, 'TRUE', [true], { value: true }]) {
      const response = await edit(client, admin, record.id, 'isActive', value)
      assert.equal(response.status(), 422, JSON.stringify(value))
      assert.equal(response.body().errors[0].field, 'isActive')
    }
    const missing = await client
      .patch(`/board/gizmo-boards/${record.id}/columns/isActive`)
      .json(await versionedBody(`/board/gizmo-boards/${record.id}/columns/isActive`, {}))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    missing.assertStatus(422)
    for (const value of ['c', 'A', '', null, ['a'], 1]) {
      const response = await edit(client, admin, record.id, 'shelf', value)
      assert.equal(response.status(), 422, JSON.stringify(value))
      assert.equal(response.body().errors[0].field, 'shelf')
    }
    for (const value of [{ $ne: '' }, ['x'], 'x'.repeat(101), 'Taken']) {
      const response = await edit(client, admin, record.id, 'name', value)
      assert.equal(response.status(), 422, JSON.stringify(value).slice(0, 40))
      assert.equal(response.body().errors[0].field, 'name')
    }
    /* authorization comes first: a user the policy refuses gets 403 whatever the value */
    const refused = await edit(client, someone, record.id, 'isActive', 'not-a-boolean')
    refused.assertStatus(403)
    /* columns that are not editable, and records outside the scoped query */
    for (const column of ['code', 'position', 'deletedAt', 'nope']) {
      const response = await edit(client, admin, record.id, column, 'x')
      assert.equal(response.status(), 404, column)
    }
    const gone = await edit(client, admin, 999_999, 'isActive', true)
    gone.assertStatus(404)

    assert.deepEqual(await snapshot(Gizmo), before)
    assert.isUndefined(gizmoHookCalls.get('beforeUpdate'))
  })
})

function reorder(client: any, user: any, body: unknown) {
  return client
    .post('/board/gizmo-boards/reorder')
    .json(body)
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

async function positions() {
  const rows = await Gizmo.query().orderBy('id')
  return Object.fromEntries(rows.map((row) => [row.name, row.position]))
}

test.group('Table | reorderable rows', (group) => {
  withDatabase(group)
  group.each.timeout(20_000)
  group.each.setup(() => gizmoHookCalls.clear())

  test('the keys sent take the positions they held, in the new order, in one transaction', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const a = await gizmo('A', { position: 1 })
    const b = await gizmo('B', { position: 2 })
    const c = await gizmo('C', { position: 3 })
    await gizmo('D', { position: 4 })

    const page = await client.get('/board/gizmo-boards').withInertia().loginAs(admin)
    const table = page.inertiaProps.table
    assert.deepEqual(table.reorder, { column: 'position', url: '/board/gizmo-boards/reorder' })
    /* sorted by the order column by default */
    assert.deepEqual(table.sort, { column: 'position', direction: 'asc' })
    assert.deepEqual(
      table.rows.map((row: any) => row.title),
      ['A', 'B', 'C', 'D']
    )

    const response = await reorder(client, admin, { records: [c.id, a.id, b.id], sort: 'position' })
    response.assertStatus(200)
    response.assertBodyContains({ column: 'position', records: [c.id, a.id, b.id] })
    assert.deepEqual(await positions(), { A: 2, B: 3, C: 1, D: 4 })
    assert.equal(gizmoHookCalls.get('beforeUpdate'), 3)

    const after = await client.get('/board/gizmo-boards').withInertia().loginAs(admin)
    assert.deepEqual(
      after.inertiaProps.table.rows.map((row: any) => row.title),
      ['C', 'A', 'B', 'D']
    )
  })

  test('refusals leave every position as it was', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const someone = await createUser()
    const a = await gizmo('A', { position: 1 })
    const b = await gizmo('B', { position: 2 })
    const trashed = await gizmo('T', { position: 3 })
    await trashed.merge({ deletedAt: DateTime.now() }).save()
    const before = await positions()

    /* a key outside the scoped query (trashed, or missing): 404 */
    const outside = await reorder(client, admin, { records: [b.id, trashed.id, a.id] })
    outside.assertStatus(404)
    const missing = await reorder(client, admin, { records: [b.id, 999_999] })
    missing.assertStatus(404)
    /* a user the policy refuses: 403 */
    const refused = await reorder(client, someone, { records: [b.id, a.id] })
    refused.assertStatus(403)
    /* sorted by something else, bad shapes */
    const sorted = await reorder(client, admin, { records: [b.id, a.id], sort: 'name' })
    sorted.assertStatus(422)
    assert.equal(sorted.body().errors[0].field, 'sort')
    for (const records of [[], 'a,b', [a.id, a.id], [{ id: a.id }], [a.id, 'x y'], null]) {
      const response = await reorder(client, admin, { records })
      assert.equal(response.status(), 422, JSON.stringify(records))
      assert.equal(response.body().errors[0].field, 'records')
    }
    const tooMany = await reorder(client, admin, {
      records: Array.from({ length: 101 }, (_, index) => index + 1),
    })
    tooMany.assertStatus(422)

    assert.deepEqual(await positions(), before)
    assert.isUndefined(gizmoHookCalls.get('beforeUpdate'))
  })

  test('authorization comes before the body: 403 whatever a refused user sends', async ({
    client,
    assert,
  }) => {
    const someone = await createUser()
    const a = await gizmo('A', { position: 1 })
    const b = await gizmo('B', { position: 2 })
    const before = await positions()

    for (const body of [
      { records: 'a,b' },
      { records: [a.id, a.id], sort: 'name' },
      { records: [{ id: a.id }, 'x y'] },
      { records: Array.from({ length: 101 }, (_, index) => index + 1) },
      { records: [b.id, 999_999] },
      [b.id, a.id],
      {},
    ]) {
      const response = await reorder(client, someone, body)
      assert.equal(response.status(), 403, JSON.stringify(body).slice(0, 40))
      assert.isUndefined(response.body().errors?.[0]?.field)
    }

    assert.deepEqual(await positions(), before)
    assert.isUndefined(gizmoHookCalls.get('beforeUpdate'))
  })
})
