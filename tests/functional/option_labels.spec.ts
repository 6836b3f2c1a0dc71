import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  createPost,
  createUser,
  Post,
  snapshot,
  versionedBody,
  withDatabase,
  type User,
} from '../helpers.ts'
import { grant, withRelationFixtures } from '../relation_helpers.ts'

/**
 * The same posts in English (/admin) and French (/redaction): their status
 * options, filter and relation group are declared per locale.
 */
const PANELS = {
  en: {
    path: '/admin',
    draft: 'Draft',
    published: 'Published',
    group: 'Content',
    description: 'Comments and labels',
  },
  fr: {
    path: '/redaction',
    draft: 'Brouillon',
    published: 'Publié',
    group: 'Contenu',
    description: 'Commentaires et libellés',
  },
} as const

const inertia = (client: any, user: User, url: string) =>
  client.get(url).withInertia().loginAs(user)

const json = (request: any, user: User) => request.withCsrfToken().accept('json').loginAs(user)

test.group('Option labels | per locale, over HTTP', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  for (const [language, panel] of Object.entries(PANELS)) {
    test(`the list shows the status badge by its ${language} label; filter options too`, async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      await createPost(admin, { title: 'Kept back', status: 'draft' })
      await createPost(admin, { title: 'Out there', status: 'published' })

      const list = await inertia(client, admin, `${panel.path}/posts?sort=title`)
      list.assertStatus(200)
      const table = list.inertiaProps.table
      const status = table.columns.find((column: any) => column.name === 'status')
      assert.equal(status.type, 'badge')
      /* the colors stay keyed by the stored value */
      assert.deepEqual(status.colors, { draft: 'gray', published: 'green' })
      const shown = Object.fromEntries(
        table.rows.map((row: any) => [row.values.title, [row.values.status, row.formatted.status]])
      )
      assert.deepEqual(shown, {
        'Kept back': ['draft', panel.draft],
        'Out there': ['published', panel.published],
      })
      const filter = table.filters.find((entry: any) => entry.name === 'status')
      assert.deepEqual(filter.options, [
        { value: 'draft', label: panel.draft },
        { value: 'published', label: panel.published },
      ])

      /* the filter still matches the stored value, not the label */
      const filtered = await inertia(client, admin, `${panel.path}/posts?filters[status]=published`)
      assert.deepEqual(
        filtered.inertiaProps.table.rows.map((row: any) => row.values.title),
        ['Out there']
      )
      const byLabel = await inertia(
        client,
        admin,
        `${panel.path}/posts?filters[status]=${encodeURIComponent(panel.published)}`
      )
      assert.lengthOf(byLabel.inertiaProps.table.rows, 2, 'a label is not a value: ignored')
    })

    test(`the form's select options and the relation group speak ${language}`, async ({
      client,
      assert,
    }) => {
      const author = await createUser()
      grant(author, 'labels.*', 'comments.viewAny')
      const post = await createPost(author, { status: 'draft' })

      const edit = await inertia(client, author, `${panel.path}/posts/${post.id}/edit`)
      edit.assertStatus(200)
      const field = edit.inertiaProps.form.fields.find((entry: any) => entry.name === 'status')
      assert.deepEqual(field.options, [
        { value: 'draft', label: panel.draft },
        { value: 'published', label: panel.published },
      ])
      const content = edit.inertiaProps.relations.find((entry: any) => entry.type === 'group')
      assert.deepInclude(content, {
        id: 'content',
        title: panel.group,
        description: panel.description,
      })
    })

    test(`History shows the status change by its ${language} labels`, async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      const post = await createPost(admin, { title: 'Moving', status: 'draft' })
      const url = `${panel.path}/posts/${post.id}`
      const updated = await json(
        client.patch(url).json(await versionedBody(url, { status: 'published' })),
        admin
      )
      updated.assertStatus(200)
      const stored = await Post.findOrFail(post.id)
      assert.equal(stored.status, 'published')

      const history = await inertia(client, admin, `${url}/history`)
      history.assertStatus(200)
      const [entry] = history.inertiaProps.kitAudit.entries
      assert.deepEqual(entry.changes, [{ field: 'Status', old: panel.draft, new: panel.published }])
    })
  }

  test('a label sent as the value is refused per field; the row is unchanged', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { status: 'draft' })
    const before = await snapshot(Post)
    const url = `/redaction/posts/${post.id}`
    const refused = await json(
      client.patch(url).json(await versionedBody(url, { status: 'Publié' })),
      admin
    )
    refused.assertStatus(422)
    assert.deepEqual(
      refused.body().errors.map((error: any) => error.field),
      ['status']
    )
    assert.deepEqual(await snapshot(Post), before)
    assert.lengthOf(await db.from('kit_audit_entries').where('operation', 'update'), 0)
  })

  test('a view page entry over the status shows its label in a badge', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { status: 'draft' })
    const view = await inertia(client, admin, `/viewing/post-views/${post.id}`)
    view.assertStatus(200)
    const status = view.inertiaProps.infolist.entries.find((entry: any) => entry.name === 'status')
    assert.equal(status.value, 'draft')
    assert.equal(status.formatted, 'Draft')
    assert.deepEqual(status.badge, { color: 'gray' })
  })
})

test.group('Option labels | radios and checkbox lists per locale', (group) => {
  withDatabase(group)

  test('the French form and list show the French labels; values stay as declared', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const created = await json(
      client.post('/fr-profiles/profiles').json({
        name: 'Ada',
        plan: 'team',
        company: 'Analytical',
        channels: ['email', 'push'],
        password: 'long enough',
        password_confirmation: 'long enough',
      }),
      admin
    )
    created.assertStatus(201)
    const [row] = await db.from('profiles').select('plan', 'channels')
    assert.equal(row.plan, 'team')
    assert.deepEqual(typeof row.channels === 'string' ? JSON.parse(row.channels) : row.channels, [
      'email',
      'push',
    ])

    const form = await inertia(client, admin, '/fr-profiles/profiles/create')
    const fields = Object.fromEntries(
      form.inertiaProps.form.fields.map((field: any) => [field.name, field])
    )
    assert.deepEqual(fields.plan.options, [
      { value: 'free', label: 'Gratuit' },
      { value: 'team', label: 'Équipe' },
      { value: 'business', label: 'Entreprise' },
    ])
    assert.deepEqual(fields.channels.options, [
      { value: 'email', label: 'E-mail' },
      { value: 'sms', label: 'SMS' },
      { value: 'push', label: 'Notification' },
    ])

    const list = await inertia(client, admin, '/fr-profiles/profiles')
    assert.equal(list.inertiaProps.table.rows[0].formatted.plan, 'Équipe')

    const english = await inertia(client, admin, '/admin/profiles')
    assert.equal(english.inertiaProps.table.rows[0].formatted.plan, 'Team')
  })
})
