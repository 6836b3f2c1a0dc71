import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { createUser, withDatabase, versionedBody } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import { PNG, diskRoot } from '../upload_helpers.ts'

const PAYLOAD = [
  '<h2 onclick="steal()">Title</h2>',
  '<p>Hello <strong>bold</strong> <em>it</em><script>alert(1)</script></p>',
  '<style>body{display:none}</style>',
  '<img src=x onerror="alert(2)">',
  '<a href="javascript:alert(3)">js</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a>',
  '<a href="https://adonisjs.com" target="_blank">ok</a>',
  '<ul><li>one</li></ul><blockquote>q</blockquote><pre><code>x</code></pre>',
].join('')

const SANITIZED =
  '<h2>Title</h2><p>Hello <strong>bold</strong> <em>it</em></p><a>js</a><a>data</a>' +
  '<a href="https://adonisjs.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>' +
  '<ul><li>one</li></ul><blockquote>q</blockquote><pre><code>x</code></pre>'

test.group('Rich text | sanitized on the server', (group) => {
  withDatabase(group)

  test('script, style, event handlers, javascript: and data: URLs are removed before storage', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/media/brochures')
      .json({ title: 'Rich', body: PAYLOAD })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(201)
    const [row] = await Brochure.all()
    assert.equal(row.body, SANITIZED)

    /* the same on update */
    const updated = await client
      .patch(`/media/brochures/${row.id}`)
      .json(
        await versionedBody(`/media/brochures/${row.id}`, {
          title: 'Rich',
          body: `<p>v2</p>${PAYLOAD}`,
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    updated.assertStatus(200)
    await row.refresh()
    assert.equal(row.body, `<p>v2</p>${SANITIZED}`)
  })

  test('a payload stored behind the kit is sanitized when read back (form and view page)', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const [id] = await db
      .table('brochures')
      .insert({ title: 'Raw', body: '<p>x<img src=x onerror=alert(1)></p><script>1</script>' })
      .returning('id')
    const key = typeof id === 'object' ? id.id : id

    const edit = await client.get(`/media/brochures/${key}/edit`).withInertia().loginAs(admin)
    assert.equal(edit.inertiaProps.form.values.body, '<p>x</p>')
    const view = await client.get(`/media/brochures/${key}`).withInertia().loginAs(admin)
    const entry = view.inertiaProps.infolist.entries.find((e: any) => e.name === 'body')
    assert.equal(entry.html, '<p>x</p>')
    assert.isNull(entry.value)
  })

  test('Markdown: raw HTML and unsafe link targets removed, the syntax kept', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const notes =
      '# Notes\n> a < b & c\n<script>alert(1)</script><b onmouseover="x()">bold</b>\n' +
      '[bad](javascript:alert(1)) [ok](https://adonisjs.com) &lt;img src=x onerror=alert(1)&gt;'
    const response = await client
      .post('/media/brochures')
      .json({ title: 'Md', notes })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(201)
    const [row] = await Brochure.all()
    assert.equal(row.notes, '# Notes\n> a < b & c\nbold\n[bad](#)) [ok](https://adonisjs.com) ')
  })

  test('rich text over the size the rules allow is a field error, nothing stored', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/media/brochures')
      .json({ title: 'Long', body: `<p>${'x'.repeat(20001)}</p>` })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'body')
    assert.lengthOf(await Brochure.all(), 0)
  })
})

test.group('Images | columns, entries and form previews', (group) => {
  withDatabase(group)
  group.each.setup(() => rm(diskRoot, { recursive: true, force: true }))

  test('the list, the view page and the form carry safe image URLs only', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await client
      .post('/media/brochures')
      .field('title', 'Pics')
      .field('photoUrl', 'javascript:alert(1)')
      .file('cover', PNG, { filename: 'a.png' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    const [row] = await Brochure.all()
    await Brochure.create({ title: 'Remote', photoUrl: 'https://cdn.example.com/a.png' })

    const list = await client.get('/media/brochures').withInertia().loginAs(admin)
    const columns = list.inertiaProps.table.columns
    assert.deepInclude(columns[0], { type: 'image', image: { size: 48, circular: true } })
    const rows = list.inertiaProps.table.rows
    const pics = rows.find((r: any) => r.title === 'Pics')
    const remote = rows.find((r: any) => r.title === 'Remote')
    assert.match(pics.values.cover, new RegExp(`/uploads/${row.cover}$`))
    assert.isNull(pics.values.photoUrl)
    assert.equal(remote.values.photoUrl, 'https://cdn.example.com/a.png')

    const view = await client.get(`/media/brochures/${row.id}`).withInertia().loginAs(admin)
    const cover = view.inertiaProps.infolist.entries.find((e: any) => e.name === 'cover')
    assert.equal(cover.image.size, 120)
    assert.lengthOf(cover.image.urls, 1)
    assert.match(cover.image.urls[0], /\/uploads\/covers\//)

    const edit = await client.get(`/media/brochures/${row.id}/edit`).withInertia().loginAs(admin)
    const field = edit.inertiaProps.form.fields.find((f: any) => f.name === 'cover')
    assert.deepInclude(field, {
      type: 'file',
      multiple: false,
      image: true,
      acceptedTypes: ['image/png', 'image/jpeg'],
      maxSize: 64 * 1024,
    })
    assert.equal(field.files[0].path, row.cover)
    assert.match(field.files[0].url, /\/uploads\/covers\//)
    assert.equal(edit.inertiaProps.form.values.cover, row.cover)
    assert.deepEqual(edit.inertiaProps.form.values.gallery, [])

    /* the served file is the stored one */
    const served = await client.get(`/uploads/${row.cover}`)
    served.assertStatus(200)
  })
})
