import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  Article,
  createArticle,
  createUser,
  snapshot,
  withDatabase,
  versionedBody,
} from '../helpers.ts'

/**
 * What a mutation answers: JSON clients get JSON (status, record, message;
 * 422 with errors), Inertia and HTML clients a redirect with a flash
 * message, back to the list in the state they left it.
 */

async function trashed(article: Article) {
  article.deletedAt = DateTime.now()
  await article.save()
  return article
}

test.group('Mutation answers | JSON clients get JSON', (group) => {
  withDatabase(group)

  test('create answers 201 with the record key, title, message and target', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/admin/articles')
      .json({ title: 'Over JSON', status: 'draft' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(201)
    const [article] = await Article.all()
    assert.equal(article.title, 'Over JSON')
    assert.deepEqual(response.body(), {
      resource: 'articles',
      operation: 'create',
      message: 'Article "Over JSON" created',
      record: { key: article.id, title: 'Over JSON' },
      redirect: `/admin/articles/${article.id}/edit`,
    })
  })

  test('refused input answers 422 with field errors, nothing written', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/admin/articles')
      .json({ status: 'draft' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(422)
    assert.deepEqual(
      response.body().errors.map((error: any) => [error.field, error.rule]),
      [['title', 'required']]
    )
    assert.lengthOf(await Article.all(), 0)
  })

  test('update answers 200 with the saved record', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const article = await createArticle(admin, { title: 'Before' })
    const response = await client
      .patch(`/admin/articles/${article.id}`)
      .json(await versionedBody(`/admin/articles/${article.id}`, { title: 'After' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(200)
    assert.deepInclude(response.body(), {
      operation: 'edit',
      message: 'Article "After" saved',
      record: { key: article.id, title: 'After' },
    })
    await article.refresh()
    assert.equal(article.title, 'After')
  })

  test('delete, restore and force delete answer 200 with their messages', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const article = await createArticle(admin, { title: 'Cycled' })

    const deleted = await client
      .delete(`/admin/articles/${article.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    deleted.assertStatus(200)
    assert.deepInclude(deleted.body(), {
      operation: 'delete',
      message: 'Article "Cycled" deleted',
      record: { key: article.id, title: 'Cycled' },
    })
    await article.refresh()
    assert.isNotNull(article.deletedAt)

    const restored = await client
      .post(`/admin/articles/${article.id}/restore`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    restored.assertStatus(200)
    assert.deepInclude(restored.body(), {
      operation: 'restore',
      message: 'Article "Cycled" restored',
    })
    await article.refresh()
    assert.isNull(article.deletedAt)

    const forced = await client
      .delete(`/admin/articles/${article.id}/force-delete`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    forced.assertStatus(200)
    assert.deepInclude(forced.body(), {
      operation: 'forceDelete',
      message: 'Article "Cycled" deleted permanently',
    })
    assert.lengthOf(await Article.query(), 0)
  })

  test('Inertia and HTML form clients keep their redirects', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const inertia = await client
      .post('/admin/articles')
      .json({ title: 'Inertia', status: 'draft' })
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    inertia.assertStatus(302)
    const html = await client
      .post('/admin/articles')
      .form({ title: 'Html', status: 'draft' })
      .withCsrfToken()
      .header('accept', 'text/html,application/xhtml+xml')
      .loginAs(admin)
      .redirects(0)
    html.assertStatus(302)
    const articles = await Article.query().orderBy('id')
    assert.deepEqual(
      articles.map((article) => article.title),
      ['Inertia', 'Html']
    )
    inertia.assertHeader('location', `/admin/articles/${articles[0].id}/edit`)
    html.assertHeader('location', `/admin/articles/${articles[1].id}/edit`)
  })
})

test.group('Mutation answers | back to the list state', (group) => {
  withDatabase(group)

  const LIST =
    '/admin/articles?search=keep&filters%5Bstatus%5D=draft&sort=title&direction=desc&page=2'

  test('delete from a filtered, sorted, paged list returns to that list', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const article = await createArticle(admin, { title: 'Keep me not' })
    const response = await client
      .delete(`/admin/articles/${article.id}`)
      .header('referer', `http://127.0.0.1:${process.env.PORT}${LIST}`)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(303)
    response.assertHeader('location', LIST)
    response.assertFlashMessage('success', 'Article "Keep me not" deleted')
    await article.refresh()
    assert.isNotNull(article.deletedAt)
  })

  test('restore returns to the trashed list it came from and says "restored"', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const article = await trashed(await createArticle(admin, { title: 'Back' }))
    const list = '/admin/articles?filters%5Btrashed%5D=only&page=3'
    const response = await client
      .post(`/admin/articles/${article.id}/restore`)
      .header('referer', list)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', list)
    response.assertFlashMessage('success', 'Article "Back" restored')
    await article.refresh()
    assert.isNull(article.deletedAt)
  })

  test('another origin, another page or no referrer: the bare list ({$i})')
    .with([
      'https://evil.example/admin/articles?page=2',
      '//evil.example/admin/articles?page=2',
      '/admin/articles/1/edit?page=2',
      '/admin/posts?page=2',
      null,
    ])
    .run(async ({ client, assert }, referrer) => {
      const admin = await createUser({ isAdmin: true })
      const article = await createArticle(admin)
      const before = await snapshot(Article)
      const request = client
        .delete(`/admin/articles/${article.id}`)
        .withCsrfToken()
        .withInertia()
        .loginAs(admin)
        .redirects(0)
      if (referrer) request.header('referer', referrer)
      const response = await request
      response.assertStatus(303)
      response.assertHeader('location', '/admin/articles')
      assert.notDeepEqual(await snapshot(Article), before)
    })
})
