import { test } from '@japa/runner'
import { createUser, snapshot, withDatabase } from '../helpers.ts'
import { countQueries } from '../page_helpers.ts'
import Dossier from '../app/app/models/dossier.ts'
import DossierItem from '../app/app/models/dossier_item.ts'
import DossierResource from '../app/app/resources/dossier_resource.ts'
import { kit } from '../../src/testing/japa_plugin.ts'
import { failureOf } from '../kit_failures.ts'
import { sanitizeMarkdown } from '../../src/support/html_sanitizer.ts'

/** Markdown that tries every way out of the allow-list */
const XSS_MARKDOWN = [
  '# Title',
  '',
  '**bold** [ok](https://adonisjs.com) [bad](javascript:alert(1)) [enc](javascript&#58;alert(2))',
  '',
  '<script>alert(3)</script><img src=x onerror="alert(4)"><a href="javascript:alert(5)">x</a>',
  '',
  '<p onclick="alert(6)">para</p>',
  '',
  '![img](javascript:alert(7))',
].join('\n')

/** Nothing executable may come out of rendered Markdown */
function assertNoScript(assert: any, html: string) {
  assert.notMatch(html, /<script/i)
  assert.notMatch(html, /onerror|onclick/i)
  assert.notMatch(html, /javascript/i)
  assert.notMatch(html, /<img/i)
}

function viewPage(client: any, user: any, id: number) {
  return client.get(`/media/dossiers/${id}`).withInertia().loginAs(user)
}

async function createDossier(attributes: Partial<Dossier> = {}) {
  return Dossier.create({
    title: 'Annual report',
    isPublic: true,
    status: 'published',
    color: '#1d4ed8',
    settings: { theme: 'dark', pages: 12, draft: false, nested: { a: 1 }, empty: null },
    steps: [
      { name: 'Write', state: 'done', secret: 'never shown' },
      { name: 'Review', state: 'todo' },
      'not an object',
    ] as never,
    notes: XSS_MARKDOWN,
    secret: 'top-secret-dossier',
    ...attributes,
  })
}

