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

test.group('Soft deletes | the preset bulk actions', (group) => {
  withDatabase(group)

  function bulk(client: any, user: any, name: string, body: Record<string, any>) {
    return client
      .post(`/admin/articles/bulk-actions/${name}`)
      .json(body)
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
  }

  function outcome(response: any) {
    const { action, affected, refused } = response.body()
    return { action, affected, refused }
  }

  function trashedAt(id: number) {
    return Article.query()
      .where('id', id)
      .first()
      .then((row) => row?.deletedAt?.toISO() ?? null)
  }

  test('the list offers delete, restore and delete permanently where they apply', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const owner = await createUser()
    await createArticle(admin)

    const offered = async (user: any, trashed?: string) => {
      const response = await list(client, user, trashed ? { filters: { trashed } } : {})
      response.assertStatus(200)
      return response.inertiaProps.table.bulkActions.map((action: any) => [
        action.name,
        action.label,
        action.url,
      ])
    }
    const markDraft = ['markDraft', 'Mark draft', '/admin/articles/bulk-actions/markDraft']
    const remove = ['delete', 'Delete', '/admin/articles/bulk-actions/delete']
    const restore = ['restore', 'Restore', '/admin/articles/bulk-actions/restore']
    const force = ['forceDelete', 'Delete permanently', '/admin/articles/bulk-actions/forceDelete']

    /* without trashed records (the default) nothing to restore */
    assert.deepEqual(await offered(admin), [markDraft, remove, force])
    assert.deepEqual(await offered(admin, 'without'), [markDraft, remove, force])
    assert.deepEqual(await offered(admin, 'with'), [markDraft, remove, restore, force])
    /* only trashed records: nothing to move to the trash */
    assert.deepEqual(await offered(admin, 'only'), [markDraft, restore, force])

    /* restoreAny and forceDeleteAny are the admins' */
    assert.deepEqual(await offered(owner, 'with'), [markDraft, remove])
  })

  test('bulk delete trashes the selected records the user may delete, and only those', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const mine = await createArticle(owner)
    const alsoMine = await createArticle(owner)
    const theirs = await createArticle(other)
    const untouched = await createArticle(owner)

    const response = await bulk(client, owner, 'delete', {
      records: [mine.id, alsoMine.id, theirs.id],
    })
    response.assertStatus(200)
    assert.deepEqual(outcome(response), { action: 'delete', affected: 2, refused: 1 })

    assert.isNotNull(await trashedAt(mine.id))
    assert.isNotNull(await trashedAt(alsoMine.id))
    assert.isNull(await trashedAt(theirs.id))
    assert.isNull(await trashedAt(untouched.id))
    const rows = await Article.query()
    assert.lengthOf(rows, 4)
  })

  test('bulk restore brings trashed records back; a selected record not in the trash is left alone', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const owner = await createUser()
    const gone = await createArticle(owner, { deletedAt: DateTime.now().minus({ days: 1 }) })
    const alsoGone = await createArticle(owner, { deletedAt: DateTime.now().minus({ days: 1 }) })
    const live = await createArticle(owner)

    /* the owner may not restore at all */
    const before = await snapshot(Article)
    const denied = await bulk(client, owner, 'restore', {
      records: [gone.id],
      filters: { trashed: 'only' },
    })
    denied.assertStatus(403)
    assert.deepEqual(await snapshot(Article), before)

    const response = await bulk(client, admin, 'restore', {
      records: [gone.id, live.id],
      filters: { trashed: 'with' },
    })
    response.assertStatus(200)
    /* the keys are resolved among trashed records only: the live one is not part of the set */
    assert.deepEqual(outcome(response), { action: 'restore', affected: 1, refused: 0 })
    assert.isNull(await trashedAt(gone.id))
    assert.isNotNull(await trashedAt(alsoGone.id))
    assert.isNull(await trashedAt(live.id))
  })

  test('bulk delete with trashed records listed leaves them as they were', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const live = await createArticle(owner)
    const gone = await createArticle(owner, { deletedAt: DateTime.now().minus({ days: 3 }) })
    const goneAt = await trashedAt(gone.id)

    const response = await bulk(client, owner, 'delete', {
      selectAll: true,
      filters: { trashed: 'with' },
    })
    /* delete resolves its records among live ones only */
    assert.deepEqual(outcome(response), { action: 'delete', affected: 1, refused: 0 })
    assert.isNotNull(await trashedAt(live.id))
    assert.equal(await trashedAt(gone.id), goneAt)
  })

  test('bulk delete permanently removes trashed and live rows the admin selects', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const owner = await createUser()
    const live = await createArticle(owner)
    const gone = await createArticle(owner, { deletedAt: DateTime.now() })
    const kept = await createArticle(owner, { deletedAt: DateTime.now() })

    const denied = await bulk(client, owner, 'forceDelete', {
      records: [live.id],
      filters: { trashed: 'with' },
    })
    denied.assertStatus(403)

    const response = await bulk(client, admin, 'forceDelete', {
      records: [live.id, gone.id],
      filters: { trashed: 'with' },
    })
    assert.deepEqual(outcome(response), { action: 'forceDelete', affected: 2, refused: 0 })
    const remaining = await Article.query().orderBy('id')
    assert.deepEqual(
      remaining.map((row) => row.id),
      [kept.id]
    )
  })

  test('an Inertia bulk delete redirects back to the list in its filter state', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const listUrl = '/admin/articles?filters%5Btrashed%5D=with'

    const response = await client
      .post('/admin/articles/bulk-actions/delete')
      .json({ records: [article.id], filters: { trashed: 'with' } })
      .header('referer', listUrl)
      .withCsrfToken()
      .withInertia()
      .loginAs(owner)
      .redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), listUrl)
    assert.isNotNull(await trashedAt(article.id))
  })
})
