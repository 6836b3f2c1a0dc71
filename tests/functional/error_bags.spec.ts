import { test } from '@japa/runner'
import { createPost, createUser, withDatabase, versionedBody } from '../helpers.ts'
import { Comment, grant, withRelationFixtures } from '../relation_helpers.ts'

const BAG = 'relations.comments.create'

test.group('Error bags | one form, its own errors', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test("a refused relation-manager create never marks the owner form's fields", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*')
    const post = await createPost(admin, { body: 'The owner body' })
    const editUrl = `/admin/posts/${post.id}/edit`

    /* the manager's create form, submitted empty as the renderer does */
    const refused = await client
      .post(`/admin/posts/${post.id}/relations/comments`)
      .json({})
      .header('referer', editUrl)
      .header('x-inertia-error-bag', BAG)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    refused.assertHeader('location', editUrl)
    const flashed = refused.flashMessages().inputErrorsBag
    assert.properties(flashed, ['body'])
    assert.lengthOf(await Comment.query().where('post_id', post.id), 0)

    /* the page after the redirect: the errors under the manager's bag only */
    const page = await client
      .get(editUrl)
      .withFlashMessages({ inputErrorsBag: flashed })
      .header('x-inertia-error-bag', BAG)
      .withInertia()
      .loginAs(admin)
    page.assertStatus(200)
    const errors = page.inertiaProps.errors
    assert.deepEqual(Object.keys(errors), [BAG])
    assert.properties(errors[BAG], ['body'])
    assert.notProperty(errors, 'body')
    assert.equal(page.inertiaProps.form.values.body, 'The owner body')
  })

  test("the owner form's errors come back under its own bag", async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Kept' })
    const editUrl = `/admin/posts/${post.id}/edit`
    const refused = await client
      .patch(`/admin/posts/${post.id}`)
      .json(await versionedBody(`/admin/posts/${post.id}`, { title: '', status: 'draft' }))
      .header('referer', editUrl)
      .header('x-inertia-error-bag', 'form')
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(303)
    const page = await client
      .get(editUrl)
      .withFlashMessages({ inputErrorsBag: refused.flashMessages().inputErrorsBag })
      .header('x-inertia-error-bag', 'form')
      .withInertia()
      .loginAs(admin)
    assert.deepEqual(Object.keys(page.inertiaProps.errors), ['form'])
    assert.properties(page.inertiaProps.errors.form, ['title'])
    await post.refresh()
    assert.equal(post.title, 'Kept')
  })

  test('without a bag, errors stay flat (forms that name none)', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const page = await client
      .get('/admin/posts/create')
      .withFlashMessages({ inputErrorsBag: { title: ['A post needs a title'] } })
      .withInertia()
      .loginAs(admin)
    assert.deepEqual(page.inertiaProps.errors, { title: 'A post needs a title' })
  })
})
