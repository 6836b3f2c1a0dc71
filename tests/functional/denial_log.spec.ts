import { test } from '@japa/runner'
import Gizmo from '../app/app/models/gizmo.ts'
import { onKitDebug, type KitDebugEntry } from '../../src/support/debug.ts'
import { missingPolicyMethods } from '../../src/runtime/authorization/policy_check.ts'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import {
  Comment,
  attachLabel,
  createComment,
  createLabel,
  grant,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

/**
 * Denials and 404s explain themselves in the debug log (NODE_DEBUG=adonis-kit
 * and development): which resource, operation, ability, policy and record.
 */
function listen() {
  const entries: KitDebugEntry[] = []
  const stop = onKitDebug((entry) => entries.push(entry))
  return { entries, stop }
}

test.group('Debug log | denials and records out of scope', (group) => {
  withDatabase(group)

  test('a policy without the method: 403, and the log names ability and policy', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { entries, stop } = listen()
    try {
      const response = await client.get('/safety/hard-gizmos').withInertia().loginAs(admin)
      response.assertStatus(403)
    } finally {
      stop()
    }
    const denial = entries.find((entry) => entry.event === 'deny')
    /* a 403 reaches the development log too, not only NODE_DEBUG */
    assert.isFalse(denial?.quiet)
    assert.deepInclude(denial?.details ?? {}, {
      resource: 'HardGizmoResource',
      operation: 'viewAny',
      ability: 'viewAny',
      policy: 'PartialGizmoPolicy',
      record: null,
      user: admin.id,
      request: 'GET /safety/hard-gizmos',
      reason: 'PartialGizmoPolicy has no viewAny() method (fail-closed)',
    })
  })

  test('a policy method that says no: the record key and the answer', async ({
    client,
    assert,
  }) => {
    const reader = await createUser({ isAdmin: false })
    const gizmo = await Gizmo.create({ name: 'Guarded' })
    const { entries, stop } = listen()
    try {
      const response = await client
        .delete(`/safety/hard-gizmos/${gizmo.id}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(reader)
      response.assertStatus(403)
    } finally {
      stop()
    }
    assert.isNotNull(await Gizmo.find(gizmo.id))
    const denial = entries.find((entry) => entry.event === 'deny')
    assert.deepInclude(denial?.details ?? {}, {
      resource: 'HardGizmoResource',
      operation: 'delete',
      ability: 'delete',
      policy: 'PartialGizmoPolicy',
      record: gizmo.id,
      reason: 'PartialGizmoPolicy.delete() did not return true',
    })
  })

  test('a record outside the scope: 404, and the log says which key and why', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { entries, stop } = listen()
    try {
      const missing = await client
        .patch('/safety/gizmos/987654')
        .json({ name: 'x' })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      missing.assertStatus(404)
      const malformed = await client
        .delete('/safety/gizmos/abc')
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      malformed.assertStatus(404)
    } finally {
      stop()
    }
    const notFound = entries.filter((entry) => entry.event === 'not-found')
    assert.deepEqual(
      notFound.map((entry) => [entry.details.resource, entry.details.record, entry.details.reason]),
      [
        ['GizmoResource', '987654', 'no record with this key in the scoped query'],
        ['GizmoResource', 'abc', 'the key does not have the shape of recordKeyType'],
      ]
    )
    assert.equal(notFound[0].details.trashed, 'without')
    assert.equal(notFound[0].details.request, 'PATCH /safety/gizmos/987654')
  })

  test('nothing is logged for allowed requests', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const { entries, stop } = listen()
    try {
      const response = await client.get('/safety/gizmos').withInertia().loginAs(admin)
      response.assertStatus(200)
    } finally {
      stop()
    }
    assert.deepEqual(entries, [])
  })

  test('at boot: the policy methods the pages need and the policy lacks', async ({ assert }) => {
    const found = await missingPolicyMethods()
    assert.deepInclude(found, {
      resource: 'HardGizmoResource',
      policy: 'PartialGizmoPolicy',
      missing: ['viewAny', 'create'],
    })
    assert.notInclude(
      found.map((entry) => entry.resource),
      'GizmoResource'
    )
    /* a relation manager's policy: the operations the manager offers */
    assert.deepInclude(found, {
      resource: 'PolicedPostResource relation comments',
      policy: 'CommentPolicy',
      missing: ['dissociate'],
    })
  })
})

function send(client: any, user: any, method: string, url: string) {
  return client[method](url).withCsrfToken().accept('json').loginAs(user)
}

test.group('Debug log | relation managers and tenants', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('a relation operation the manager refuses: 403, and the log names manager and record', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ isAdmin: true })
    grant(user, 'comments.*')
    const post = await createPost(user)
    const pinned = await createComment(post, { body: 'Pinned rules' })
    const { entries, stop } = listen()
    try {
      const url = `/admin/posts/${post.id}/relations/comments/${pinned.id}`
      const response = await send(client, user, 'delete', url)
      response.assertStatus(403)
    } finally {
      stop()
    }
    assert.isNotNull(await Comment.find(pinned.id))
    const denial = entries.find((entry) => entry.event === 'deny' && entry.details.manager)
    assert.isFalse(denial?.quiet ?? true)
    assert.deepInclude(denial?.details ?? {}, {
      resource: 'PostResource',
      relation: 'comments',
      manager: 'CommentsRelationManager',
      operation: 'delete',
      record: pinned.id,
      user: user.id,
      request: `DELETE /admin/posts/${post.id}/relations/comments/${pinned.id}`,
      reason: 'CommentsRelationManager.canAccess() did not return true',
    })
  })

  test('relation 404s say which relation, which key and why', async ({ client, assert }) => {
    const user = await createUser({ isAdmin: true })
    grant(user, 'comments.*', 'labels.*')
    const mine = await createPost(user)
    const theirs = await createPost(user)
    const comment = await createComment(theirs)
    const label = await createLabel()
    await attachLabel(mine, label)
    const before = await relationSnapshot()
    const base = `/admin/posts/${mine.id}/relations`
    const { entries, stop } = listen()
    try {
      for (const [method, url] of [
        ['patch', `${base}/comments/${comment.id}`],
        ['delete', `${base}/comments/abc`],
        ['post', `${base}/labels/${label.id}/dissociate`],
        ['get', `${base}/nothing`],
      ]) {
        const response = await send(client, user, method, url)
        assert.equal(response.status(), 404, `${method} ${url}`)
      }
    } finally {
      stop()
    }
    assert.deepEqual(await relationSnapshot(), before)
    const notFound = entries.filter((entry) => entry.event === 'not-found')
    assert.deepEqual(
      notFound.map((entry) => [
        entry.details.resource,
        entry.details.relation ?? null,
        entry.details.record,
        entry.details.reason,
      ]),
      [
        [
          'PostResource',
          'comments',
          String(comment.id),
          "no related record with this key through the owner's relationship",
        ],
        ['PostResource', 'comments', 'abc', 'the key does not have the shape of recordKeyType'],
        [
          'PostResource',
          'labels',
          null,
          'the operation needs a hasMany relationship; labels is manyToMany',
        ],
        ['PostResource', null, 'nothing', 'no relation manager of this resource has this name'],
      ]
    )
    assert.equal(
      notFound[0].details.request,
      `PATCH /admin/posts/${mine.id}/relations/comments/${comment.id}`
    )
    assert.equal(
      notFound[1].details.request,
      `DELETE /admin/posts/${mine.id}/relations/comments/abc`
    )
  })

  test('a tenant the user may not enter: 404, and the log says why', async ({ client, assert }) => {
    const { alice } = await twoTenants()
    const { entries, stop } = listen()
    try {
      const response = await send(client, alice, 'get', '/globex/app/boards')
      response.assertStatus(404)
      const unknown = await send(client, alice, 'get', '/initech/app/boards')
      unknown.assertStatus(404)
    } finally {
      stop()
    }
    const notFound = entries.filter((entry) => entry.event === 'not-found')
    assert.deepEqual(
      notFound.map((entry) => [entry.details.tenant, entry.details.record, entry.details.reason]),
      [
        ['Team', 'globex', 'canAccessTenant() did not return true'],
        ['Team', 'initech', 'no tenant with this key'],
      ]
    )
    assert.equal(notFound[0].details.request, 'GET /globex/app/boards')
  })
})
