import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Gizmo from '../app/app/models/gizmo.ts'
import { committed, committedAdmin } from '../committed.ts'
import { Article, createArticle, createUser, withDatabase } from '../helpers.ts'

async function gizmos(count: number, attributes: Partial<Gizmo> = {}) {
  const created: Gizmo[] = []
  for (let index = 0; index < count; index++) {
    created.push(await Gizmo.create({ name: `Gizmo ${index}`, ...attributes }))
  }
  return created
}

async function trash(records: { deletedAt: DateTime | null; save(): Promise<unknown> }[]) {
  for (const record of records) {
    record.deletedAt = DateTime.now()
    await record.save()
  }
}

test.group('Bulk actions | a policy that reads the database per record', (group) => {
  /* committed: the suite's global transaction would share its one
     connection with the policy and hide the wait */
  committed(group)

  test('{$self}: every record authorized, the chunk written, no wait for a connection')
    .with(['delete', 'activate', 'forceDelete'])
    .timeout(8000)
    .run(async ({ client, assert }, action) => {
      const admin = await committedAdmin()
      const records = await gizmos(5)
      const started = Date.now()
      const response = await client
        .post(`/safety/gizmos/bulk-actions/${action}`)
        .json({ records: records.map((record) => record.id) })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      const elapsed = Date.now() - started
      response.assertStatus(200)
      assert.deepInclude(response.body(), { action, affected: 5, refused: 0 })
      assert.isBelow(elapsed, 3000)

      const rows = await db.from('gizmos').orderBy('id')
      if (action === 'delete') {
        assert.isTrue(rows.every((row) => row.deleted_at !== null))
      } else if (action === 'activate') {
        assert.isTrue(rows.every((row) => Boolean(row.is_active)))
      } else {
        assert.lengthOf(rows, 0)
      }
    })

  test('query-wide: each chunk authorized before its transaction opens', async ({
    client,
    assert,
  }) => {
    const admin = await committedAdmin()
    await gizmos(7)
    const response = await client
      .post('/safety/gizmos/bulk-actions/delete')
      .json({ selectAll: true })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    assert.deepInclude(response.body(), { affected: 7, refused: 0 })
    const rows = await db.from('gizmos').whereNull('deleted_at')
    assert.lengthOf(rows, 0)
  }).timeout(8000)
})

test.group('Bulk actions | selected keys in the trashed scope the action needs', (group) => {
  withDatabase(group)

  test('restore by explicit keys restores the selected trashed records (no filter sent)', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const [first, second, kept] = [
      await createArticle(admin),
      await createArticle(admin),
      await createArticle(admin),
    ]
    await trash([first, second, kept])

    const response = await client
      .post('/admin/articles/bulk-actions/restore')
      .json({ records: [first.id, second.id] })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    assert.deepInclude(response.body(), { action: 'restore', affected: 2, refused: 0 })

    const articles = await Article.query().orderBy('id')
    assert.deepEqual(
      articles.map((article) => [article.id, article.deletedAt === null]),
      [
        [first.id, true],
        [second.id, true],
        [kept.id, false],
      ]
    )
  })

  test('force delete by explicit keys removes selected records, trashed or not', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const [trashedOne, live, kept] = [
      await createArticle(admin),
      await createArticle(admin),
      await createArticle(admin),
    ]
    await trash([trashedOne])

    const response = await client
      .post('/admin/articles/bulk-actions/forceDelete')
      .json({ records: [trashedOne.id, live.id] })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    assert.deepInclude(response.body(), { affected: 2, refused: 0 })
    const articles = await Article.query().orderBy('id')
    assert.deepEqual(
      articles.map((article) => article.id),
      [kept.id]
    )
  })

  test('delete by explicit keys never touches a trashed record again', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const [trashedOne, live] = [await createArticle(admin), await createArticle(admin)]
    await trash([trashedOne])
    const before = await Article.findOrFail(trashedOne.id)
    const trashedAt = before.deletedAt!.toMillis()

    const response = await client
      .post('/admin/articles/bulk-actions/delete')
      .json({ records: [trashedOne.id, live.id], filters: { trashed: 'with' } })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    assert.deepInclude(response.body(), { affected: 1 })
    const again = await Article.findOrFail(trashedOne.id)
    assert.equal(again.deletedAt!.toMillis(), trashedAt)
    await live.refresh()
    assert.isNotNull(live.deletedAt)
  })

  test('query-wide restore touches only trashed records the table shows', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const [trashedOne, live] = [await createArticle(admin), await createArticle(admin)]
    await trash([trashedOne])

    const withoutTrashed = await client
      .post('/admin/articles/bulk-actions/restore')
      .json({ selectAll: true })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    assert.deepInclude(withoutTrashed.body(), { affected: 0 })
    await trashedOne.refresh()
    assert.isNotNull(trashedOne.deletedAt)

    const withTrashed = await client
      .post('/admin/articles/bulk-actions/restore')
      .json({ selectAll: true, filters: { trashed: 'with' } })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    assert.deepInclude(withTrashed.body(), { affected: 1 })
    await trashedOne.refresh()
    await live.refresh()
    assert.isNull(trashedOne.deletedAt)
    assert.isNull(live.deletedAt)
  })
})
