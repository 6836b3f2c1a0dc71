import { test } from '@japa/runner'
import { hookFaults } from '../app/app/hook_faults.ts'
import { bookSettings } from '../app/app/resources/book_resource.ts'
import {
  Book,
  Genre,
  Publisher,
  countQueries,
  createUser,
  expectStatus,
  snapshot,
  tableRows,
  withDatabase,
  versionedBody,
} from '../helpers.ts'

async function fixtures() {
  const admin = await createUser({ isAdmin: true })
  const reader = await createUser()
  const penguin = await Publisher.create({ name: 'Penguin', active: true })
  const pelican = await Publisher.create({ name: 'Pelican', active: true })
  const defunct = await Publisher.create({ name: 'Pergamon', active: false })
  const poetry = await Genre.create({ name: 'Poetry', archived: false })
  const drama = await Genre.create({ name: 'Drama', archived: false })
  const essays = await Genre.create({ name: 'Essays', archived: false })
  const pulp = await Genre.create({ name: 'Pulp', archived: true })
  return { admin, reader, penguin, pelican, defunct, poetry, drama, essays, pulp }
}

function post(client: any, user: any, body: unknown) {
  return client.post('/admin/books').json(body).withCsrfToken().accept('json').loginAs(user)
}

async function patch(client: any, user: any, book: Book, body: Record<string, unknown>) {
  return client
    .patch(`/admin/books/${book.id}`)
    .json(await versionedBody(`/admin/books/${book.id}`, body))
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

function errorsOf(response: any) {
  return response.body().errors.map((error: any) => [error.field, error.rule])
}

async function pivotOf(book: Book) {
  const rows = await tableRows('book_genre')
  return rows
    .filter((row) => Number(row.book_id) === book.id)
    .map((row) => Number(row.genre_id))
    .sort((a, b) => a - b)
}

test.group('Selects | to-one relationship', (group) => {
  withDatabase(group)

  test('binds its model from the relationship: contract, current label, remote search', async ({
    client,
    assert,
  }) => {
    const { admin, penguin } = await fixtures()
    const book = await Book.create({ title: 'Dune', publisherId: penguin.id })

    const create = await client.get('/admin/books/create').withInertia().loginAs(admin)
    const field = create.inertiaProps.form.fields.find((f: any) => f.name === 'publisherId')
    assert.deepInclude(field, {
      type: 'select',
      label: 'Publisher',
      multiple: false,
      searchable: true,
      preload: false,
      searchDebounce: 300,
      relationship: { name: 'publisher', kind: 'belongsTo' },
      options: [],
      search: {
        url: '/admin/books/create',
        fieldParameter: '_kit_select',
        searchParameter: '_kit_search',
        minLength: 2,
      },
    })

    const edit = await client.get(`/admin/books/${book.id}/edit`).withInertia().loginAs(admin)
    const editField = edit.inertiaProps.form.fields.find((f: any) => f.name === 'publisherId')
    assert.deepEqual(editField.options, [{ value: String(penguin.id), label: 'Penguin' }])
    assert.equal(editField.search.url, `/admin/books/${book.id}/edit`)
    assert.equal(edit.inertiaProps.form.values.publisherId, penguin.id)
  })

  test('a key outside the relationship query, unknown, or of the wrong type is refused', async ({
    client,
    assert,
  }) => {
    const { admin, penguin, defunct } = await fixtures()
    const book = await Book.create({ title: 'Dune', publisherId: penguin.id })
    const before = await snapshot(Book)

    for (const publisherId of [defunct.id, 999_999, 4_294_967_296]) {
      const created = await post(client, admin, { title: 'New', publisherId })
      created.assertStatus(422)
      assert.deepEqual(errorsOf(created), [['publisherId', 'select']], String(publisherId))
      const updated = await patch(client, admin, book, { publisherId })
      updated.assertStatus(422)
    }
    for (const publisherId of ['abc', { id: penguin.id }, '1; DROP TABLE books']) {
      const created = await post(client, admin, { title: 'New', publisherId })
      created.assertStatus(422)
      assert.equal(errorsOf(created)[0][0], 'publisherId')
    }
    assert.deepEqual(await snapshot(Book), before)

    const valid = await post(client, admin, { title: 'New', publisherId: String(penguin.id) })
    valid.assertStatus(201)
    const created = await Book.findByOrFail('title', 'New')
    assert.equal(created.publisherId, penguin.id)
  })
})

test.group('Selects | many-to-many relationship', (group) => {
  withDatabase(group)
  group.each.teardown(() => {
    hookFaults.clear()
    bookSettings.staticPivot = false
  })

  test('is a multiple select with preloaded options from its scoped query', async ({
    client,
    assert,
  }) => {
    const { admin, poetry, drama, essays } = await fixtures()
    const response = await client.get('/admin/books/create').withInertia().loginAs(admin)
    const field = response.inertiaProps.form.fields.find((f: any) => f.name === 'genres')
    assert.deepInclude(field, {
      multiple: true,
      preload: true,
      searchable: false,
      search: null,
      relationship: { name: 'genres', kind: 'manyToMany' },
    })
    /* ordered by label; the archived genre is not an option */
    assert.deepEqual(field.options, [
      { value: String(drama.id), label: 'Drama' },
      { value: String(essays.id), label: 'Essays' },
      { value: String(poetry.id), label: 'Poetry' },
    ])
  })

  test('create syncs after the owner, with per-key pivot data, in one transaction', async ({
    client,
    assert,
  }) => {
    const { admin, poetry, drama } = await fixtures()
    const response = await post(client, admin, { title: 'Odes', genres: [poetry.id, drama.id] })
    response.assertStatus(201)
    const book = await Book.findByOrFail('title', 'Odes')
    const pivots = await tableRows('book_genre')
    const rows = pivots.map((row) => ({
      book: Number(row.book_id),
      genre: Number(row.genre_id),
      addedBy: row.added_by,
      weight: Number(row.weight),
    }))
    assert.sameDeepMembers(rows, [
      { book: book.id, genre: poetry.id, addedBy: `book-${book.id}`, weight: poetry.id * 10 },
      { book: book.id, genre: drama.id, addedBy: `book-${book.id}`, weight: drama.id * 10 },
    ])
  })

  test('static pivot data applies to every attached row', async ({ client, assert }) => {
    const { admin, poetry, drama } = await fixtures()
    bookSettings.staticPivot = true
    await expectStatus(post(client, admin, { title: 'Odes', genres: [poetry.id, drama.id] }), 201)
    const rows = await tableRows('book_genre')
    assert.lengthOf(rows, 2)
    assert.deepEqual(
      rows.map((row) => [row.added_by, row.weight]),
      [
        ['static', null],
        ['static', null],
      ]
    )
  })

  test('a failing after hook leaves neither the owner nor the pivot rows', async ({
    client,
    assert,
  }) => {
    const { admin, poetry, drama } = await fixtures()
    hookFaults.add('bookAfterSave')
    const created = await post(client, admin, { title: 'Odes', genres: [poetry.id, drama.id] })
    created.assertStatus(500)
    assert.lengthOf(await Book.all(), 0)
    assert.lengthOf(await tableRows('book_genre'), 0)

    hookFaults.clear()
    const book = await Book.create({ title: 'Kept' })
    await book.related('genres').attach([poetry.id])
    hookFaults.add('bookAfterSave')
    const updated = await patch(client, admin, book, { title: 'Changed', genres: [drama.id] })
    updated.assertStatus(500)
    await book.refresh()
    assert.equal(book.title, 'Kept')
    assert.deepEqual(await pivotOf(book), [poetry.id])
  })

  test('edit hydrates the visible keys only; hidden assignments are neither shown nor detached', async ({
    client,
    assert,
  }) => {
    const { admin, poetry, drama, essays, pulp } = await fixtures()
    const book = await Book.create({ title: 'Mixed' })
    await book.related('genres').attach([poetry.id, drama.id, pulp.id])

    const edit = await client.get(`/admin/books/${book.id}/edit`).withInertia().loginAs(admin)
    assert.sameMembers(edit.inertiaProps.form.values.genres, [poetry.id, drama.id])
    assert.notInclude(JSON.stringify(edit.inertiaProps.form), 'Pulp')

    /* omitted on a partial update: assignments kept */
    await expectStatus(patch(client, admin, book, { title: 'Renamed' }), 200)
    assert.deepEqual(
      await pivotOf(book),
      [poetry.id, drama.id, pulp.id].sort((a, b) => a - b)
    )

    /* replaced: only visible ones change */
    await expectStatus(patch(client, admin, book, { genres: [essays.id, drama.id] }), 200)
    assert.deepEqual(
      await pivotOf(book),
      [drama.id, essays.id, pulp.id].sort((a, b) => a - b)
    )

    /* empty list: the visible ones are detached, the hidden one stays */
    await expectStatus(patch(client, admin, book, { genres: [] }), 200)
    assert.deepEqual(await pivotOf(book), [pulp.id])
  })

  test('every submitted key is verified against the scoped relationship query', async ({
    client,
    assert,
  }) => {
    const { admin, poetry, pulp } = await fixtures()
    const book = await Book.create({ title: 'Kept' })
    await book.related('genres').attach([poetry.id])
    const books = await snapshot(Book)
    const pivots = await tableRows('book_genre')

    for (const genres of [[poetry.id, pulp.id], [123_456], [poetry.id, 'x'], 'poetry', [null]]) {
      const created = await post(client, admin, { title: 'New', genres })
      created.assertStatus(422)
      assert.equal(errorsOf(created)[0][0].split('.')[0], 'genres', JSON.stringify(genres))
      await expectStatus(patch(client, admin, book, { genres }), 422)
    }
    assert.deepEqual(await snapshot(Book), books)
    assert.deepEqual(await tableRows('book_genre'), pivots)
  })
})

test.group('Selects | option search on the page route', (group) => {
  withDatabase(group)

  function search(client: any, user: any, url: string, field: string, term?: string) {
    return client
      .get(url)
      .qs({ _kit_select: field, ...(term === undefined ? {} : { _kit_search: term }) })
      .accept('json')
      .loginAs(user)
  }

  test('answers from the scoped relationship query, 50 results at most', async ({
    client,
    assert,
  }) => {
    const { admin, penguin, pelican } = await fixtures()
    const found = await search(client, admin, '/admin/books/create', 'publisherId', 'pe')
    found.assertStatus(200)
    /* Pergamon is inactive: outside the select's query */
    assert.deepEqual(found.body(), {
      field: 'publisherId',
      options: [
        { value: String(pelican.id), label: 'Pelican' },
        { value: String(penguin.id), label: 'Penguin' },
      ],
    })

    await Publisher.createMany(
      Array.from({ length: 60 }, (_, index) => ({ name: `Press ${index}`, active: true }))
    )
    const many = await search(client, admin, '/admin/books/create', 'publisherId', 'press')
    assert.lengthOf(many.body().options, 50)
  })

  test('terms under two characters get nothing, without a query', async ({ client, assert }) => {
    const { admin } = await fixtures()
    for (const term of [undefined, '', 'p', ' p ']) {
      const response = await search(client, admin, '/admin/books/create', 'publisherId', term)
      response.assertStatus(200)
      assert.deepEqual(response.body().options, [])
    }
    const withTerm = await countQueries(() =>
      search(client, admin, '/admin/books/create', 'publisherId', 'pe')
    )
    const short = await countQueries(() =>
      search(client, admin, '/admin/books/create', 'publisherId', 'p')
    )
    assert.equal(withTerm - short, 1)
  })

  test('wildcards match literally; callback selects answer through their callback', async ({
    client,
    assert,
  }) => {
    const { admin } = await fixtures()
    await Publisher.create({ name: '100% Books', active: true })
    await Publisher.create({ name: '1000 Books', active: true })
    const percent = await search(client, admin, '/admin/books/create', 'publisherId', '0%')
    assert.deepEqual(
      percent.body().options.map((option: any) => option.label),
      ['100% Books']
    )
    for (const term of ['%%', '__', '\\\\', 'é中😀', 'x'.repeat(5000)]) {
      const response = await search(client, admin, '/admin/books/create', 'publisherId', term)
      response.assertStatus(200)
      assert.deepEqual(response.body().options, [], term.slice(0, 10))
    }

    const countries = await search(client, admin, '/admin/books/create', 'country', 'ANC')
    assert.deepEqual(countries.body().options, [{ value: 'FR', label: 'France' }])
  })

  test('authorized like the page; unknown and non-searchable fields are 404', async ({
    client,
    assert,
  }) => {
    const { admin, reader, penguin } = await fixtures()
    const book = await Book.create({ title: 'Dune', publisherId: penguin.id })

    /* readers may not open the create or edit page, so they may not search */
    await expectStatus(search(client, reader, '/admin/books/create', 'publisherId', 'pe'), 403)
    await expectStatus(
      search(client, reader, `/admin/books/${book.id}/edit`, 'publisherId', 'pe'),
      403
    )

    const onEdit = await search(client, admin, `/admin/books/${book.id}/edit`, 'publisherId', 'pen')
    assert.deepEqual(onEdit.body().options, [{ value: String(penguin.id), label: 'Penguin' }])
    await expectStatus(search(client, admin, '/admin/books/999999/edit', 'publisherId', 'pe'), 404)

    for (const field of ['nope', 'title', 'genres', '__proto__', '']) {
      await expectStatus(search(client, admin, '/admin/books/create', field, 'pe'), 404)
    }
  })
})

test.group('Selects | remote select with callbacks', (group) => {
  withDatabase(group)

  test('submitted values are verified through the label resolver', async ({ client, assert }) => {
    const { admin } = await fixtures()
    for (const country of ['XX', 'toString', '__proto__', 'constructor', 'fr']) {
      const response = await post(client, admin, { title: 'New', country })
      response.assertStatus(422)
      assert.deepEqual(errorsOf(response), [['country', 'select']], country)
    }
    assert.lengthOf(await Book.all(), 0)

    await expectStatus(post(client, admin, { title: 'New', country: 'NO' }), 201)
    const book = await Book.findByOrFail('title', 'New')
    assert.equal(book.country, 'NO')

    const edit = await client.get(`/admin/books/${book.id}/edit`).withInertia().loginAs(admin)
    const field = edit.inertiaProps.form.fields.find((f: any) => f.name === 'country')
    assert.deepEqual(field.options, [{ value: 'NO', label: 'Norway' }])
  })
})

test.group('Selects | option forms', (group) => {
  withDatabase(group)

  function createOption(client: any, user: any, body: unknown, qs: Record<string, any> = {}) {
    return client
      .post('/admin/books/options/publisherId')
      .qs(qs)
      .json(body)
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
  }

  test('create: only independently validated data reaches the option; the parent is not saved', async ({
    client,
    assert,
  }) => {
    const { admin } = await fixtures()
    const books = await snapshot(Book)
    const response = await createOption(client, admin, {
      name: ' Verso ',
      active: false,
      id: 999,
      title: 'A parent field',
    })
    response.assertStatus(201)
    const created = await Publisher.findByOrFail('name', 'Verso')
    assert.deepEqual(response.body(), { option: { value: String(created.id), label: 'Verso' } })
    assert.isTrue(created.active)
    assert.notEqual(created.id, 999)
    assert.deepEqual(await snapshot(Book), books)

    const form = await client.get('/admin/books/create').withInertia().loginAs(admin)
    const field = form.inertiaProps.form.fields.find((f: any) => f.name === 'publisherId')
    assert.deepEqual(field.createOption, {
      fields: [
        {
          type: 'text',
          name: 'name',
          label: 'Name',
          required: true,
          inputType: 'text',
          maxLength: null,
          placeholder: null,
        },
      ],
      url: '/admin/books/options/publisherId',
      method: 'post',
    })
    assert.equal(field.editOption.url, '/admin/books/options/publisherId/{option}')
  })

  test('create: invalid data, denied users and unknown fields change nothing', async ({
    client,
    assert,
  }) => {
    const { admin, reader } = await fixtures()
    const before = await snapshot(Publisher)

    const invalid = await createOption(client, admin, { name: 'x' })
    invalid.assertStatus(422)
    assert.deepEqual(errorsOf(invalid), [['name', 'minLength']])
    await expectStatus(createOption(client, admin, { name: 'Nul\u0000Press' }), 422)
    await expectStatus(createOption(client, reader, { name: 'Reader Press' }), 403)
    await expectStatus(
      createOption(client, admin, { name: 'Forged' }, { _kit_record: '999999' }),
      404
    )
    for (const field of ['genres', 'country', 'title', 'nope']) {
      const response = await client
        .post(`/admin/books/options/${field}`)
        .json({ name: 'Press' })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(404)
    }
    assert.deepEqual(await snapshot(Publisher), before)
  })

  test('edit: the option resolves through the select query and is validated on its own', async ({
    client,
    assert,
  }) => {
    const { admin, reader, penguin, defunct } = await fixtures()
    const book = await Book.create({ title: 'Dune', publisherId: penguin.id })

    function edit(user: any, key: number, body: unknown) {
      return client
        .patch(`/admin/books/options/publisherId/${key}`)
        .qs({ _kit_record: book.id })
        .json(body)
        .withCsrfToken()
        .accept('json')
        .loginAs(user)
    }

    const before = await snapshot(Publisher)
    await expectStatus(edit(reader, penguin.id, { name: 'Stolen' }), 403)
    await expectStatus(edit(admin, defunct.id, { name: 'Revived' }), 404)
    await expectStatus(edit(admin, 999_999, { name: 'Ghost' }), 404)
    await expectStatus(edit(admin, penguin.id, { name: '' }), 422)
    assert.deepEqual(await snapshot(Publisher), before)

    const response = await edit(admin, penguin.id, { name: 'Penguin Books', active: false })
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      option: { value: String(penguin.id), label: 'Penguin Books' },
    })
    await penguin.refresh()
    assert.equal(penguin.name, 'Penguin Books')
    assert.isTrue(penguin.active)
    await book.refresh()
    assert.equal(book.title, 'Dune')
  })

  test('edit: the form starts from the option values, read under the same boundary', async ({
    client,
    assert,
  }) => {
    const { admin, reader, penguin, defunct } = await fixtures()
    const book = await Book.create({ title: 'Dune', publisherId: penguin.id })
    const read = (user: any, key: number | string, record: unknown = book.id) =>
      client
        .get(`/admin/books/options/publisherId/${key}`)
        .qs(record === undefined ? {} : { _kit_record: record })
        .accept('json')
        .loginAs(user)

    const response = await read(admin, penguin.id)
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      option: { value: String(penguin.id), label: 'Penguin' },
      values: { name: 'Penguin' },
    })
    /* from the create form (no record): authorized as create */
    await expectStatus(read(admin, penguin.id, undefined), 200)

    await expectStatus(read(reader, penguin.id), 403)
    /* outside the select's query, unknown, or not a key */
    await expectStatus(read(admin, defunct.id), 404)
    await expectStatus(read(admin, 999_999), 404)
    await expectStatus(read(admin, 'not-a-key'), 404)
    /* a record that does not exist, a field without an edit form, an unknown field */
    await expectStatus(read(admin, penguin.id, 999_999), 404)
    for (const field of ['genres', 'title', 'nope']) {
      const other = await client
        .get(`/admin/books/options/${field}/${penguin.id}`)
        .accept('json')
        .loginAs(admin)
      other.assertStatus(404)
    }
  })
})

