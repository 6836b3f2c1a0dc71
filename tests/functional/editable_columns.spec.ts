import { test } from '@japa/runner'
import { hookFaults } from '../app/app/hook_faults.ts'
import {
  AuditLog,
  Post,
  createPost,
  createUser,
  snapshot,
  versionedBody,
  withDatabase,
} from '../helpers.ts'

async function edit(client: any, user: any, key: string | number, column: string, value: unknown) {
  return client
    .patch(`/admin/posts/${key}/columns/${column}`)
    .json(
      await versionedBody(`/admin/posts/${key}/columns/${column}`, {
        value,
        status: 'draft',
        authorId: 999,
      })
    )
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

test.group('Table | editable columns', (group) => {
  withDatabase(group)
  group.each.teardown(() => hookFaults.clear())

  test('the contract marks editable columns with their endpoint', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client.get('/admin/posts').withInertia().loginAs(admin)
    const [title, body] = response.inertiaProps.table.columns
    assert.isTrue(title.editable)
    assert.equal(title.editUrl, '/admin/posts/{record}/columns/title')
    assert.isFalse(body.editable)
    assert.notProperty(body, 'editUrl')
  })

  test('an authorized edit validates the one field and runs the update hooks', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author, { title: 'Before', status: 'published' })

    const response = await edit(client, author, post.id, 'title', '  After  ')
    response.assertStatus(200)
    response.assertBodyContains({ column: 'title' })

    await post.refresh()
    assert.equal(post.title, 'After')
    /* only the column changed, whatever else was sent */
    assert.equal(post.status, 'published')
    assert.equal(post.authorId, author.id)
    const [log] = await AuditLog.all()
    assert.deepEqual([log.event, log.subject], ['updated', 'After'])
  })

  test('refusals: other user 403, bad value 422, unknown or read-only column 404', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const other = await createUser()
    const post = await createPost(author, { title: 'Stable' })
    const hidden = await createPost(other, { status: 'draft' })
    const before = await snapshot(Post)

    const response1 = await edit(client, other, post.id, 'title', 'Hijack')
    response1.assertStatus(403)
    const invalid = await edit(client, author, post.id, 'title', 'x'.repeat(256))
    invalid.assertStatus(422)
    assert.equal(invalid.body().errors[0].field, 'title')
    const response2 = await edit(client, author, post.id, 'title', { $ne: '' })
    response2.assertStatus(422)
    for (const column of ['body', 'status', 'author.fullName', 'secretNote', 'Title', 'nope']) {
      const response = await edit(client, author, post.id, column, 'x')
      assert.equal(response.status(), 404, column)
    }
    const response3 = await edit(client, author, hidden.id, 'title', 'Reach')
    response3.assertStatus(404)
    const response4 = await edit(client, author, 'abc', 'title', 'Reach')
    response4.assertStatus(404)

    assert.deepEqual(await snapshot(Post), before)
    assert.lengthOf(await AuditLog.all(), 0)
  })

  test('a failing hook rolls the column edit back', async ({ client, assert }) => {
    const author = await createUser()
    const post = await createPost(author, { title: 'Stable' })
    const before = await snapshot(Post)
    hookFaults.add('afterUpdate')

    const response5 = await edit(client, author, post.id, 'title', 'Changed')
    response5.assertStatus(500)
    assert.deepEqual(await snapshot(Post), before)
  })
})
