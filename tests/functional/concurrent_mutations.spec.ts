import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Gizmo from '../app/app/models/gizmo.ts'
import {
  DistinctGizmoResource,
  HardGizmoResource,
  UncheckedGizmoResource,
  gizmoHookCalls,
  gizmoTiming,
} from '../app/app/resources/gizmo_resource.ts'
import type { User } from '../helpers.ts'
import { versionedBody, versionFor, withVersion } from '../helpers.ts'
import { committed, committedAdmin } from '../committed.ts'

/**
 * Concurrent requests, as clients send them at once. These tests run
 * outside the suite's global transaction (one transaction cannot show
 * concurrency): each request commits, and the group removes what it wrote.
 */

function statuses(responses: { status(): number }[]) {
  return responses.map((response) => response.status()).sort()
}

function hooks() {
  return Object.fromEntries([...gizmoHookCalls.entries()].sort())
}

const PARALLEL = 8

test.group('Concurrent mutations | one record, many requests', (group) => {
  committed(group)

  test('eight parallel deletes: one deletes and runs its hooks once, seven answer 404', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Contended' })
    gizmoTiming.hookDelay = 30

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        client
          .delete(`/safety/gizmos/${gizmo.id}`)
          .withCsrfToken()
          .accept('json')
          .loginAs(user as User)
      )
    )
    const answered = statuses(responses)
    assert.lengthOf(
      answered.filter((status) => status < 400),
      1,
      `answers: ${answered}`
    )
    assert.lengthOf(
      answered.filter((status) => status === 404),
      PARALLEL - 1,
      `answers: ${answered}`
    )
    assert.deepEqual(hooks(), { afterDelete: 1, beforeDelete: 1 })
    const row = await db.from('gizmos').where('id', gizmo.id).first()
    assert.isNotNull(row.deleted_at)
  })

  test('eight parallel deletes without soft deletes: one row removed, hooks once', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Hard contended' })
    gizmoTiming.hookDelay = 30

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        client
          .delete(`/safety/hard-gizmos/${gizmo.id}`)
          .withCsrfToken()
          .accept('json')
          .loginAs(user as User)
      )
    )
    const answered = statuses(responses)
    assert.lengthOf(
      answered.filter((status) => status < 400),
      1,
      `answers: ${answered}`
    )
    assert.lengthOf(
      answered.filter((status) => status === 404),
      PARALLEL - 1
    )
    assert.deepEqual(hooks(), { afterDelete: 1, beforeDelete: 1 })
    assert.isNull(await db.from('gizmos').where('id', gizmo.id).first())
  })

  test('eight parallel force deletes: one removes the row, hooks once, seven 404', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Forced' })
    gizmoTiming.hookDelay = 30

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        client
          .delete(`/safety/gizmos/${gizmo.id}/force-delete`)
          .withCsrfToken()
          .accept('json')
          .loginAs(user as User)
      )
    )
    const answered = statuses(responses)
    assert.lengthOf(
      answered.filter((status) => status < 400),
      1,
      `answers: ${answered}`
    )
    assert.lengthOf(
      answered.filter((status) => status === 404),
      PARALLEL - 1,
      `answers: ${answered}`
    )
    assert.deepEqual(hooks(), { afterForceDelete: 1, beforeForceDelete: 1 })
    assert.isNull(await db.from('gizmos').where('id', gizmo.id).first())
  })

  test('eight parallel restores of a trashed record: one restores, hooks once', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Trashed' })
    gizmo.deletedAt = DateTime.now()
    await gizmo.save()
    gizmoTiming.hookDelay = 30

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        client
          .post(`/safety/gizmos/${gizmo.id}/restore`)
          .withCsrfToken()
          .accept('json')
          .loginAs(user as User)
      )
    )
    const answered = statuses(responses)
    assert.lengthOf(
      answered.filter((status) => status < 400),
      1,
      `answers: ${answered}`
    )
    assert.lengthOf(
      answered.filter((status) => status === 404),
      PARALLEL - 1
    )
    assert.deepEqual(hooks(), { afterRestore: 1, beforeRestore: 1 })
    const row = await db.from('gizmos').where('id', gizmo.id).first()
    assert.isNull(row.deleted_at)
  })

  test('eight parallel runs of a row action that removes its record: it runs once', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Retired' })
    gizmoTiming.hookDelay = 30
    /* every run sends the version the row was drawn with */
    const version = await versionedBody(`/safety/gizmos/${gizmo.id}/actions/retire`)

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        client
          .post(`/safety/gizmos/${gizmo.id}/actions/retire`)
          .json(version)
          .withCsrfToken()
          .accept('json')
          .loginAs(user as User)
      )
    )
    const answered = statuses(responses)
    assert.lengthOf(
      answered.filter((status) => status < 400),
      1,
      `answers: ${answered}`
    )
    assert.lengthOf(
      answered.filter((status) => status === 404),
      PARALLEL - 1
    )
    assert.deepEqual(hooks(), { afterRetire: 1, beforeRetire: 1 })
    assert.isNull(await db.from('gizmos').where('id', gizmo.id).first())
  })

  test('updates racing a delete: the delete wins once, updates after it answer 404', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Raced' })
    gizmoTiming.hookDelay = 30
    const version = await versionFor(HardGizmoResource, gizmo.id)

    const requests = [
      client
        .delete(`/safety/hard-gizmos/${gizmo.id}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(user as User),
      ...Array.from({ length: PARALLEL - 1 }, (_, index) =>
        client
          .patch(`/safety/hard-gizmos/${gizmo.id}`)
          .json({ code: `C-${index}`, _kit_version: version })
          .withCsrfToken()
          .accept('json')
          .loginAs(user as User)
      ),
    ]
    const responses = await Promise.all(requests)
    const answered = statuses(responses)
    /* updates based on one version: after the first, a conflict (422) */
    assert.isTrue(
      answered.every((status) => status < 400 || status === 404 || status === 422),
      `answers: ${answered}`
    )
    for (const response of responses.filter((candidate) => candidate.status() === 422)) {
      assert.equal(response.body().errors[0].rule, 'conflict')
    }
    /* whatever the order, the row is gone and every update that answered
       success ran its hooks against the row before the delete */
    const updates = responses.slice(1).filter((response) => response.status() < 400).length
    assert.equal(responses[0].status() < 400, true)
    assert.deepEqual(hooks(), {
      afterDelete: 1,
      beforeDelete: 1,
      ...(updates ? { afterUpdate: updates, beforeUpdate: updates } : {}),
    })
    assert.isNull(await db.from('gizmos').where('id', gizmo.id).first())
  }).timeout(20_000)
})

test.group('Concurrent mutations | editors of one record (no lost updates)', (group) => {
  committed(group)

  test('twenty editors save the form they loaded: one is written, nineteen get a conflict', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Shared', code: 'S-1' })
    const page = await client
      .get(`/safety/gizmos/${gizmo.id}/edit`)
      .withInertia()
      .loginAs(user as User)
    page.assertStatus(200)
    const form = page.inertiaProps.form
    gizmoTiming.hookDelay = 20

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client
          .patch(`/safety/gizmos/${gizmo.id}`)
          .json({
            ...form.values,
            name: `Editor ${index}`,
            _kit_original: form.original,
            _kit_version: form.version,
          })
          .withCsrfToken()
          .accept('json')
          .loginAs(user as User)
      )
    )
    const written = responses.filter((response) => response.status() === 200)
    const refused = responses.filter((response) => response.status() === 422)
    assert.lengthOf(written, 1, `answers: ${statuses(responses)}`)
    assert.lengthOf(refused, 19)
    for (const response of refused) {
      assert.deepInclude(response.body().errors[0], { field: 'name', rule: 'conflict' })
    }
    /* the row holds the one accepted update, and its hooks ran once */
    const [row] = await db.from('gizmos').where('id', gizmo.id)
    assert.equal(row.name, `Editor ${responses.indexOf(written[0])}`)
    assert.equal(hooks().afterUpdate, 1)
  }).timeout(20_000)
})

test.group('Row locks | a scoped query the database cannot lock', (group) => {
  committed(group)

  test('a DISTINCT modifyQuery(): update, delete and restore lock the row by its key and work', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const gizmo = await Gizmo.create({ name: 'Distinct' })
    const updated = await client
      .patch(`/safety/distinct-gizmos/${gizmo.id}`)
      .json(await withVersion(DistinctGizmoResource, gizmo.id, { name: 'Distinct, renamed' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(user as User)
    updated.assertStatus(200)
    const deleted = await client
      .delete(`/safety/distinct-gizmos/${gizmo.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(user as User)
    deleted.assertStatus(200)
    const [row] = await db.from('gizmos').where('id', gizmo.id)
    assert.equal(row.name, 'Distinct, renamed')
    assert.isNotNull(row.deleted_at)
    const restored = await client
      .post(`/safety/distinct-gizmos/${gizmo.id}/restore`)
      .withCsrfToken()
      .accept('json')
      .loginAs(user as User)
    restored.assertStatus(200)
    const [after] = await db.from('gizmos').where('id', gizmo.id)
    assert.isNull(after.deleted_at)
  })
})