test.group('Selects | refused submissions keep what was typed', (group) => {
  withDatabase(group)

  test('the form values carry the flashed input of the form fields only', async ({
    client,
    assert,
  }) => {
    const { admin, poetry } = await fixtures()
    const refused = await client
      .post('/admin/books')
      .form({ title: '', pages: 'many', isAdmin: 'true' })
      .header('referer', '/admin/books/create')
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    assert.containSubset(refused.flashMessages(), {
      pages: 'many',
      inputErrorsBag: { pages: ['The Pages field must be a number'] },
    })
    /* only the form's own fields are flashed back */
    assert.notProperty(refused.flashMessages(), 'isAdmin')
    assert.lengthOf(await Book.all(), 0)

    const page = await client
      .get('/admin/books/create')
      .withFlashMessages({
        inputErrorsBag: { title: ['The Title field must be defined'] },
        title: 'Half typed',
        genres: [String(poetry.id)],
        isAdmin: 'x',
      })
      .withInertia()
      .loginAs(admin)
    const values = page.inertiaProps.form.values
    assert.equal(values.title, 'Half typed')
    assert.deepEqual(values.genres, [String(poetry.id)])
    assert.notProperty(values, 'isAdmin')
    assert.deepEqual(page.inertiaProps.errors, { title: 'The Title field must be defined' })

    /* without errors, flashed values (a success message) are not input */
    const clean = await client
      .get('/admin/books/create')
      .withFlashMessages({ title: 'Not input' })
      .withInertia()
      .loginAs(admin)
    assert.equal(clean.inertiaProps.form.values.title, null)
  })
})

