import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'

/**
 * The audit trail's activity list: every signed-in editor of the demo may
 * see it (an application would usually keep it for administrators).
 */
export default class AuditPolicy extends BasePolicy {
  viewActivity(_user: User, _panelId: string) {
    return true
  }
}
