import { test } from '@japa/runner'
import {
  Article,
  Post,
  createArticle,
  createPost,
  createUser,
  snapshot,
  withDatabase,
  versionedBody,
} from '../helpers.ts'

test.group('Forms | fields and values', (group) => {
  withDatabase(group)

  test('the form contract carries each field with its type and options', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author, { title: 'T', body: 'Long text', status: 'draft' })

    const response = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(author)
    const form = response.inertiaProps.form
    assert.deepEqual(form.fields[1], {
      type: 'textarea',
      name: 'body',
      label: 'Body',
      required: false,
      rows: 6,
      maxLength: null,
    })
    assert.deepEqual(form.fields[2], {
      type: 'select',
      name: 'status',
      label: 'Status',
      required: true,
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'published', label: 'Published' },
      ],
      multiple: false,
      searchable: false,
      preload: false,
      searchDebounce: 500,
      search: null,
      relationship: null,
      createOption: null,
      editOption: null,
    })
    assert.deepEqual(form.values, {
      title: 'T',
      body: 'Long text',
      status: 'draft',
      secretNote: null,
    })
    assert.equal(form.columns, 2)
  })
})

test.group('Forms | select values are verified on the server', (group) => {
  withDatabase(group)

  test('a value outside the select options is refused on create and update', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner, { status: 'draft' })
    const before = await snapshot(Article)

    /* ArticleRules accept any short string: the Select alone decides */
    for (const status of ['archived', 'DRAFT', 'drafts', '__proto__', 'toString', 'constructor']) {
      const created = await client
        .post('/admin/articles')
        .json({ title: 'New', status })
        .withCsrfToken()
        .accept('json')
        .loginAs(owner)
      assert.equal(created.status(), 422, status)
      if (status !== ' draft ') {
        assert.deepEqual(created.body().errors, [
          {
            field: 'status',
            message: 'The selected value is not one of the options',
            rule: 'select',
          },
        ])
      }
    }

    const updated = await client
      .patch(`/admin/articles/${article.id}`)
      .json(
        await versionedBody(`/admin/articles/${article.id}`, { title: 'Same', status: 'archived' })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    updated.assertStatus(422)
    assert.deepEqual(await snapshot(Article), before)

    const allowed = await client
      .post('/admin/articles')
      .json({ title: 'New', status: 'published' })
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
      .redirects(0)
    allowed.assertStatus(201)
  })
})

test.group('Forms | partial updates', (group) => {
  withDatabase(group)

  test('a PATCH with a subset of fields validates and changes only those', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author, { title: 'Old', body: 'Keep me', status: 'published' })

    const response = await client
      .patch(`/admin/posts/${post.id}`)
      .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'New' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
      .redirects(0)
    response.assertStatus(200)
    await post.refresh()
    assert.equal(post.title, 'New')
    assert.equal(post.body, 'Keep me')
    assert.equal(post.status, 'published')
  })

  test('a partial PATCH still validates what it sends', async ({ client, assert }) => {
    const author = await createUser()
    const post = await createPost(author, { status: 'published' })
    const before = await snapshot(Post)

    const response = await client
      .patch(`/admin/posts/${post.id}`)
      .json(await versionedBody(`/admin/posts/${post.id}`, { status: 'bogus', isAdmin: true }))
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    response.assertStatus(422)
    assert.deepEqual(
      response.body().errors.map((error: any) => error.field),
      ['status']
    )

    const blank = await client
      .patch(`/admin/posts/${post.id}`)
      .json(await versionedBody(`/admin/posts/${post.id}`, { title: '' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    blank.assertStatus(422)
    assert.deepEqual(await snapshot(Post), before)
  })
})
