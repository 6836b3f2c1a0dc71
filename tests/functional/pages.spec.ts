import { test } from '@japa/runner'
import {
  createPost,
  createUser,
  snapshot,
  versionAt,
  versionedBody,
  withDatabase,
} from '../helpers.ts'
import { Contact, Project, countQueries, createContact, createProject } from '../page_helpers.ts'

function page(client: any, user: any, path: string) {
  return client.get(path).withInertia().loginAs(user)
}

test.group('Pages | view and custom pages', (group) => {
  withDatabase(group)

  test('the view page publishes the infolist, relation attributes included, and nothing hidden', async ({
    client,
    assert,
  }) => {
    const owner = await createUser({ fullName: 'Grace Hopper' })
    const project = await createProject(owner, { name: 'Compiler', code: 'A-0' })

    const response = await page(client, owner, `/admin/projects/${project.id}`)
    response.assertStatus(200)
    /* the panel's page defaults: its own view component and shared props */
    response.assertInertiaComponent('admin/view_record')
    assert.equal(response.inertiaProps.brand, 'Kit admin')
    assert.deepEqual(response.inertiaProps.infolist, {
      entries: [
        { name: 'name', label: 'Name', value: 'Compiler' },
        { name: 'code', label: 'Project code', value: 'A-0' },
        { name: 'owner.fullName', label: 'Owner', value: 'Grace Hopper' },
        { name: 'summary', label: 'Summary', value: project.summary },
      ],
    })
    /* the view page has a hosted header action: its record carries its version */
    assert.deepEqual(response.inertiaProps.record, {
      key: project.id,
      title: 'Compiler',
      version: (await versionAt(
        `/admin/projects/actions/stamp?_kit_page=view&_kit_record=${project.id}`
      ))!,
    })
    assert.deepEqual(response.inertiaProps.page, {
      key: 'view',
      operation: 'view',
      title: 'View',
      heading: 'Compiler',
      documentTitle: 'Compiler · Projects',
    })
    assert.notInclude(JSON.stringify(response.inertiaProps), project.secretToken!)
    assert.notInclude(JSON.stringify(response.inertiaProps), 'not-a-real-hash')
  })

  test('the view page runs a constant number of queries', async ({ client, assert }) => {
    const owner = await createUser()
    const project = await createProject(owner)
    const { count } = await countQueries(() => page(client, owner, `/admin/projects/${project.id}`))
    for (let index = 0; index < 20; index++) {
      await createProject(owner)
    }
    const again = await countQueries(() => page(client, owner, `/admin/projects/${project.id}`))
    assert.equal(again.count, count)
  })

  test('record pages resolve :record through the scoped query: out of scope and forged keys are 404', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const stranger = await createUser()
    const hidden = await createProject(owner, { visibility: 'private' })
    const before = await snapshot(Project)

    for (const path of ['', '/activity', '/settings', '/edit']) {
      const response = await page(client, stranger, `/admin/projects/${hidden.id}${path}`)
      response.assertStatus(404)
    }
    for (const key of ['abc', '0', '-1', '1.5', '99999999999', '%2e%2e', '1%00', "1'--"]) {
      const response = await page(client, owner, `/admin/projects/${key}/activity`)
      assert.equal(response.status(), 404, key)
    }
    assert.deepEqual(await snapshot(Project), before)
  })

  test('a custom record page authorizes its own operation on the record', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const reader = await createUser()
    const project = await createProject(owner, { visibility: 'public', name: 'Open' })

    const activity = await page(client, reader, `/admin/projects/${project.id}/activity`)
    activity.assertStatus(200)
    activity.assertInertiaComponent('projects/activity')
    assert.deepEqual(activity.inertiaProps.activity, [{ event: 'opened', subject: 'Open' }])

    /* settings is authorized with Edit: the owner only */
    const denied = await page(client, reader, `/admin/projects/${project.id}/settings`)
    denied.assertStatus(403)
    const allowed = await page(client, owner, `/admin/projects/${project.id}/settings`)
    allowed.assertStatus(200)
    allowed.assertInertiaComponent('projects/settings')
  })

  test('a custom page without a record, with its own middleware applied too', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const report = await page(client, user, '/admin/projects/report')
    report.assertStatus(200)
    report.assertInertiaComponent('projects/report')
    assert.equal(report.inertiaProps.brand, 'Kit admin')
    assert.isTrue(report.inertiaProps.generated)
    assert.equal(report.header('x-mutation-middleware'), 'ran')

    const list = await page(client, user, '/admin/projects')
    assert.isUndefined(list.header('x-mutation-middleware'))

    /* the panel's auth middleware still applies */
    const guest = await client.get('/admin/projects/report').redirects(0)
    guest.assertStatus(302)
    assert.equal(guest.header('location'), '/login')
  })

  test('unknown page keys are 404', async ({ client }) => {
    const owner = await createUser()
    const project = await createProject(owner)
    for (const path of [
      `/admin/projects/${project.id}/unknown`,
      '/admin/projects/unknown/page',
      `/admin/projects/${project.id}/activity/extra`,
    ]) {
      const response = await page(client, owner, path)
      response.assertStatus(404)
    }
  })
})

