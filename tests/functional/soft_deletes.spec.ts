import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { hookFaults } from '../app/app/hook_faults.ts'
import { Article, AuditLog, createArticle, createUser, snapshot, withDatabase } from '../helpers.ts'

function list(client: any, user: any, qs: Record<string, any> = {}) {
  return client.get('/admin/articles').qs(qs).withInertia().loginAs(user)
}

test.group('Soft deletes | preset', (group) => {
  withDatabase(group)
  group.each.teardown(() => hookFaults.clear())

  test('DELETE moves a record to the trash; trashed records leave the default list', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner, { title: 'Binned' })
    await createArticle(owner, { title: 'Kept' })

    const response = await client
      .delete(`/admin/articles/${article.id}`)
      .withCsrfToken()
      .withInertia()
      .loginAs(owner)
      .redirects(0)
    response.assertStatus(303)

    await article.refresh()
    assert.isTrue(DateTime.isDateTime(article.deletedAt))

    const listed = await list(client, owner)
    const table = listed.inertiaProps.table
    assert.deepEqual(
      table.rows.map((row: any) => row.title),
      ['Kept']
    )
    assert.deepEqual(table.filters.at(-1), {
      name: 'trashed',
      label: 'Trashed records',
      type: 'select',
      options: [
        { value: 'without', label: 'Without trashed' },
        { value: 'with', label: 'With trashed' },
        { value: 'only', label: 'Only trashed' },
      ],
      value: null,
    })
  })

  test('the trashed filter shows with or only trashed records', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await createArticle(admin, { title: 'Live' })
    await createArticle(admin, { title: 'Gone', deletedAt: DateTime.now() })

    const titles = async (trashed: string) => {
      const response = await list(client, admin, { filters: { trashed }, sort: 'title' })
      return response.inertiaProps.table.rows.map((row: any) => [
        row.title,
        row.trashed,
        row.actions,
      ])
    }
    assert.deepEqual(await titles('with'), [
      ['Gone', true, ['restore', 'forceDelete']],
      ['Live', false, ['edit', 'delete', 'forceDelete', 'publish', 'preview']],
    ])
    assert.deepEqual(await titles('only'), [['Gone', true, ['restore', 'forceDelete']]])
    assert.deepEqual(await titles('bogus'), [
      ['Live', false, ['edit', 'delete', 'forceDelete', 'publish', 'preview']],
    ])
  })

  test('trashed records are not found by the record routes', async ({ client, assert }) => {
    const owner = await createUser()
    const article = await createArticle(owner, { deletedAt: DateTime.now() })
    const before = await snapshot(Article)

    const page = await client.get(`/admin/articles/${article.id}/edit`).withInertia().loginAs(owner)
    page.assertStatus(404)
    const update = await client
      .patch(`/admin/articles/${article.id}`)
      .json({ title: 'x', status: 'draft' })
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    update.assertStatus(404)
    const again = await client
      .delete(`/admin/articles/${article.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    again.assertStatus(404)
    assert.deepEqual(await snapshot(Article), before)
  })

  test('restore is authorized on its own (restore), runs its hooks in the transaction', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const admin = await createUser({ isAdmin: true })
    const article = await createArticle(owner, { title: 'Back', deletedAt: DateTime.now() })
    const before = await snapshot(Article)

    /* the owner may delete but not restore */
    const denied = await client
      .post(`/admin/articles/${article.id}/restore`)
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    denied.assertStatus(403)
    assert.deepEqual(await snapshot(Article), before)

    const allowed = await client
      .post(`/admin/articles/${article.id}/restore`)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    allowed.assertStatus(302)
    await article.refresh()
    assert.isNull(article.deletedAt)
    const [log] = await AuditLog.all()
    assert.equal(log.event, 'restored')

    /* a live record cannot be "restored" */
    const live = await client
      .post(`/admin/articles/${article.id}/restore`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    live.assertStatus(404)
  })

  test('force delete is authorized on its own (forceDelete) and removes the row', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const admin = await createUser({ isAdmin: true })
    const article = await createArticle(owner, { deletedAt: DateTime.now() })
    const before = await snapshot(Article)

    const denied = await client
      .delete(`/admin/articles/${article.id}/force-delete`)
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    denied.assertStatus(403)
    assert.deepEqual(await snapshot(Article), before)

    const allowed = await client
      .delete(`/admin/articles/${article.id}/force-delete`)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    allowed.assertStatus(303)
    assert.isNull(await Article.find(article.id))
    const [log] = await AuditLog.all()
    assert.equal(log.event, 'forceDeleted')
  })

  test('a throwing {$self} hook rolls the lifecycle change back')
    .with(['afterRestore', 'afterForceDelete'])
    .run(async ({ client, assert }, hook) => {
      const admin = await createUser({ isAdmin: true })
      const article = await createArticle(admin, { deletedAt: DateTime.now() })
      const before = await snapshot(Article)
      hookFaults.add(hook)

      const request =
        hook === 'afterRestore'
          ? client.post(`/admin/articles/${article.id}/restore`)
          : client.delete(`/admin/articles/${article.id}/force-delete`)
      const response = await request.withCsrfToken().accept('json').loginAs(admin)
      response.assertStatus(500)
      assert.deepEqual(await snapshot(Article), before)
      assert.lengthOf(await AuditLog.all(), 0)
    })

  test('resources without the preset have no lifecycle routes', async ({ client }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/admin/posts/1/restore')
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(404)
  })
})
