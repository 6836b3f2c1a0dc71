import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'

/**
 * Who may see a panel's activity list: admins only.
 */
export default class AuditPolicy extends BasePolicy {
  viewActivity(user: User, _panelId: string) {
    return user.isAdmin
  }
}