test.group('Pages | headings and document titles', (group) => {
  withDatabase(group)

  test('each page kind is headed by what it shows, not by its kind', async ({ client, assert }) => {
    const owner = await createUser({ isAdmin: true })
    const post = await createPost(owner, { title: 'Lisp in small pieces' })
    const project = await createProject(owner, { name: 'Compiler' })

    const expected: [string, { title: string; heading: string; documentTitle: string }][] = [
      ['/admin/posts', { title: 'List', heading: 'Posts', documentTitle: 'Posts' }],
      [
        '/admin/posts/create',
        { title: 'Create', heading: 'Create Post', documentTitle: 'Create Post · Posts' },
      ],
      [
        `/admin/posts/${post.id}/edit`,
        {
          title: 'Edit',
          heading: 'Lisp in small pieces',
          documentTitle: 'Lisp in small pieces · Posts',
        },
      ],
      [
        `/viewing/post-views/${post.id}`,
        {
          title: 'View',
          heading: 'Lisp in small pieces',
          documentTitle: 'Lisp in small pieces · Posts',
        },
      ],
      [
        `/viewing/post-views/${post.id}/comments`,
        { title: 'Comments', heading: 'Comments', documentTitle: 'Comments · Posts' },
      ],
      ['/admin/contacts', { title: 'List', heading: 'Contacts', documentTitle: 'Contacts' }],
      [
        `/admin/projects/${project.id}`,
        { title: 'View', heading: 'Compiler', documentTitle: 'Compiler · Projects' },
      ],
      [
        `/admin/projects/${project.id}/activity`,
        { title: 'Activity', heading: 'Activity', documentTitle: 'Activity · Projects' },
      ],
      [
        '/admin/projects/report',
        { title: 'Report', heading: 'Report', documentTitle: 'Report · Projects' },
      ],
    ]
    for (const [path, names] of expected) {
      const response = await page(client, owner, path)
      response.assertStatus(200)
      const { title, heading, documentTitle } = response.inertiaProps.page
      assert.deepEqual({ title, heading, documentTitle }, names, path)
    }
  })

  test('a page class overrides its heading and its document title', async ({ client, assert }) => {
    const owner = await createUser()
    const project = await createProject(owner, { name: 'Compiler' })
    const response = await page(client, owner, `/admin/projects/${project.id}/settings`)
    response.assertStatus(200)
    assert.deepEqual(response.inertiaProps.page, {
      key: 'settings',
      operation: 'edit',
      title: 'Settings',
      heading: 'Settings of Compiler',
      documentTitle: 'Compiler settings',
    })
    /* the short title still names the breadcrumb step */
    assert.equal(response.inertiaProps.breadcrumbs.at(-1).label, 'Settings')
  })
})

test.group('Pages | breadcrumbs', (group) => {
  withDatabase(group)

  test('list step, then the current page as plain text', async ({ client, assert }) => {
    const user = await createUser()
    const response = await page(client, user, '/admin/projects')
    assert.deepEqual(response.inertiaProps.breadcrumbs, [
      { label: 'Projects', url: '/admin/projects', current: false },
      { label: 'List', url: null, current: true },
    ])
  })

  test('the record step is titled by the record title and links to the page the user can open', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const reader = await createUser()
    const project = await createProject(owner, { visibility: 'public', name: 'Shared' })

    const mine = await page(client, owner, `/admin/projects/${project.id}/activity`)
    assert.deepEqual(mine.inertiaProps.breadcrumbs, [
      { label: 'Projects', url: '/admin/projects', current: false },
      { label: 'Shared', url: `/admin/projects/${project.id}/edit`, current: false },
      { label: 'Activity log', url: null, current: true },
    ])

    /* the reader may not edit: the step links to the view page */
    const theirs = await page(client, reader, `/admin/projects/${project.id}/activity`)
    assert.equal(theirs.inertiaProps.breadcrumbs[1].url, `/admin/projects/${project.id}`)
  })

  test('without a view page, a record the user may not edit is not linked', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const author = await createUser()
    const post = await createPost(author, { title: 'Untitled draft' })
    /* admins edit every post: linked */
    const response = await page(client, admin, `/admin/posts/${post.id}/edit`)
    assert.deepEqual(response.inertiaProps.breadcrumbs, [
      { label: 'Posts', url: '/admin/posts', current: false },
      { label: 'Untitled draft', url: `/admin/posts/${post.id}/edit`, current: false },
      { label: 'Edit', url: null, current: true },
    ])
  })

  test('an action without its own message names the record by its title', async ({ client }) => {
    const owner = await createUser()
    const project = await createProject(owner, { name: 'Lighthouse' })
    const response = await client
      .post(`/admin/projects/${project.id}/actions/touch`)
      .json(await versionedBody(`/admin/projects/${project.id}/actions/touch`))
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    response.assertStatus(200)
    response.assertBody({ action: 'touch', message: 'Touch: Project "Lighthouse"' })
  })

  test('manage page rows are titled by the record title rule', async ({ client, assert }) => {
    const owner = await createUser()
    const contact = await createContact(owner)
    const response = await page(client, owner, `/admin/contacts?edit=${contact.id}`)
    response.assertStatus(200)
    /* contacts have a name: the title rule picks it */
    assert.equal(response.inertiaProps.table.rows[0].title, contact.name)
  })
})

