import { test } from '@japa/runner'
import Gizmo from '../app/app/models/gizmo.ts'
import { onKitDebug, type KitDebugEntry } from '../../src/debug.ts'
import { missingPolicyMethods } from '../../src/authorization/policy_check.ts'
import { createUser, withDatabase } from '../helpers.ts'

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
  })
})
