import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'

/**
 * Who may see a panel's activity list: admins whose email starts with
 * "auditor" (other tests' navigation stays as it was).
 */
export default class AuditPolicy extends BasePolicy {
  viewActivity(user: User, _panelId: string) {
    return user.isAdmin && user.email.startsWith('auditor')
  }
}
