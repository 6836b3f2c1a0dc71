import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'

/**
 * A policy that forgot `viewAny` and `create`: the list and create pages of
 * its resource deny everyone (fail-closed), and the kit says why.
 */
export default class PartialGizmoPolicy extends BasePolicy {
  view(user: User) {
    return user.isAdmin
  }

  update(user: User) {
    return user.isAdmin
  }

  delete(user: User) {
    return user.isAdmin
  }
}
