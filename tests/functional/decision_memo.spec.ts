import { test } from '@japa/runner'
import { BasePolicy } from '@adonisjs/bouncer'
import { HttpContextFactory } from '@adonisjs/core/factories/http'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { ResourceOperation } from '../../src/definitions/resource/operation.ts'
import { onKitDebug, type KitDebugEntry } from '../../src/support/debug.ts'
import { Post, type User, createPost, createUser, withDatabase } from '../helpers.ts'

/**
 * The policy asked, with a record of every call: who, which ability, which
 * record. Authors update their own posts; nobody deletes.
 */
class CountingPostPolicy extends BasePolicy {
  static calls: string[] = []

  viewAny(user: User) {
    CountingPostPolicy.calls.push(`viewAny:${user.id}`)
    return true
  }

  update(user: User, post: Post) {
    CountingPostPolicy.calls.push(`update:${user.id}:${post.id}`)
    return post.authorId === user.id
  }

  delete(user: User, post: Post) {
    CountingPostPolicy.calls.push(`delete:${user.id}:${post.id}`)
    return false
  }
}

class CountingPostResource extends Resource<typeof Post> {
  model = Post
  policy = CountingPostPolicy
}

function requestContext(user: User) {
  return { user, http: new HttpContextFactory().create() }
}

test.group('Authorization | decisions memoized per request', (group) => {
  withDatabase(group)
  group.each.setup(() => {
    CountingPostPolicy.calls = []
  })

  test('allows() asks the policy once per request, user, operation and record', async ({
    assert,
  }) => {
    const author = await createUser()
    const own = await createPost(author)
    const other = await createPost(await createUser())
    const resource = new CountingPostResource()
    const context = requestContext(author)

    for (let round = 0; round < 3; round++) {
      assert.isTrue(await resource.allows(ResourceOperation.Edit, own, author, context))
      assert.isFalse(await resource.allows(ResourceOperation.Edit, other, author, context))
      assert.isFalse(await resource.allows(ResourceOperation.Delete, own, author, context))
      assert.isTrue(await resource.allows(ResourceOperation.ViewAny, null, author, context))
    }
    assert.deepEqual(CountingPostPolicy.calls, [
      `update:${author.id}:${own.id}`,
      `update:${author.id}:${other.id}`,
      `delete:${author.id}:${own.id}`,
      `viewAny:${author.id}`,
    ])

    /* another request asks again */
    await resource.allows(ResourceOperation.Edit, own, author, requestContext(author))
    assert.lengthOf(CountingPostPolicy.calls, 5)
  })

  test('another user in the same request, and authorize(), ask the policy again', async ({
    assert,
  }) => {
    const author = await createUser()
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(author)
    const resource = new CountingPostResource()
    const context = requestContext(author)

    assert.isTrue(await resource.allows(ResourceOperation.Edit, post, author, context))
    assert.isFalse(await resource.allows(ResourceOperation.Edit, post, admin, context))
    /* authorize() guards writes: always the policy's current answer */
    await resource.authorize(ResourceOperation.Edit, post, author, context)
    await resource.authorize(ResourceOperation.Edit, post, author, context)
    assert.deepEqual(CountingPostPolicy.calls, [
      `update:${author.id}:${post.id}`,
      `update:${admin.id}:${post.id}`,
      `update:${author.id}:${post.id}`,
      `update:${author.id}:${post.id}`,
    ])
  })

  test('a memoized denial is logged once', async ({ assert }) => {
    const author = await createUser()
    const post = await createPost(author)
    const resource = new CountingPostResource()
    const context = requestContext(author)
    const entries: KitDebugEntry[] = []
    const stop = onKitDebug((entry) => entries.push(entry))
    try {
      for (let round = 0; round < 4; round++) {
        assert.isFalse(await resource.allows(ResourceOperation.Delete, post, author, context))
      }
    } finally {
      stop()
    }
    const denials = entries.filter((entry) => entry.event === 'deny')
    assert.lengthOf(denials, 1)
    assert.deepInclude(denials[0].details, {
      operation: 'delete',
      record: post.id,
      reason: 'CountingPostPolicy.delete() did not return true',
    })
    assert.lengthOf(CountingPostPolicy.calls, 1)
  })

  test('without a request, every ask decides', async ({ assert }) => {
    const author = await createUser()
    const post = await createPost(author)
    const resource = new CountingPostResource()
    await resource.allows(ResourceOperation.Edit, post, author)
    await resource.allows(ResourceOperation.Edit, post, author)
    assert.lengthOf(CountingPostPolicy.calls, 2)
  })
})
