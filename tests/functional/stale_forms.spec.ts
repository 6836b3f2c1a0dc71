import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  Book,
  Genre,
  createPost,
  createUser,
  expectStatus,
  tableRows,
  withDatabase,
  withVersion,
} from '../helpers.ts'
import BookResource from '../app/app/resources/book_resource.ts'
import { attachLabel, createLabel, grant, withRelationFixtures } from '../relation_helpers.ts'

async function fixtures() {
  const admin = await createUser({ isAdmin: true })
  const poetry = await Genre.create({ name: 'Poetry', archived: false })
  const drama = await Genre.create({ name: 'Drama', archived: false })
  const essays = await Genre.create({ name: 'Essays', archived: false })
  const book = await Book.create({ title: 'Dune', pages: 412 })
  await book.related('genres').attach([poetry.id])
  return { admin, poetry, drama, essays, book }
}

async function genresOf(book: Book) {
  const rows = await tableRows('book_genre')
  return rows
    .filter((row) => Number(row.book_id) === book.id)
    .map((row) => Number(row.genre_id))
    .sort((a, b) => a - b)
}

/**
 * The edit form as the browser received it.
 */
async function loadForm(client: any, admin: any, book: Book) {
  const page = await client.get(`/admin/books/${book.id}/edit`).withInertia().loginAs(admin)
  page.assertStatus(200)
  return page.inertiaProps.form
}

/**
 * Submit the form as the renderers do: its values, the values it was
 * rendered with and its version.
 */
function save(client: any, admin: any, book: Book, form: any, changes: Record<string, unknown>) {
  return client
    .patch(`/admin/books/${book.id}`)
    .json({ ...form.values, ...changes, _kit_original: form.original, _kit_version: form.version })
    .withCsrfToken()
    .withInertia()
    .loginAs(admin)
}

function attach(client: any, admin: any, book: Book, genre: Genre) {
  return client
    .post(`/admin/books/${book.id}/relations/genres/attach`)
    .json({ record: genre.id })
    .withCsrfToken()
    .accept('json')
    .loginAs(admin)
}