test.group('Infolist entries | icon, color, key-value, badge, repeatable, Markdown', (group) => {
  withDatabase(group)

  test('the view page serializes each entry kind on the server', async ({ client, assert }) => {
    const viewer = await createUser({ fullName: 'Ada Lovelace' })
    const dossier = await createDossier()
    await DossierItem.createMany([
      {
        dossierId: dossier.id,
        label: 'Print',
        amountCents: 123450,
        done: true,
        authorId: viewer.id,
        token: 'item-token-1',
      },
      {
        dossierId: dossier.id,
        label: 'Ship',
        amountCents: null,
        done: false,
        authorId: null,
        token: 'item-token-2',
      },
      { dossierId: dossier.id, label: 'hidden by modifyQuery', done: false, token: 'item-token-3' },
    ])

    const response = await viewPage(client, viewer, dossier.id)
    response.assertStatus(200)
    const entries: any[] = response.inertiaProps.infolist.entries
    const entry = (name: string) => entries.find((candidate) => candidate.name === name)

    assert.deepEqual(entry('status'), {
      name: 'status',
      label: 'Status',
      value: 'published',
      badge: { color: 'success' },
    })
    assert.deepEqual(entry('isPublic'), {
      name: 'isPublic',
      label: 'Is public',
      value: true,
      icon: { icon: 'check-circle', color: 'success' },
    })
    assert.deepEqual(entry('color'), {
      name: 'color',
      label: 'Color',
      value: '#1d4ed8',
      color: '#1d4ed8',
    })
    assert.deepEqual(entry('settings'), {
      name: 'settings',
      label: 'Settings',
      value: null,
      keyValue: [
        { key: 'theme', value: 'dark' },
        { key: 'pages', value: '12' },
        { key: 'draft', value: 'false' },
        { key: 'nested', value: '{"a":1}' },
        { key: 'empty', value: '' },
      ],
    })

    /* the has-many: declared child entries only, in key order, narrowed by modifyQuery */
    const items = entry('items')
    assert.isNull(items.value)
    assert.lengthOf(items.items, 2)
    assert.deepEqual(items.items[0], [
      { name: 'label', label: 'Label', value: 'Print' },
      {
        name: 'amountCents',
        label: 'Amount cents',
        value: 123450,
        format: { kind: 'money', wrap: false, copyable: false, link: false },
        formatted: '€1,234.50',
      },
      {
        name: 'done',
        label: 'Done',
        value: true,
        icon: { icon: 'check-circle', color: 'success' },
      },
      { name: 'author.fullName', label: 'Author', value: 'Ada Lovelace' },
    ])
    assert.deepEqual(items.items[1][2], {
      name: 'done',
      label: 'Done',
      value: false,
      icon: { icon: 'x-circle', color: 'danger' },
    })
    assert.isNull(items.items[1][3].value)

    /* the JSON list: objects only, declared keys only */
    assert.deepEqual(entry('steps').items, [
      [
        { name: 'name', label: 'Name', value: 'Write' },
        {
          name: 'state',
          label: 'State',
          value: 'done',
          icon: { icon: 'check-circle', color: 'gray' },
        },
      ],
      [
        { name: 'name', label: 'Name', value: 'Review' },
        {
          name: 'state',
          label: 'State',
          value: 'todo',
          icon: { icon: 'clock', color: 'warning', label: 'To do' },
        },
      ],
    ])

    /* hidden attributes and undeclared keys never reach the page */
    const props = JSON.stringify(response.inertiaProps)
    for (const secret of ['top-secret-dossier', 'item-token', 'never shown', 'not-a-real-hash']) {
      assert.notInclude(props, secret)
    }
  })

  test('stored Markdown is rendered and sanitized on the server (entry and column)', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const dossier = await createDossier()

    const view = await viewPage(client, admin, dossier.id)
    const notes = view.inertiaProps.infolist.entries.find((e: any) => e.name === 'notes')
    assert.equal(notes.format.kind, 'markdown')
    /* the Markdown source is sanitized on its way out, as its form field stores it */
    assert.equal(notes.value, sanitizeMarkdown(XSS_MARKDOWN))
    assert.notMatch(notes.value, /<script|onerror|javascript:/i)
    assert.include(notes.formatted, '<h1>Title</h1>')
    assert.include(notes.formatted, '<strong>bold</strong>')
    assert.include(notes.formatted, '<a href="https://adonisjs.com">ok</a>')
    assert.include(notes.formatted, '<p>para</p>')
    assertNoScript(assert, notes.formatted)

    const list = await client.get('/media/dossiers').withInertia().loginAs(admin)
    const row = list.inertiaProps.table.rows.find((r: any) => r.key === dossier.id)
    assert.equal(list.inertiaProps.table.columns[1].format.kind, 'markdown')
    assert.include(row.formatted.notes, '<h1>Title</h1>')
    assertNoScript(assert, row.formatted.notes)
  })

  test('unsafe colors, non-objects and unknown values are shown as plain values', async ({
    client,
    assert,
  }) => {
    const viewer = await createUser()
    const dossier = await createDossier({
      color: 'red;background:url(https://evil.example/x)',
      settings: ['a', 'b'] as never,
      steps: null,
      status: 'unknown',
      isPublic: false,
      notes: null,
    })
    const response = await viewPage(client, viewer, dossier.id)
    const entries: any[] = response.inertiaProps.infolist.entries
    const entry = (name: string) => entries.find((candidate) => candidate.name === name)
    assert.isNull(entry('color').color)
    assert.deepEqual(entry('settings').keyValue, [])
    assert.deepEqual(entry('steps').items, [])
    assert.deepEqual(entry('status').badge, { color: 'gray' })
    assert.deepEqual(entry('isPublic').icon, { icon: 'x-circle', color: 'danger' })
    assert.isNull(entry('notes').formatted)
    assert.deepEqual(entry('items').items, [])
  })

  test('the view page runs the same number of queries whatever the number of items', async ({
    client,
    assert,
  }) => {
    const viewer = await createUser()
    const dossier = await createDossier()
    await DossierItem.create({ dossierId: dossier.id, label: 'One', authorId: viewer.id })
    const { count } = await countQueries(() => viewPage(client, viewer, dossier.id))
    for (let index = 0; index < 15; index++) {
      const author = await createUser()
      await DossierItem.create({
        dossierId: dossier.id,
        label: `Item ${index}`,
        authorId: author.id,
      })
    }
    const again = await countQueries(() => viewPage(client, viewer, dossier.id))
    assert.equal(
      (again.result as any).inertiaProps.infolist.entries.find((e: any) => e.name === 'items').items
        .length,
      16
    )
    assert.equal(again.count, count)
  })
})

