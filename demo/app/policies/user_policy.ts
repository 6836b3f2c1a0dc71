import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'

/**
 * The users list: admins see it and may impersonate the users who are not
 * admins (the kit never lets anyone impersonate themselves).
 */
export default class UserPolicy extends BasePolicy {
  viewAny(user: User) {
    return user.isAdmin
  }
  view(user: User, _target: User) {
    return user.isAdmin
  }
  impersonate(user: User, target: User) {
    return user.isAdmin && !target.isAdmin
  }
}