test.group('Stale forms | many-to-many selects', (group) => {
  withDatabase(group)

  test('the edit form carries the values it was rendered with', async ({ client, assert }) => {
    const { admin, poetry, book } = await fixtures()
    const form = await loadForm(client, admin, book)
    assert.deepEqual(form.values.genres, [poetry.id])
    assert.deepEqual(form.original.genres, [poetry.id])
    assert.equal(form.original.title, 'Dune')
  })

  test('a tag attached by the relation manager survives saving the stale owner form', async ({
    client,
    assert,
  }) => {
    const { admin, poetry, essays, book } = await fixtures()
    const form = await loadForm(client, admin, book)

    const attached = await attach(client, admin, book, essays)
    attached.assertStatus(200)
    assert.deepEqual(
      await genresOf(book),
      [poetry.id, essays.id].sort((a, b) => a - b)
    )

    /* "Save changes" with the form as it was loaded: genres [poetry] */
    const saved = await save(client, admin, book, form, { title: 'Dune Messiah' })
    saved.assertStatus(200)
    assert.deepEqual(
      await genresOf(book),
      [poetry.id, essays.id].sort((a, b) => a - b)
    )
    await book.refresh()
    assert.equal(book.title, 'Dune Messiah')
  })

  test("only the person's own additions and removals apply", async ({ client, assert }) => {
    const { admin, poetry, drama, essays, book } = await fixtures()
    const form = await loadForm(client, admin, book)
    await expectStatus(attach(client, admin, book, essays), 200)

    /* the person removed Poetry and added Drama in the stale form */
    await expectStatus(save(client, admin, book, form, { genres: [drama.id] }), 200)
    assert.deepEqual(
      await genresOf(book),
      [drama.id, essays.id].sort((a, b) => a - b)
    )
    assert.notInclude(await genresOf(book), poetry.id)
  })

  test('a key detached meanwhile is not attached again by the stale form', async ({
    client,
    assert,
  }) => {
    const { admin, poetry, book } = await fixtures()
    const form = await loadForm(client, admin, book)
    const detached = await client
      .post(`/admin/books/${book.id}/relations/genres/${poetry.id}/detach`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    detached.assertStatus(200)
    assert.deepEqual(await genresOf(book), [])

    await expectStatus(save(client, admin, book, form, {}), 200)
    assert.deepEqual(await genresOf(book), [])
  })

  test('without the original values (API clients) the submitted list replaces the visible keys', async ({
    client,
    assert,
  }) => {
    const { admin, drama, essays, book } = await fixtures()
    await expectStatus(attach(client, admin, book, essays), 200)
    const response = await client
      .patch(`/admin/books/${book.id}`)
      .json(await withVersion(BookResource, book.id, { genres: [drama.id] }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(await genresOf(book), [drama.id])
  })
})

test.group('Stale forms | scalar fields', (group) => {
  withDatabase(group)

  test('a field changed meanwhile and left as rendered keeps the newer value', async ({
    client,
    assert,
  }) => {
    const { admin, book } = await fixtures()
    const form = await loadForm(client, admin, book)
    await Book.query().where('id', book.id).update({ pages: 500 })

    await expectStatus(save(client, admin, book, form, { title: 'Renamed' }), 200)
    await book.refresh()
    assert.equal(book.title, 'Renamed')
    assert.equal(book.pages, 500)
  })

  test('a field changed meanwhile and changed by the person is a conflict; nothing is written', async ({
    client,
    assert,
  }) => {
    const { admin, book } = await fixtures()
    const form = await loadForm(client, admin, book)
    await Book.query().where('id', book.id).update({ pages: 500 })

    const response = await client
      .patch(`/admin/books/${book.id}`)
      .json({
        ...form.values,
        title: 'Renamed',
        pages: 300,
        _kit_original: form.original,
        _kit_version: form.version,
      })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(422)
    assert.deepEqual(
      response.body().errors.map((error: any) => [error.field, error.rule]),
      [['pages', 'conflict']]
    )
    await book.refresh()
    assert.equal(book.title, 'Dune')
    assert.equal(book.pages, 500)

    /* submitting the value it now holds is a conflict too: the person's
       change was based on a value that is gone */
    const same = await client
      .patch(`/admin/books/${book.id}`)
      .json({
        ...form.values,
        title: 'Renamed',
        pages: 500,
        _kit_original: form.original,
        _kit_version: form.version,
      })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    same.assertStatus(422)
    assert.deepEqual(
      same.body().errors.map((error: any) => [error.field, error.rule]),
      [['pages', 'conflict']]
    )
    /* the form reloaded saves */
    const reloaded = await loadForm(client, admin, book)
    await expectStatus(save(client, admin, book, reloaded, { title: 'Renamed' }), 200)
    await book.refresh()
    assert.equal(book.title, 'Renamed')
    assert.equal(book.pages, 500)
  })
})

test.group('Stale forms | relation manager edit forms', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('a pivot attribute changed meanwhile is kept, or refused when changed too', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'labels.*')
    const post = await createPost(admin)
    const label = await createLabel({ name: 'Urgent' })
    await attachLabel(post, label, { role: 'owner', position: 1 })
    const url = `/admin/posts/${post.id}/relations/labels/${label.id}`

    const loaded = await client.get(url).accept('json').loginAs(admin)
    loaded.assertStatus(200)
    const form = loaded.body().form
    assert.deepInclude(form.original, { name: 'Urgent', role: 'owner' })

    /* another person changes the role meanwhile */
    await db.from('post_labels').where('label_id', label.id).update({ role: 'reviewer' })

    const renamed = await client
      .patch(url)
      .json({
        ...form.values,
        name: 'Very urgent',
        _kit_original: form.original,
        _kit_version: form.version,
      })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    renamed.assertStatus(200)
    const [row] = await db.from('post_labels').where('label_id', label.id)
    assert.equal(row.role, 'reviewer')
    await label.refresh()
    assert.equal(label.name, 'Very urgent')

    const conflicting = await client
      .patch(url)
      .json({
        ...form.values,
        role: 'author',
        _kit_original: form.original,
        _kit_version: form.version,
      })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    conflicting.assertStatus(422)
    assert.deepEqual(
      conflicting.body().errors.map((error: any) => [error.field, error.rule]),
      [['role', 'conflict']]
    )
    const [after] = await db.from('post_labels').where('label_id', label.id)
    assert.equal(after.role, 'reviewer')
  })
})
