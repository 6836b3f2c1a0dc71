import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { hookFaults } from '../app/app/hook_faults.ts'
import { Post, createPost, createUser, snapshot, withDatabase, versionedBody } from '../helpers.ts'
import { attachLabel, createLabel, grant, withRelationFixtures } from '../relation_helpers.ts'
import { LONG_ACTION_NAME } from '../app/app/resources/gizmo_resource.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochureItem from '../app/app/models/brochure_item.ts'

/**
 * The audit rows, oldest first, their changes parsed.
 */
async function auditRows() {
  const rows = await db.from('kit_audit_entries').orderBy('id')
  return rows.map((row: Record<string, any>): Record<string, any> => ({
    ...row,
    changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
  }))
}

/**
 * A JSON column's value: text on SQLite and MariaDB, parsed on PostgreSQL.
 */
function parsed(value: unknown) {
  return typeof value === 'string' ? JSON.parse(value) : value
}

function json(request: any, user: any) {
  return request.withCsrfToken().accept('json').loginAs(user)
}

test.group('Audit trail | resource mutations', (group) => {
  withDatabase(group)
  group.each.teardown(() => hookFaults.clear())

  test('a create writes one row: who, where, what, with hidden attributes redacted', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await json(
      client
        .post('/admin/posts')
        .json({ title: 'Audited', status: 'draft', secretNote: 'the launch code' }),
      admin
    )
    response.assertStatus(201)
    const post = await Post.findByOrFail('title', 'Audited')

    const rows = await auditRows()
    assert.lengthOf(rows, 1)
    const [row] = rows
    assert.equal(row.user_id, String(admin.id))
    assert.equal(row.panel, 'admin')
    assert.equal(row.resource, 'posts')
    assert.equal(row.record_key, String(post.id))
    assert.equal(row.operation, 'create')
    assert.isNull(row.relation)
    assert.isNull(row.tenant)
    assert.isString(row.request_id)
    assert.isAbove(row.request_id.length, 8)
    assert.isNotNull(row.created_at)
    assert.deepEqual(row.changes.title, { old: null, new: 'Audited' })
    /* an attribute the rules do not declare is never written */
    assert.notProperty(row.changes, 'secretNote')
    assert.notInclude(JSON.stringify(row.changes), 'launch code')
  })

  test('an update records the changed attributes only, with old and new values', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Before' })
    const response = await json(
      client
        .patch(`/admin/posts/${post.id}`)
        .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'After' })),
      admin
    )
    response.assertStatus(200)

    const rows = await auditRows()
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].operation, 'update')
    assert.deepEqual(rows[0].changes.title, { old: 'Before', new: 'After' })
    assert.notProperty(rows[0].changes, 'status')
    assert.notProperty(rows[0].changes, 'authorId')
  })

  test('delete and an editable column write their rows', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Cell', secretNote: 'the launch code' })
    await json(
      client
        .patch(`/admin/posts/${post.id}/columns/title`)
        .json(
          await versionedBody(`/admin/posts/${post.id}/columns/title`, { value: 'Cell, edited' })
        ),
      admin
    ).then((response: any) => response.assertStatus(200))
    await json(client.delete(`/admin/posts/${post.id}`), admin).then((response: any) =>
      response.assertStatus(200)
    )

    const rows = await auditRows()
    assert.deepEqual(
      rows.map((row) => row.operation),
      ['update', 'delete']
    )
    assert.deepEqual(rows[0].changes.title, { old: 'Cell', new: 'Cell, edited' })
    /* a removed row: its attributes as they were, the new values null */
    assert.deepEqual(rows[1].changes.title, { old: 'Cell, edited', new: null })
    assert.equal(rows[1].record_key, String(post.id))
    /* a hidden attribute: marked, its value never stored */
    assert.deepEqual(rows[1].changes.secretNote, { old: '[redacted]', new: null })
    assert.notInclude(JSON.stringify(rows), 'launch code')
  })

  test('refused requests write no row: 403, 422, 404', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const stranger = await createUser()
    const post = await createPost(admin, { title: 'Guarded' })
    const before = await snapshot(Post)

    await json(
      client
        .patch(`/admin/posts/${post.id}`)
        .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'Hijacked' })),
      stranger
    ).then((response: any) => response.assertStatus(403))
    await json(client.delete(`/admin/posts/${post.id}`), stranger).then((response: any) =>
      response.assertStatus(403)
    )
    await json(
      client
        .patch(`/admin/posts/${post.id}`)
        .json(await versionedBody(`/admin/posts/${post.id}`, { title: '' })),
      admin
    ).then((response: any) => response.assertStatus(422))
    await json(
      client
        .patch(`/admin/posts/999999`)
        .json(await versionedBody(`/admin/posts/999999`, { title: 'Nobody' })),
      admin
    ).then((response: any) => response.assertStatus(404))

    assert.deepEqual(await snapshot(Post), before)
    assert.lengthOf(await auditRows(), 0)
  })

  test('a throwing {$self} rolls back the record and its audit row together')
    .with(['afterCreate', 'afterUpdate', 'afterDelete'])
    .run(async ({ client, assert }, hook) => {
      const admin = await createUser({ isAdmin: true })
      const post = await createPost(admin, { title: 'Kept' })
      const before = await snapshot(Post)
      hookFaults.add(hook)

      const request =
        hook === 'afterCreate'
          ? client.post('/admin/posts').json({ title: 'Doomed', status: 'draft' })
          : hook === 'afterUpdate'
            ? client
                .patch(`/admin/posts/${post.id}`)
                .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'Doomed' }))
            : client.delete(`/admin/posts/${post.id}`)
      const response = await json(request, admin)
      response.assertStatus(500)

      assert.deepEqual(await snapshot(Post), before)
      assert.lengthOf(await auditRows(), 0)
    })
})

