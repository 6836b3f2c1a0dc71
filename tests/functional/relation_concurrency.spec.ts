import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createPost, createUser, type User } from '../helpers.ts'
import { createComment, grant, withRelationFixtures } from '../relation_helpers.ts'
import AuditLog from '../app/app/models/audit_log.ts'
import Comment from '../app/app/models/comment.ts'

/**
 * Concurrent requests on one related record, as clients send them at once.
 * Outside the suite's global transaction (one transaction cannot show
 * concurrency): each request commits and the group removes what it wrote.
 */

const PARALLEL = 8
const users: number[] = []
const posts: number[] = []

async function owner() {
  const user = await createUser()
  users.push(user.id)
  grant(user, 'comments.*')
  const post = await createPost(user)
  posts.push(post.id)
  return { user, post }
}

function parallel(run: () => Promise<{ status(): number }>) {
  return Promise.all(Array.from({ length: PARALLEL }, run))
}

function statuses(responses: { status(): number }[]) {
  return responses.map((response) => response.status()).sort()
}

test.group('Relation managers | concurrent requests on one record', (group) => {
  withRelationFixtures(group)
  group.each.teardown(async () => {
    await AuditLog.query().delete()
    if (posts.length) {
      await db.from('comments').whereIn('post_id', posts).delete()
      await db.from('posts').whereIn('id', posts.splice(0)).delete()
    }
    if (users.length) {
      await db.from('users').whereIn('id', users.splice(0)).delete()
    }
  })

  test('eight parallel restores: one restores and runs its hooks once, seven answer 404', async ({
    client,
    assert,
  }) => {
    const { user, post } = await owner()
    const comment = await createComment(post, { deletedAt: DateTime.now() })
    const responses = await parallel(() =>
      client
        .post(`/admin/posts/${post.id}/relations/comments/${comment.id}/restore`)
        .withCsrfToken()
        .accept('json')
        .loginAs(user as User)
    )
    assert.deepEqual(statuses(responses), [200, ...Array(PARALLEL - 1).fill(404)])
    assert.lengthOf(await AuditLog.query().where('event', 'commentRestored'), 1)
    await comment.refresh()
    assert.isNull(comment.deletedAt)
  })

  test('eight parallel force deletes: one deletes and runs its hooks once, seven answer 404', async ({
    client,
    assert,
  }) => {
    const { user, post } = await owner()
    const comment = await createComment(post, { deletedAt: DateTime.now() })
    const responses = await parallel(() =>
      client
        .delete(`/admin/posts/${post.id}/relations/comments/${comment.id}/force-delete`)
        .withCsrfToken()
        .accept('json')
        .loginAs(user as User)
    )
    assert.deepEqual(statuses(responses), [200, ...Array(PARALLEL - 1).fill(404)])
    assert.lengthOf(await AuditLog.query().where('event', 'commentForceDeleted'), 1)
    assert.isNull(await Comment.find(comment.id))
  })

  test('eight parallel deletes: one moves the record to the trash, seven answer 404', async ({
    client,
    assert,
  }) => {
    const { user, post } = await owner()
    const comment = await createComment(post)
    const responses = await parallel(() =>
      client
        .delete(`/admin/posts/${post.id}/relations/comments/${comment.id}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(user as User)
    )
    assert.deepEqual(statuses(responses), [200, ...Array(PARALLEL - 1).fill(404)])
    await comment.refresh()
    assert.isNotNull(comment.deletedAt)
  })

  test('a bulk action whose authorization reads the database never waits for the connection the chunk holds', async ({
    client,
    assert,
  }) => {
    const { user, post } = await owner()
    const comments = await Promise.all([1, 2, 3].map(() => createComment(post)))
    const started = Date.now()
    const response = await client
      .post(`/admin/posts/${post.id}/relations/comments/bulk-actions/markHidden`)
      .json({ records: comments.map((comment) => comment.id) })
      .withCsrfToken()
      .accept('json')
      .loginAs(user as User)
    response.assertStatus(200)
    assert.deepInclude(response.body(), { affected: 3, refused: 0 })
    assert.isBelow(Date.now() - started, 3000)
    const rows = await db.from('comments').whereIn(
      'id',
      comments.map((comment) => comment.id)
    )
    assert.isTrue(rows.every((row) => row.visibility === 'hidden'))
  }).timeout(10_000)
})