test.group('Pages | record sub-navigation', (group) => {
  withDatabase(group)

  test('entries the user may open, the active one marked and not linked', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const project = await createProject(owner)
    const response = await page(client, owner, `/admin/projects/${project.id}/edit`)
    assert.deepEqual(response.inertiaProps.subNavigation, [
      { key: 'view', label: 'Overview', url: `/admin/projects/${project.id}`, active: false },
      { key: 'edit', label: 'Edit', url: null, active: true },
      {
        key: 'activity',
        label: 'Activity',
        url: `/admin/projects/${project.id}/activity`,
        active: false,
      },
      {
        key: 'settings',
        label: 'Settings',
        url: `/admin/projects/${project.id}/settings`,
        active: false,
      },
    ])
  })

  test('entries are authorized with their page operation', async ({ client, assert }) => {
    const owner = await createUser()
    const reader = await createUser()
    const project = await createProject(owner, { visibility: 'public' })
    const response = await page(client, reader, `/admin/projects/${project.id}`)
    assert.deepEqual(
      response.inertiaProps.subNavigation.map((entry: any) => entry.key),
      ['view', 'activity']
    )
  })

  test('a page that empties its sub-navigation and list pages publish none', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const project = await createProject(owner)
    const settings = await page(client, owner, `/admin/projects/${project.id}/settings`)
    settings.assertStatus(200)
    assert.notProperty(settings.inertiaProps, 'subNavigation')
    const list = await page(client, owner, '/admin/projects')
    assert.notProperty(list.inertiaProps, 'subNavigation')
    /* a resource without recordSubNavigation() */
    const post = await createPost(owner)
    const edit = await page(client, owner, `/admin/posts/${post.id}/edit`)
    assert.notProperty(edit.inertiaProps, 'subNavigation')
  })
})

test.group('Pages | widgets', (group) => {
  withDatabase(group)

  test('resource and page widgets, computed through the scoped query', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const other = await createUser()
    await createProject(user, { visibility: 'private' })
    await createProject(user, { visibility: 'public' })
    await createProject(other, { visibility: 'public' })
    /* out of the user's scope: never counted */
    await createProject(other, { visibility: 'private' })
    await createProject(other, { visibility: 'private' })

    const response = await page(client, user, '/admin/projects')
    assert.deepEqual(response.inertiaProps.headerWidgets, [
      {
        type: 'stats',
        id: 'total',
        label: 'Projects',
        stats: [{ label: 'Visible to you', value: 3, description: null }],
      },
      {
        type: 'stats',
        id: 'visibility',
        label: 'Visibility',
        stats: [
          { label: 'Public', value: 2, description: null },
          { label: 'Private', value: 1, description: null },
        ],
      },
    ])
    /* the lazily imported widget is for admins only */
    assert.deepEqual(response.inertiaProps.footerWidgets, [
      {
        type: 'stats',
        id: 'mine',
        label: null,
        stats: [{ label: 'Mine', value: 2, description: null }],
      },
    ])

    const admin = await createUser({ isAdmin: true })
    const adminView = await page(client, admin, '/admin/projects')
    assert.equal(adminView.inertiaProps.headerWidgets[0].stats[0].value, 5)
    assert.deepEqual(
      adminView.inertiaProps.footerWidgets.map((widget: any) => widget.id),
      ['mine', 'admin-only']
    )
    assert.equal(adminView.inertiaProps.footerWidgets[1].stats[0].value, 5)
  })

  test('a page of a resource without widgets publishes neither prop', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await page(client, user, '/admin/posts')
    response.assertStatus(200)
    assert.notProperty(response.inertiaProps, 'headerWidgets')
    assert.notProperty(response.inertiaProps, 'footerWidgets')
  })

  test('record page widgets receive the record', async ({ client, assert }) => {
    const owner = await createUser()
    const project = await createProject(owner, { code: 'ABCDE' })
    const response = await page(client, owner, `/admin/projects/${project.id}`)
    assert.deepEqual(response.inertiaProps.footerWidgets, [
      {
        type: 'stats',
        id: 'code',
        label: null,
        stats: [{ label: 'Code length', value: 5, description: null }],
      },
    ])
  })
})

