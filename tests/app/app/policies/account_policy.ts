import { BasePolicy } from '@adonisjs/bouncer'
import type Account from '../models/account.ts'

/**
 * The accounts of the backstage panel (impersonation.spec.ts): everyone
 * lists them; admins may impersonate the users who are not admins.
 */
export default class AccountPolicy extends BasePolicy {
  viewAny(_user: Account) {
    return true
  }

  view(_user: Account, _target: Account) {
    return true
  }

  impersonate(user: Account, target: Account) {
    return user.isAdmin && !target.isAdmin
  }
}

/**
 * The same accounts listed without an `impersonate` ability: impersonation
 * is refused (fail-closed).
 */
export class SilentAccountPolicy extends BasePolicy {
  viewAny(user: Account) {
    return user.isAdmin
  }

  view(user: Account, _target: Account) {
    return user.isAdmin
  }
}