test.group('Audit trail | relation managers and bulk actions', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('attach and detach write one row each on the owner, naming the relationship', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'labels.*')
    const post = await createPost(admin)
    const label = await createLabel()
    const attached = await json(
      client.post(`/admin/posts/${post.id}/relations/labels/attach`).json({ record: label.id }),
      admin
    )
    attached.assertStatus(200)
    const detached = await json(
      client.post(`/admin/posts/${post.id}/relations/labels/${label.id}/detach`),
      admin
    )
    detached.assertStatus(200)

    const rows = await auditRows()
    assert.deepEqual(
      rows.map((row) => [
        row.operation,
        row.resource,
        row.record_key,
        row.relation,
        row.related_key,
      ]),
      [
        ['attach', 'posts', String(post.id), 'labels', String(label.id)],
        ['detach', 'posts', String(post.id), 'labels', String(label.id)],
      ]
    )
  })

  test('a refused detach writes no row', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin)
    const label = await createLabel()
    await attachLabel(post, label)
    const response = await json(
      client.post(`/admin/posts/${post.id}/relations/labels/${label.id}/detach`),
      admin
    )
    response.assertStatus(403)
    assert.lengthOf(await auditRows(), 0)
  })

  test('a bulk delete writes one row per record', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Gizmo } = await import('../app/app/models/gizmo.ts')
    const first = await Gizmo.create({ name: 'Bulk one' })
    const second = await Gizmo.create({ name: 'Bulk two' })
    const response = await json(
      client.post('/safety/gizmos/bulk-actions/delete').json({ records: [first.id, second.id] }),
      admin
    )
    response.assertStatus(200)

    const rows = await auditRows()
    assert.deepEqual(
      rows.map((row) => [row.operation, row.resource, row.record_key, row.panel]).sort(),
      [
        ['delete', 'gizmos', String(first.id), null],
        ['delete', 'gizmos', String(second.id), null],
      ]
    )
    assert.isNotNull(rows[0].changes.deletedAt.new)
    assert.isNull(rows[0].changes.deletedAt.old)
  })
})

