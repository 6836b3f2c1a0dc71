import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import { createUser, withDatabase } from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | relations', (group) => {
  withDatabase(group)

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
})