test.group('Markdown editor | preview endpoint', (group) => {
  withDatabase(group)

  test('the form carries the preview URL; the preview is rendered and sanitized on the server', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const create = await client.get('/media/dossiers/create').withInertia().loginAs(admin)
    const field = create.inertiaProps.form.fields.find((f: any) => f.name === 'notes')
    assert.equal(field.previewUrl, '/media/dossiers/markdown/notes')

    const dossier = await createDossier()
    const edit = await client.get(`/media/dossiers/${dossier.id}/edit`).withInertia().loginAs(admin)
    const editField = edit.inertiaProps.form.fields.find((f: any) => f.name === 'notes')
    assert.equal(editField.previewUrl, `/media/dossiers/markdown/notes?_kit_record=${dossier.id}`)

    const before = await snapshot(Dossier)
    for (const url of [field.previewUrl, editField.previewUrl]) {
      const response = await client
        .post(url)
        .json({ markdown: XSS_MARKDOWN })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(200)
      const html: string = response.body().html
      assert.include(html, '<h1>Title</h1>')
      assert.include(html, '<a href="https://adonisjs.com">ok</a>')
      assertNoScript(assert, html)
    }
    assert.deepEqual(await snapshot(Dossier), before)
  })

  test('a user who may not create or edit gets 403; a record out of reach 404', async ({
    client,
    assert,
  }) => {
    const viewer = await createUser()
    const admin = await createUser({ isAdmin: true })
    const dossier = await createDossier()
    const before = await snapshot(Dossier)

    const create = await client
      .post('/media/dossiers/markdown/notes')
      .json({ markdown: '# hi' })
      .withCsrfToken()
      .accept('json')
      .loginAs(viewer)
    create.assertStatus(403)
    assert.notProperty(create.body(), 'html')

    const edit = await client
      .post(`/media/dossiers/markdown/notes?_kit_record=${dossier.id}`)
      .json({ markdown: '# hi' })
      .withCsrfToken()
      .accept('json')
      .loginAs(viewer)
    edit.assertStatus(403)

    const missing = await client
      .post('/media/dossiers/markdown/notes?_kit_record=999999')
      .json({ markdown: '# hi' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    missing.assertStatus(404)

    const unknownField = await client
      .post('/media/dossiers/markdown/title')
      .json({ markdown: '# hi' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    unknownField.assertStatus(404)

    /* without the CSRF token, refused like any other post */
    const forged = await client
      .post('/media/dossiers/markdown/notes')
      .json({ markdown: '# hi' })
      .accept('json')
      .loginAs(admin)
    assert.notEqual(forged.status(), 200)
    assert.deepEqual(await snapshot(Dossier), before)
  })

  test('a body without a Markdown string, or too long, is a 422 field error', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    for (const body of [
      {},
      { markdown: 12 },
      { markdown: ['a'] },

      { markdown: 'x'.repeat(100_001) },
    ]) {
      const response = await client
        .post('/media/dossiers/markdown/notes')
        .json(body)
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'markdown')
    }
    for (const markdown of ['', null]) {
      const empty = await client
        .post('/media/dossiers/markdown/notes')
        .json({ markdown })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      empty.assertStatus(200)
      assert.equal(empty.body().html, '')
    }
  })
})

test.group('kit() driver | infolist entries', (group) => {
  withDatabase(group)
  group.each.timeout(20_000)

  test("assert an entry's value, its formatted text, or the whole entry", async ({ assert }) => {
    const viewer = await createUser()
    const dossier = await createDossier({ notes: '**hi** <script>x</script>' })
    await DossierItem.create({ dossierId: dossier.id, label: 'One', amountCents: 250 })

    await kit(DossierResource, { user: viewer })
      .assertInfolistEntryStateSet('isPublic', true, dossier)
      .assertInfolistEntryStateSet('settings', null, dossier)
      .assertInfolistEntryFormattedStateSet('notes', '<p><strong>hi</strong> </p>\n', dossier)
      .assertInfolistEntry('items', dossier, (entry) => {
        assert.equal(entry.items![0][1].formatted, '€2.50')
      })
      .assertInfolistEntry('status', dossier, (entry) => {
        assert.deepEqual(entry.badge, { color: 'success' })
      })

    assert.include(
      await failureOf(
        kit(DossierResource, { user: viewer }).assertInfolistEntryStateSet(
          'title',
          'Other',
          dossier
        )
      ),
      'expected entry "title" of Dossier'
    )
    assert.include(
      await failureOf(
        kit(DossierResource, { user: viewer }).assertInfolistEntryStateSet('secret', null, dossier)
      ),
      'no entry "secret"; the view page has:'
    )
    assert.include(
      await failureOf(
        kit(DossierResource, { user: viewer }).assertInfolistEntryFormattedStateSet(
          'title',
          'x',
          dossier
        )
      ),
      'entry "title" declares no format'
    )
    /* the view page is authorized: a guest is denied */
    assert.include(
      await failureOf(
        kit(DossierResource, { user: null }).assertInfolistEntryStateSet('title', 'x', dossier)
      ),
      'was denied'
    )
  })
})
