import { test } from '@japa/runner'
import { AuditLog, Post, createPost, createUser, withDatabase, type User } from '../helpers.ts'
import { findJob, JOBS_TABLE } from '../../src/runtime/jobs/job_store.ts'
import { readJobFile, waitForJob } from '../../src/runtime/jobs/job_waiting.ts'
import db from '@adonisjs/lucid/services/db'

function startImport(client: any, user: User, body: Record<string, unknown>, name = 'import') {
  return client
    .post(`/exports/export-posts/actions/${name}?_kit_page=index`)
    .json(body)
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

const CSV = [
  'Title,body,state',
  'First,One,published',
  ',missing title,draft',
  'Second,Two,draft',
  'Third,Three,archived',
  'explode,the hook throws,draft',
  '"Fourth, with comma","Quoted ""body""",published',
  '',
].join('\r\n')

test.group('Import', (group) => {
  withDatabase(group)

  test('invalid rows are refused, exactly the valid ones are written, hooks ran per row', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await startImport(client, user, { csv: CSV })
    response.assertStatus(202)
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    assert.equal(job.total, 6)
    assert.equal(job.processed, 3)
    assert.equal(job.failed, 3)

    const posts = await Post.query().where('author_id', user.id).orderBy('id')
    assert.deepEqual(
      posts.map((post) => [post.title, post.body, post.status]),
      [
        ['First', 'One', 'published'],
        ['Second', 'Two', 'draft'],
        ['Fourth, with comma', 'Quoted "body"', 'published'],
      ]
    )
    /* the after hook ran once per written row; the throwing one rolled back */
    const logs = await AuditLog.query().where('event', 'imported').orderBy('id')
    assert.deepEqual(
      logs.map((log) => log.subject),
      ['First', 'Second', 'Fourth, with comma']
    )
    assert.isNull(await Post.findBy('title', 'explode'))

    /* the report lists the refused rows with their line and errors */
    const status = await client.get(response.body().job.statusUrl).accept('json').loginAs(user)
    assert.isString(status.body().reportUrl)
    const report = await readJobFile(job, 'report')
    assert.deepEqual(report.rows[0], ['row', 'Title', 'body', 'state', 'errors'])
    assert.deepEqual(
      report.rows.slice(1).map((row) => row[0]),
      ['3', '5', '6']
    )
    assert.match(report.rows[1][4], /title/)
    assert.match(report.rows[2][4], /status/)
    assert.match(report.rows[3][4], /hook refused/)
    const other = await createUser()
    const asOther = await client.get(status.body().reportUrl).loginAs(other)
    asOther.assertStatus(404)
  })

  test('a dry run validates every row and writes nothing', async ({ client, assert }) => {
    const user = await createUser()
    const before = await Post.query().count('* as total')
    const response = await startImport(client, user, { csv: CSV, dryRun: true })
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.status, 'completed')
    assert.equal(job.result!.dryRun, true)
    assert.equal(job.result!.written, 0)
    /* the hook does not run in a dry run: "explode" passes validation */
    assert.equal(job.failed, 2)
    const after = await Post.query().count('* as total')
    assert.equal(after[0].$extras.total, before[0].$extras.total)
    assert.lengthOf(await AuditLog.query().where('event', 'imported'), 0)
  })

  test('with a key, a re-run updates instead of inserting', async ({ client, assert }) => {
    const user = await createUser()
    const csv = 'title,body,status\r\nKeyed one,v1,draft\r\nKeyed two,v1,draft\r\n'
    const first = await startImport(client, user, { csv }, 'importByTitle')
    await waitForJob(first.body().job.id)
    const again = await startImport(
      client,
      user,
      { csv: csv.replaceAll('v1', 'v2') },
      'importByTitle'
    )
    const job = await waitForJob(again.body().job.id)
    assert.equal(job.processed, 2)
    const posts = await Post.query().whereIn('title', ['Keyed one', 'Keyed two']).orderBy('id')
    assert.deepEqual(
      posts.map((post) => [post.title, post.body]),
      [
        ['Keyed one', 'v2'],
        ['Keyed two', 'v2'],
      ]
    )
    assert.lengthOf(await AuditLog.query().where('event', 'reimported'), 2)
  })

  test('a key outside the scope is not updated: it is created in the scope', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const hidden = await createPost(owner, { title: 'Hidden draft', status: 'draft', body: 'mine' })
    const response = await startImport(
      client,
      other,
      { csv: 'title,body,status\r\nHidden draft,overwritten,draft\r\n' },
      'importByTitle'
    )
    await waitForJob(response.body().job.id)
    await hidden.refresh()
    assert.equal(hidden.body, 'mine')
    const created = await Post.query().where('title', 'Hidden draft').where('author_id', other.id)
    assert.lengthOf(created, 1)
  })

  test('the mapping step: headers and guessed mapping; a mapping to an unknown header is a 422', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const preview = await startImport(client, user, { csv: CSV, preview: true })
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.headers, ['Title', 'body', 'state'])
    assert.deepEqual(preview.body().preview.mapping, {
      title: 'Title',
      body: 'body',
      status: 'state',
    })

    const before = await db.from(JOBS_TABLE).count('* as total')
    const refused = await startImport(client, user, { csv: CSV, mapping: { title: 'Nope' } })
    refused.assertStatus(422)
    const missing = await startImport(client, user, {})
    missing.assertStatus(422)
    const after = await db.from(JOBS_TABLE).count('* as total')
    assert.equal(Number(after[0].total), Number(before[0].total))

    /* an explicit mapping: body read from the "state" column */
    const mapped = await startImport(client, user, {
      csv: 'a,b\r\nMapped,draft\r\n',
      mapping: { title: 'a', status: 'b' },
    })
    const job = await waitForJob(mapped.body().job.id)
    assert.equal(job.processed, 1)
    assert.isNotNull(await Post.findBy('title', 'Mapped'))
  })

  test('a refused user gets 403 and nothing is written', async ({ client, assert }) => {
    const refused = await createUser({ email: 'no-export@example.com' })
    const response = await startImport(client, refused, { csv: CSV })
    response.assertStatus(403)
    assert.lengthOf(await Post.query().where('author_id', refused.id), 0)
    assert.isNull(await findJob('00000000-0000-0000-0000-000000000000'))
  })
})