test.group('Forms | bad input on every field type', (group) => {
  withDatabase(group)

  test('wrong types, invalid dates, NUL bytes and overlong strings: field errors, nothing saved', async ({
    client,
    assert,
  }) => {
    const { admin } = await fixtures()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'x'.repeat(121) }, 'title', 'maxLength'],
      [{ title: ['a'] }, 'title', 'string'],
      [{ title: 'A', publishedOn: '2024-02-30' }, 'publishedOn', 'date'],
      [{ title: 'A', publishedOn: 'yesterday' }, 'publishedOn', 'date'],
      [{ title: 'A', pages: 1.5 }, 'pages', 'withoutDecimals'],
      [{ title: 'A', pages: 'many' }, 'pages', 'number'],
      [{ title: 'A', isFeatured: 'maybe' }, 'isFeatured', 'boolean'],
      [{ title: 'Nul\u0000byte' }, 'title', 'nul'],
    ]
    for (const [body, field, rule] of cases) {
      const response = await post(client, admin, body)
      response.assertStatus(422)
      assert.deepInclude(errorsOf(response), [field, rule], JSON.stringify(body))
    }
    assert.lengthOf(await Book.all(), 0)
  })

  test('4-byte characters round-trip; extra keys are dropped, never assigned', async ({
    client,
    assert,
  }) => {
    const { admin } = await fixtures()
    const response = await client
      .post('/admin/books')
      .json(
        JSON.parse(
          '{"title":"Moon 🌕 猫","publishedOn":"2024-02-29","pages":"320","isFeatured":true,' +
            '"id":4242,"created_at":"2000-01-01","is_admin":true,"__proto__":{"isAdmin":true}}'
        )
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(201)
    const [book] = await Book.all()
    assert.equal(book.title, 'Moon 🌕 猫')
    assert.notEqual(book.id, 4242)
    assert.equal(book.pages, 320)
    assert.isTrue(book.isFeatured)
    assert.equal(book.publishedOn?.toISODate(), '2024-02-29')

    const edit = await client.get(`/admin/books/${book.id}/edit`).withInertia().loginAs(admin)
    assert.containSubset(edit.inertiaProps.form.values, {
      title: 'Moon 🌕 猫',
      publishedOn: '2024-02-29',
      pages: 320,
      isFeatured: true,
    })
    assert.isUndefined(({} as any).isAdmin)

    /* a date column reads as a date in the table, not as a timestamp */
    const list = await client.get('/admin/books').withInertia().loginAs(admin)
    assert.equal(list.inertiaProps.table.rows[0].values.publishedOn, '2024-02-29')
  })
})

test.group('Pages | the create link', (group) => {
  withDatabase(group)

  test('is published only to users who may create', async ({ client, assert }) => {
    const { admin, reader } = await fixtures()
    const asAdmin = await client.get('/admin/books').withInertia().loginAs(admin)
    assert.equal(asAdmin.inertiaProps.resource.urls.create, '/admin/books/create')
    const asReader = await client.get('/admin/books').withInertia().loginAs(reader)
    asReader.assertStatus(200)
    assert.isNull(asReader.inertiaProps.resource.urls.create)
    await expectStatus(client.get('/admin/books/create').withInertia().loginAs(reader), 403)
  })
})
