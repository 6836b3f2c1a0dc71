import { BasePolicy } from '@adonisjs/bouncer'
import db from '@adonisjs/lucid/services/db'
import type User from '../models/user.ts'
import type Gizmo from '../models/gizmo.ts'

/**
 * Admins may do everything; the per-record decisions read the database (a
 * policy that looks up the record's current state), through the default
 * connection, not a transaction.
 */
export default class GizmoPolicy extends BasePolicy {
  async #stillExists(gizmo: Gizmo) {
    const row = await db.from('gizmos').where('id', gizmo.id).first()
    return row !== null && row !== undefined
  }

  viewAny(user: User) {
    return user.isAdmin
  }

  view(user: User) {
    return user.isAdmin
  }

  create(user: User) {
    return user.isAdmin
  }

  async update(user: User, gizmo: Gizmo) {
    return user.isAdmin && (await this.#stillExists(gizmo))
  }

  async delete(user: User, gizmo: Gizmo) {
    return user.isAdmin && (await this.#stillExists(gizmo))
  }

  deleteAny(user: User) {
    return user.isAdmin
  }

  async restore(user: User, gizmo: Gizmo) {
    return user.isAdmin && (await this.#stillExists(gizmo))
  }

  restoreAny(user: User) {
    return user.isAdmin
  }

  async forceDelete(user: User, gizmo: Gizmo) {
    return user.isAdmin && (await this.#stillExists(gizmo))
  }

  forceDeleteAny(user: User) {
    return user.isAdmin
  }
}
