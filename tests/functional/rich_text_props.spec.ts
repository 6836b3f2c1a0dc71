import { test } from '@japa/runner'
import { createUser, versionedBody, withDatabase } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import { sanitizeMarkdown, sanitizeRichText } from '../../src/support/html_sanitizer.ts'

/** Stored HTML written around the kit (an import, a seed, a legacy row) */
const STORED_HTML =
  '<p onclick="steal()">Hello <em>there</em></p><script>alert(1)</script>' +
  '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>'

/** Stored Markdown with raw HTML in it */
const STORED_MARKDOWN = '**Bold** <script>alert(4)</script><img src=x onerror="alert(5)">'

function assertInert(assert: any, value: unknown, what: string) {
  assert.isString(value, what)
  assert.notMatch(String(value), /<script|onerror|onclick|javascript:/i, what)
}

/**
 * Every prop that carries a rich text or Markdown value is sanitized on
 * its way out, whatever the stored row holds.
 */
test.group('Rich text props | sanitized wherever they are drawn', (group) => {
  withDatabase(group)

  test('table rows: an editable text cell over rich text and over Markdown', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await Brochure.create({ title: 'Legacy', body: STORED_HTML, notes: STORED_MARKDOWN })

    const list = await client.get('/media/brochures').withInertia().loginAs(admin)
    list.assertStatus(200)
    const table = list.inertiaProps.table
    const body = table.columns.find((column: any) => column.name === 'body')
    assert.isTrue(body.editable)
    const [row] = table.rows
    assertInert(assert, row.values.body, 'body cell')
    assert.equal(row.values.body, sanitizeRichText(STORED_HTML))
    assert.include(row.values.body, '<em>there</em>')
    assertInert(assert, row.values.notes, 'notes cell')
    assert.equal(row.values.notes, sanitizeMarkdown(STORED_MARKDOWN))
    assert.include(row.values.notes, '**Bold**')
    /* the title is no rich text: as stored */
    assert.equal(row.values.title, 'Legacy')

    /* nothing in the whole page carries the stored script */
    assert.notInclude(JSON.stringify(list.inertiaProps), 'alert(1)')
  })

  test('the edit form and the view page', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({
      title: 'Legacy',
      body: STORED_HTML,
      notes: STORED_MARKDOWN,
    })
    const edit = await client
      .get(`/media/brochures/${brochure.id}/edit`)
      .withInertia()
      .loginAs(admin)
    edit.assertStatus(200)
    assertInert(assert, edit.inertiaProps.form.values.body, 'form body')
    assertInert(assert, edit.inertiaProps.form.values.notes, 'form notes')
    const view = await client.get(`/media/brochures/${brochure.id}`).withInertia().loginAs(admin)
    view.assertStatus(200)
    assert.notInclude(JSON.stringify(view.inertiaProps), 'alert(1)')
  })

  test('a refused form shows the posted rich text again sanitized', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const refused = await client
      .post('/media/brochures')
      .form({ title: 'x'.repeat(101), body: STORED_HTML, notes: STORED_MARKDOWN })
      .header('referer', '/media/brochures/create')
      .withCsrfToken()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    assert.lengthOf(await Brochure.all(), 0)
    const flashed: any = refused.flashMessages()
    assert.property(flashed.inputErrorsBag, 'title')

    const page = await client
      .get('/media/brochures/create')
      .withFlashMessages(flashed)
      .withInertia()
      .loginAs(admin)
    const values = page.inertiaProps.form.values
    assert.equal(values.body, sanitizeRichText(STORED_HTML))
    assert.equal(values.notes, sanitizeMarkdown(STORED_MARKDOWN))
    assert.notInclude(JSON.stringify(page.inertiaProps), 'alert(1)')
  })

  test('audit changes: the value a row held before an edit is sanitized', async ({
    client,
    assert,
  }) => {
    const auditor = await createUser({ isAdmin: true, email: 'auditor-rich@example.com' })
    const brochure = await Brochure.create({ title: 'Legacy', body: STORED_HTML })
    const update = await client
      .patch(`/media/brochures/${brochure.id}`)
      .json(
        await versionedBody(`/media/brochures/${brochure.id}`, {
          title: 'Legacy',
          body: '<p>New</p>',
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(auditor)
    update.assertStatus(200)

    const activity = await client.get('/media/_activity').withInertia().loginAs(auditor)
    activity.assertStatus(200)
    const entries = activity.inertiaProps.kitAudit.entries
    const change = entries
      .flatMap((entry: any) => entry.changes)
      .find((candidate: any) => candidate.new === '<p>New</p>')
    assert.exists(change, JSON.stringify(entries))
    assert.equal(change.old, sanitizeRichText(STORED_HTML))
    assert.notInclude(JSON.stringify(activity.inertiaProps), 'alert(1)')
  })
})
