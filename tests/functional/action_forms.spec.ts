import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { rm } from 'node:fs/promises'
import { createUser, snapshot, versionAt, versionedBody, withDatabase } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochurePage from '../app/app/models/brochure_page.ts'
import { actionFormData } from '../app/app/action_forms.ts'
import { EXE, PNG, diskRoot, storedBytes, storedFiles } from '../upload_helpers.ts'

type Client = ApiClient
type Admin = Awaited<ReturnType<typeof createUser>>

const UUID_PNG = /^covers\/[0-9a-f-]{36}\.png$/

/** Rich text with every way to run a script */
const HOSTILE =
  '<p onclick="steal()">Kept <strong>bold</strong><script>alert(1)</script>' +
  '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a></p>'

/** What the sanitizer keeps of it */
const CLEAN = '<p>Kept <strong>bold</strong><a>link</a></p>'

/** A submission whose read-only, hidden, disabled and not visible values must be dropped */
const FORGED = {
  body: HOSTILE,
  title: 'Forged title',
  photoUrl: 'https://evil.test/x.png',
  secret: 'forged',
  mode: 'keep',
  notes: 'Not visible in keep mode',
  accent: '#ABCDEF',
  labels: ' red , blue ,red, ',
}

/* a row action sends the version its row was drawn with */
async function send(client: Client, admin: Admin, url: string, body: Record<string, unknown>) {
  return client
    .post(url)
    .json(await versionedBody(url, body))
    .withCsrfToken()
    .accept('json')
    .loginAs(admin)
}

function seen(name: string) {
  const all = actionFormData.get(name) ?? []
  return all[all.length - 1]
}

/**
 * What every callback must have received of FORGED: sanitized rich text,
 * normalized values, nothing of a field that is not written.
 */
function assertPipelineData(assert: any, data: Record<string, any>) {
  assert.equal(data.body, CLEAN)
  assert.notProperty(data, 'title')
  assert.notProperty(data, 'photoUrl')
  assert.notProperty(data, 'secret')
  assert.notProperty(data, 'notes')
  assert.equal(data.mode, 'keep')
  assert.equal(data.accent, '#abcdef')
  assert.deepEqual(data.labels, ['red', 'blue'])
}

