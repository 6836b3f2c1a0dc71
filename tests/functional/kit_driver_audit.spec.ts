import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { kit } from '../../src/testing/japa_plugin.ts'
import Gizmo from '../app/app/models/gizmo.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import { VersionedGizmoResource } from '../app/app/resources/gizmo_resource.ts'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | audit trail and conflicts', (group) => {
  withDatabase(group)

  test('assertAudited checks the newest row of a record; history() returns its page', async ({
    assert,
  }) => {
    const user = await createUser({ isAdmin: true })
    const post = await createPost(user, { title: 'Old' })
    const driver = kit(PostResource, { user })
      .forEdit(post)
      .fillForm({ title: 'New' })
      .call('save')
      .assertHasNoFormErrors()
      .assertAudited(post, 'update', { title: { old: 'Old', new: 'New' } })
    await driver
    const history = await driver.history(post)
    assert.equal(history.entries[0].operation, 'Updated')
    assert.deepInclude(history.entries[0].changes, { field: 'Title', old: 'Old', new: 'New' })

    assert.include(
      await failureOf(kit(PostResource, { user }).assertAudited(post, 'delete')),
      'the newest audit row is "update", not "delete"'
    )
    assert.include(
      await failureOf(kit(PostResource, { user }).assertAudited(post, 'update', { status: true })),
      '"status" is not among the changed attributes'
    )
  })

  test('assertConflict: a save on a form opened before a concurrent change', async ({ assert }) => {
    const user = await createUser({ isAdmin: true })
    const gizmo = await Gizmo.create({ name: 'Shared' })
    const editor = kit(VersionedGizmoResource, { user }).forEdit(gizmo)
    await editor
    /* someone else saves meanwhile */
    await kit(VersionedGizmoResource, { user })
      .forEdit(gizmo)
      .fillForm({ code: 'THEIRS' })
      .call('save')
      .assertHasNoFormErrors()
    await editor.fillForm({ shelf: 'MINE' }).call('save').assertConflict(['code'])
    const row = await db.from('gizmos').where('id', gizmo.id).first()
    assert.equal(row.code, 'THEIRS')
    assert.isNull(row.shelf)

    assert.include(
      await failureOf(
        kit(VersionedGizmoResource, { user })
          .forEdit(gizmo)
          .fillForm({ shelf: 'OK' })
          .call('save')
          .assertConflict()
      ),
      'was not a conflict: it was accepted'
    )
  })

  test('activity() returns the panel activity as the user sees it; a denial fails', async ({
    assert,
  }) => {
    const auditor = await createUser({ isAdmin: true, email: `auditor-${Date.now()}@example.com` })
    const post = await createPost(auditor, { title: 'Watched' })
    await kit(PostResource, { user: auditor })
      .forEdit(post)
      .fillForm({ title: 'Watched, edited' })
      .call('save')
      .assertHasNoFormErrors()
    const activity = await kit(PostResource, { user: auditor }).activity()
    assert.equal(activity.kind, 'activity')
    assert.deepEqual(activity.entries[0].record, {
      label: 'Watched, edited',
      url: `/admin/posts/${post.id}/edit`,
    })
    assert.deepEqual(activity.entries[0].user, { label: auditor.fullName!, url: null })
    const older = await kit(PostResource, { user: auditor }).activity({ page: 2 })
    assert.lengthOf(older.entries, 0)

    const other = await createUser({ isAdmin: true })
    assert.include(await failureOf(kit(PostResource, { user: other }).activity()), 'was denied')
    const history = await kit(PostResource, { user: auditor }).history(post, { page: 2 })
    assert.lengthOf(history.entries, 0)
  })
})
