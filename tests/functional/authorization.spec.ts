import { test } from '@japa/runner'
import {
  Note,
  Post,
  Tag,
  createPost,
  createUser,
  snapshot,
  withDatabase,
  versionedBody,
} from '../helpers.ts'

test.group('Authorization | fail-closed default', (group) => {
  withDatabase(group)

  test('a resource without policy or canAccess denies every page to everyone', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const note = await Note.create({ content: 'private' })

    for (const url of ['/admin/notes', '/admin/notes/create', `/admin/notes/${note.id}/edit`]) {
      const response = await client.get(url).withInertia().loginAs(admin)
      response.assertStatus(403)
      assert.deepEqual(response.body(), {
        errors: [{ message: 'This action is unauthorized', code: 'E_KIT_FORBIDDEN' }],
      })
    }
  })

  test('a resource without policy or canAccess refuses every mutation and changes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const note = await Note.create({ content: 'private' })
    const before = await snapshot(Note)

    const created = await client
      .post('/admin/notes')
      .json({ content: 'new' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    created.assertStatus(403)

    const updated = await client
      .patch(`/admin/notes/${note.id}`)
      .json(await versionedBody(`/admin/notes/${note.id}`, { content: 'changed' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    updated.assertStatus(403)

    const deleted = await client
      .delete(`/admin/notes/${note.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    deleted.assertStatus(403)

    assert.deepEqual(await snapshot(Note), before)
  })

  test('authorization runs before validation: a denied user gets 403, not field errors', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/admin/notes')
      .json({ content: '' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(403)
    assert.lengthOf(await Note.all(), 0)
  })
})

test.group('Authorization | Bouncer policy path', (group) => {
  withDatabase(group)

  test('the policy lets an author update their own post', async ({ client, assert }) => {
    const author = await createUser()
    const post = await createPost(author, { title: 'Mine' })

    const response = await client
      .patch(`/admin/posts/${post.id}`)
      .json(
        await versionedBody(`/admin/posts/${post.id}`, { title: 'Still mine', status: 'published' })
      )
      .withCsrfToken()
      .withInertia()
      .loginAs(author)
      .redirects(0)
    response.assertStatus(303)
    await post.refresh()
    assert.equal(post.title, 'Still mine')
  })

  test('the policy refuses another user: edit page and update answer 403, nothing changes', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const other = await createUser()
    const post = await createPost(author, { title: 'Not yours' })
    const before = await snapshot(Post)

    const page = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(other)
    page.assertStatus(403)

    const update = await client
      .patch(`/admin/posts/${post.id}`)
      .json(
        await versionedBody(`/admin/posts/${post.id}`, { title: 'Stolen', status: 'published' })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(other)
    update.assertStatus(403)
    assert.deepEqual(await snapshot(Post), before)
  })

  test('a policy method that is missing denies (delete is admin only, restore is absent)', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author)
    const before = await snapshot(Post)

    const response = await client
      .delete(`/admin/posts/${post.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    response.assertStatus(403)
    assert.deepEqual(await snapshot(Post), before)

    const { kit, PostResource, ResourceOperation } = await loadKit()
    const resource = kit.resource(PostResource)
    assert.isFalse(await resource.allows(ResourceOperation.Restore, post, author))
    assert.isFalse(await resource.allows(ResourceOperation.ForceDelete, post, author))
    assert.isTrue(await resource.allows(ResourceOperation.Edit, post, author))
  })

  test('row actions list only what the policy allows', async ({ client, assert }) => {
    const author = await createUser()
    const other = await createUser()
    const admin = await createUser({ isAdmin: true })
    await createPost(author, { title: 'By author' })
    await createPost(other, { title: 'By other' })

    const asAuthor = await client.get('/admin/posts').withInertia().loginAs(author)
    const rows = Object.fromEntries(
      asAuthor.inertiaProps.table.rows.map((row: any) => [row.title, row])
    )
    assert.deepEqual(rows['By author'].actions, ['edit'])
    assert.match(rows['By author'].url, /\/admin\/posts\/\d+\/edit$/)
    assert.deepEqual(rows['By other'].actions, [])
    assert.isNull(rows['By other'].url)

    const asAdmin = await client.get('/admin/posts').withInertia().loginAs(admin)
    for (const row of asAdmin.inertiaProps.table.rows) {
      assert.deepEqual(row.actions, ['edit', 'delete'])
    }
  })

  test('a guest is sent to the login page, or gets 401 when asking for JSON', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author)
    const before = await snapshot(Post)

    const page = await client.get('/admin/posts').redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/login')

    const json = await client.get('/admin/posts').accept('json')
    json.assertStatus(401)

    const update = await client
      .patch(`/admin/posts/${post.id}`)
      .json(
        await versionedBody(`/admin/posts/${post.id}`, { title: 'Guest edit', status: 'published' })
      )
      .withCsrfToken()
      .accept('json')
    update.assertStatus(401)
    assert.deepEqual(await snapshot(Post), before)
  })

  test('canAccess overrides decide for facade resources (tags: admins only write)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const admin = await createUser({ isAdmin: true })
    const tag = await Tag.create({ name: 'Alpha', slug: 'alpha' })
    const before = await snapshot(Tag)

    const list = await client.get('/manage/tags').withInertia().loginAs(user)
    list.assertStatus(200)
    assert.deepEqual(list.inertiaProps.table.rows[0].actions, [])

    const create = await client.get('/manage/tags/create').withInertia().loginAs(user)
    create.assertStatus(403)

    const update = await client
      .patch(`/manage/tags/${tag.id}`)
      .json(await versionedBody(`/manage/tags/${tag.id}`, { name: 'Beta', slug: 'beta' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
    update.assertStatus(403)
    assert.deepEqual(await snapshot(Tag), before)

    const allowed = await client
      .patch(`/manage/tags/${tag.id}`)
      .json(await versionedBody(`/manage/tags/${tag.id}`, { name: 'Beta', slug: 'beta' }))
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    allowed.assertStatus(303)
    await tag.refresh()
    assert.equal(tag.slug, 'beta')
  })
})

async function loadKit() {
  const { default: kit } = await import('../../services/main.ts')
  const { default: PostResource } = await import('../app/app/resources/post_resource.ts')
  const { ResourceOperation } = await import('../../index.ts')
  return { kit, PostResource, ResourceOperation }
}
