import { test } from '@japa/runner'
import { AuditLog, createPost, createUser, withDatabase, versionedBody } from '../helpers.ts'
import { hookFaults } from '../app/app/hook_faults.ts'
import { onKitDebug, type KitDebugEntry } from '../../src/support/debug.ts'
import {
  Comment,
  attachLabel,
  createComment,
  createLabel,
  pivotRows,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'

/**
 * A JSON request to a relation endpoint of the policed posts.
 */
function send(client: any, method: 'get' | 'post' | 'patch' | 'delete', path: string) {
  const request = client[method](`/policed/policed-posts/${path}`).accept('json')
  return method === 'get' ? request : request.withCsrfToken()
}

test.group('Relation managers | the default decision asks Bouncer policies', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('with a policy: its method for the operation decides, given the record and the owner', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author)
    const comment = await createComment(post, { body: 'First words' })

    /* create(user, Comment, post): the post's author may */
    const created = await send(client, 'post', `${post.id}/relations/comments`)
      .json({ body: 'Policy says yes' })
      .loginAs(author)
    created.assertStatus(201)
    const stored = await Comment.query().where('body', 'Policy says yes').firstOrFail()
    assert.equal(stored.postId, post.id)

    /* update(user, comment, post) */
    const updated = await send(client, 'patch', `${post.id}/relations/comments/${comment.id}`)
      .json(
        await versionedBody(`/policed/policed-posts/${post.id}/relations/comments/${comment.id}`, {
          body: 'Edited words',
        })
      )
      .loginAs(author)
    updated.assertStatus(200)
    await comment.refresh()
    assert.equal(comment.body, 'Edited words')

    /* the manager lists its rows with the actions the policy allows */
    const index = await send(client, 'get', `${post.id}/relations/comments`).loginAs(author)
    index.assertStatus(200)
    const row = index.body().table.rows.find((candidate: any) => candidate.key === comment.id)
    assert.deepEqual(row.actions, ['edit'])
  })

  test('with a policy: a method that answers false is a 403 and nothing changes', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author)
    const comment = await createComment(post)
    const before = await relationSnapshot()

    /* delete(user, comment) allows admins only */
    const response = await send(
      client,
      'delete',
      `${post.id}/relations/comments/${comment.id}`
    ).loginAs(author)
    response.assertStatus(403)
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('with a policy: a method the policy lacks is a 403 for everyone and nothing changes', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin)
    const comment = await createComment(post)
    const before = await relationSnapshot()

    /* CommentPolicy has no dissociate(): fail-closed, even for an admin */
    const entries: KitDebugEntry[] = []
    const stop = onKitDebug((entry) => entries.push(entry))
    try {
      const response = await send(
        client,
        'post',
        `${post.id}/relations/comments/${comment.id}/dissociate`
      ).loginAs(admin)
      response.assertStatus(403)
    } finally {
      stop()
    }
    assert.deepEqual(await relationSnapshot(), before)
    await comment.refresh()
    assert.equal(comment.postId, post.id)

    /* the debug log says which policy lacks which method */
    const denial = entries.find((entry) => entry.event === 'deny')
    assert.deepInclude(denial?.details ?? {}, {
      resource: 'PolicedPostResource',
      relation: 'comments',
      manager: 'PolicedCommentsRelationManager',
      operation: 'dissociate',
      ability: 'dissociate',
      policy: 'CommentPolicy',
      record: comment.id,
      reason: 'CommentPolicy has no dissociate() method (fail-closed)',
    })
  })

  test("without a policy: the owner resource's policy update() decides", async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const reader = await createUser()
    const post = await createPost(author, { status: 'published' })
    const label = await createLabel()
    await attachLabel(post, label, { role: 'main' })

    /* the reader may view the post, not update it: PostPolicy.update() says no */
    const denied = await send(client, 'get', `${post.id}/relations/labels`).loginAs(reader)
    denied.assertStatus(403)

    /* the author may update the post: the manager lists and detaches */
    const listed = await send(client, 'get', `${post.id}/relations/labels`).loginAs(author)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().table.rows.map((row: any) => [row.key, row.actions]),
      [[label.id, ['delete', 'detach']]]
    )
    const detached = await send(
      client,
      'post',
      `${post.id}/relations/labels/${label.id}/detach`
    ).loginAs(author)
    detached.assertStatus(200)
    assert.deepEqual(await pivotRows(), [])
  })
})

test.group('Relation managers | the persistence hooks of the mutation sequence', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('create and update hooks run in the transaction, with the owner', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author)

    const created = await send(client, 'post', `${post.id}/relations/comments`)
      .json({ body: 'Hooked' })
      .loginAs(author)
    created.assertStatus(201)
    const logs = await AuditLog.query().where('event', 'commentCreated')
    assert.deepEqual(
      logs.map((log) => log.subject),
      [`${post.id}:Hooked`]
    )

    /* mutateDataBeforeSave trims the body */
    const comment = await Comment.query().where('body', 'Hooked').firstOrFail()
    const updated = await send(client, 'patch', `${post.id}/relations/comments/${comment.id}`)
      .json(
        await versionedBody(`/policed/policed-posts/${post.id}/relations/comments/${comment.id}`, {
          body: '  Trimmed  ',
        })
      )
      .loginAs(author)
    updated.assertStatus(200)
    await comment.refresh()
    assert.equal(comment.body, 'Trimmed')
  })

  test('a failing after hook rolls the related record and its writes back', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author)
    hookFaults.add('commentAfterCreate')
    const before = await relationSnapshot()

    const response = await send(client, 'post', `${post.id}/relations/comments`)
      .json({ body: 'Never stored' })
      .loginAs(author)
    response.assertStatus(500)
    assert.deepEqual(await relationSnapshot(), before)
  })
})
