import { test } from '@japa/runner'
import { hookFaults } from '../app/app/hook_faults.ts'
import {
  AuditLog,
  Post,
  User,
  createPost,
  createUser,
  snapshot,
  withDatabase,
  versionedBody,
} from '../helpers.ts'

test.group('Mutation | transaction and rollback', (group) => {
  withDatabase(group)
  group.each.teardown(() => hookFaults.clear())

  test('a throwing {$self} rolls the create back: no post, no audit row')
    .with(['beforeCreate', 'afterCreate'])
    .run(async ({ client, assert }, hook) => {
      const admin = await createUser({ isAdmin: true })
      hookFaults.add(hook)

      const response = await client
        .post('/admin/posts')
        .json({ title: 'Doomed', status: 'draft' })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(500)

      assert.lengthOf(await Post.all(), 0)
      assert.lengthOf(await AuditLog.all(), 0)
    })

  test('a throwing afterUpdate rolls the update back: the row is unchanged', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'Original' })
    const before = await snapshot(Post)
    hookFaults.add('afterUpdate')

    const response = await client
      .patch(`/admin/posts/${before[0].id}`)
      .json(
        await versionedBody(`/admin/posts/${before[0].id}`, { title: 'Changed', status: 'draft' })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(500)

    assert.deepEqual(await snapshot(Post), before)
    assert.lengthOf(await AuditLog.all(), 0)
  })

  test('a throwing afterDelete rolls the delete back: the row still exists', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin)
    const before = await snapshot(Post)
    hookFaults.add('afterDelete')

    const response = await client
      .delete(`/admin/posts/${post.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(500)

    assert.deepEqual(await snapshot(Post), before)
    assert.lengthOf(await AuditLog.all(), 0)
  })
})

test.group('Mutation | validation', (group) => {
  withDatabase(group)

  test('invalid input answers per-field errors (JSON) and persists nothing', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/admin/posts')
      .json({ title: 'x'.repeat(256), status: 'archived' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(422)
    const fields = response.body().errors.map((error: any) => [error.field, error.rule])
    assert.sameDeepMembers(fields, [
      ['title', 'maxLength'],
      ['status', 'enum'],
    ])
    assert.lengthOf(await Post.all(), 0)
  })

  test('an Inertia form gets its errors in the errors prop after the redirect back', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/admin/posts')
      .json({ body: 'no title', status: 'draft' })
      .header('referer', '/admin/posts/create')
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/admin/posts/create')
    response.assertFlashMessage('inputErrorsBag', { title: ['A post needs a title'] })
    assert.lengthOf(await Post.all(), 0)
  })

  test('the create page publishes flashed errors in its errors prop', async ({ client }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .get('/admin/posts/create')
      .withFlashMessages({ inputErrorsBag: { title: ['A post needs a title'] } })
      .withInertia()
      .loginAs(admin)
    response.assertStatus(200)
    response.assertInertiaPropsContains({ errors: { title: 'A post needs a title' } })
  })

  test('unknown and protected fields are ignored, never mass-assigned', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const other = await createUser()

    const response = await client
      .post('/admin/posts')
      .json({
        title: 'Clean',
        status: 'draft',
        id: 4242,
        authorId: other.id,
        author_id: other.id,
        secretNote: 'injected',
        secret_note: 'injected',
        createdAt: '2001-01-01T00:00:00.000Z',
        isAdmin: true,
        __proto__: { polluted: true },
        constructor: { prototype: { polluted: true } },
      })
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)

    const [post] = await Post.all()
    assert.notEqual(post.id, 4242)
    assert.equal(post.authorId, admin.id)
    assert.isNull(post.secretNote)
    assert.notEqual(post.createdAt.year, 2001)
    assert.isUndefined(({} as any).polluted)
    const reloaded = await User.findOrFail(other.id)
    assert.isFalse(reloaded.isAdmin)
  })

  test('a PATCH cannot move a post to another author or change its key', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const other = await createUser()
    const post = await createPost(author, { title: 'Kept' })

    const response = await client
      .patch(`/admin/posts/${post.id}`)
      .json(
        await versionedBody(`/admin/posts/${post.id}`, {
          title: 'Renamed',
          status: 'draft',
          id: 999,
          authorId: other.id,
        })
      )
      .withCsrfToken()
      .withInertia()
      .loginAs(author)
      .redirects(0)
    response.assertStatus(303)

    const rows = await snapshot(Post)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].id, post.id)
    assert.equal(rows[0].authorId, author.id)
    assert.equal(rows[0].title, 'Renamed')
  })

  test('NUL characters get a field error on every database; 4-byte emoji are stored intact', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })

    const nul = await client
      .post('/admin/posts')
      .json({ title: 'a\u0000b', body: 'ok\u0000', status: 'draft' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    nul.assertStatus(422)
    assert.sameDeepMembers(
      nul.body().errors.map((error: any) => [error.field, error.rule]),
      [
        ['title', 'nul'],
        ['body', 'nul'],
      ]
    )
    assert.lengthOf(await Post.all(), 0)

    const emoji = await client
      .post('/admin/posts')
      .json({ title: 'Launch 🚀 day 𝄞', status: 'draft' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    emoji.assertStatus(201)
    const [post] = await Post.all()
    assert.equal(post.title, 'Launch 🚀 day 𝄞')
  })

  test('malformed and non-object bodies answer 4xx and write nothing', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const malformed = await client
      .post('/admin/posts')
      .unsafeJson('{"title": "broken')
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    malformed.assertStatus(400)

    for (const body of [[{ title: 'x', status: 'draft' }], 'title', 42]) {
      const response = await client
        .post('/admin/posts')
        .json(body)
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
    assert.lengthOf(await Post.all(), 0)
  })

  test('a missing CSRF token is refused and nothing is written', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin)
    const before = await snapshot(Post)

    const create = await client
      .post('/admin/posts')
      .json({ title: 'No token', status: 'draft' })
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    create.assertStatus(302)
    create.assertFlashMessage('error', 'Invalid or expired CSRF token')

    const destroy = await client
      .delete(`/admin/posts/${post.id}`)
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    destroy.assertFlashMessage('error', 'Invalid or expired CSRF token')

    assert.deepEqual(await snapshot(Post), before)
  })

  test('uniqueness rules read the current record from the validation context', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { default: Tag } = await import('../app/app/models/tag.ts')
    const alpha = await Tag.create({ name: 'Alpha', slug: 'alpha' })
    await Tag.create({ name: 'Beta', slug: 'beta' })

    /* saving alpha with its own slug passes */
    const same = await client
      .patch(`/manage/tags/${alpha.id}`)
      .json(await versionedBody(`/manage/tags/${alpha.id}`, { name: 'Alpha!', slug: 'alpha' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    same.assertStatus(200)

    /* taking beta's slug fails */
    const taken = await client
      .patch(`/manage/tags/${alpha.id}`)
      .json(await versionedBody(`/manage/tags/${alpha.id}`, { name: 'Alpha', slug: 'beta' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    taken.assertStatus(422)
    assert.deepEqual(
      taken.body().errors.map((error: any) => error.field),
      ['slug']
    )
    await alpha.refresh()
    assert.equal(alpha.slug, 'alpha')
    assert.equal(alpha.name, 'Alpha!')
  })
})