test.group('Audit trail | custom actions', (group) => {
  withDatabase(group)

  test('a row action writes one row under its name with what it saved through the record', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Gizmo } = await import('../app/app/models/gizmo.ts')
    const gizmo = await Gizmo.create({ name: 'Stampable', version: 1 })
    const response = await json(
      client
        .post(`/safety/versioned-gizmos/${gizmo.id}/actions/stamp`)
        .json(await versionedBody(`/safety/versioned-gizmos/${gizmo.id}/actions/stamp`)),
      admin
    )
    response.assertStatus(200)
    const stored = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(stored.code, 'STAMPED')
    assert.isNull(stored.shelf)

    const rows = await auditRows()
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].operation, 'stamp')
    assert.equal(rows[0].resource, 'versioned-gizmos')
    assert.equal(rows[0].record_key, String(gizmo.id))
    assert.equal(rows[0].user_id, String(admin.id))
    /* merged but never saved: not a change */
    assert.deepEqual(rows[0].changes, { code: { old: null, new: 'STAMPED' } })
  })

  test('a long action name is stored whole as the operation', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Gizmo } = await import('../app/app/models/gizmo.ts')
    const gizmo = await Gizmo.create({ name: 'Long', version: 1 })
    const response = await json(
      client
        .post(`/safety/versioned-gizmos/${gizmo.id}/actions/${LONG_ACTION_NAME}`)
        .json(
          await versionedBody(`/safety/versioned-gizmos/${gizmo.id}/actions/${LONG_ACTION_NAME}`)
        ),
      admin
    )
    response.assertStatus(200)
    const rows = await auditRows()
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].operation, LONG_ACTION_NAME)
    assert.deepEqual(rows[0].changes, { code: { old: null, new: 'LONG' } })
  })

  test('an action that halts keeps nothing, its audit row neither', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Gizmo } = await import('../app/app/models/gizmo.ts')
    const gizmo = await Gizmo.create({ name: 'Halting', version: 1 })
    const url = `/safety/versioned-gizmos/${gizmo.id}/actions/stampThenHalt`
    const halted = await json(client.post(url).json(await versionedBody(url)), admin)
    halted.assertStatus(200)
    assert.isTrue(halted.body().halted)
    const stored = await db.from('gizmos').where('id', gizmo.id).first()
    assert.isNull(stored.code)
    assert.lengthOf(await auditRows(), 0)
  })

  test('a row action that deletes its record records the values as removed', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Gizmo } = await import('../app/app/models/gizmo.ts')
    const gizmo = await Gizmo.create({ name: 'Retiring' })
    const url = `/safety/gizmos/${gizmo.id}/actions/retire`
    const response = await json(client.post(url).json(await versionedBody(url)), admin)
    response.assertStatus(200)
    const rows = await auditRows()
    assert.deepEqual(
      rows.map((row) => [row.operation, row.record_key]),
      [['retire', String(gizmo.id)]]
    )
    assert.deepEqual(rows[0].changes.name, { old: 'Retiring', new: null })
  })

  test('a bulk action writes one row per record under its name', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Gizmo } = await import('../app/app/models/gizmo.ts')
    const first = await Gizmo.create({ name: 'Idle one', isActive: false })
    const second = await Gizmo.create({ name: 'Idle two', isActive: false })
    const response = await json(
      client.post('/safety/gizmos/bulk-actions/activate').json({ records: [first.id, second.id] }),
      admin
    )
    response.assertStatus(200)
    const rows = await auditRows()
    assert.deepEqual(
      rows.map((row) => [row.operation, row.record_key]).sort(),
      [
        ['activate', String(first.id)],
        ['activate', String(second.id)],
      ].sort()
    )
    for (const row of rows) {
      assert.deepEqual(Object.keys(row.changes), ['isActive'])
      assert.isTrue(Boolean(row.changes.isActive.new))
    }
  })
})

test.group('Audit trail | JSON values', (group) => {
  withDatabase(group)

  test('an empty list left over null is not written nor recorded; JSON compares by value', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Profile } = await import('../app/app/models/profile.ts')
    const profile = await Profile.create({
      name: 'Json',
      plan: 'free',
      tags: null,
      channels: null,
      settings: { b: '2', a: '1' },
    })
    const response = await json(
      client.patch(`/admin/profiles/${profile.id}`).json(
        await versionedBody(`/admin/profiles/${profile.id}`, {
          name: 'Json, renamed',
          tags: [],
          channels: [],
          settings: { a: '1', b: '2' },
        })
      ),
      admin
    )
    response.assertStatus(200)
    const stored = await db.from('profiles').where('id', profile.id).first()
    assert.equal(stored.name, 'Json, renamed')
    /* the empty fields were left untouched: their nulls stay */
    assert.isNull(stored.tags)
    assert.isNull(stored.channels)

    const rows = await auditRows()
    assert.lengthOf(rows, 1)
    assert.deepEqual(rows[0].changes, { name: { old: 'Json', new: 'Json, renamed' } })

    /* a real change of a list is recorded */
    await json(
      client
        .patch(`/admin/profiles/${profile.id}`)
        .json(await versionedBody(`/admin/profiles/${profile.id}`, { tags: ['vip'] })),
      admin
    )
    const [, second] = await auditRows()
    assert.deepEqual(second.changes, { tags: { old: null, new: ['vip'] } })

    /* a list emptied is written and recorded: [] is no longer null there */
    await json(
      client
        .patch(`/admin/profiles/${profile.id}`)
        .json(await versionedBody(`/admin/profiles/${profile.id}`, { tags: [] })),
      admin
    )
    const emptied = await db.from('profiles').where('id', profile.id).first()
    assert.deepEqual(parsed(emptied.tags), [])
    const [, , third] = await auditRows()
    assert.deepEqual(third.changes, { tags: { old: ['vip'], new: [] } })
  })
})

