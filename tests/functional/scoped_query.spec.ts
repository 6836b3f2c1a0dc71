import { test } from '@japa/runner'
import { Post, createPost, createUser, snapshot, withDatabase } from '../helpers.ts'

test.group('Scoped query | one query for every read', (group) => {
  withDatabase(group)

  test('the list shows only the scoped records (published, and own drafts)', async ({
    client,
    assert,
  }) => {
    const me = await createUser()
    const other = await createUser()
    await createPost(other, { title: 'Public', status: 'published' })
    await createPost(other, { title: 'Hidden draft', status: 'draft' })
    await createPost(me, { title: 'My draft', status: 'draft' })

    const response = await client.get('/admin/posts').withInertia().loginAs(me)
    const titles = response.inertiaProps.table.rows.map((row: any) => row.title).sort()
    assert.deepEqual(titles, ['My draft', 'Public'])
    assert.equal(response.inertiaProps.table.pagination.total, 2)

    /* search never reaches outside the scope either */
    const search = await client
      .get('/admin/posts')
      .qs({ search: 'draft' })
      .withInertia()
      .loginAs(me)
    assert.deepEqual(
      search.inertiaProps.table.rows.map((row: any) => row.title),
      ['My draft']
    )
  })

  test('a record outside the scope is a 404 on every route, and nothing changes', async ({
    client,
    assert,
  }) => {
    const me = await createUser()
    const other = await createUser()
    const hidden = await createPost(other, { title: 'Hidden draft', status: 'draft' })
    const before = await snapshot(Post)

    const page = await client.get(`/admin/posts/${hidden.id}/edit`).withInertia().loginAs(me)
    page.assertStatus(404)
    assert.deepEqual(page.body(), {
      errors: [{ message: 'Record not found', code: 'E_KIT_NOT_FOUND' }],
    })

    const update = await client
      .patch(`/admin/posts/${hidden.id}`)
      .json({ title: 'Reached', status: 'published' })
      .withCsrfToken()
      .accept('json')
      .loginAs(me)
    update.assertStatus(404)

    const destroy = await client
      .delete(`/admin/posts/${hidden.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(me)
    destroy.assertStatus(404)

    assert.deepEqual(await snapshot(Post), before)
  })

  test('unknown and malformed record keys answer 404 without touching rows', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createPost(admin)
    const before = await snapshot(Post)

    const keys = [
      '999999',
      '0',
      '-1',
      '1.5',
      'abc',
      '1%20OR%201=1',
      '1;DROP%20TABLE%20posts',
      '99999999999999999999999',
      '2147483648',
      '999999999999999',
      '%00',
      '%E2%9C%93',
    ]
    for (const key of keys) {
      const page = await client.get(`/admin/posts/${key}/edit`).withInertia().loginAs(admin)
      assert.equal(page.status(), 404, `GET edit with key ${key}`)

      const update = await client
        .patch(`/admin/posts/${key}`)
        .json({ title: 'x', status: 'draft' })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      assert.equal(update.status(), 404, `PATCH with key ${key}`)

      const destroy = await client
        .delete(`/admin/posts/${key}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      assert.equal(destroy.status(), 404, `DELETE with key ${key}`)
    }
    assert.deepEqual(await snapshot(Post), before)
  })

  test('a 404 comes before authorization: the answer does not reveal whether a row exists', async ({
    client,
  }) => {
    const me = await createUser()
    const other = await createUser()
    const hidden = await createPost(other, { status: 'draft' })

    const hiddenResponse = await client
      .delete(`/admin/posts/${hidden.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(me)
    const missingResponse = await client
      .delete('/admin/posts/987654')
      .withCsrfToken()
      .accept('json')
      .loginAs(me)
    hiddenResponse.assertStatus(404)
    missingResponse.assertStatus(404)
    hiddenResponse.assertBody(missingResponse.body())
  })
})
