import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { createUser, snapshot, withDatabase, versionAt, versionedBody } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochureResource from '../app/app/resources/brochure_resource.ts'
import { EXE, HTML, JPEG, PNG, diskRoot, storedBytes, storedFiles } from '../upload_helpers.ts'

const UUID_PNG = /^covers\/[0-9a-f-]{36}\.png$/

test.group('File uploads | multipart submissions', (group) => {
  withDatabase(group)
  group.each.setup(() => rm(diskRoot, { recursive: true, force: true }))

  test('a PNG cover is stored under a generated name, the row holds its path', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/media/brochures')
      .field('title', 'Spring')
      .file('cover', PNG, { filename: 'holiday photo.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(201)

    const [row] = await Brochure.all()
    assert.equal(row.title, 'Spring')
    assert.match(row.cover!, UUID_PNG)
    assert.notInclude(row.cover!, 'holiday')
    assert.deepEqual(await storedFiles(), [row.cover!])
    assert.deepEqual(await storedBytes(row.cover!), PNG)
  })

  test('a {$self} renamed photo.png is refused by its content: 422, no row, no file')
    .with(['exe', 'html'])
    .run(async ({ client, assert }, kind) => {
      const admin = await createUser({ isAdmin: true })
      const response = await client
        .post('/media/brochures')
        .field('title', 'Bad')
        .file('cover', kind === 'exe' ? EXE : HTML, {
          filename: 'photo.png',
          contentType: 'image/png',
        })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(
        response.body().errors.map((error: any) => [error.field, error.rule]),
        [['cover', 'file.type']]
      )
      assert.lengthOf(await Brochure.all(), 0)
      assert.deepEqual(await storedFiles(), [])
    })

  test('an oversized image is refused: 422, no row, no file', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const big = Buffer.concat([PNG, Buffer.alloc(70 * 1024)])
    const response = await client
      .post('/media/brochures')
      .field('title', 'Big')
      .file('cover', big, { filename: 'big.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'cover')
    assert.equal(response.body().errors[0].rule, 'file.size')
    assert.lengthOf(await Brochure.all(), 0)
    assert.deepEqual(await storedFiles(), [])
  })

  test('a path traversal file name is harmless: stored under a generated name', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/media/brochures')
      .field('title', 'Traversal')
      .file('cover', PNG, { filename: '../../../../etc/evil.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(201)
    const [row] = await Brochure.all()
    assert.match(row.cover!, UUID_PNG)
    assert.deepEqual(await storedFiles(), [row.cover!])
    assert.isFalse(existsSync(new URL('../../../../etc/evil.png', `file://${diskRoot}covers/`)))
  })

  test('a new cover replaces the old one: the old file is deleted after the commit', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await client
      .post('/media/brochures')
      .field('title', 'Replace')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    const [created] = await Brochure.all()
    const oldPath = created.cover!

    const response = await client
      .patch(`/media/brochures/${created.id}`)
      .field('_kit_version', (await versionAt(`/media/brochures/${created.id}`))!)
      .field('title', 'Replace')
      .file('cover', JPEG, { filename: 'b.jpg' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    await created.refresh()
    assert.match(created.cover!, /^covers\/[0-9a-f-]{36}\.jpg$/)
    assert.notEqual(created.cover, oldPath)
    assert.deepEqual(await storedFiles(), [created.cover!])
  })

  test('null removes the cover (file deleted); a forged path is ignored', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await client
      .post('/media/brochures')
      .field('title', 'Remove')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    const [created] = await Brochure.all()

    /* a path the record does not hold changes nothing */
    const forged = await client
      .patch(`/media/brochures/${created.id}`)
      .json(
        await versionedBody(`/media/brochures/${created.id}`, {
          title: 'Remove',
          cover: '../../config/app.ts',
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    forged.assertStatus(200)
    const cover = created.cover
    await created.refresh()
    assert.equal(created.cover, cover)
    assert.deepEqual(await storedFiles(), [cover!])

    const removed = await client
      .patch(`/media/brochures/${created.id}`)
      .json(await versionedBody(`/media/brochures/${created.id}`, { title: 'Remove', cover: null }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    removed.assertStatus(200)
    await created.refresh()
    assert.isNull(created.cover)
    assert.deepEqual(await storedFiles(), [])
  })

  test('a failed transaction (the after hook refuses) deletes the new file and keeps the old one', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await client
      .post('/media/brochures')
      .field('title', 'Keep')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    const before = await snapshot(Brochure)
    const oldPath = before[0].cover

    const response = await client
      .patch(`/media/brochures/${before[0].id}`)
      .field('_kit_version', (await versionAt(`/media/brochures/${before[0].id}`))!)
      .field('title', 'explode')
      .file('cover', JPEG, { filename: 'b.jpg' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'title')
    assert.deepEqual(await snapshot(Brochure), before)
    assert.deepEqual(await storedFiles(), [oldPath])

    /* the same on create: no row, no new file */
    const created = await client
      .post('/media/brochures')
      .field('title', 'explode')
      .file('cover', PNG, { filename: 'c.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    created.assertStatus(422)
    assert.deepEqual(await snapshot(Brochure), before)
    assert.deepEqual(await storedFiles(), [oldPath])
  })

  test('multiple uploads: stored as a JSON array, kept paths named, at most 3', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/media/brochures')
      .field('title', 'Gallery')
      .file('gallery[]', PNG, { filename: 'a.png' })
      .file('gallery[]', JPEG, { filename: 'b.jpg' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(201)
    const [row] = await Brochure.all()
    const gallery = JSON.parse(row.gallery!)
    assert.lengthOf(gallery, 2)
    assert.deepEqual(await storedFiles(), [...gallery].sort())

    /* keep the first, add two more: four is over the limit */
    const tooMany = await client
      .patch(`/media/brochures/${row.id}`)
      .field('_kit_version', (await versionAt(`/media/brochures/${row.id}`))!)
      .field('title', 'Gallery')
      .field('gallery[]', gallery[0])
      .field('gallery[]', gallery[1])
      .file('gallery[]', PNG, { filename: 'c.png' })
      .file('gallery[]', PNG, { filename: 'd.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    tooMany.assertStatus(422)
    assert.equal(tooMany.body().errors[0].rule, 'file.count')
    assert.lengthOf(await storedFiles(), 2)

    /* keep the second only, add one */
    const kept = await client
      .patch(`/media/brochures/${row.id}`)
      .field('_kit_version', (await versionAt(`/media/brochures/${row.id}`))!)
      .field('title', 'Gallery')
      .field('gallery[]', gallery[1])
      .file('gallery[]', PNG, { filename: 'c.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    kept.assertStatus(200)
    await row.refresh()
    const next = JSON.parse(row.gallery!)
    assert.lengthOf(next, 2)
    assert.equal(next[0], gallery[1])
    assert.deepEqual(await storedFiles(), [...next].sort())
  })

  test('deleting the record removes its files after the commit', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await client
      .post('/media/brochures')
      .field('title', 'Gone')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    const [row] = await Brochure.all()
    assert.lengthOf(await storedFiles(), 1)
    const response = await client
      .delete(`/media/brochures/${row.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    assert.lengthOf(await Brochure.all(), 0)
    assert.deepEqual(await storedFiles(), [])
  })

  test('a non-admin is refused before any file is read or written', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client
      .post('/media/brochures')
      .field('title', 'Nope')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
    response.assertStatus(403)
    assert.lengthOf(await Brochure.all(), 0)
    assert.deepEqual(await storedFiles(), [])
  })
})

test.group('File uploads | kit() driver', (group) => {
  withDatabase(group)
  group.each.setup(() => rm(diskRoot, { recursive: true, force: true }))

  test('attachFile, fillRichText and the stored-file assertions', async ({ kit, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await kit(BrochureResource, { user: admin })
      .fillForm({ title: 'Driver' })
      .attachFile('cover', { name: '../../evil.png', content: PNG })
      .fillRichText('body', '<p onclick="x()">Hi<script>alert(1)</script></p>')
      .call('create')
      .assertHasNoFormErrors()
      .assertStoredFileExists((record) => record.cover)

    const [row] = await Brochure.all()
    assert.match(row.cover!, UUID_PNG)
    assert.equal(row.body, '<p>Hi</p>')
    assert.deepEqual(await storedFiles(), [row.cover!])

    /* a wrong type renamed: a field error, nothing stored */
    await kit(BrochureResource, { user: admin })
      .forEdit(row)
      .attachFile('cover', { name: 'photo.png', content: HTML })
      .call('save')
      .assertHasFormErrors({ cover: 'file.type' })
      .assertStoredFileExists(row.cover!)

    /* a replacement: the old file is gone once saved */
    await kit(BrochureResource, { user: admin })
      .forEdit(row)
      .attachFile('cover', { name: 'b.jpg', content: JPEG })
      .call('save')
      .assertHasNoFormErrors()
      .assertStoredFileMissing(row.cover!)
      .assertStoredFileExists((record) => record.cover)
  })

  test('attachFile refuses a field that is not a file upload', async ({ kit, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await assert.rejects(
      () =>
        kit(BrochureResource, { user: admin }).attachFile('title', { name: 'a.png', content: PNG }),
      /no file upload field "title"; the form has: "cover", "gallery"/
    )
  })
})
