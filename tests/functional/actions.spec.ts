import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { hookFaults } from '../app/app/hook_faults.ts'
import {
  Article,
  AuditLog,
  createArticle,
  createUser,
  snapshot,
  versionedBody,
  withDatabase,
} from '../helpers.ts'

test.group('Actions | row actions', (group) => {
  withDatabase(group)
  group.each.teardown(() => hookFaults.clear())

  test('the table describes every action; rows list the allowed ones', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    await createArticle(owner, { title: 'Mine' })
    await createArticle(other, { title: 'Theirs' })

    const response = await client
      .get('/admin/articles')
      .qs({ sort: 'title' })
      .withInertia()
      .loginAs(owner)
    const table = response.inertiaProps.table
    const byName = Object.fromEntries(table.actions.map((action: any) => [action.name, action]))
    assert.deepEqual(byName.publish, {
      name: 'publish',
      label: 'Publish',
      color: 'green',
      method: 'post',
      url: '/admin/articles/{record}/actions/publish',
      requiresConfirmation: true,
      hosted: true,
    })
    assert.deepEqual(byName.preview, {
      name: 'preview',
      label: 'Preview',
      color: 'gray',
      method: 'get',
      url: '/preview/{record}',
      requiresConfirmation: false,
      hosted: false,
    })
    assert.equal(byName.edit.url, '/admin/articles/{record}/edit')
    assert.equal(byName.restore.url, '/admin/articles/{record}/restore')
    assert.equal(byName.forceDelete.url, '/admin/articles/{record}/force-delete')

    const rows = Object.fromEntries(table.rows.map((row: any) => [row.title, row.actions]))
    assert.deepEqual(rows.Mine, ['edit', 'delete', 'publish', 'preview'])
    assert.deepEqual(rows.Theirs, ['preview'])
  })

  test('a hosted action authorizes, validates its data and runs in a transaction', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner, { title: 'Draft' })

    const response = await client
      .post(`/admin/articles/${article.id}/actions/publish`)
      .json(
        await versionedBody(`/admin/articles/${article.id}/actions/publish`, {
          note: 'ready',
          status: 'draft',
          ownerId: 999,
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    response.assertStatus(200)
    response.assertBody({ action: 'publish', message: 'Published Draft' })

    await article.refresh()
    assert.equal(article.status, 'published')
    assert.equal(article.ownerId, owner.id)
    const [log] = await AuditLog.all()
    assert.equal(log.subject, 'Draft: ready')
  })

  test('a denied user gets 403 and nothing changes', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const article = await createArticle(owner)
    const before = await snapshot(Article)

    const response = await client
      .post(`/admin/articles/${article.id}/actions/publish`)
      .withCsrfToken()
      .accept('json')
      .loginAs(other)
    response.assertStatus(403)
    assert.deepEqual(await snapshot(Article), before)
    assert.lengthOf(await AuditLog.all(), 0)
  })

  test('invalid action data answers field errors and changes nothing', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const before = await snapshot(Article)

    const response = await client
      .post(`/admin/articles/${article.id}/actions/publish`)
      .json(
        await versionedBody(`/admin/articles/${article.id}/actions/publish`, {
          note: 'x'.repeat(51),
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'note')
    assert.deepEqual(await snapshot(Article), before)
  })

  test('an action that throws is rolled back', async ({ client, assert }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const before = await snapshot(Article)
    hookFaults.add('publish')

    const response = await client
      .post(`/admin/articles/${article.id}/actions/publish`)
      .json(await versionedBody(`/admin/articles/${article.id}/actions/publish`))
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    response.assertStatus(500)
    assert.deepEqual(await snapshot(Article), before)
    assert.lengthOf(await AuditLog.all(), 0)
  })

  test('hosted actions without authorizeUsing never run (fail-closed)', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const article = await createArticle(admin)
    const before = await snapshot(Article)

    const response = await client
      .post(`/admin/articles/${article.id}/actions/archive`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(403)
    assert.deepEqual(await snapshot(Article), before)
  })

  test('unknown, URL-only and case-variant action names are refused', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const before = await snapshot(Article)

    for (const name of [
      'nope',
      'preview',
      'Publish',
      'PUBLISH',
      'edit',
      'delete',
      '__proto__',
      'constructor',
    ]) {
      const response = await client
        .post(`/admin/articles/${article.id}/actions/${name}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(owner)
      assert.equal(response.status(), 404, name)
    }
    assert.deepEqual(await snapshot(Article), before)
  })

  test('row actions resolve the record through the scoped query', async ({ client, assert }) => {
    const owner = await createUser()
    const trashed = await createArticle(owner, { deletedAt: DateTime.now() })
    const before = await snapshot(Article)

    for (const key of [String(trashed.id), '424242', 'abc']) {
      const response = await client
        .post(`/admin/articles/${key}/actions/publish`)
        .withCsrfToken()
        .accept('json')
        .loginAs(owner)
      assert.equal(response.status(), 404, key)
    }
    assert.deepEqual(await snapshot(Article), before)
  })
})

test.group('Actions | header actions', (group) => {
  withDatabase(group)

  test('the list page publishes the header actions the user may run', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const user = await createUser()

    const asAdmin = await client.get('/admin/articles').withInertia().loginAs(admin)
    assert.deepEqual(asAdmin.inertiaProps.headerActions, [
      {
        name: 'recount',
        label: 'Recount',
        color: 'gray',
        method: 'post',
        url: '/admin/articles/actions/recount?_kit_page=index',
        requiresConfirmation: false,
        hosted: true,
      },
      {
        name: 'export',
        label: 'Export',
        color: 'gray',
        method: 'get',
        url: '/exports/articles',
        requiresConfirmation: false,
        hosted: false,
      },
    ])

    const asUser = await client.get('/admin/articles').withInertia().loginAs(user)
    assert.deepEqual(
      asUser.inertiaProps.headerActions.map((action: any) => action.name),
      ['export']
    )

    /* a page without header actions publishes nothing extra */
    const posts = await client.get('/admin/posts').withInertia().loginAs(admin)
    assert.notProperty(posts.inertiaProps, 'headerActions')
  })

  test('the page-scoped endpoint strips _kit_page before validating the data', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/admin/articles/actions/recount')
      .qs({ _kit_page: 'index' })
      .json({ reason: 'monthly', _kit_page: 'edit' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    response.assertBody({ action: 'recount', message: 'Recounted: monthly' })
    const [log] = await AuditLog.all()
    assert.equal(log.subject, 'monthly')
  })

  test('header actions refuse the wrong page, unknown names, denied users and bad data', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const user = await createUser()

    const send = (
      name: string,
      page: string | undefined,
      who: any,
      data: any = { reason: 'ok!' }
    ) =>
      client
        .post(`/admin/articles/actions/${name}`)
        .qs(page === undefined ? {} : { _kit_page: page })
        .json(data)
        .withCsrfToken()
        .accept('json')
        .loginAs(who)

    const refusals: [string, string | undefined, any, number][] = [
      ['recount', 'edit', admin, 404],
      ['recount', undefined, admin, 404],
      ['recount', 'nope', admin, 404],
      ['export', 'index', admin, 404],
      ['Recount', 'index', admin, 404],
      ['recount', 'index', user, 403],
    ]
    for (const [name, page, who, status] of refusals) {
      const response = await send(name, page, who)
      assert.equal(response.status(), status, `${name} on ${page}`)
    }
    const invalid = await send('recount', 'index', admin, { reason: '' })
    invalid.assertStatus(422)
    assert.lengthOf(await AuditLog.all(), 0)
  })
})
