import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import db from '@adonisjs/lucid/services/db'
import {
  Comment,
  createComment,
  createLabel,
  grant,
  withRelationFixtures,
} from '../relation_helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | relations', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('relation groups: found by id, a missing one names the groups that exist', async ({
    assert,
  }) => {
    const user = await createUser()
    await kit(PostResource, { user }).assertRelationGroupExists('content')

    assert.equal(
      await failureOf(kit(PostResource, { user }).assertRelationGroupExists('Content')),
      'kit(PostResource).assertRelationGroupExists("Content"): no relation group "Content"; PostResource has the groups: content'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user }).assertRelationGroupExists('content')),
      'kit(TicketResource).assertRelationGroupExists("content"): no relation group "content"; TicketResource has no relation groups'
    )
  })

  test('relation managers: found by name (in a group, when given); failures name what exists', async ({
    assert,
  }) => {
    const user = await createUser()
    await kit(PostResource, { user })
      .assertRelationManagerExists('summary')
      .assertRelationManagerExists('revisions')
      .assertRelationManagerExists('comments', 'content')
      .assertRelationManagerExists('labels', 'content')

    assert.equal(
      await failureOf(kit(PostResource, { user }).assertRelationManagerExists('tags')),
      'kit(PostResource).assertRelationManagerExists("tags"): no relation manager "tags"; PostResource has the managers: summary, comments, labels, revisions'
    )
    assert.equal(
      await failureOf(
        kit(PostResource, { user }).assertRelationManagerExists('revisions', 'content')
      ),
      'kit(PostResource).assertRelationManagerExists("revisions", "content"): relation manager "revisions" (RevisionsRelationManager) is not in a group; the group "content" has: comments, labels'
    )
    assert.equal(
      await failureOf(kit(PostResource, { user }).assertRelationManagerExists('comments', 'media')),
      'kit(PostResource).assertRelationManagerExists("comments", "media"): no relation group "media"; PostResource has the groups: content'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user }).assertRelationManagerExists('comments')),
      'kit(TicketResource).assertRelationManagerExists("comments"): no relation manager "comments"; TicketResource has no relation managers'
    )
  })

  test("relation mutations run the relation routes' operations", async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*')
    const post = await createPost(admin)

    const created = await kit(PostResource, { user: admin })
      .createRelated('comments', post, { body: 'Through the operation' })
      .assertHasNoFormErrors()
      .record<Comment>()
    const row = await Comment.findOrFail(created.id)
    assert.equal(row.postId, post.id)
    assert.equal(row.body, 'Through the operation')

    /* refused input: the field error, and nothing written */
    await kit(PostResource, { user: admin })
      .createRelated('comments', post, { body: 'x' })
      .assertHasFormErrors({ body: 'minLength' })
    assert.lengthOf(await Comment.query().where('post_id', post.id), 1)

    await kit(PostResource, { user: admin })
      .updateRelated('comments', post, row, { body: 'Edited through kit()' })
      .assertHasNoFormErrors()
    await row.refresh()
    assert.equal(row.body, 'Edited through kit()')

    await kit(PostResource, { user: admin }).callRelated('delete', 'comments', post, row)
    await row.refresh()
    assert.isNotNull(row.deletedAt)
  })

  test('relation mutations fail with the reason: denied, outside the owner, unknown manager', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin)
    const other = await createPost(admin)
    const comment = await createComment(other)

    /* no grant on comments: the manager's policy denies */
    assert.match(
      await failureOf(
        kit(PostResource, { user: admin }).createRelated('comments', post, { body: 'Denied' })
      ),
      /createRelated\("comments", "\d+"\): createRelated on the comments of .* was denied/
    )
    assert.lengthOf(await Comment.query().where('post_id', post.id), 0)

    grant(admin, 'comments.*')
    /* another owner's comment is not found through this owner */
    assert.match(
      await failureOf(
        kit(PostResource, { user: admin }).updateRelated('comments', post, comment, {
          body: 'Forged',
        })
      ),
      /E_KIT_NOT_FOUND/
    )
    await comment.refresh()
    assert.notEqual(comment.body, 'Forged')

    assert.equal(
      await failureOf(
        kit(PostResource, { user: admin }).createRelated('tags', post, { body: 'x' })
      ),
      `kit(PostResource).createRelated("tags", "${post.id}"): no relation manager "tags"; PostResource has: summary, comments, labels, revisions`
    )
  })

  test('attach and detach through kit(): the pivot row written, a forged candidate refused, then removed', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'labels.*')
    const post = await createPost(admin)
    const label = await createLabel({ name: 'Kit label' })
    const pivot = () =>
      db.from('post_labels').where('post_id', post.id).select('label_id', 'role', 'position')

    await kit(PostResource, { user: admin })
      .attachRelated('labels', post, label, { role: 'lead', position: 2 })
      .assertHasNoFormErrors()
    const rows = await pivot()
    assert.deepEqual(
      rows.map((row) => [row.label_id, row.role, Number(row.position)]),
      [[label.id, 'lead', 2]]
    )

    const privateLabel = await createLabel({ name: 'Private', scope: 'private' })
    await kit(PostResource, { user: admin })
      .attachRelated('labels', post, privateLabel)
      .assertHasFormErrors({ record: 'attach' })
    assert.lengthOf(await pivot(), 1)

    await kit(PostResource, { user: admin }).callRelated('detach', 'labels', post, label)
    assert.lengthOf(await pivot(), 0)
    assert.isNotNull(await db.from('labels').where('id', label.id).first())
  })
})
