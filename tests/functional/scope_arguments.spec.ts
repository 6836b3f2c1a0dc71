import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { type Post, createPost, createUser, withDatabase } from '../helpers.ts'
import { resourceQuery } from '../../src/runtime/query/scoped_query.ts'
import type { ResourceMount } from '../../src/runtime/mounts/resource_mount.ts'

async function postsMount(): Promise<ResourceMount> {
  const kit = await app.container.make('kit')
  const mount = kit
    .mounts()
    .find((candidate: ResourceMount) => candidate.routeName('index') === 'kit.admin.posts.index')
  if (!mount) throw new Error('the posts mount is missing')
  return mount
}

/**
 * A scope that cannot apply is refused: a parent given for a resource that
 * is not nested never yields the un-nested URL or the unscoped query.
 */
test.group('Scope arguments | a parent where none applies', (group) => {
  withDatabase(group)

  test('URL helpers refuse a parent for a resource that is not nested', async ({ assert }) => {
    const mount = await postsMount()
    const resource = mount.resource
    const user = await createUser()
    const post = await createPost(user, { title: 'Mine' })

    /* without a parent: the URLs as before */
    assert.equal(mount.url('index'), '/admin/posts')
    assert.equal(resource.url('edit', post), `/admin/posts/${post.id}/edit`)
    assert.equal(resource.url('index', null, null), '/admin/posts')
    assert.equal(resource.baseUrl(), '/admin/posts')

    for (const parent of [post, 7, '7']) {
      assert.throws(() => resource.url('index', null, parent), /not nested/)
      assert.throws(() => resource.url('edit', post, parent), /not nested/)
      assert.throws(() => resource.baseUrl(parent), /not nested/)
      assert.throws(() => mount.url('index', null, parent), /not nested/)
    }
    try {
      resource.url('index', null, post)
      assert.fail('a parent was accepted')
    } catch (error: any) {
      assert.equal(error.code, 'E_KIT_URL')
      assert.match(error.message, /^PostResource: .*page "index".*not nested/)
    }
  })

  test('resourceQuery refuses a parent for a resource that is not nested', async ({ assert }) => {
    const mount = await postsMount()
    const user = await createUser()
    const other = await createUser()
    const mine = await createPost(user, { title: 'Mine', status: 'draft' })
    await createPost(other, { title: 'Theirs', status: 'draft' })

    /* the scoped query without a parent: the user's own draft only */
    const scoped = await resourceQuery(mount.resource, { user })
    assert.deepEqual(
      scoped.map((row: Post) => row.id),
      [mine.id]
    )
    const nullParent = await resourceQuery(mount.resource, { user, parent: null })
    assert.lengthOf(nullParent, 1)

    try {
      await resourceQuery(mount.resource, { user, parent: mine })
      assert.fail('a parent was accepted')
    } catch (error: any) {
      assert.equal(error.code, 'E_KIT_CONFIG')
      assert.match(error.message, /PostResource is not nested/)
    }
  })
})
