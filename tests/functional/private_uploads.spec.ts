import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { rm } from 'node:fs/promises'
import { createUser, withDatabase } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import { PNG, JPEG, diskRoot, privateDiskRoot, storedFiles } from '../upload_helpers.ts'

type Admin = Awaited<ReturnType<typeof createUser>>

const BASE = `http://${process.env.HOST}:${process.env.PORT}`
const MINUTE = 60_000

/**
 * GET a URL the panel gave, as a browser follows a link or loads an image:
 * no cookie, no session (a signed URL is all it carries).
 */
async function download(url: string) {
  const response = await fetch(new URL(url, BASE))
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

/**
 * The status of a download, the clock moved forward by `shift` ms.
 */
async function statusOf(url: string, shift = 0) {
  const { status } = await later(shift, () => download(url))
  return status
}

/**
 * Run with the clock moved forward (the server runs in this process: the
 * signature's expiry is checked against `new Date()`).
 */
async function later<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args: any[]) {
      if (args.length) super(...(args as [number]))
      else super(RealDate.now() + ms)
    }
    static now() {
      return RealDate.now() + ms
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
  try {
    return await run()
  } finally {
    globalThis.Date = RealDate
  }
}

/** A brochure with a public cover and a private scan, created over HTTP */
async function brochureWithScan(client: ApiClient, admin: Admin, title: string, scan = PNG) {
  const response = await client
    .post('/media/brochures')
    .field('title', title)
    .file('cover', PNG, { filename: 'cover.png' })
    .file('scan', scan, { filename: 'scan.png' })
    .withCsrfToken()
    .accept('json')
    .loginAs(admin)
  response.assertStatus(201)
  return Brochure.findByOrFail('title', title)
}

/** The URLs of a brochure's scan in the edit form, the view page and the list */
async function scanUrls(client: ApiClient, admin: Admin, brochure: Brochure) {
  const edit = await client.get(`/media/brochures/${brochure.id}/edit`).withInertia().loginAs(admin)
  edit.assertStatus(200)
  const field = edit.inertiaProps.form.fields.find((f: any) => f.name === 'scan')
  const cover = edit.inertiaProps.form.fields.find((f: any) => f.name === 'cover')
  const view = await client.get(`/media/brochures/${brochure.id}`).withInertia().loginAs(admin)
  view.assertStatus(200)
  const entry = view.inertiaProps.infolist.entries.find((e: any) => e.name === 'scan')
  const list = await client.get('/media/brochures').withInertia().loginAs(admin)
  list.assertStatus(200)
  const row = list.inertiaProps.table.rows.find((r: any) => r.key === brochure.id)
  return {
    form: field.files[0].url as string,
    entry: entry.image.urls[0] as string,
    cell: row.values.scan as string,
    cover: cover.files[0].url as string,
  }
}

test.group('File uploads | private disk: signed, expiring URLs', (group) => {
  withDatabase(group)
  group.each.setup(async () => {
    await rm(diskRoot, { recursive: true, force: true })
    await rm(privateDiskRoot, { recursive: true, force: true })
  })

  test('the owner downloads a private file through the signed URL of each prop; the public disk keeps plain URLs', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await brochureWithScan(client, admin, 'Signed', JPEG)
    assert.match(brochure.scan!, /^scans\/[0-9a-f-]{36}\.jpg$/)
    assert.deepEqual(await storedFiles(privateDiskRoot), [brochure.scan!])
    assert.deepEqual(await storedFiles(), [brochure.cover!])

    const urls = await scanUrls(client, admin, brochure)
    for (const url of [urls.form, urls.entry, urls.cell]) {
      assert.match(url, new RegExp(`^/private-uploads/${brochure.scan}\\?signature=`))
      const served = await download(url)
      assert.equal(served.status, 200)
      assert.isTrue(served.bytes.equals(JPEG))
    }
    /* the plain URL of the private file is refused */
    assert.equal(await statusOf(`/private-uploads/${brochure.scan}`), 401)

    /* the public cover: a plain URL, served as it is */
    assert.equal(urls.cover, `/uploads/${brochure.cover}`)
    const cover = await download(urls.cover)
    assert.equal(cover.status, 200)
    assert.isTrue(cover.bytes.equals(PNG))
  }).timeout(30_000)

  test('a tampered signature, another file under the same signature and an expired URL are refused', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const first = await brochureWithScan(client, admin, 'First')
    const second = await brochureWithScan(client, admin, 'Second', JPEG)
    const { form } = await scanUrls(client, admin, first)
    const signature = new URL(form, BASE).searchParams.get('signature')!

    /* one character of the signature changed */
    const last = signature.at(-1) === 'A' ? 'B' : 'A'
    const tampered = form.replace(signature, `${signature.slice(0, -1)}${last}`)
    assert.equal(await statusOf(tampered), 401)
    /* the other record's file under this file's signature */
    assert.equal(await statusOf(form.replace(first.scan!, second.scan!)), 401)

    /* valid until the expiry (30 minutes), refused after it */
    const before = await later(29 * MINUTE, () => download(form))
    assert.equal(before.status, 200)
    assert.isTrue(before.bytes.equals(PNG))
    assert.equal(await statusOf(form, 31 * MINUTE), 401)

    /* the next visit signs anew */
    const { form: again } = await scanUrls(client, admin, first)
    assert.equal(await statusOf(again, 29 * MINUTE), 200)
    assert.deepEqual(await storedFiles(privateDiskRoot), [first.scan!, second.scan!].sort())
  }).timeout(30_000)

  test('a user who may not view the record gets no URL of its file', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await brochureWithScan(client, admin, 'Secret')
    const outsider = await createUser()
    for (const path of [
      `/media/brochures/${brochure.id}`,
      `/media/brochures/${brochure.id}/edit`,
      '/media/brochures',
    ]) {
      const response = await client.get(path).withInertia().loginAs(outsider)
      assert.oneOf(response.status(), [403, 404], path)
      assert.notInclude(response.text(), brochure.scan!, path)
      assert.notInclude(response.text(), 'signature=', path)
    }
    /* without a signature, the file itself answers 401 */
    assert.equal(await statusOf(`/private-uploads/${brochure.scan}`), 401)
  }).timeout(30_000)
})
