import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Gizmo from '../app/app/models/gizmo.ts'
import {
  VersionedGizmoResource,
  gizmoHookCalls,
  gizmoTiming,
} from '../app/app/resources/gizmo_resource.ts'
import { kit } from '../../src/testing/japa_plugin.ts'
import type { User } from '../helpers.ts'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import { committed, committedAdmin } from '../committed.ts'

/**
 * No lost updates: edit forms carry the record's version; an update based
 * on a stale version is a conflict naming the fields changed meanwhile, and
 * writes nothing (no row change, no audit row).
 */

async function loadForm(client: any, user: any, url: string) {
  const page = await client.get(url).withInertia().loginAs(user)
  page.assertStatus(200)
  return page.inertiaProps.form
}

function save(client: any, user: any, url: string, form: any, changes: Record<string, unknown>) {
  return client
    .patch(url)
    .json({
      ...form.values,
      ...changes,
      _kit_original: form.original,
      _kit_version: form.version,
    })
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

async function auditCount(operation = 'update') {
  const rows = await db.from('kit_audit_entries').where('operation', operation)
  return rows.length
}

test.group('Versions | a declared version column', (group) => {
  withDatabase(group)

  test('the edit form carries the version; a save increments it', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const gizmo = await Gizmo.create({ name: 'Versioned' })
    const form = await loadForm(client, admin, `/safety/versioned-gizmos/${gizmo.id}/edit`)
    assert.equal(form.version, '1')

    const response = await save(client, admin, `/safety/versioned-gizmos/${gizmo.id}`, form, {
      name: 'Versioned, renamed',
    })
    response.assertStatus(200)
    const row = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(row.name, 'Versioned, renamed')
    assert.equal(Number(row.version), 2)
    assert.equal(await auditCount(), 1)
  })

  test('a stale form is merged field by field; a field both changed is a conflict, nothing written', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const gizmo = await Gizmo.create({ name: 'Contested', code: 'C-1' })
    const url = `/safety/versioned-gizmos/${gizmo.id}`
    const first = await loadForm(client, admin, `${url}/edit`)
    const second = await loadForm(client, admin, `${url}/edit`)
    const third = await loadForm(client, admin, `${url}/edit`)

    await save(client, admin, url, first, { code: 'C-2' }).then((response: any) =>
      response.assertStatus(200)
    )

    /* the second editor changes another field: merged, both kept, one
       version later */
    await save(client, admin, url, second, { shelf: 'B' }).then((response: any) =>
      response.assertStatus(200)
    )
    const before = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(before.code, 'C-2')
    assert.equal(before.shelf, 'B')
    assert.equal(Number(before.version), 3)

    /* the third changes the code too: a conflict naming it only */
    const stale = await save(client, admin, url, third, { code: 'C-3' })
    stale.assertStatus(422)
    assert.deepEqual(
      stale.body().errors.map((error: any) => [error.field, error.rule]),
      [['code', 'conflict']]
    )
    assert.deepEqual(await db.from('gizmos').where('id', gizmo.id).first(), before)
    assert.equal(await auditCount(), 2)
  })

  test('an editable cell with a stale version is a conflict', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Cell' })
    const form = await loadForm(client, admin, `/admin/posts/${post.id}/edit`)
    assert.isString(form.version)
    await client
      .patch(`/admin/posts/${post.id}`)
      .json({ title: 'Meanwhile', _kit_version: form.version })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .then((response: any) => response.assertStatus(200))

    const stale = await client
      .patch(`/admin/posts/${post.id}/columns/title`)
      .json({ value: 'Stale cell', _kit_version: form.version })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    stale.assertStatus(422)
    assert.equal(stale.body().errors[0].rule, 'conflict')
    const row = await db.from('posts').where('id', post.id).first()
    assert.equal(row.title, 'Meanwhile')
  }).timeout(10_000)

  test('without a version column, the row digest is the version: no tie within one second', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Timed' })
    const url = `/admin/posts/${post.id}`
    const stale = await loadForm(client, admin, `${url}/edit`)
    const fresh = await loadForm(client, admin, `${url}/edit`)
    await save(client, admin, url, fresh, { title: 'Timed, first' }).then((response: any) =>
      response.assertStatus(200)
    )
    const refused = await save(client, admin, url, stale, { title: 'Timed, second' })
    refused.assertStatus(422)
    assert.deepEqual(refused.body().errors[0], {
      ...refused.body().errors[0],
      field: 'title',
      rule: 'conflict',
    })
    const row = await db.from('posts').where('id', post.id).first()
    assert.equal(row.title, 'Timed, first')
  }).timeout(10_000)
})

