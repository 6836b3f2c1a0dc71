import { BasePolicy } from '@adonisjs/bouncer'
import type BenchUser from '../models/bench_user.ts'

/**
 * Authors and users: everyone lists them, admins edit them.
 */
export default class AuthorPolicy extends BasePolicy {
  viewAny() {
    return true
  }
  view() {
    return true
  }
  update(user: BenchUser) {
    return user.isAdmin
  }
}
