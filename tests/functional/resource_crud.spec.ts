import { test } from '@japa/runner'
import { AuditLog, Post, createPost, createUser, withDatabase, versionedBody } from '../helpers.ts'

test.group('Resource | end to end walk', (group) => {
  withDatabase(group)

  test('a signed-in user lists, searches, sorts, creates, edits, updates and deletes', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin, { title: 'Banana bread' })
    await createPost(admin, { title: 'Apple pie' })
    await createPost(admin, { title: 'Cherry tart' })

    /* list */
    const list = await client.get('/admin/posts').withInertia().loginAs(admin)
    list.assertStatus(200)
    list.assertInertiaComponent('posts/list')
    const table = list.inertiaProps.table
    assert.deepEqual(
      table.columns.map((column: any) => column.name),
      ['title', 'body', 'status', 'author.fullName']
    )
    assert.lengthOf(table.rows, 3)
    assert.equal(table.pagination.total, 3)
    assert.deepEqual(list.inertiaProps.kitPanel, { id: 'admin', searchUrl: '/admin/search' })

    /* search */
    const search = await client
      .get('/admin/posts')
      .qs({ search: 'apple' })
      .withInertia()
      .loginAs(admin)
    assert.deepEqual(
      search.inertiaProps.table.rows.map((row: any) => row.title),
      ['Apple pie']
    )
    assert.equal(search.inertiaProps.table.search, 'apple')

    /* sort */
    const sorted = await client
      .get('/admin/posts')
      .qs({ sort: 'title', direction: 'desc' })
      .withInertia()
      .loginAs(admin)
    assert.deepEqual(
      sorted.inertiaProps.table.rows.map((row: any) => row.title),
      ['Cherry tart', 'Banana bread', 'Apple pie']
    )
    assert.deepEqual(sorted.inertiaProps.table.sort, { column: 'title', direction: 'desc' })

    /* create page */
    const createPage = await client.get('/admin/posts/create').withInertia().loginAs(admin)
    createPage.assertStatus(200)
    createPage.assertInertiaComponent('kit/create_record')
    assert.equal(createPage.inertiaProps.form.operation, 'create')
    assert.deepEqual(createPage.inertiaProps.form.action, { url: '/admin/posts', method: 'post' })
    assert.deepEqual(createPage.inertiaProps.errors, {})

    /* create */
    const created = await client
      .post('/admin/posts')
      .json({ title: 'Durian cake', body: 'Strong', status: 'draft' })
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    const post = await Post.findByOrFail('title', 'Durian cake')
    /* Inertia upgrades redirects to 303 after PATCH and DELETE; POST keeps 302 */
    created.assertStatus(302)
    created.assertHeader('location', `/admin/posts/${post.id}/edit`)
    assert.equal(post.authorId, admin.id)
    assert.equal(post.status, 'draft')
    assert.equal(post.body, 'Strong')
    created.assertFlashMessage('success', 'Post "Durian cake" created!')

    /* edit page */
    const edit = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(admin)
    edit.assertStatus(200)
    edit.assertInertiaComponent('kit/edit_record')
    assert.deepEqual(edit.inertiaProps.form.values, {
      title: 'Durian cake',
      body: 'Strong',
      status: 'draft',
      secretNote: null,
    })
    assert.deepEqual(edit.inertiaProps.form.action, {
      url: `/admin/posts/${post.id}`,
      method: 'patch',
    })
    assert.deepEqual(edit.inertiaProps.record, { key: post.id, title: 'Durian cake' })
    assert.deepEqual(edit.inertiaProps.breadcrumbs, [
      { label: 'Posts', url: '/admin/posts', current: false },
      { label: 'Durian cake', url: `/admin/posts/${post.id}/edit`, current: false },
      { label: 'Edit', url: null, current: true },
    ])

    /* update */
    const updated = await client
      .patch(`/admin/posts/${post.id}`)
      .json(
        await versionedBody(`/admin/posts/${post.id}`, {
          title: 'Durian cheesecake',
          body: 'Milder',
          status: 'published',
        })
      )
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    updated.assertStatus(303)
    updated.assertHeader('location', `/admin/posts/${post.id}/edit`)
    await post.refresh()
    assert.equal(post.title, 'Durian cheesecake')
    assert.equal(post.status, 'published')

    /* delete */
    const deleted = await client
      .delete(`/admin/posts/${post.id}`)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    deleted.assertStatus(303)
    deleted.assertHeader('location', '/admin/posts')
    assert.isNull(await Post.find(post.id))

    /* the hooks ran inside the mutations */
    const events = await AuditLog.query().orderBy('id')
    assert.deepEqual(
      events.map((event) => [event.event, event.subject]),
      [
        ['created', 'Durian cake'],
        ['updated', 'Durian cheesecake'],
        ['deleted', 'Durian cheesecake'],
      ]
    )
  })

  test('the facade mounts resources outside panels with its prefix and route names', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client.get('/manage/tags').withInertia().loginAs(admin)
    response.assertStatus(200)
    assert.notProperty(response.inertiaProps, 'kitPanel')
    assert.equal(response.inertiaProps.resource.urls.create, '/manage/tags/create')

    const { default: router } = await import('@adonisjs/core/services/router')
    assert.equal(router.makeUrl('manage.tags.index'), '/manage/tags')
    assert.equal(router.makeUrl('manage.tags.edit', { record: 5 }), '/manage/tags/5/edit')
    assert.equal(router.makeUrl('kit.admin.posts.update', { record: 3 }), '/admin/posts/3')
  })

  test('mutation middleware run on POST, PATCH and DELETE only', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const list = await client.get('/manage/tags').withInertia().loginAs(admin)
    assert.isUndefined(list.header('x-mutation-middleware'))

    const created = await client
      .post('/manage/tags')
      .json({ name: 'Release', slug: 'release' })
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    created.assertStatus(302)
    created.assertHeader('x-mutation-middleware', 'ran')
  })
})
