import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { countQueries, createPost, createUser, expectStatus, withDatabase } from '../helpers.ts'
import {
  attachLabel,
  createComment,
  createLabel,
  createSummary,
  grant,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'

function getJson(client: any, url: string, qs: Record<string, unknown> = {}) {
  return client.get(url).qs(qs).accept('json')
}

test.group('Relation managers | lists, choosers and the relations prop', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('the list searches, sorts, filters trashed records and paginates through the relationship', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*')
    const post = await createPost(admin)
    const other = await createPost(admin)
    for (const body of ['banana', 'apple', 'cherry pie', 'cherry jam']) {
      await createComment(post, { body })
    }
    await createComment(post, { body: 'Cherry gone', deletedAt: DateTime.now() })
    await createComment(other, { body: 'Cherry elsewhere' })
    const url = `/admin/posts/${post.id}/relations/comments`

    const all = await getJson(client, url, { sort: 'body' }).loginAs(admin)
    all.assertStatus(200)
    assert.equal(all.body().contract, 'kit.resources.relation-manager.v1')
    assert.deepEqual(
      all.body().table.rows.map((row: any) => row.values.body),
      ['apple', 'banana', 'cherry jam', 'cherry pie']
    )

    const searched = await getJson(client, url, {
      search: 'CHERRY',
      sort: 'body',
      direction: 'desc',
    }).loginAs(admin)
    assert.deepEqual(
      searched.body().table.rows.map((row: any) => row.values.body),
      ['cherry pie', 'cherry jam']
    )

    const withTrashed = await getJson(client, url, {
      search: 'cherry',
      filters: { trashed: 'only' },
    }).loginAs(admin)
    assert.deepEqual(
      withTrashed.body().table.rows.map((row: any) => [row.values.body, row.trashed, row.actions]),
      [['Cherry gone', true, ['restore', 'forceDelete']]]
    )

    const paged = await getJson(client, url, { perPage: 10, page: 2, sort: 'body' }).loginAs(admin)
    assert.deepEqual(paged.body().table.rows, [])
    assert.equal(paged.body().table.pagination.total, 4)

    const short = await getJson(client, url, { search: 'c' }).loginAs(admin)
    assert.isNull(short.body().table.search)
    assert.lengthOf(short.body().table.rows, 4)
  })

  test('the list needs viewAny on the relation and view or edit on the owner', async ({
    client,
  }) => {
    const author = await createUser()
    const post = await createPost(author, { status: 'published' })
    const url = `/admin/posts/${post.id}/relations/labels`
    const denied = await getJson(client, url).loginAs(author)
    denied.assertStatus(403)

    const viewer = await createUser()
    grant(viewer, 'labels.viewAny')
    const viewed = await getJson(client, url).loginAs(viewer)
    viewed.assertStatus(200)
    viewed.assertBodyContains({ readOnly: true, form: null, attach: null })
  })

  test('chooser options: scoped, excluding attached records, at most 50, nothing under 2 characters', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'labels.*', 'comments.*')
    const post = await createPost(admin)
    const attached = await createLabel({ name: 'Topic attached' })
    await attachLabel(post, attached)
    await createLabel({ name: 'Topic private', scope: 'private' })
    for (let index = 0; index < 55; index++) {
      await createLabel({ name: `Topic ${String(index).padStart(2, '0')}` })
    }
    await createLabel({ name: 'Unrelated' })
    const url = `/admin/posts/${post.id}/relations/labels/options/attach`

    const found = await getJson(client, url, { search: 'topic' }).loginAs(admin)
    found.assertStatus(200)
    const labels = found.body().options.map((option: any) => option.label)
    assert.lengthOf(labels, 50)
    assert.equal(labels[0], 'Topic 00')
    assert.notInclude(labels, 'Topic attached')
    assert.notInclude(labels, 'Topic private')

    const short = await getJson(client, url, { search: 't' }).loginAs(admin)
    assert.deepEqual(short.body(), { options: [] })
    const wildcard = await getJson(client, url, { search: '%%' }).loginAs(admin)
    assert.deepEqual(wildcard.body(), { options: [] })

    await createComment(null, { body: 'Orphan topic' })
    await createComment(null, { body: 'Hidden topic', visibility: 'hidden' })
    await createComment(post, { body: 'Own topic' })
    const associate = await getJson(
      client,
      `/admin/posts/${post.id}/relations/comments/options/associate`,
      { search: 'topic' }
    ).loginAs(admin)
    assert.deepEqual(
      associate.body().options.map((option: any) => option.label),
      ['Orphan topic']
    )
  })

  test('chooser options need the attach or associate permission and edit rights on the owner', async ({
    client,
  }) => {
    const author = await createUser()
    const post = await createPost(author, { status: 'published' })
    grant(author, 'labels.viewAny')
    const url = `/admin/posts/${post.id}/relations/labels/options/attach`
    const denied = await getJson(client, url, { search: 'topic' }).loginAs(author)
    denied.assertStatus(403)
    const viewer = await createUser()
    grant(viewer, 'labels.*')
    const viewOnly = await getJson(client, url, { search: 'topic' }).loginAs(viewer)
    viewOnly.assertStatus(403)
  })

  test('the edit page carries the relations prop: groups, contracts, pivot columns as root attributes', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    grant(author, 'summary.viewAny', 'labels.*', 'comments.viewAny', 'comments.edit')
    const post = await createPost(author)
    await createSummary(post, { text: 'Short' })
    const label = await createLabel({ name: 'Featured' })
    await attachLabel(post, label, { role: 'primary', position: 2, note: 'internal' })
    await createComment(post, { body: 'Hello' })

    const page = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(author)
    page.assertStatus(200)
    const relations = page.inertiaProps.relations
    /* revisions: no viewAny, not published */
    assert.deepEqual(
      relations.map((entry: any) => [entry.type, entry.name ?? entry.id]),
      [
        ['manager', 'summary'],
        ['group', 'content'],
      ]
    )
    const [summary, content] = relations
    assert.equal(summary.contract, 'kit.resources.relation-manager.v1')
    assert.isFalse(summary.readOnly)
    assert.deepEqual(summary.table.rows[0].actions, [])
    assert.isNull(summary.form)

    assert.deepInclude(content, {
      id: 'content',
      title: 'Content',
      description: 'Comments and labels',
      icon: 'folder',
      contained: true,
      defaultRelation: 'labels',
    })
    const [comments, labels] = content.managers
    assert.equal(comments.group, 'content')
    assert.deepEqual(comments.table.rows[0].actions, ['edit'])
    assert.deepEqual(
      comments.table.actions.map((action: any) => action.name),
      ['edit', 'delete', 'restore', 'forceDelete', 'dissociate']
    )
    /* preset bulk actions need their *Any operation; custom ones decide per record */
    assert.deepEqual(
      comments.table.bulkActions.map((action: any) => [action.name, action.label]),
      [
        ['markHidden', 'Mark hidden'],
        ['forceDelete', 'Purge'],
      ]
    )
    assert.isNull(comments.form)
    assert.isNull(comments.associate)

    assert.deepEqual(labels.table.rows, [
      {
        key: label.id,
        title: 'Featured',
        values: { name: 'Featured', role: 'primary', position: 2 },
        url: null,
        actions: ['edit', 'delete', 'detach'],
      },
    ])
    assert.equal(labels.form.action.url, `/admin/posts/${post.id}/relations/labels`)
    assert.deepEqual(
      labels.form.fields.map((field: any) => field.name),
      ['name', 'role']
    )
    assert.deepEqual(labels.attach, {
      label: 'Label',
      optionsUrl: `/admin/posts/${post.id}/relations/labels/options/attach`,
      url: `/admin/posts/${post.id}/relations/labels/attach`,
      fields: labels.attach.fields,
      columns: 1,
    })
    assert.deepEqual(
      labels.attach.fields.map((field: any) => field.name),
      ['role', 'position']
    )
    assert.notInclude(JSON.stringify(relations), 'internal')
    assert.notInclude(JSON.stringify(relations), 'secret')
  })

  test('the attach chooser is exposed only with canAccess(Attach, null)', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    grant(author, 'labels.viewAny')
    const post = await createPost(author)
    await attachLabel(post, await createLabel())
    const page = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(author)
    const labels = page.inertiaProps.relations[0].managers[0]
    assert.equal(labels.name, 'labels')
    assert.isNull(labels.attach)
    assert.isNull(labels.form)
    assert.deepEqual(labels.table.rows[0].actions, [])
  })

  test('read-only managers keep the trashed filter and drop every mutation action', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const viewer = await createUser()
    const post = await createPost(author, { status: 'published' })
    grant(viewer, 'comments.*', 'labels.*')
    await createComment(post, { body: 'Visible' })
    await createComment(post, { body: 'Binned', deletedAt: DateTime.now() })
    const before = await relationSnapshot()

    const response = await getJson(client, `/admin/posts/${post.id}/relations/comments`, {
      filters: { trashed: 'with' },
      sort: 'body',
    }).loginAs(viewer)
    response.assertStatus(200)
    const manager = response.body()
    assert.isTrue(manager.readOnly)
    assert.deepEqual(
      manager.table.filters.map((filter: any) => [filter.name, filter.value]),
      [['trashed', 'with']]
    )
    assert.deepEqual(
      manager.table.rows.map((row: any) => [row.values.body, row.trashed, row.actions]),
      [
        ['Binned', true, []],
        ['Visible', false, []],
      ]
    )
    assert.deepEqual(manager.table.actions, [])
    assert.deepEqual(manager.table.bulkActions, [])
    assert.isNull(manager.form)
    assert.isNull(manager.associate)

    /* the readOnly option gives the same for a user who could edit */
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*')
    const asked = await getJson(client, `/admin/posts/${post.id}/relations/comments`, {
      readOnly: 'true',
    }).loginAs(admin)
    assert.isTrue(asked.body().readOnly)
    assert.deepEqual(asked.body().table.actions, [])
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('the edit form of a related record carries its pivot values', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'labels.*')
    const post = await createPost(admin)
    const label = await createLabel({ name: 'Editable' })
    await attachLabel(post, label, { role: 'lead' })
    const response = await getJson(
      client,
      `/admin/posts/${post.id}/relations/labels/${label.id}`
    ).loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(response.body().form.values, { name: 'Editable', role: 'lead' })
    assert.deepEqual(response.body().form.action, {
      url: `/admin/posts/${post.id}/relations/labels/${label.id}`,
      method: 'patch',
    })
  })

  test('the edit page runs a constant number of queries, whatever the number of related rows', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'summary.*', 'comments.*', 'labels.*', 'revisions.*')
    const post = await createPost(admin)
    const page = () => client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(admin)

    await createComment(post)
    await attachLabel(post, await createLabel())
    const check = async () => {
      const response = await page()
      response.assertStatus(200)
    }
    const few = await countQueries(check)

    for (let index = 0; index < 9; index++) {
      await createComment(post)
      await attachLabel(post, await createLabel())
    }
    const many = await countQueries(check)
    assert.equal(many, few)
  })
})

