import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { AuditLog, createPost, createUser, versionedBody, withDatabase } from '../helpers.ts'
import {
  Comment,
  Revision,
  createComment,
  createRevision,
  grant,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'

function bulk(client: any, postId: number, name: string, body: Record<string, unknown>) {
  return client
    .post(`/admin/posts/${postId}/relations/comments/bulk-actions/${name}`)
    .json(body)
    .withCsrfToken()
    .accept('json')
}

test.group('Relation managers | bulk actions and custom actions', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('bulk delete: deleteAny once, delete per record, only through the owner', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    grant(author, 'comments.deleteAny', 'comments.delete')
    const post = await createPost(author)
    const other = await createPost(author)
    const first = await createComment(post)
    const pinned = await createComment(post, { body: 'Pinned note' })
    const foreign = await createComment(other)

    const response = await bulk(client, post.id, 'delete', {
      records: [first.id, pinned.id, foreign.id, 'abc'],
    }).loginAs(author)
    response.assertStatus(200)
    response.assertBodyContains({ action: 'delete', affected: 1, refused: 1 })
    await Promise.all([first.refresh(), pinned.refresh(), foreign.refresh()])
    assert.isTrue(DateTime.isDateTime(first.deletedAt))
    assert.isNull(pinned.deletedAt)
    assert.isNull(foreign.deletedAt)
  })

  test('bulk presets need their *Any operation and edit rights on the owner', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    grant(author, 'comments.delete', 'comments.restore')
    const post = await createPost(author, { status: 'published' })
    const comment = await createComment(post)
    const viewer = await createUser()
    grant(viewer, 'comments.*')
    const before = await relationSnapshot()

    for (const [user, name] of [
      [author, 'delete'],
      [author, 'restore'],
      [viewer, 'delete'],
      [viewer, 'markHidden'],
    ] as const) {
      const response = await bulk(client, post.id, name, { records: [comment.id] }).loginAs(user)
      assert.equal(response.status(), 403, name)
    }
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('bulk restore over every matching record (selectAll minus except), with hooks', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.restoreAny', 'comments.restore')
    const post = await createPost(admin)
    const other = await createPost(admin)
    const now = DateTime.now()
    const a = await createComment(post, { body: 'alpha', deletedAt: now })
    const b = await createComment(post, { body: 'beta', deletedAt: now })
    const c = await createComment(post, { body: 'gamma', deletedAt: now })
    const foreign = await createComment(other, { body: 'alpha elsewhere', deletedAt: now })

    const response = await bulk(client, post.id, 'restore', {
      selectAll: true,
      except: [c.id],
    }).loginAs(admin)
    response.assertBodyContains({ affected: 2, refused: 0 })
    await Promise.all([a.refresh(), b.refresh(), c.refresh(), foreign.refresh()])
    assert.deepEqual(
      [a, b, c, foreign].map((comment) => comment.deletedAt === null),
      [true, true, false, false]
    )
    assert.lengthOf(await AuditLog.query().where('event', 'commentRestored'), 2)
  })

  test('a custom bulk action with a preset name wins over the preset', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.purge')
    const post = await createPost(admin)
    const comment = await createComment(post, { body: 'Purge me' })

    /* no forceDeleteAny: the preset would refuse; the custom definition runs */
    const response = await bulk(client, post.id, 'forceDelete', {
      records: [comment.id],
    }).loginAs(admin)
    response.assertBodyContains({ action: 'forceDelete', affected: 1, refused: 0 })
    assert.isNull(await Comment.find(comment.id))
    const logs = await AuditLog.query().where('event', 'commentPurged')
    assert.deepEqual(
      logs.map((log) => log.subject),
      ['Purge me']
    )
  })

  test('a custom bulk action decides per record', async ({ client, assert }) => {
    const author = await createUser()
    const post = await createPost(author)
    const comment = await createComment(post)
    const refused = await bulk(client, post.id, 'markHidden', {
      records: [comment.id],
    }).loginAs(author)
    refused.assertBodyContains({ affected: 0, refused: 1 })
    await comment.refresh()
    assert.equal(comment.visibility, 'public')

    grant(author, 'comments.markHidden')
    const done = await bulk(client, post.id, 'markHidden', { records: [comment.id] }).loginAs(
      author
    )
    done.assertBodyContains({ affected: 1, refused: 0 })
    await comment.refresh()
    assert.equal(comment.visibility, 'hidden')
  })

  test('a custom row action with a preset name wins: the preset endpoint is gone', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    grant(author, 'revisions.*')
    const post = await createPost(author)
    const revision = await createRevision(post, { note: 'Draft two' })
    const base = `/admin/posts/${post.id}/relations/revisions`

    const preset = await client
      .delete(`${base}/${revision.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    preset.assertStatus(404)
    assert.isNotNull(await Revision.find(revision.id))

    const manager = await client.get(base).accept('json').loginAs(author)
    const actions = manager.body().table.actions
    assert.deepEqual(
      actions.map((action: any) => [action.name, action.label, action.url]),
      [
        ['edit', 'Edit', `${base}/{record}`],
        ['delete', 'Withdraw', `${base}/{record}/actions/delete`],
      ]
    )
    assert.deepEqual(manager.body().table.rows[0].actions, ['edit', 'delete'])

    const custom = await client
      .post(`${base}/${revision.id}/actions/delete`)
      .json(await versionedBody(`${base}/${revision.id}/actions/delete`))
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    custom.assertStatus(200)
    custom.assertBodyContains({ message: 'Withdrawn' })
    await revision.refresh()
    assert.equal(revision.note, '[withdrawn] Draft two')
  })

  test('custom row actions resolve the record through the owner and authorize the owner', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    grant(author, 'revisions.*')
    const post = await createPost(author, { status: 'published' })
    const other = await createPost(author)
    const foreign = await createRevision(other)
    const own = await createRevision(post)
    const viewer = await createUser()
    grant(viewer, 'revisions.*')
    const before = await relationSnapshot()

    const wrongOwner = await client
      .post(`/admin/posts/${post.id}/relations/revisions/${foreign.id}/actions/delete`)
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    wrongOwner.assertStatus(404)
    const viewOnly = await client
      .post(`/admin/posts/${post.id}/relations/revisions/${own.id}/actions/delete`)
      .withCsrfToken()
      .accept('json')
      .loginAs(viewer)
    viewOnly.assertStatus(403)
    assert.deepEqual(await relationSnapshot(), before)
  })
})
