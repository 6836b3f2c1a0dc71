import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Gizmo from '../app/app/models/gizmo.ts'
import { createPost, createUser, withDatabase, versionedBody } from '../helpers.ts'
import app from '@adonisjs/core/services/app'
import { pruneAudit } from '../../index.ts'
import KitPruneAudit from '../../commands/kit_prune_audit.ts'

function json(request: any, user: any) {
  return request.withCsrfToken().accept('json').loginAs(user)
}

test.group('Audit pages | History of a record', (group) => {
  withDatabase(group)

  test('the History page lists the changes, newest first, with labels and formatted values', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'First' })
    await json(
      client
        .patch(`/admin/posts/${post.id}`)
        .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'Second' })),
      admin
    ).then((response: any) => response.assertStatus(200))
    await json(
      client
        .patch(`/admin/posts/${post.id}`)
        .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'Third' })),
      admin
    ).then((response: any) => response.assertStatus(200))

    const page = await client.get(`/admin/posts/${post.id}/history`).withInertia().loginAs(admin)
    page.assertStatus(200)
    page.assertInertiaComponent('kit/history')
    const audit = page.inertiaProps.kitAudit
    assert.equal(audit.kind, 'history')
    assert.equal(audit.title, 'History of Third')
    assert.lengthOf(audit.entries, 2)
    assert.equal(audit.entries[0].operation, 'Updated')
    assert.deepEqual(audit.entries[0].user, { label: admin.fullName!, url: null })
    assert.deepInclude(audit.entries[0].changes, { field: 'Title', old: 'Second', new: 'Third' })
    assert.deepInclude(audit.entries[1].changes, { field: 'Title', old: 'First', new: 'Second' })
    assert.isString(audit.entries[0].when)
    assert.isNotNull(page.inertiaProps.navigation)

    /* the edit page links to it */
    const edit = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(admin)
    assert.equal(edit.inertiaProps.historyUrl, `/admin/posts/${post.id}/history`)
  })

  test('404 outside the scoped query, 403 without the view ability; nothing leaks', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const stranger = await createUser()
    const gizmo = await Gizmo.create({ name: 'Private' })
    await json(
      client
        .patch(`/safety/gizmos/${gizmo.id}`)
        .json(await versionedBody(`/safety/gizmos/${gizmo.id}`, { name: 'Private, renamed' })),
      admin
    )
    assert.lengthOf(await db.from('kit_audit_entries'), 1)

    const denied = await client
      .get(`/safety/gizmos/${gizmo.id}/history`)
      .accept('json')
      .loginAs(stranger)
    denied.assertStatus(403)
    assert.notInclude(denied.text(), 'Private')
    const missing = await client.get('/safety/gizmos/999999/history').accept('json').loginAs(admin)
    missing.assertStatus(404)
    const allowed = await client
      .get(`/safety/gizmos/${gizmo.id}/history`)
      .accept('json')
      .loginAs(admin)
    allowed.assertStatus(200)
    assert.lengthOf(allowed.body().entries, 1)
  })

  test('a deleted record keeps its hidden values redacted in its row', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Secret', secretNote: 'the launch code' })
    await json(client.delete(`/admin/posts/${post.id}`), admin)
    const { default: AuditEntry } = await import('../../src/definitions/audit/audit_entry.ts').then(
      (module) => ({ default: module.KitAuditEntry })
    )
    const row = await AuditEntry.query().firstOrFail()
    assert.deepEqual(row.changes.secretNote, { old: '[redacted]', new: null })
  })
})

test.group('Audit pages | activity list', (group) => {
  withDatabase(group)

  test('auditors see the panel activity; others get 403 (fail-closed policy)', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true, email: `auditor-${Date.now()}@example.com` })
    const author = await createUser()
    const post = await createPost(admin, { title: 'Active' })
    await json(
      client
        .patch(`/admin/posts/${post.id}`)
        .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'Active, edited' })),
      admin
    )

    const page = await client.get('/admin/_activity').withInertia().loginAs(admin)
    page.assertStatus(200)
    page.assertInertiaComponent('kit/activity')
    const audit = page.inertiaProps.kitAudit
    assert.equal(audit.title, 'Activity')
    assert.lengthOf(audit.entries, 1)
    assert.deepEqual(audit.entries[0].record, {
      label: 'Active, edited',
      url: `/admin/posts/${post.id}/edit`,
    })

    const denied = await client.get('/admin/_activity').accept('json').loginAs(author)
    denied.assertStatus(403)
    /* an admin the policy does not name: denied too */
    const other = await createUser({ isAdmin: true })
    const refused = await client.get('/admin/_activity').accept('json').loginAs(other)
    refused.assertStatus(403)
    assert.notInclude(denied.text(), 'Active')
  })
})

test.group('Audit pages | retention', (group) => {
  withDatabase(group)

  test('pruneAudit() deletes rows older than retentionDays, keeps the others', async ({
    assert,
  }) => {
    const now = DateTime.fromISO('2026-06-01T12:00:00Z')
    const row = (days: number) => ({
      user_id: null,
      panel: 'admin',
      resource: 'posts',
      record_key: String(days),
      operation: 'update',
      changes: '{}',
      request_id: 'r',
      created_at: now.minus({ days }).toJSDate(),
    })
    await db.table('kit_audit_entries').multiInsert([row(40), row(31), row(29), row(1)])
    const removed = await pruneAudit({ retentionDays: 30 }, { now, batchSize: 1 })
    assert.equal(removed, 2)
    const left = await db.from('kit_audit_entries').orderBy('id')
    assert.deepEqual(
      left.map((entry: any) => entry.record_key),
      ['29', '1']
    )
    assert.equal(await pruneAudit({ retentionDays: null }), 0)
  })

  test('node ace kit:prune-audit deletes with the configured retention (or --days)', async ({
    assert,
  }) => {
    const old = DateTime.now().minus({ days: 45 }).toJSDate()
    const recent = DateTime.now().minus({ days: 10 }).toJSDate()
    const row = (createdAt: Date, key: string) => ({
      panel: 'admin',
      resource: 'posts',
      record_key: key,
      operation: 'update',
      changes: '{}',
      request_id: 'r',
      created_at: createdAt,
    })
    await db.table('kit_audit_entries').multiInsert([row(old, 'old'), row(recent, 'recent')])
    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')
    const command = await ace.create(KitPruneAudit, [])
    await command.exec()
    command.assertSucceeded()
    command.assertLogMatches(/Deleted 1 audit rows older than 30 days/)
    const left = await db.from('kit_audit_entries')
    assert.deepEqual(
      left.map((entry: any) => entry.record_key),
      ['recent']
    )
    const refused = await ace.create(KitPruneAudit, ['--days=0'])
    await refused.exec()
    assert.equal(refused.exitCode, 1)
  })
})
