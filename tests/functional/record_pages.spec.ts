import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Book, Publisher, createPost, createUser, versionedBody, withDatabase } from '../helpers.ts'
import { createProject } from '../page_helpers.ts'

function page(client: any, user: any, path: string) {
  return client.get(path).withInertia().loginAs(user)
}

function json(request: any, user: any) {
  return request.withCsrfToken().accept('json').loginAs(user)
}

/**
 * An audit row as the kit writes it.
 */
function auditRow(panel: string, resource: string, recordKey: unknown, changes: unknown) {
  return {
    user_id: null,
    panel,
    resource,
    record_key: String(recordKey),
    operation: 'update',
    changes: JSON.stringify(changes),
    request_id: 'r',
    created_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
  }
}

test.group('Record pages | History values', (group) => {
  withDatabase(group)

  test('History shows values as the form shows them, with the breadcrumbs; the stored row keeps the raw values', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true, fullName: 'Ada Admin' })
    const penguin = await Publisher.create({ name: 'Penguin', active: true })
    const pelican = await Publisher.create({ name: 'Pelican', active: true })
    const book = await Book.create({
      title: 'Dune',
      publisherId: penguin.id,
      country: 'FR',
      isFeatured: false,
    })
    const response = await json(
      client.patch(`/admin/books/${book.id}`).json(
        await versionedBody(`/admin/books/${book.id}`, {
          title: 'Dune',
          publisherId: pelican.id,
          country: 'DE',
          publishedOn: '2026-11-25',
          isFeatured: true,
        })
      ),
      admin
    )
    response.assertStatus(200)

    const history = await page(client, admin, `/admin/books/${book.id}/history`)
    history.assertStatus(200)
    const audit = history.inertiaProps.kitAudit
    assert.lengthOf(audit.entries, 1)
    const [entry] = audit.entries
    const change = (field: string) => entry.changes.find((item: any) => item.field === field)
    /* a relationship select: the related records' titles, not their keys */
    assert.deepEqual(change('Publisher'), { field: 'Publisher', old: 'Penguin', new: 'Pelican' })
    /* a select with a label callback: its labels */
    assert.deepEqual(change('Country'), { field: 'Country', old: 'France', new: 'Germany' })
    /* a toggle: Yes and No, whatever the driver stored (0, false) */
    assert.deepEqual(change('Is featured'), { field: 'Is featured', old: 'No', new: 'Yes' })
    /* a date: in the panel's locale, never as ISO */
    assert.deepEqual(change('Published on'), {
      field: 'Published on',
      old: 'Empty',
      oldEmpty: true,
      new: 'Nov 25, 2026',
    })
    assert.notMatch(JSON.stringify(entry.changes), /\d{4}-\d{2}-\d{2}T/)
    /* the user by their title (the user model's fullName) */
    assert.deepEqual(entry.user, { label: 'Ada Admin', url: null })
    /* the panel's breadcrumbs: the list, the record (linked), then History */
    assert.deepEqual(audit.breadcrumbs, [
      { label: 'Books', url: '/admin/books', current: false },
      { label: 'Dune', url: `/admin/books/${book.id}/edit`, current: false },
      { label: 'History', url: null, current: true },
    ])

    /* the row keeps what was stored: formatting is for display only */
    const [stored] = await db
      .from('kit_audit_entries')
      .where({ panel: 'admin', resource: 'books', record_key: String(book.id) })
      .orderBy('id', 'desc')
    const changes = typeof stored.changes === 'string' ? JSON.parse(stored.changes) : stored.changes
    assert.equal(changes.publisherId.old, penguin.id)
    assert.equal(changes.publisherId.new, pelican.id)
    assert.equal(changes.country.new, 'DE')
  })

  test('the timestamp a model updates on every save is stored, not shown among the changes', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Before' })
    await db.from('posts').where('id', post.id).update({ updated_at: '2020-01-01 00:00:00' })
    const response = await json(
      client
        .patch(`/admin/posts/${post.id}`)
        .json(await versionedBody(`/admin/posts/${post.id}`, { title: 'After' })),
      admin
    )
    response.assertStatus(200)
    const history = await page(client, admin, `/admin/posts/${post.id}/history`)
    const [entry] = history.inertiaProps.kitAudit.entries
    assert.deepEqual(entry.changes, [{ field: 'Title', old: 'Before', new: 'After' }])
    const [stored] = await db
      .from('kit_audit_entries')
      .where({ panel: 'admin', resource: 'posts', record_key: String(post.id) })
      .orderBy('id', 'desc')
    const changes = typeof stored.changes === 'string' ? JSON.parse(stored.changes) : stored.changes
    assert.properties(changes, ['title', 'updatedAt'])
  })

  test('a foreign key names its record by title, linked when the user may open it; others keep the key', async ({
    client,
    assert,
  }) => {
    const auditor = await createUser({ isAdmin: true, email: `auditor-${Date.now()}@example.com` })
    const hidden = await createUser({ email: `hidden-${Date.now()}@example.com` })
    const post = await createPost(auditor, { title: 'Keyed post' })
    await db
      .table('kit_audit_entries')
      .insert(
        auditRow('people', 'posts', post.id, { authorId: { old: auditor.id, new: hidden.id } })
      )

    const history = await page(client, auditor, `/people/posts/${post.id}/history`)
    history.assertStatus(200)
    const [entry] = history.inertiaProps.kitAudit.entries
    assert.deepEqual(entry.changes, [
      {
        field: 'Author',
        old: auditor.email,
        oldUrl: `/people/users/${auditor.id}/edit`,
        new: String(hidden.id),
      },
    ])
    assert.notInclude(JSON.stringify(history.inertiaProps.kitAudit), hidden.email)
  })

  test('an empty History says so; the activity list has its breadcrumb', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const book = await Book.create({ title: 'Untouched' })
    const history = await page(client, admin, `/admin/books/${book.id}/history`)
    history.assertStatus(200)
    assert.deepEqual(history.inertiaProps.kitAudit.entries, [])
    assert.equal(history.inertiaProps.kitAudit.empty, 'No changes recorded yet.')

    const auditor = await createUser({ isAdmin: true, email: `auditor-${Date.now()}@example.com` })
    const activity = await page(client, auditor, '/admin/_activity')
    activity.assertStatus(200)
    assert.deepEqual(activity.inertiaProps.kitAudit.breadcrumbs, [
      { label: 'Activity', url: null, current: true },
    ])
  })
})

