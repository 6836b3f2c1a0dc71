import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'

/**
 * Every signed-in editor may do everything in the demo, except deleting
 * authors who still have posts (see AuthorPolicy).
 */
export default class EditorPolicy extends BasePolicy {
  viewAny(_user: User) {
    return true
  }
  view(_user: User) {
    return true
  }
  create(_user: User) {
    return true
  }
  update(_user: User) {
    return true
  }
  delete(_user: User, _record?: unknown): boolean | Promise<boolean> {
    return true
  }
  deleteAny(_user: User) {
    return true
  }
  restore(_user: User, _record?: unknown): boolean | Promise<boolean> {
    return true
  }
  restoreAny(_user: User) {
    return true
  }
  forceDelete(_user: User, _record?: unknown): boolean | Promise<boolean> {
    return true
  }
  forceDeleteAny(_user: User) {
    return true
  }
}