test.group('Pages | manage records (simple resources)', (group) => {
  withDatabase(group)

  test('one list page carrying the create form; rows link to ?edit=<key>', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const contact = await createContact(owner, { name: 'Alice' })
    await createContact(other, { name: 'Bob' })

    const response = await page(client, owner, '/admin/contacts')
    response.assertStatus(200)
    response.assertInertiaComponent('kit/manage_records')
    const table = response.inertiaProps.table
    assert.deepEqual(
      table.rows.map((row: any) => row.title),
      ['Alice']
    )
    assert.equal(table.rows[0].url, `/admin/contacts?edit=${contact.id}`)
    assert.equal(response.inertiaProps.form.operation, 'create')
    assert.deepEqual(response.inertiaProps.form.action, { url: '/admin/contacts', method: 'post' })
    assert.notProperty(response.inertiaProps, 'editForm')
    assert.deepEqual(
      table.actions.find((action: any) => action.name === 'edit').url,
      '/admin/contacts?edit={record}'
    )
  })

  test('no create form for a user who may not create', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await page(client, admin, '/admin/contacts')
    response.assertStatus(200)
    assert.notProperty(response.inertiaProps, 'form')
  })

  test('?edit=<key> carries the edit form of a record in scope and editable', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const admin = await createUser({ isAdmin: true })
    const mine = await createContact(owner, { name: 'Alice', email: 'alice@example.com' })
    const theirs = await createContact(other)

    const response = await page(client, owner, `/admin/contacts?edit=${mine.id}`)
    response.assertStatus(200)
    assert.deepEqual(response.inertiaProps.editForm.values, {
      name: 'Alice',
      email: 'alice@example.com',
    })
    assert.deepEqual(response.inertiaProps.editForm.action, {
      url: `/admin/contacts/${mine.id}`,
      method: 'patch',
    })

    /* another user's contact is outside the scope: 404; forged keys too */
    for (const key of [theirs.id, 'abc', '0', '99999999999', '']) {
      const denied = await page(client, owner, `/admin/contacts?edit=${key}`)
      assert.equal(denied.status(), 404, String(key))
    }
    /* in the admin's scope, but not editable by the admin: 403 */
    const forbidden = await page(client, admin, `/admin/contacts?edit=${theirs.id}`)
    forbidden.assertStatus(403)
  })

  test('store, update and delete routes exist for a simple resource', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const created = await client
      .post('/admin/contacts')
      .json({ name: 'Carol', email: 'carol@example.com' })
      .withCsrfToken()
      .withInertia()
      .loginAs(owner)
      .redirects(0)
    created.assertStatus(302)
    assert.equal(created.header('location'), '/admin/contacts')
    const carol = await Contact.findByOrFail('email', 'carol@example.com')
    assert.equal(carol.ownerId, owner.id)

    const updated = await client
      .patch(`/admin/contacts/${carol.id}`)
      .json(await versionedBody(`/admin/contacts/${carol.id}`, { name: 'Caroline' }))
      .withCsrfToken()
      .withInertia()
      .loginAs(owner)
      .redirects(0)
    updated.assertStatus(303)
    assert.equal(updated.header('location'), '/admin/contacts')
    await carol.refresh()
    assert.equal(carol.name, 'Caroline')

    /* another user: the record does not exist for them, nothing changes */
    const before = await snapshot(Contact)
    const refused = await client
      .patch(`/admin/contacts/${carol.id}`)
      .json(await versionedBody(`/admin/contacts/${carol.id}`, { name: 'Stolen' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(other)
    refused.assertStatus(404)
    const refusedDelete = await client
      .delete(`/admin/contacts/${carol.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(other)
    refusedDelete.assertStatus(404)
    assert.deepEqual(await snapshot(Contact), before)

    const deleted = await client
      .delete(`/admin/contacts/${carol.id}`)
      .withCsrfToken()
      .withInertia()
      .loginAs(owner)
      .redirects(0)
    deleted.assertStatus(303)
    assert.isNull(await Contact.find(carol.id))
  })
})