test.group('Audit trail | has-many repeater items', (group) => {
  withDatabase(group)

  /** The items of a brochure as [label, quantity], in order */
  async function itemsOf(brochure: Brochure) {
    const items = await BrochureItem.query()
      .where('brochure_id', brochure.id)
      .orderBy('position')
      .orderBy('id')
    return items.map((item) => [item.label, item.quantity])
  }

  test('the parent row records the items created, changed and removed, old and new', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const created = await json(
      client.post('/media/brochures').json({
        title: 'Audited items',
        items: [
          { label: 'Pens', quantity: 3 },
          { label: 'Cups', quantity: 2 },
        ],
      }),
      admin
    )
    created.assertStatus(201)
    const brochure = await Brochure.findByOrFail('title', 'Audited items')
    const [pens, cups] = await BrochureItem.query().where('brochure_id', brochure.id).orderBy('id')

    const [create] = await auditRows()
    assert.equal(create.operation, 'create')
    assert.equal(create.record_key, String(brochure.id))
    assert.deepEqual(create.changes.items, {
      old: [],
      new: [
        { _key: pens.id, label: 'Pens', quantity: 3 },
        { _key: cups.id, label: 'Cups', quantity: 2 },
      ],
    })

    /* one item changed, one removed, one added: one row on the parent */
    const updated = await json(
      client.patch(`/media/brochures/${brochure.id}`).json(
        await versionedBody(`/media/brochures/${brochure.id}`, {
          items: [
            { _key: pens.id, label: 'Pencils', quantity: 3 },
            { label: 'Plates', quantity: 1 },
          ],
        })
      ),
      admin
    )
    updated.assertStatus(200)
    assert.deepEqual(await itemsOf(brochure), [
      ['Pencils', 3],
      ['Plates', 1],
    ])
    const plates = await BrochureItem.findByOrFail('label', 'Plates')
    const rows = await auditRows()
    assert.lengthOf(rows, 2)
    assert.equal(rows[1].operation, 'update')
    assert.isNull(rows[1].relation)
    assert.deepEqual(rows[1].changes, {
      items: {
        old: [
          { _key: pens.id, label: 'Pens', quantity: 3 },
          { _key: cups.id, label: 'Cups', quantity: 2 },
        ],
        new: [
          { _key: pens.id, label: 'Pencils', quantity: 3 },
          { _key: plates.id, label: 'Plates', quantity: 1 },
        ],
      },
    })
  })

  test('items saved as they were are no change; a new order is one', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Still' })
    const first = await BrochureItem.create({
      brochureId: brochure.id,
      label: 'First',
      quantity: 1,
      position: 0,
    })
    const second = await BrochureItem.create({
      brochureId: brochure.id,
      label: 'Second',
      quantity: 2,
      position: 1,
    })
    const same = [
      { _key: first.id, label: 'First', quantity: 1 },
      { _key: second.id, label: 'Second', quantity: 2 },
    ]
    await json(
      client.patch(`/media/brochures/${brochure.id}`).json(
        await versionedBody(`/media/brochures/${brochure.id}`, {
          title: 'Still, renamed',
          items: same,
        })
      ),
      admin
    ).then((response: any) => response.assertStatus(200))
    const [renamed] = await auditRows()
    assert.deepEqual(renamed.changes, { title: { old: 'Still', new: 'Still, renamed' } })

    await json(
      client
        .patch(`/media/brochures/${brochure.id}`)
        .json(
          await versionedBody(`/media/brochures/${brochure.id}`, { items: [same[1], same[0]] })
        ),
      admin
    ).then((response: any) => response.assertStatus(200))
    const [, reordered] = await auditRows()
    assert.deepEqual(reordered.changes, { items: { old: same, new: [same[1], same[0]] } })
  })

  test('a throwing after hook rolls back the items and the audit row together', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Kept' })
    const item = await BrochureItem.create({
      brochureId: brochure.id,
      label: 'Kept item',
      quantity: 1,
      position: 0,
    })
    const response = await json(
      client.patch(`/media/brochures/${brochure.id}`).json(
        await versionedBody(`/media/brochures/${brochure.id}`, {
          title: 'explode',
          items: [{ _key: item.id, label: 'Lost', quantity: 9 }, { label: 'Never' }],
        })
      ),
      admin
    )
    response.assertStatus(422)
    assert.deepEqual(await itemsOf(brochure), [['Kept item', 1]])
    const kept = await Brochure.findOrFail(brochure.id)
    assert.equal(kept.title, 'Kept')
    assert.lengthOf(await auditRows(), 0)
  })
})