test.group('Record pages | widgets and header actions', (group) => {
  withDatabase(group)

  test("the resource's widgets show on its list only; a page's own widgets on that page", async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const project = await createProject(owner, { code: 'ABCDE' })
    const list = await page(client, owner, '/admin/projects')
    assert.include(
      list.inertiaProps.headerWidgets.map((widget: any) => widget.id),
      'total'
    )
    for (const path of [
      '/admin/projects/create',
      `/admin/projects/${project.id}/edit`,
      `/admin/projects/${project.id}`,
    ]) {
      const response = await page(client, owner, path)
      response.assertStatus(200)
      assert.notProperty(response.inertiaProps, 'headerWidgets', path)
    }
    /* the view page's own footer widget stays */
    const view = await page(client, owner, `/admin/projects/${project.id}`)
    assert.deepEqual(
      view.inertiaProps.footerWidgets.map((widget: any) => widget.id),
      ['code']
    )
  })

  test('the view page offers Edit and its own actions to those allowed, for its record', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const project = await createProject(owner, { visibility: 'public', summary: 'Original' })

    const mine = await page(client, owner, `/admin/projects/${project.id}`)
    assert.deepEqual(mine.inertiaProps.headerActions, [
      {
        name: 'edit',
        label: 'Edit',
        color: 'primary',
        method: 'get',
        url: `/admin/projects/${project.id}/edit`,
        requiresConfirmation: false,
        hosted: true,
      },
      {
        name: 'stamp',
        label: 'Stamp',
        color: 'gray',
        method: 'post',
        url: `/admin/projects/actions/stamp?_kit_page=view&_kit_record=${project.id}`,
        requiresConfirmation: false,
        hosted: true,
      },
      {
        name: 'preview',
        label: 'Preview',
        color: 'gray',
        method: 'get',
        url: `/previews/${project.id}`,
        requiresConfirmation: false,
        hosted: false,
      },
    ])

    /* another user may view the public project, neither edit nor stamp it */
    const theirs = await page(client, other, `/admin/projects/${project.id}`)
    theirs.assertStatus(200)
    assert.deepEqual(
      theirs.inertiaProps.headerActions.map((action: any) => action.name),
      ['preview']
    )
    const refused = await json(
      client.post(`/admin/projects/actions/stamp?_kit_page=view&_kit_record=${project.id}`),
      other
    )
    refused.assertStatus(403)
    await project.refresh()
    assert.equal(project.summary, 'Original')

    /* a forged record is a 404; the owner's run changes the record */
    const forged = await json(
      client.post(`/admin/projects/actions/stamp?_kit_page=view&_kit_record=999999`),
      owner
    )
    forged.assertStatus(404)
    /* the run sends the version the view page was drawn with */
    const run = await json(
      client
        .post(`/admin/projects/actions/stamp?_kit_page=view&_kit_record=${project.id}`)
        .json({ _kit_version: mine.inertiaProps.record.version }),
      owner
    )
    run.assertStatus(200)
    assert.equal(run.body().message, `Stamped ${project.name}`)
    await project.refresh()
    assert.equal(project.summary, 'Stamped')
  })

  test('the edit page offers Delete (red, confirmed) to those who may delete; it deletes through the kit', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(author, { title: 'Deletable' })

    /* the author may edit, not delete: no Delete */
    const authorEdit = await page(client, author, `/admin/posts/${post.id}/edit`)
    authorEdit.assertStatus(200)
    assert.deepEqual(authorEdit.inertiaProps.headerActions, [])

    const adminEdit = await page(client, admin, `/admin/posts/${post.id}/edit`)
    assert.deepEqual(adminEdit.inertiaProps.headerActions, [
      {
        name: 'delete',
        label: 'Delete',
        color: 'red',
        method: 'delete',
        url: `/admin/posts/${post.id}`,
        requiresConfirmation: true,
        hosted: true,
      },
    ])
    /* no Edit on the edit page itself, no Delete on the create page */
    const create = await page(client, admin, '/admin/posts/create')
    assert.notProperty(create.inertiaProps, 'headerActions')

    /* the action's request, as the renderer sends it */
    const refused = await client
      .delete(`/admin/posts/${post.id}`)
      .withCsrfToken()
      .withInertia()
      .loginAs(author)
    assert.oneOf(refused.status(), [403, 302, 303])
    assert.isNotNull(await db.from('posts').where('id', post.id).first())
    const deleted = await client
      .delete(`/admin/posts/${post.id}`)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .loginAs(admin)
    assert.oneOf(deleted.status(), [302, 303])
    assert.equal(deleted.header('location'), '/admin/posts')
    assert.isNull(await db.from('posts').where('id', post.id).first())
  })
})

test.group('Record pages | view entries follow the list', (group) => {
  withDatabase(group)

  test("a badge column's field is a badge on the view page; dates are formatted", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin, { title: 'Badged', status: 'published' })
    const response = await page(client, admin, `/viewing/post-views/${post.id}`)
    response.assertStatus(200)
    const status = response.inertiaProps.infolist.entries.find(
      (entry: any) => entry.name === 'status'
    )
    assert.deepEqual(status.badge, { color: 'green' })
    assert.equal(status.value, 'published')
    /* the view page's Edit: the resource has no edit page, so none */
    assert.deepEqual(response.inertiaProps.headerActions, [])
  })
})
