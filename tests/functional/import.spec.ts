import { test } from '@japa/runner'
import { AuditLog, Post, createPost, createUser, withDatabase, type User } from '../helpers.ts'
import { spawn } from 'node:child_process'
import { DateTime } from 'luxon'
import { createJob, findJob, updateJob, JOBS_TABLE } from '../../src/runtime/jobs/job_store.ts'
import { executeJob, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
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

/**
 * An import request with an uploaded file (multipart) and form fields.
 */
function uploadImport(
  client: any,
  user: User,
  file: Buffer,
  filename: string,
  fields: Record<string, string> = {}
) {
  let request = client.post('/exports/export-posts/actions/import?_kit_page=index')
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value)
  return request.file('file', file, { filename }).withCsrfToken().accept('json').loginAs(user)
}

/**
 * Wait for an accepted import and check its counts; answers the job.
 */
async function completedImport(
  assert: any,
  response: any,
  expected: { total: number; processed: number; failed: number }
) {
  response.assertStatus(202)
  const job = await waitForJob(response.body().job.id)
  assert.equal(job.status, 'completed', job.error ?? '')
  assert.deepEqual({ total: job.total, processed: job.processed, failed: job.failed }, expected)
  return job
}

/** Title, body and status of the posts a user imported, in order */
async function importedPosts(user: User) {
  const posts = await Post.query().where('author_id', user.id).orderBy('id')
  return posts.map((post) => [post.title, post.body, post.status])
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
  /* imports run as jobs (the embedded worker); waitForJob allows them 60 s */
  group.each.timeout(90_000)
  withDatabase(group)

  test('invalid rows are refused, exactly the valid ones are written, hooks ran per row', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await startImport(client, user, { csv: CSV })
    const job = await completedImport(assert, response, { total: 6, processed: 3, failed: 3 })
    assert.deepEqual(await importedPosts(user), [
      ['First', 'One', 'published'],
      ['Second', 'Two', 'draft'],
      ['Fourth, with comma', 'Quoted "body"', 'published'],
    ])
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
    /* the mapping names columns by their label, else their form field's, never the raw key */
    assert.deepEqual(preview.body().preview.columns, [
      { name: 'title', label: 'Title' },
      { name: 'body', label: 'Body' },
      { name: 'status', label: 'Status' },
    ])
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

  test('an uploaded file (multipart) larger than a read piece: previewed from its head, imported streamed', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    /* a BOM, CRLF lines, quoted cells with commas, quotes, line breaks and multibyte
       characters, over 200 KB so the file is read in several pieces */
    const count = 1500
    const lines = Array.from({ length: count }, (_, index) =>
      index % 500 === 499
        ? `,no title ${index},draft`
        : `"Streamed ${index}, é東😀","line one\r\nline ""two"" ${'x'.repeat(100)}",draft`
    )
    const file = Buffer.from(`\uFEFFTitle,body,state\r\n${lines.join('\r\n')}\r\n`)
    assert.isAbove(file.length, 200 * 1024)
    const upload = (fields: Record<string, string>) =>
      uploadImport(client, user, file, 'posts.csv', fields)

    const preview = await upload({ preview: 'true' })
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.headers, ['Title', 'body', 'state'])

    const response = await upload({})
    response.assertStatus(202)
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    assert.equal(job.total, count)
    assert.equal(job.failed, 3)
    assert.equal(job.processed, count - 3)
    const posts = await Post.query().where('author_id', user.id).orderBy('id')
    assert.lengthOf(posts, count - 3)
    assert.equal(posts[0].title, 'Streamed 0, é東😀')
    assert.equal(posts[0].body, `line one\r\nline "two" ${'x'.repeat(100)}`)
    assert.equal(posts.at(-1)!.title, `Streamed ${count - 2}, é東😀`)
    const report = await readJobFile(job, 'report')
    assert.deepEqual(
      report.rows.slice(1).map((row) => [row[0], row[1], row[2]]),
      [
        ['501', '', 'no title 499'],
        ['1001', '', 'no title 999'],
        ['1501', '', 'no title 1499'],
      ]
    )
  }).timeout(90_000)

  test('an XLSX workbook: previewed, imported from its first worksheet, refused rows reported', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { default: ExcelJS } = await import('exceljs')
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Posts')
    sheet.addRow(['Title', 'body', 'state'])
    sheet.addRow(['From Excel', { richText: [{ text: 'Rich ' }, { text: 'body' }] }, 'published'])
    sheet.addRow([null, 'missing title', 'draft'])
    sheet.addRow([42, { formula: '"Computed"', result: 'Computed' }, 'draft'])
    sheet.addRow(['Shared, é東😀', 'Shared, é東😀', 'archived'])
    workbook.addWorksheet('Ignored').addRow(['Title', 'body', 'state'])
    const file = Buffer.from(await workbook.xlsx.writeBuffer())
    const upload = (fields: Record<string, string>) =>
      uploadImport(client, user, file, 'posts.xlsx', fields)

    const preview = await upload({ preview: 'true' })
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.headers, ['Title', 'body', 'state'])

    /* the mapping as the panel's dialog sends it in a multipart form: JSON */
    const broken = await upload({ mapping: '{"title": "Title"' })
    broken.assertStatus(422)
    assert.deepEqual(broken.body().errors, [
      { field: 'mapping', message: 'The mapping is not valid JSON', rule: 'mapping' },
    ])
    const response = await upload({ mapping: JSON.stringify(preview.body().preview.mapping) })
    const job = await completedImport(assert, response, { total: 4, processed: 2, failed: 2 })
    assert.deepEqual(await importedPosts(user), [
      ['From Excel', 'Rich body', 'published'],
      ['42', 'Computed', 'draft'],
    ])
    /* the report: the refused rows at their line in the sheet, as the cells read */
    const report = await readJobFile(job, 'report')
    assert.deepEqual(
      report.rows.map((row) => row.slice(0, 4)),
      [
        ['row', 'Title', 'body', 'state'],
        ['3', '', 'missing title', 'draft'],
        ['5', 'Shared, é東😀', 'Shared, é東😀', 'archived'],
      ]
    )
  }).timeout(90_000)

  test('a file that is not a workbook is a per-field error and nothing is written', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const jobsBefore = await db.from(JOBS_TABLE).count('* as total')
    /* a workbook cut in half (its type still reads as XLSX), and text named .xlsx */
    const { default: ExcelJS } = await import('exceljs')
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('Posts').addRow(['Title', 'body', 'state'])
    const whole = Buffer.from(await workbook.xlsx.writeBuffer())
    const cases: [Buffer, string][] = [
      [whole.subarray(0, Math.floor(whole.length / 2)), 'The file is not a readable XLSX workbook'],
      [Buffer.from('Title,body\r\nnot,a zip'), 'Choose a CSV or XLSX file'],
    ]
    for (const [file, message] of cases) {
      for (const fields of [{ preview: 'true' }, {}] as Record<string, string>[]) {
        const response = await uploadImport(client, user, file, 'posts.xlsx', fields)
        response.assertStatus(422)
        assert.deepEqual(response.body().errors, [{ field: 'file', message, rule: 'file' }])
      }
    }
    const jobsAfter = await db.from(JOBS_TABLE).count('* as total')
    assert.equal(Number(jobsAfter[0].total), Number(jobsBefore[0].total))
    assert.lengthOf(await Post.query().where('author_id', user.id), 0)
  })

  test('a refused user gets 403 and nothing is written', async ({ client, assert }) => {
    const refused = await createUser({ email: 'no-export@example.com' })
    const response = await startImport(client, refused, { csv: CSV })
    response.assertStatus(403)
    assert.lengthOf(await Post.query().where('author_id', refused.id), 0)
    assert.isNull(await findJob('00000000-0000-0000-0000-000000000000'))
  })
})