test.group('Versions | twenty concurrent editors of one record', (group) => {
  committed(group)

  test('every accepted update is based on the version it read; zero lost updates', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Crowded' })
    const url = `/safety/versioned-gizmos/${gizmo.id}`
    gizmoTiming.hookDelay = 10

    /* three rounds: each editor reloads the form, then all save at once */
    let accepted = 0
    for (let round = 0; round < 3; round++) {
      const forms = await Promise.all(
        Array.from({ length: 20 }, () => loadForm(client, user as User, `${url}/edit`))
      )
      const responses = await Promise.all(
        forms.map((form, index) =>
          save(client, user as User, url, form, { code: `R${round}-E${index}` })
        )
      )
      const statuses = responses.map((response: any) => response.status())
      const written = responses.filter((response: any) => response.status() === 200)
      const refused = responses.filter((response: any) => response.status() === 422)
      assert.lengthOf(written, 1, `answers: ${statuses}`)
      assert.lengthOf(refused, 19, `answers: ${statuses}`)
      for (const response of refused) {
        assert.equal(response.body().errors[0].rule, 'conflict')
      }
      accepted += written.length

      /* the row holds the accepted editor's value, one version later */
      const row = await db.from('gizmos').where('id', gizmo.id).first()
      const winner = responses.indexOf(written[0])
      assert.equal(row.code, `R${round}-E${winner}`)
      assert.equal(Number(row.version), round + 2)
      assert.equal(Number(forms[winner].version), round + 1)
    }

    /* one audit row per accepted update, each changing the version it read */
    const rows = await db
      .from('kit_audit_entries')
      .where('resource', 'versioned-gizmos')
      .where('operation', 'update')
      .orderBy('id')
    assert.lengthOf(rows, accepted)
    rows.forEach((row: any, index: number) => {
      const changes = typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes
      assert.deepEqual(changes.version, { old: index + 1, new: index + 2 })
    })
    assert.equal(gizmoHookCalls.get('afterUpdate'), accepted)
  }).timeout(60_000)

  test('a hook that throws rolls back the record and its audit row together (committed)', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Fragile' })
    const url = `/safety/versioned-gizmos/${gizmo.id}`
    const form = await loadForm(client, user as User, `${url}/edit`)
    gizmoTiming.failIn = 'afterUpdate'
    const response = await save(client, user as User, url, form, { name: 'Broken' })
    response.assertStatus(500)
    const row = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(row.name, 'Fragile')
    assert.equal(Number(row.version), 1)
    assert.lengthOf(await db.from('kit_audit_entries').where('resource', 'versioned-gizmos'), 0)
  })
})

test.group('Versions | editable cells carry the row version', (group) => {
  withDatabase(group)

  async function tableRow(client: any, user: any, gizmo: Gizmo) {
    const page = await client.get('/safety/versioned-gizmos').withInertia().loginAs(user)
    page.assertStatus(200)
    return page.inertiaProps.table.rows.find((row: any) => row.key === gizmo.id)
  }

  function editCell(client: any, user: any, gizmo: Gizmo, body: Record<string, unknown>) {
    return client
      .patch(`/safety/versioned-gizmos/${gizmo.id}/columns/name`)
      .json(body)
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
  }

  test('a cell sent with the version its row showed writes; a stale one is a conflict naming it', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const gizmo = await Gizmo.create({ name: 'Cell gizmo', version: 1 })
    const row = await tableRow(client, admin, gizmo)
    assert.equal(row.version, '1')

    const accepted = await editCell(client, admin, gizmo, { value: 'First', _kit_version: '1' })
    accepted.assertStatus(200)
    let stored = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(stored.name, 'First')
    assert.equal(Number(stored.version), 2)
    assert.equal(await auditCount(), 1)
    const reloaded = await tableRow(client, admin, gizmo)
    assert.equal(reloaded.version, '2')

    /* a second cell rendered from version 1 */
    const stale = await editCell(client, admin, gizmo, { value: 'Stale', _kit_version: '1' })
    stale.assertStatus(422)
    assert.deepEqual(
      stale.body().errors.map((error: any) => [error.field, error.rule]),
      [['name', 'conflict']]
    )
    stored = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(stored.name, 'First')
    assert.equal(Number(stored.version), 2)
    assert.equal(await auditCount(), 1)
  })

  test('kit(): editTableColumn() sends the version the table showed', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    const gizmo = await Gizmo.create({ name: 'Driven gizmo', version: 1 })
    const stale = kit(VersionedGizmoResource, { user: admin }).assertTableColumnStateSet(
      'name',
      'Driven gizmo',
      gizmo
    )
    await stale
    await kit(VersionedGizmoResource, { user: admin }).editTableColumn('name', gizmo, 'Meanwhile')
    await stale.editTableColumn('name', gizmo, 'Mine').assertConflict(['name'])
    const stored = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(stored.name, 'Meanwhile')
    assert.equal(Number(stored.version), 2)
  })
})
