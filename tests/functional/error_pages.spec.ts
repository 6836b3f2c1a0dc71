import { test } from '@japa/runner'
import { createPost, createUser, pageOf, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

test.group('Error pages | direct loads', (group) => {
  withDatabase(group)

  test('a missing record renders the panel error page with a 404 and a way back', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .get('/admin/posts/999999/edit')
      .header('accept', 'text/html')
      .loginAs(admin)
    response.assertStatus(404)
    assert.include(response.header('content-type'), 'text/html')
    const page = pageOf(response)
    assert.equal(page.component, 'kit/error')
    assert.deepInclude(page.props.kitError, {
      status: 404,
      code: 'E_KIT_NOT_FOUND',
      title: 'Not found',
      back: { url: '/admin/posts', label: 'Back to posts' },
    })
    assert.isString(page.props.kitError.message)
    /* the panel's navigation, as on every panel page */
    assert.isArray(page.props.navigation)
    assert.include(
      page.props.navigation.map((item: any) => item.url),
      '/admin/posts'
    )
  })

  test('a forbidden record renders the error page with a 403', async ({ client, assert }) => {
    const author = await createUser()
    const other = await createUser()
    const draft = await createPost(author, { status: 'published' })
    const response = await client
      .get(`/admin/posts/${draft.id}/edit`)
      .header('accept', 'text/html')
      .loginAs(other)
    response.assertStatus(403)
    const page = pageOf(response)
    assert.equal(page.component, 'kit/error')
    assert.equal(page.props.kitError.status, 403)
    assert.equal(page.props.kitError.code, 'E_KIT_FORBIDDEN')
    assert.equal(page.props.kitError.title, 'Not allowed')
  })

  test('JSON clients and Inertia visits keep the JSON errors', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const json = await client.get('/admin/posts/999999/edit').accept('json').loginAs(admin)
    json.assertStatus(404)
    assert.deepEqual(json.body(), {
      errors: [{ message: 'Record not found', code: 'E_KIT_NOT_FOUND' }],
    })
    const visit = await client.get('/admin/posts/999999/edit').withInertia().loginAs(admin)
    visit.assertStatus(404)
    assert.equal(visit.body().errors[0].code, 'E_KIT_NOT_FOUND')
  })

  test('a record outside the tenant: the error page of the tenant panel', async ({
    client,
    assert,
  }) => {
    const { alice, hammock } = await twoTenants()
    const response = await client
      .get(`/acme/app/boards/${hammock.id}/edit`)
      .header('accept', 'text/html')
      .loginAs(alice)
    response.assertStatus(404)
    const page = pageOf(response)
    assert.equal(page.component, 'kit/error')
    assert.equal(page.props.kitError.back.url, '/acme/app/boards')
  })
})