test.group('Import | a worker process killed mid-way', (group) => {
  /* committed writes: the worker is another process with its own connection */
  group.each.timeout(90_000)
  const cleanup: (() => Promise<unknown>)[] = []
  group.each.teardown(async () => {
    for (const step of cleanup.splice(0).reverse()) await step()
  })

  test('without a key: SIGKILL, then another worker resumes; every row written exactly once', async ({
    assert,
  }) => {
    const user = await createUser()
    cleanup.push(() => user.delete())
    cleanup.push(() => Post.query().where('author_id', user.id).delete())
    const titles = Array.from(
      { length: 120 },
      (_, index) => `Killed ${String(index).padStart(3, '0')}`
    )
    /* every 20th row is refused (an unknown status) */
    const lines = titles.map(
      (title, index) => `${title},body ${index},${index % 20 === 7 ? 'unknown' : 'draft'}`
    )
    const refusedCount = titles.filter((_, index) => index % 20 === 7).length
    cleanup.push(() => AuditLog.query().whereIn('subject', titles).delete())

    const disk = await jobOptions().disk()
    const file = `kit-imports/killed-${Date.now()}/source.csv`
    await disk.put(file, ['title,body,status', ...lines, ''].join('\r\n'))
    const job = await createJob({
      kind: 'import',
      userId: String(user.id),
      panel: 'exports',
      mount: 'kit.exports.export-posts.index',
      tenantKey: null,
      payload: { action: 'import', file, mapping: { title: 0, body: 1, status: 2 }, dryRun: false },
    })
    cleanup.push(() => db.from(JOBS_TABLE).where('id', job.id).delete())

    /* the first worker: a separate process, killed when it writes to the disk
       for the 8th time (at the end of a chunk, or after a refused row) */
    const worker = spawn(
      process.execPath,
      ['--import=@poppinss/ts-exec', 'tests/fixtures/job_worker.ts', job.id],
      { env: { ...process.env, KIT_WORKER_HANG_AT_PUT: '8' }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    worker.stdout.on('data', (chunk) => (output += chunk))
    worker.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise<void>((resolve) => worker.on('exit', () => resolve()))
    const deadline = Date.now() + 60_000
    while (!output.includes('hung')) {
      assert.isNull(worker.exitCode, `the worker ended before it was killed\n${output}`)
      assert.isBelow(Date.now(), deadline, `the worker did not get there in 60 s\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    worker.kill('SIGKILL')
    await exited

    /* what the dead worker left: the rows it committed, and the cursor and counts with them */
    const left = (await findJob(job.id))!
    assert.equal(left.status, 'running')
    assert.isAbove(left.processed, 0)
    assert.isBelow(left.processed + left.failed, titles.length)
    const written = await Post.query().where('author_id', user.id).count('* as total')
    assert.equal(Number(written[0].$extras.total), left.processed)
    assert.equal(Number(left.cursor), left.processed + left.failed)

    /* a second worker takes it over once the heartbeat is stale */
    assert.isFalse(await executeJob(job.id))
    await updateJob(job.id, { heartbeatAt: DateTime.now().minus({ minutes: 5 }).toJSDate() })
    assert.isTrue(await executeJob(job.id))

    const done = (await findJob(job.id))!
    assert.equal(done.status, 'completed', done.error ?? '')
    assert.equal(done.attempts, 2)
    assert.equal(done.processed, titles.length - refusedCount)
    assert.equal(done.failed, refusedCount)

    /* each valid row exactly once, and its after hook's row exactly once */
    const posts = await Post.query().where('author_id', user.id).orderBy('title')
    const expected = titles.filter((_, index) => index % 20 !== 7)
    assert.deepEqual(
      posts.map((post) => post.title),
      expected
    )
    const logs = await AuditLog.query()
      .where('event', 'imported')
      .whereIn('subject', titles)
      .orderBy('subject')
    assert.deepEqual(
      logs.map((log) => log.subject),
      expected
    )
    /* the report lists each refused row once */
    const report = await readJobFile(done, 'report')
    assert.deepEqual(
      report.rows.slice(1).map((row) => row[1]),
      titles.filter((_, index) => index % 20 === 7)
    )
  })
})
