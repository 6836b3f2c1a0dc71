import db from '@adonisjs/lucid/services/db'
import type { Group } from '@japa/runner/core'
import { gizmoHookCalls, gizmoTiming } from './app/app/resources/gizmo_resource.ts'
import { createUser } from './helpers.ts'

/**
 * Tests that need committed writes (concurrent requests, connections a
 * transaction holds) run outside the suite's global transaction: the group
 * removes the gizmos and the users they wrote.
 */
const created: number[] = []

/**
 * Run each test of the group without the global transaction, cleaning up
 * the gizmos and the users created with `committedAdmin()`.
 */
export function committed(group: Group) {
  /* concurrent requests on a shared machine: more time than the 2 s default */
  group.each.timeout(20_000)
  group.each.setup(() => {
    gizmoHookCalls.clear()
    gizmoTiming.hookDelay = 0
  })
  group.each.teardown(async () => {
    gizmoTiming.hookDelay = 0
    gizmoTiming.failIn = undefined
    await db.from('gizmos').delete()
    await db.from('kit_audit_entries').delete()
    if (created.length) {
      await db.from('users').whereIn('id', created.splice(0)).delete()
    }
  })
}

/**
 * Create an admin that the group's teardown removes.
 */
export async function committedAdmin() {
  const user = await createUser({ isAdmin: true })
  created.push(user.id)
  return user
}
