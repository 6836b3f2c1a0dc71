import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { rm } from 'node:fs/promises'
import { createUser, snapshot, versionAt, withDatabase } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochurePage from '../app/app/models/brochure_page.ts'
import { JPEG, PNG, diskRoot, privateDiskRoot, storedFiles } from '../upload_helpers.ts'
import { configureJobs, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
import { waitForJob } from '../../src/runtime/jobs/job_waiting.ts'

type Client = ApiClient
type Admin = Awaited<ReturnType<typeof createUser>>

/** Create a brochure with a cover and a gallery of two images over HTTP */
async function brochureWithFiles(client: Client, admin: Admin, title: string) {
  const response = await client
    .post('/media/brochures')
    .field('title', title)
    .file('cover', PNG, { filename: 'a.png' })
    .file('gallery[]', PNG, { filename: 'b.png' })
    .file('gallery[]', JPEG, { filename: 'c.jpg' })
    .withCsrfToken()
    .accept('json')
    .loginAs(admin)
  response.assertStatus(201)
  return Brochure.findByOrFail('title', title)
}

/** Create a page with an attachment under a brochure over HTTP */
async function pageWithFile(client: Client, admin: Admin, brochure: Brochure, caption: string) {
  const response = await client
    .post(`/media/brochures/${brochure.id}/relations/pages`)
    .field('caption', caption)
    .file('attachment', PNG, { filename: 'page.png' })
    .withCsrfToken()
    .accept('json')
    .loginAs(admin)
  response.assertStatus(201)
  const page = await BrochurePage.findByOrFail('caption', caption)
  return page
}

function bulk(client: Client, admin: Admin, url: string, records: number[]) {
  return client.post(url).json({ records }).withCsrfToken().accept('json').loginAs(admin)
}

test.group('File uploads | bulk and relation deletes remove files after the commit', (group) => {
  withDatabase(group)
  group.each.setup(() => rm(diskRoot, { recursive: true, force: true }))

  test('bulk delete removes the files of every deleted record, not of the others', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const first = await brochureWithFiles(client, admin, 'First')
    const second = await brochureWithFiles(client, admin, 'Second')
    const kept = await brochureWithFiles(client, admin, 'Kept')
    assert.lengthOf(await storedFiles(), 9)

    const response = await bulk(client, admin, '/media/brochures/bulk-actions/delete', [
      first.id,
      second.id,
    ])
    response.assertStatus(200)
    const remaining = await Brochure.all()
    assert.deepEqual(
      remaining.map((row) => row.id),
      [kept.id]
    )
    await kept.refresh()
    assert.deepEqual(await storedFiles(), [kept.cover!, ...JSON.parse(kept.gallery!)].sort())
  })

  test('a custom bulk action that deletes records removes their files; one that rolls back keeps them', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const gone = await brochureWithFiles(client, admin, 'Gone')
    /* the after hooks refuse "explode" over HTTP: renamed directly */
    const explode = await brochureWithFiles(client, admin, 'Explosive')
    await explode.merge({ title: 'explode' }).save()
    const other = await brochureWithFiles(client, admin, 'Other')
    const before = await snapshot(Brochure)
    const files = await storedFiles()

    /* "explode" throws after its delete: the chunk (both records) rolls back */
    const refused = await bulk(client, admin, '/media/brochures/bulk-actions/purge', [
      gone.id,
      explode.id,
    ])
    refused.assertStatus(422)
    assert.deepEqual(await snapshot(Brochure), before)
    assert.deepEqual(await storedFiles(), files)

    const done = await bulk(client, admin, '/media/brochures/bulk-actions/purge', [gone.id])
    done.assertStatus(200)
    assert.isNull(await Brochure.find(gone.id))
    await other.refresh()
    await explode.refresh()
    assert.deepEqual(
      await storedFiles(),
      [other, explode].flatMap((row) => [row.cover!, ...JSON.parse(row.gallery!)]).sort()
    )
  })

  test('relation manager: delete (trash) keeps the file, force delete removes it, a throwing hook keeps it', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Pages' })
    const page = await pageWithFile(client, admin, brochure, 'One')
    const explode = await pageWithFile(client, admin, brochure, 'explode')
    const base = `/media/brochures/${brochure.id}/relations/pages`
    assert.lengthOf(await storedFiles(), 2)

    /* to the trash: the files stay (the record can be restored) */
    const trashed = await client
      .delete(`${base}/${page.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    trashed.assertStatus(200)
    await page.refresh()
    assert.isNotNull(page.deletedAt)
    assert.deepEqual(await storedFiles(), [page.attachment!, explode.attachment!].sort())

    /* the force-delete hook throws: the row and its file stay */
    const refused = await client
      .delete(`${base}/${explode.id}/force-delete`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    assert.notEqual(refused.status(), 200)
    assert.isNotNull(await BrochurePage.find(explode.id))
    assert.deepEqual(await storedFiles(), [page.attachment!, explode.attachment!].sort())

    /* force delete: the row and its file are gone */
    const removed = await client
      .delete(`${base}/${page.id}/force-delete`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    removed.assertStatus(200)
    assert.isNull(await BrochurePage.find(page.id))
    assert.deepEqual(await storedFiles(), [explode.attachment!])
  })

  test('relation manager bulk: delete to the trash keeps files; force delete removes them after the commit, a throwing hook rolls the chunk back with its files', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Pages' })
    const one = await pageWithFile(client, admin, brochure, 'One')
    const two = await pageWithFile(client, admin, brochure, 'Two')
    const explode = await pageWithFile(client, admin, brochure, 'explode')
    const base = `/media/brochures/${brochure.id}/relations/pages/bulk-actions`
    const all = [one, two, explode].map((page) => page.attachment!).sort()

    const trashed = await bulk(client, admin, `${base}/delete`, [one.id, two.id])
    trashed.assertStatus(200)
    assert.equal(
      await BrochurePage.query()
        .whereNotNull('deleted_at')
        .count('* as n')
        .first()
        .then((row) => Number(row!.$extras.n)),
      2
    )
    assert.deepEqual(await storedFiles(), all)

    /* the chunk holds "explode": its hook throws, nothing is removed */
    const before = await snapshot(BrochurePage)
    const refused = await bulk(client, admin, `${base}/forceDelete`, [one.id, explode.id])
    assert.notEqual(refused.status(), 200)
    assert.deepEqual(await snapshot(BrochurePage), before)
    assert.deepEqual(await storedFiles(), all)

    const removed = await bulk(client, admin, `${base}/forceDelete`, [one.id, two.id])
    removed.assertStatus(200)
    const pages = await BrochurePage.all()
    assert.deepEqual(
      pages.map((page) => page.id),
      [explode.id]
    )
    assert.deepEqual(await storedFiles(), [explode.attachment!])
  })
})

/** The stored files of brochures: cover and gallery on the public disk */
function publicFilesOf(brochures: Brochure[]) {
  return brochures.flatMap((row) => [row.cover!, ...JSON.parse(row.gallery!)]).sort()
}

test.group(
  'File uploads | query-wide bulk deletes run as jobs remove files after each commit',
  (group) => {
    withDatabase(group)
    /* the embedded worker runs the jobs; waitForJob allows them 60 s */
    group.each.timeout(90_000)
    group.each.setup(async () => {
      await rm(diskRoot, { recursive: true, force: true })
      await rm(privateDiskRoot, { recursive: true, force: true })
      const settings = jobOptions()
      configureJobs({ ...settings, bulkQueueThreshold: 1 })
      return () => configureJobs(settings)
    })

    /** A brochure with public files and a scan on the private disk */
    async function withScan(client: Client, admin: Admin, title: string) {
      const brochure = await brochureWithFiles(client, admin, title)
      const response = await client
        .patch(`/media/brochures/${brochure.id}`)
        .field('_kit_version', (await versionAt(`/media/brochures/${brochure.id}`))!)
        .file('scan', PNG, { filename: 'scan.png' })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(200)
      await brochure.refresh()
      return brochure
    }

    test("bulk delete over the threshold: the job removes every deleted record's files on both disks", async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      const first = await withScan(client, admin, 'First')
      const second = await withScan(client, admin, 'Second')
      const kept = await withScan(client, admin, 'Kept')
      assert.lengthOf(await storedFiles(), 9)
      assert.lengthOf(await storedFiles(privateDiskRoot), 3)

      const response = await client
        .post('/media/brochures/bulk-actions/delete')
        .json({ selectAll: true, except: [kept.id] })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(202)
      const job = await waitForJob(response.body().job.id)
      assert.equal(job.status, 'completed', job.error ?? '')
      assert.deepEqual(job.result, { action: 'delete', affected: 2, refused: 0 })

      const remaining = await Brochure.all()
      assert.deepEqual(
        remaining.map((row) => row.id),
        [kept.id]
      )
      assert.isNull(await Brochure.find(first.id))
      assert.isNull(await Brochure.find(second.id))
      assert.deepEqual(await storedFiles(), publicFilesOf([kept]))
      assert.deepEqual(await storedFiles(privateDiskRoot), [kept.scan!])
    })

    test('a job whose chunk rolls back keeps the rows and their files', async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      const gone = await withScan(client, admin, 'Gone')
      const explode = await withScan(client, admin, 'Explosive')
      await explode.merge({ title: 'explode' }).save()
      const before = await snapshot(Brochure)
      const files = await storedFiles()
      const scans = await storedFiles(privateDiskRoot)

      /* "explode" throws after its delete: the chunk (both records) rolls back */
      const response = await client
        .post('/media/brochures/bulk-actions/purge')
        .json({ records: [gone.id, explode.id] })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(202)
      const job = await waitForJob(response.body().job.id)
      assert.equal(job.status, 'failed')
      assert.deepEqual(await snapshot(Brochure), before)
      assert.deepEqual(await storedFiles(), files)
      assert.deepEqual(await storedFiles(privateDiskRoot), scans)
    })
  }
)