test.group('Relation managers | view pages', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('a view page carries read-only managers, even for a user who may edit', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*', 'labels.*', 'summary.*')
    const post = await createPost(admin, { status: 'published' })
    await createComment(post, { body: 'Visible' })
    await createComment(post, { body: 'Binned', deletedAt: DateTime.now() })

    const view = await client
      .get(`/viewing/post-views/${post.id}`)
      .qs({})
      .withInertia()
      .loginAs(admin)
    view.assertStatus(200)
    view.assertInertiaComponent('kit/view_record')
    const managers = view.inertiaProps.relations.flatMap((entry: any) =>
      entry.type === 'group' ? entry.managers : [entry]
    )
    assert.sameMembers(
      managers.map((manager: any) => manager.name),
      ['summary', 'comments', 'labels']
    )
    for (const manager of managers) {
      assert.isTrue(manager.readOnly, manager.name)
      assert.isNull(manager.form, manager.name)
      assert.isNull(manager.attach, manager.name)
      assert.isNull(manager.associate, manager.name)
      assert.deepEqual(manager.table.actions, [], manager.name)
      assert.deepEqual(manager.table.bulkActions, [], manager.name)
    }
    const comments = managers.find((manager: any) => manager.name === 'comments')
    assert.deepEqual(
      comments.table.filters.map((filter: any) => filter.name),
      ['trashed']
    )

    /* the edit page of the same user keeps the mutation actions */
    const edit = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(admin)
    const editable = edit.inertiaProps.relations
      .flatMap((entry: any) => (entry.type === 'group' ? entry.managers : [entry]))
      .find((manager: any) => manager.name === 'comments')
    assert.isFalse(editable.readOnly)
    assert.isNotNull(editable.form)
  })
})

test.group('Relation managers | relation pages', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('a ManageRelatedRecords page carries its manager contract', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*')
    const post = await createPost(admin, { status: 'published' })
    await createComment(post, { body: 'Only one' })

    const page = await client
      .get(`/viewing/post-views/${post.id}/comments`)
      .withInertia()
      .loginAs(admin)
    page.assertStatus(200)
    page.assertInertiaComponent('kit/manage_related_records')
    const related = page.inertiaProps.relationManager
    assert.equal(related.relationship, 'comments')
    assert.equal(related.manager.contract, 'kit.resources.relation-manager.v1')
    assert.deepEqual(
      related.manager.table.rows.map((row: any) => row.values.body),
      ['Only one']
    )
    await expectStatus(
      client.get('/viewing/post-views/999999/comments').withInertia().loginAs(admin),
      404
    )
  })
})
