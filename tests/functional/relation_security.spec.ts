import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createPost, createUser, withDatabase, versionedBody } from '../helpers.ts'
import { hookFaults } from '../app/app/hook_faults.ts'
import {
  Comment,
  attachLabel,
  createComment,
  createLabel,
  createRevision,
  createSummary,
  grant,
  pivotRows,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'

const ALL = ['summary.*', 'comments.*', 'revisions.*', 'labels.*']

async function admin() {
  const user = await createUser({ isAdmin: true })
  grant(user, ...ALL)
  return user
}

function json(client: any, method: string, url: string, body?: Record<string, unknown>) {
  const request = client[method](url)
  if (body) request.json(body)
  return request.withCsrfToken().accept('json')
}

function fieldErrors(response: any) {
  return response.body().errors.map((error: any) => [error.field, error.rule])
}

test.group('Relation managers | forged keys and scopes', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test("another owner's related records are not found through this owner", async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const mine = await createPost(user)
    const theirs = await createPost(user)
    const comment = await createComment(theirs)
    const trashed = await createComment(theirs, { deletedAt: DateTime.now() })
    const summary = await createSummary(theirs)
    const revision = await createRevision(theirs)
    const label = await createLabel()
    await attachLabel(theirs, label, { role: 'theirs' })
    const before = await relationSnapshot()

    const base = `/admin/posts/${mine.id}/relations`
    const attempts: [string, string, Record<string, unknown>?][] = [
      ['patch', `${base}/comments/${comment.id}`, { body: 'hijacked' }],
      ['delete', `${base}/comments/${comment.id}`],
      ['post', `${base}/comments/${comment.id}/dissociate`],
      ['post', `${base}/comments/${trashed.id}/restore`],
      ['delete', `${base}/comments/${trashed.id}/force-delete`],
      ['get', `${base}/comments/${comment.id}`],
      ['patch', `${base}/summary/${summary.id}`, { text: 'hijacked' }],
      ['delete', `${base}/summary/${summary.id}`],
      ['patch', `${base}/revisions/${revision.id}`, { note: 'hijacked' }],
      ['delete', `${base}/revisions/${revision.id}`],
      ['patch', `${base}/labels/${label.id}`, { name: 'hijacked', role: 'x' }],
      ['delete', `${base}/labels/${label.id}`],
      /* detach of a key that is not attached to this owner */
      ['post', `${base}/labels/${label.id}/detach`],
    ]
    for (const [method, url, body] of attempts) {
      const response = await json(client, method, url, body).loginAs(user)
      assert.equal(response.status(), 404, `${method.toUpperCase()} ${url}`)
    }
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('an owner outside the resource scoped query is not found', async ({ client, assert }) => {
    const author = await createUser()
    const intruder = await createUser()
    grant(intruder, ...ALL)
    const draft = await createPost(author, { status: 'draft' })
    const comment = await createComment(draft)
    const label = await createLabel()
    const before = await relationSnapshot()

    const base = `/admin/posts/${draft.id}/relations`
    const attempts: [string, string, Record<string, unknown>?][] = [
      ['get', `${base}/comments`],
      ['post', `${base}/comments`, { body: 'sneaky' }],
      ['patch', `${base}/comments/${comment.id}`, { body: 'sneaky' }],
      ['post', `${base}/labels/attach`, { record: label.id }],
      ['get', `${base}/labels/options/attach?search=label`],
    ]
    for (const [method, url, body] of attempts) {
      const response = await json(client, method, url, body).loginAs(intruder)
      assert.equal(response.status(), 404, `${method.toUpperCase()} ${url}`)
    }
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('malformed keys, unknown relations and unknown choosers answer 404', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    const before = await relationSnapshot()
    const urls: [string, string][] = [
      ['get', `/admin/posts/${post.id}/relations/secrets`],
      ['post', `/admin/posts/${post.id}/relations/author`],
      ['patch', `/admin/posts/${post.id}/relations/comments/abc`],
      ['delete', `/admin/posts/${post.id}/relations/comments/1%20OR%201=1`],
      ['delete', `/admin/posts/${post.id}/relations/comments/99999999999`],
      ['get', `/admin/posts/abc/relations/comments`],
      ['get', `/admin/posts/${post.id}/relations/comments/options/everything?search=co`],
      ['get', `/admin/posts/${post.id}/relations/summary/options/attach?search=co`],
      ['post', `/admin/posts/${post.id}/relations/comments/bulk-actions/nuke`],
      ['post', `/admin/posts/${post.id}/relations/comments/1/actions/nuke`],
    ]
    for (const [method, url] of urls) {
      const response = await json(client, method, url, { records: [1] }).loginAs(user)
      assert.equal(response.status(), 404, `${method.toUpperCase()} ${url}`)
    }
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('trashed related records are hidden from edit and delete; restore needs a trashed one', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    const trashed = await createComment(post, { deletedAt: DateTime.now() })
    const live = await createComment(post)
    const before = await relationSnapshot()
    const base = `/admin/posts/${post.id}/relations/comments`
    for (const [method, url, body] of [
      ['patch', `${base}/${trashed.id}`, { body: 'changed' }],
      ['delete', `${base}/${trashed.id}`],
      ['post', `${base}/${live.id}/restore`],
    ] as [string, string, any][]) {
      const response = await json(client, method, url, body).loginAs(user)
      assert.equal(response.status(), 404, `${method.toUpperCase()} ${url}`)
    }
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('attach refuses forged candidates with a field error and changes no pivot row', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    const other = await createPost(user)
    const attached = await createLabel({ name: 'Attached' })
    await attachLabel(post, attached, { role: 'kept', position: 4 })
    const privateLabel = await createLabel({ name: 'Private', scope: 'private' })
    const elsewhere = await createLabel({ name: 'Elsewhere' })
    await attachLabel(other, elsewhere)
    const before = await relationSnapshot()

    const url = `/admin/posts/${post.id}/relations/labels/attach`
    for (const record of [
      privateLabel.id /* outside modifyAttachQuery */,
      attached.id /* already attached: no duplicate, no change of its pivot */,
      999999 /* does not exist */,
      'abc',
      '1 OR 1=1',
      null,
      [attached.id],
      { id: attached.id },
    ]) {
      const response = await json(client, 'post', url, { record, role: 'forged' }).loginAs(user)
      assert.equal(response.status(), 422, JSON.stringify(record))
      assert.deepEqual(fieldErrors(response), [['record', 'attach']])
    }
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('attach authorizes again on the resolved candidate', async ({ client, assert }) => {
    const user = await admin()
    const post = await createPost(user)
    const locked = await createLabel({ name: 'Locked label' })
    const before = await pivotRows()
    const response = await json(client, 'post', `/admin/posts/${post.id}/relations/labels/attach`, {
      record: locked.id,
    }).loginAs(user)
    response.assertStatus(403)
    assert.deepEqual(await pivotRows(), before)
  })

  test('a record attached meanwhile by another request answers a field error, not a 500', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    const label = await createLabel({ name: 'Raced' })
    hookFaults.add('concurrentAttach')
    try {
      const response = await json(
        client,
        'post',
        `/admin/posts/${post.id}/relations/labels/attach`,
        { record: label.id }
      ).loginAs(user)
      response.assertStatus(422)
      assert.deepEqual(fieldErrors(response), [['record', 'attach']])
    } finally {
      hookFaults.delete('concurrentAttach')
    }
    /* only the row of the request that won */
    const rows = await pivotRows()
    assert.lengthOf(rows, 1)
  })

  test('attach validates the attach form after authorization', async ({ client, assert }) => {
    const user = await admin()
    const post = await createPost(user)
    const label = await createLabel()
    const response = await json(client, 'post', `/admin/posts/${post.id}/relations/labels/attach`, {
      record: label.id,
      position: 'first',
    }).loginAs(user)
    response.assertStatus(422)
    assert.deepEqual(fieldErrors(response), [['position', 'number']])
    assert.deepEqual(await pivotRows(), [])
  })

  test('associate refuses forged candidates and authorizes the resolved one', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    const hidden = await createComment(null, { visibility: 'hidden' })
    const trashed = await createComment(null, { deletedAt: DateTime.now() })
    const own = await createComment(post)
    const locked = await createComment(null, { body: 'Locked comment' })
    const before = await relationSnapshot()

    const url = `/admin/posts/${post.id}/relations/comments/associate`
    for (const record of [hidden.id, trashed.id, own.id, 424242, 'x']) {
      const response = await json(client, 'post', url, { record }).loginAs(user)
      assert.equal(response.status(), 422, JSON.stringify(record))
      assert.deepEqual(fieldErrors(response), [['record', 'associate']])
    }
    const refused = await json(client, 'post', url, { record: locked.id }).loginAs(user)
    refused.assertStatus(403)
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('undeclared input never reaches the related row or the pivot row', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    const other = await createPost(user)
    const label = await createLabel()
    await attachLabel(post, label, { role: 'r', position: 1, note: 'n' })

    const response = await json(
      client,
      'patch',
      `/admin/posts/${post.id}/relations/labels/${label.id}`,
      await versionedBody(`/admin/posts/${post.id}/relations/labels/${label.id}`, {
        'name': 'Renamed',
        'id': 777,
        'scope': 'private',
        'post_id': other.id,
        'label_id': 555,
        'note': 'forged',
        'position': 99,
        'pivot.role': 'forged',
      })
    ).loginAs(user)
    response.assertStatus(200)
    await label.refresh()
    assert.equal(label.name, 'Renamed')
    assert.equal(label.scope, 'public')
    assert.deepEqual(await pivotRows(), [
      { post_id: post.id, label_id: label.id, role: 'r', position: 1, note: 'n' },
    ])
  })

  test('a has-one relation holds one record: a second create is a field error', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    await createSummary(post)
    const before = await relationSnapshot()
    const response = await json(client, 'post', `/admin/posts/${post.id}/relations/summary`, {
      text: 'Second one',
    }).loginAs(user)
    response.assertStatus(422)
    assert.deepEqual(fieldErrors(response), [['text', 'hasOne']])
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('invalid input: JSON clients get 422, Inertia clients a redirect back with errors', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const post = await createPost(user)
    const before = await relationSnapshot()
    const url = `/admin/posts/${post.id}/relations/comments`

    const jsonResponse = await json(client, 'post', url, { body: 'x' }).loginAs(user)
    jsonResponse.assertStatus(422)
    assert.deepEqual(fieldErrors(jsonResponse), [['body', 'minLength']])

    const inertia = await client
      .post(url)
      .json({ body: '' })
      .header('referer', `/admin/posts/${post.id}/edit`)
      .withCsrfToken()
      .withInertia()
      .loginAs(user)
      .redirects(0)
    inertia.assertStatus(302)
    inertia.assertHeader('location', `/admin/posts/${post.id}/edit`)
    assert.property(inertia.flashMessages().inputErrorsBag, 'body')
    assert.deepEqual(await relationSnapshot(), before)
  })

  test('Inertia clients get a redirect back with a success message', async ({ client, assert }) => {
    const user = await admin()
    const post = await createPost(user)
    const response = await client
      .post(`/admin/posts/${post.id}/relations/comments`)
      .json({ body: 'Through Inertia' })
      .header('referer', `/admin/posts/${post.id}/edit`)
      .withCsrfToken()
      .withInertia()
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', `/admin/posts/${post.id}/edit`)
    response.assertFlashMessage('success', 'Comments: "Through Inertia" created')
    assert.lengthOf(await Comment.query().where('post_id', post.id), 1)
  })

  test('a failing hook rolls the relation mutation back', async ({ client, assert }) => {
    const user = await admin()
    const post = await createPost(user)
    const comment = await createComment(post, { deletedAt: DateTime.now() })
    const before = await relationSnapshot()
    for (const [hook, method, path] of [
      ['commentAfterRestore', 'post', 'restore'],
      ['commentAfterForceDelete', 'delete', 'force-delete'],
    ]) {
      hookFaults.add(hook)
      const response = await json(
        client,
        method,
        `/admin/posts/${post.id}/relations/comments/${comment.id}/${path}`
      ).loginAs(user)
      response.assertStatus(500)
      assert.deepEqual(await relationSnapshot(), before)
    }
  })
})