test.group('Action forms | the field pipeline of a resource form', (group) => {
  withDatabase(group)
  group.each.setup(async () => {
    actionFormData.clear()
    await rm(diskRoot, { recursive: true, force: true })
  })

  test('row action: rich text sanitized, unwritable fields dropped, values normalized', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({
      title: 'Spring',
      photoUrl: 'https://good.test/a.png',
      notes: 'Original notes',
    })

    const response = await send(
      client,
      admin,
      `/media/brochures/${brochure.id}/actions/revise`,
      FORGED
    )
    response.assertStatus(200)
    assertPipelineData(assert, seen('revise'))

    await brochure.refresh()
    assert.equal(brochure.body, CLEAN)
    assert.equal(brochure.title, 'Spring')
    assert.equal(brochure.photoUrl, 'https://good.test/a.png')
    assert.equal(brochure.notes, 'Original notes')

    /* the field shown for the submitted mode is taken */
    const visible = await send(client, admin, `/media/brochures/${brochure.id}/actions/revise`, {
      mode: 'replace',
      notes: 'Now visible',
    })
    visible.assertStatus(200)
    assert.equal(seen('revise').notes, 'Now visible')
    await brochure.refresh()
    assert.equal(brochure.notes, 'Now visible')
  })

  test('row action: a malformed value is a field error and nothing runs', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Spring' })
    const before = await snapshot(Brochure)

    const response = await send(client, admin, `/media/brochures/${brochure.id}/actions/revise`, {
      body: '<p>ok</p>',
      accent: 'not a color',
    })
    response.assertStatus(422)
    assert.deepEqual(
      response.body().errors.map((error: any) => [error.field, error.rule]),
      [['accent', 'color']]
    )
    assert.isUndefined(seen('revise'))
    assert.deepEqual(await snapshot(Brochure), before)
  })

  test('row action: an upload is stored like a form upload; a refused one writes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Spring' })
    const url = `/media/brochures/${brochure.id}/actions/revise`

    const refused = await client
      .post(url)
      .field('_kit_version', (await versionAt(url))!)
      .field('body', '<p>x</p>')
      .file('cover', EXE, { filename: 'photo.png', contentType: 'image/png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    refused.assertStatus(422)
    assert.equal(refused.body().errors[0].field, 'cover')
    assert.deepEqual(await storedFiles(), [])
    await brochure.refresh()
    assert.isNull(brochure.cover)

    const response = await client
      .post(url)
      .field('_kit_version', (await versionAt(url))!)
      .field('body', HOSTILE)
      .field('title', 'Forged title')
      .field('accent', '')
      .file('cover', PNG, { filename: 'holiday photo.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    const data = seen('revise')
    assert.match(data.cover, UUID_PNG)
    assert.equal(data.body, CLEAN)
    assert.notProperty(data, 'title')
    /* an empty string is null, as in a resource form */
    assert.isNull(data.accent)

    await brochure.refresh()
    assert.equal(brochure.cover, data.cover)
    assert.equal(brochure.title, 'Spring')
    assert.deepEqual(await storedFiles(), [data.cover])
    assert.deepEqual(await storedBytes(data.cover), PNG)
  })

  test('row actions without the version their row was drawn with: 422, nothing stored or run', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Spring' })
    const page = await BrochurePage.create({ brochureId: brochure.id, caption: 'First' })
    const url = `/media/brochures/${brochure.id}/actions/revise`
    const before = await snapshot(Brochure)

    /* multipart, with an upload: refused before the upload is stored */
    const multipart = await client
      .post(url)
      .field('body', '<p>x</p>')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    multipart.assertStatus(422)
    assert.deepEqual(
      multipart.body().errors.map((error: any) => [error.field, error.rule]),
      [['_kit_version', 'version']]
    )
    /* multipart, with a stale version */
    const drawn = (await versionAt(url))!
    await Brochure.query().where('id', brochure.id).update({ title: 'Changed elsewhere' })
    const changed = await snapshot(Brochure)
    const stale = await client
      .post(url)
      .field('_kit_version', drawn)
      .field('body', '<p>x</p>')
      .file('cover', PNG, { filename: 'b.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    stale.assertStatus(422)
    assert.equal(stale.body().errors[0].rule, 'conflict')
    assert.notDeepEqual(changed, before)

    /* a relation manager's row action */
    const related = await client
      .post(`/media/brochures/${brochure.id}/relations/pages/${page.id}/actions/annotate`)
      .json({ summary: 'Not written' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    related.assertStatus(422)
    assert.equal(related.body().errors[0].field, '_kit_version')

    assert.isUndefined(seen('revise'))
    assert.isUndefined(seen('annotate'))
    assert.deepEqual(await snapshot(Brochure), changed)
    assert.deepEqual(await storedFiles(), [])
    await page.refresh()
    assert.isNull(page.summary)
  })

  test('an action that fails or halts deletes the files its form wrote; the row is kept', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Spring' })
    const url = `/media/brochures/${brochure.id}/actions/revise`
    const before = await snapshot(Brochure)

    const failed = await client
      .post(url)
      .field('_kit_version', (await versionAt(url))!)
      .field('body', '<p>explode</p>')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    failed.assertStatus(422)
    /* the callback ran with the stored file, then threw */
    assert.match(seen('revise').cover, UUID_PNG)
    assert.deepEqual(await snapshot(Brochure), before)
    assert.deepEqual(await storedFiles(), [])

    const halted = await client
      .post(url)
      .field('_kit_version', (await versionAt(url))!)
      .field('body', '<p>halt</p>')
      .file('cover', PNG, { filename: 'b.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    halted.assertStatus(200)
    assert.deepInclude(halted.body(), { halted: true, message: 'Halted after writing' })
    assert.deepEqual(await snapshot(Brochure), before)
    assert.deepEqual(await storedFiles(), [])
  })

  test('header action: the same pipeline before the callback and in the row', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await send(
      client,
      admin,
      '/media/brochures/actions/announce?_kit_page=index',
      FORGED
    )
    response.assertStatus(200)
    assertPipelineData(assert, seen('announce'))
    const [row] = await Brochure.all()
    assert.equal(row.title, 'Announcement')
    assert.equal(row.body, CLEAN)
    assert.isNull(row.photoUrl)
    assert.isNull(row.notes)

    const upload = await client
      .post('/media/brochures/actions/announce?_kit_page=index')
      .field('body', '<p>With a cover</p>')
      .file('cover', PNG, { filename: 'c.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    upload.assertStatus(200)
    const created = await Brochure.query().whereNotNull('cover').firstOrFail()
    assert.match(created.cover!, UUID_PNG)
    assert.deepEqual(await storedFiles(), [created.cover!])
  })

  test('bulk action: the form data under `data` goes through the pipeline', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const one = await Brochure.create({ title: 'One', photoUrl: 'https://good.test/1.png' })
    const two = await Brochure.create({ title: 'Two' })
    const other = await Brochure.create({ title: 'Other' })

    const response = await send(client, admin, '/media/brochures/bulk-actions/restyle', {
      records: [one.id, two.id],
      data: FORGED,
    })
    response.assertStatus(200)
    assert.equal(response.body().affected, 2)
    assertPipelineData(assert, seen('restyle'))

    const rows = await Brochure.query().orderBy('id')
    assert.deepEqual(
      rows.map((row) => [row.title, row.body, row.photoUrl]),
      [
        ['One', CLEAN, 'https://good.test/1.png'],
        ['Two', CLEAN, null],
        ['Other', null, null],
      ]
    )
    assert.equal(other.body, null)

    /* an upload under data[cover] is stored once, for every record */
    const upload = await client
      .post('/media/brochures/bulk-actions/restyle')
      .field('records[0]', String(one.id))
      .field('records[1]', String(two.id))
      .field('data[body]', '<p>Covered</p>')
      .file('data[cover]', PNG, { filename: 'bulk.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    upload.assertStatus(200)
    const covered = await Brochure.query().whereIn('id', [one.id, two.id]).orderBy('id')
    assert.match(covered[0].cover!, UUID_PNG)
    assert.equal(covered[0].cover, covered[1].cover)
    assert.deepEqual(await storedFiles(), [covered[0].cover!])

    /* a refused upload: 422, nothing runs, nothing stored */
    const before = await snapshot(Brochure)
    const refused = await client
      .post('/media/brochures/bulk-actions/restyle')
      .field('records[0]', String(one.id))
      .file('data[cover]', EXE, { filename: 'x.png', contentType: 'image/png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    refused.assertStatus(422)
    assert.deepEqual(await snapshot(Brochure), before)
    assert.deepEqual(await storedFiles(), [covered[0].cover!])
  })

  test('relation manager row and bulk actions: the same pipeline', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Pages' })
    const page = await BrochurePage.create({ brochureId: brochure.id, caption: 'First' })
    const second = await BrochurePage.create({ brochureId: brochure.id, caption: 'Second' })
    const base = `/media/brochures/${brochure.id}/relations/pages`

    const row = await send(client, admin, `${base}/${page.id}/actions/annotate`, {
      summary: HOSTILE,
      caption: 'Forged caption',
    })
    row.assertStatus(200)
    assert.deepEqual(seen('annotate'), { summary: CLEAN })
    await page.refresh()
    assert.equal(page.summary, CLEAN)
    assert.equal(page.caption, 'First')

    const bulk = await send(client, admin, `${base}/bulk-actions/summarize`, {
      records: [page.id, second.id],
      data: { summary: HOSTILE, caption: 'Forged caption' },
    })
    bulk.assertStatus(200)
    assert.deepEqual(seen('summarize'), { summary: CLEAN })
    const pages = await BrochurePage.query().orderBy('id')
    assert.deepEqual(
      pages.map((entry) => [entry.caption, entry.summary]),
      [
        ['First', CLEAN],
        ['Second', CLEAN],
      ]
    )
  })
})