test.group('Concurrent mutations | unique constraints', (group) => {
  committed(group)

  test('twenty concurrent creates of one name ({$self}): one row, nineteen field errors, no 500')
    .with(['/safety/gizmos', '/safety/unchecked-gizmos'])
    .run(async ({ client, assert }, url) => {
      const user = await committedAdmin()
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          client
            .post(url)
            .json({ name: 'Same name', code: `CODE-${index}` })
            .withCsrfToken()
            .accept('json')
            .loginAs(user as User)
        )
      )
      const answered = statuses(responses)
      assert.lengthOf(
        answered.filter((status) => status < 400),
        1,
        `answers: ${answered}`
      )
      const refused = responses.filter((response) => response.status() >= 400)
      assert.lengthOf(refused, 19)
      for (const response of refused) {
        assert.equal(response.status(), 422)
        assert.deepEqual(
          response.body().errors.map((error: any) => [error.field, error.rule]),
          [['name', 'database.unique']]
        )
      }
      const rows = await db.from('gizmos').select('name')
      assert.deepEqual(
        rows.map((row) => row.name),
        ['Same name']
      )
    })

  test('the rule and the database give the same field error and message', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    await Gizmo.create({ name: 'Taken', code: 'TAKEN', shelf: 'A', position: 1 })

    /* the rule catches it (GizmoRules has a message of its own for name) */
    const byRule = await client
      .post('/safety/gizmos')
      .json({ name: 'Taken' })
      .withCsrfToken()
      .accept('json')
      .loginAs(user as User)
    byRule.assertStatus(422)
    assert.deepEqual(byRule.body().errors, [
      { field: 'name', rule: 'database.unique', message: 'This gizmo name is taken' },
    ])

    /* only the database catches it: one error per column of the constraint */
    const byDatabase = await client
      .post('/safety/unchecked-gizmos')
      .json({ name: 'Other', code: 'TAKEN' })
      .withCsrfToken()
      .accept('json')
      .loginAs(user as User)
    byDatabase.assertStatus(422)
    assert.deepEqual(byDatabase.body().errors, [
      { field: 'code', rule: 'database.unique', message: 'The code has already been taken' },
    ])

    const composite = await client
      .post('/safety/unchecked-gizmos')
      .json({ name: 'Third', shelf: 'A', position: 1 })
      .withCsrfToken()
      .accept('json')
      .loginAs(user as User)
    composite.assertStatus(422)
    assert.sameDeepMembers(
      composite.body().errors.map((error: any) => [error.field, error.rule]),
      [
        ['shelf', 'database.unique'],
        ['position', 'database.unique'],
      ]
    )

    /* an update into a taken value, and an Inertia form */
    const other = await Gizmo.create({ name: 'Second' })
    const update = await client
      .patch(`/safety/unchecked-gizmos/${other.id}`)
      .json(await withVersion(UncheckedGizmoResource, other.id, { name: 'Taken' }))
      .header('referer', `/safety/unchecked-gizmos/${other.id}/edit`)
      .withCsrfToken()
      .withInertia()
      .loginAs(user as User)
      .redirects(0)
    update.assertStatus(303)
    update.assertHeader('location', `/safety/unchecked-gizmos/${other.id}/edit`)
    update.assertFlashMessage('inputErrorsBag', { name: ['The name has already been taken'] })

    const rows = await db.from('gizmos').orderBy('id').select('name', 'code')
    assert.deepEqual(
      rows.map((row) => [row.name, row.code]),
      [
        ['Taken', 'TAKEN'],
        ['Second', null],
      ]
    )
  })
})
