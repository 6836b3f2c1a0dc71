import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Note from '../app/app/models/note.ts'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import { countQueries } from '../page_helpers.ts'

/**
 * An audit row as the kit writes it (the display does not depend on who
 * wrote it).
 */
function row(panel: string, resource: string, recordKey: unknown, userId: unknown) {
  return {
    user_id: userId === null ? null : String(userId),
    panel,
    resource,
    record_key: String(recordKey),
    operation: 'update',
    changes: '{}',
    request_id: 'r',
    created_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
  }
}

async function activity(client: any, user: any, prefix: string) {
  const response = await client.get(`${prefix}/_activity`).withInertia().loginAs(user)
  response.assertStatus(200)
  return response
}

test.group('Audit links | activity list and History', (group) => {
  withDatabase(group)

  test('records the user may open show their title and link; others their key only', async ({
    client,
    assert,
  }) => {
    const auditor = await createUser({ isAdmin: true, email: `auditor-${Date.now()}@example.com` })
    const post = await createPost(auditor, { title: 'Linked post' })
    const gone = await createPost(auditor, { title: 'Deleted post' })
    /* NoteResource denies every operation: its title must not leak */
    const note = await Note.create({ content: 'Confidential note' })
    await db
      .table('kit_audit_entries')
      .multiInsert([
        row('admin', 'posts', post.id, auditor.id),
        row('admin', 'posts', gone.id, auditor.id),
        row('admin', 'notes', note.id, auditor.id),
        row('admin', 'posts', 'not-a-key', null),
      ])
    await gone.delete()

    const page = await activity(client, auditor, '/admin')
    const entries = page.inertiaProps.kitAudit.entries
    const byKey = (label: string) => entries.find((entry: any) => entry.record.label === label)
    assert.deepEqual(byKey('Linked post').record, {
      label: 'Linked post',
      url: `/admin/posts/${post.id}/edit`,
    })
    assert.deepEqual(byKey(`Post #${gone.id}`).record, { label: `Post #${gone.id}`, url: null })
    assert.deepEqual(byKey(`Note #${note.id}`).record, { label: `Note #${note.id}`, url: null })
    assert.deepEqual(byKey('Post #not-a-key').user, { label: 'Guest', url: null })
    assert.notInclude(JSON.stringify(page.inertiaProps.kitAudit), 'Confidential')
    assert.notInclude(JSON.stringify(page.inertiaProps.kitAudit), 'Deleted post')
    /* no resource of the user model in this panel, no userTitle: its full name */
    assert.deepEqual(byKey('Linked post').user, { label: auditor.fullName!, url: null })
  })

  test("the users' resource names and links the acting users within its scope", async ({
    client,
    assert,
  }) => {
    const auditor = await createUser({ isAdmin: true, email: `auditor-${Date.now()}@example.com` })
    const hidden = await createUser({ email: `hidden-${Date.now()}@example.com` })
    const post = await createPost(auditor, { title: 'People post' })
    await db
      .table('kit_audit_entries')
      .multiInsert([
        row('people', 'posts', post.id, auditor.id),
        row('people', 'users', hidden.id, hidden.id),
      ])
    const page = await activity(client, auditor, '/people')
    const entries = page.inertiaProps.kitAudit.entries
    const [hiddenRow, postRow] = entries
    assert.deepEqual(postRow.user, {
      label: auditor.email,
      url: `/people/users/${auditor.id}/edit`,
    })
    assert.deepEqual(postRow.record, { label: 'People post', url: `/people/posts/${post.id}/edit` })
    /* outside the users' scope: neither the record nor the actor is named */
    assert.deepEqual(hiddenRow.user, { label: `User #${hidden.id}`, url: null })
    assert.deepEqual(hiddenRow.record, { label: `User #${hidden.id}`, url: null })
    assert.notInclude(JSON.stringify(entries), hidden.email)

    /* the History page names the actor the same way */
    const history = await client
      .get(`/people/posts/${post.id}/history`)
      .withInertia()
      .loginAs(auditor)
    history.assertStatus(200)
    assert.deepEqual(history.inertiaProps.kitAudit.entries[0].user, postRow.user)
  })

  test('audit.userTitle names the users by an attribute', async ({ client, assert }) => {
    const auditor = await createUser({
      isAdmin: true,
      email: `auditor-${Date.now()}@example.com`,
      fullName: 'Ada Auditor',
    })
    const post = await createPost(auditor)
    await db.table('kit_audit_entries').insert(row('crew', 'posts', post.id, auditor.id))
    const page = await activity(client, auditor, '/crew')
    const entries = page.inertiaProps.kitAudit.entries
    assert.deepEqual(entries[0].user, { label: 'Ada Auditor', url: null })
  })

  test('a page of rows costs the same queries as a page of one row (no N+1)', async ({
    client,
    assert,
  }) => {
    const auditor = await createUser({ isAdmin: true, email: `auditor-${Date.now()}@example.com` })
    const post = await createPost(auditor)
    await db.table('kit_audit_entries').insert(row('people', 'posts', post.id, auditor.id))
    await db.table('kit_audit_entries').insert(row('people', 'users', auditor.id, auditor.id))
    const one = await countQueries(() => activity(client, auditor, '/people'))

    const others = await Promise.all(Array.from({ length: 20 }, () => createUser()))
    for (const user of others) {
      const owned = await createPost(user)
      await db
        .table('kit_audit_entries')
        .multiInsert([
          row('people', 'posts', owned.id, user.id),
          row('people', 'users', user.id, user.id),
        ])
    }
    const many = await countQueries(() => activity(client, auditor, '/people'))
    assert.lengthOf(many.result.inertiaProps.kitAudit.entries, 25)
    assert.equal(many.count, one.count)
    assert.isAtMost(one.count, 8)
  })
})
