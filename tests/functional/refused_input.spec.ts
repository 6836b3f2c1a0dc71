import { test } from '@japa/runner'
import encryption from '@adonisjs/core/services/encryption'
import {
  Book,
  Genre,
  Post,
  createArticle,
  createPost,
  createUser,
  withDatabase,
  versionedBody,
} from '../helpers.ts'
import { Comment, grant, withRelationFixtures } from '../relation_helpers.ts'

const HUGE = 'x'.repeat(200_000)

/**
 * Bytes of the Set-Cookie headers of a response, plus (the suite runs with
 * the memory session store) the cookie a cookie session store would write
 * for the flashed values: encrypted as the cookie store encrypts them.
 */
function cookieBytes(response: any): number {
  const header = response.headers()['set-cookie'] ?? []
  const sent = (Array.isArray(header) ? header : [header]).join('\n').length
  const flashed = response.flashMessages()
  const stored = `adonis-session=e:${encryption.encrypt({ __flash__: flashed }, undefined, 'session-id')}`
  return sent + stored.length
}

test.group('Refused input | what is flashed back', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('a refused form post flashes only its own fields, bounded', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const refused = await client
      .post('/admin/posts')
      .form({
        title: HUGE,
        body: HUGE,
        status: 'not-a-status',
        junk: HUGE,
        password: 'hunter2',
        secretNote: 'hidden attribute',
      })
      .header('referer', '/admin/posts/create')
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    refused.assertHeader('location', '/admin/posts/create')
    assert.lengthOf(await Post.all(), 0)

    const flashed: any = refused.flashMessages()
    assert.properties(flashed.inputErrorsBag, ['title', 'status'])
    assert.notProperty(flashed, 'junk')
    assert.notProperty(flashed, 'password')
    assert.notProperty(flashed, 'secretNote')
    assert.isAtMost(flashed.title.length, 500)
    assert.isTrue(HUGE.startsWith(flashed.title))
    assert.equal(flashed.status, 'not-a-status')
    /* everything flashed fits a cookie session store */
    const size = JSON.stringify(flashed).length
    assert.isBelow(size, 3000, `flashed ${size} characters`)
    assert.isBelow(cookieBytes(refused), 4096, `Set-Cookie ${cookieBytes(refused)} bytes`)

    /* the redisplayed form holds bounded values */
    const page = await client
      .get('/admin/posts/create')
      .withFlashMessages(flashed)
      .withInertia()
      .loginAs(admin)
    const values = page.inertiaProps.form.values
    assert.equal(values.title, flashed.title)
    assert.isAtMost(String(values.body ?? '').length, 500)
    assert.equal(page.inertiaProps.errors.title, flashed.inputErrorsBag.title[0])
  })

  test('a refused Inertia visit (what the renderers send) is bounded the same way', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const refused = await client
      .post('/admin/posts')
      .json({ title: HUGE, body: HUGE, status: 'not-a-status', junk: HUGE, password: 'hunter2' })
      .header('referer', '/admin/posts/create')
      .withInertia()
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    refused.assertHeader('location', '/admin/posts/create')
    assert.lengthOf(await Post.all(), 0)

    const flashed: any = refused.flashMessages()
    assert.properties(flashed.inputErrorsBag, ['title', 'status'])
    assert.notProperty(flashed, 'junk')
    assert.notProperty(flashed, 'password')
    assert.isAtMost(flashed.title.length, 500)
    assert.isBelow(cookieBytes(refused), 4096, `Set-Cookie ${cookieBytes(refused)} bytes`)
  })

  test('refused action data flashes its errors and none of the input', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const refused = await client
      .post(`/admin/articles/${article.id}/actions/publish`)
      .json(
        await versionedBody(`/admin/articles/${article.id}/actions/publish`, {
          note: HUGE,
          junk: HUGE,
        })
      )
      .header('referer', '/admin/articles')
      .withInertia()
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)
    refused.assertStatus(302)
    await article.refresh()
    assert.notEqual(article.status, 'published')
    const flashed: any = refused.flashMessages()
    assert.property(flashed.inputErrorsBag, 'note')
    assert.notProperty(flashed, 'note')
    assert.notProperty(flashed, 'junk')
    assert.isBelow(cookieBytes(refused), 4096, `Set-Cookie ${cookieBytes(refused)} bytes`)
  })

  test('lists are bounded and non-scalar values dropped', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const genre = await Genre.create({ name: 'Poetry', archived: false })
    const book = await Book.create({ title: 'Dune' })
    const refused = await client
      .patch(`/admin/books/${book.id}`)
      .json({
        title: '',
        genres: Array.from({ length: 5000 }, (_, index) => index + 1),
        country: { nested: HUGE },
        _kit_original: { title: 'Dune', genres: [genre.id], junk: HUGE },
      })
      .header('referer', `/admin/books/${book.id}/edit`)
      .header('accept', 'text/html')
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    const flashed: any = refused.flashMessages()
    assert.isAtMost(flashed.genres.length, 50)
    assert.notProperty(flashed, 'country')
    assert.deepEqual(flashed._kit_original, { title: 'Dune', genres: [genre.id] })
    assert.isBelow(JSON.stringify(flashed).length, 3000)
    assert.isBelow(cookieBytes(refused), 4096)
    await book.refresh()
    assert.equal(book.title, 'Dune')
  })

  test('a refused relation form post is bounded the same way', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*')
    const post = await createPost(admin)
    const refused = await client
      .post(`/admin/posts/${post.id}/relations/comments`)
      .form({ body: '', visibility: HUGE, junk: HUGE })
      .header('referer', `/admin/posts/${post.id}/edit`)
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    const flashed: any = refused.flashMessages()
    assert.notProperty(flashed, 'junk')
    assert.isBelow(JSON.stringify(flashed).length, 3000)
    assert.isBelow(cookieBytes(refused), 4096)
    assert.lengthOf(await Comment.query().where('post_id', post.id), 0)
  })

  test('a refused option form post flashes only the option form fields', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const refused = await client
      .post('/admin/books/options/publisherId')
      .form({ name: '', title: HUGE, junk: HUGE })
      .header('referer', '/admin/books/create')
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    const flashed: any = refused.flashMessages()
    assert.properties(flashed.inputErrorsBag, ['name'])
    assert.notProperty(flashed, 'junk')
    assert.notProperty(flashed, 'title')
    assert.isBelow(cookieBytes(refused), 4096)
  })

  test('JSON clients still get the field errors as JSON', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const refused = await client
      .post('/admin/posts')
      .json({ title: HUGE, status: 'draft' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    refused.assertStatus(422)
    assert.equal(refused.body().errors[0].field, 'title')
  })
})
