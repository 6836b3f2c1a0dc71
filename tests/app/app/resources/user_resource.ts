import {
  Resource,
  ResourceOperation,
  TextColumn,
  TextInput,
  type Form,
  type KitContext,
  type KitUser,
  type ResourceQuery,
  type Table,
} from '../../../../index.ts'
import vine from '@vinejs/vine'
import User from '../models/user.ts'
import { Rules } from '../../../../index.ts'

class UserRules extends Rules {
  rules() {
    return { fullName: vine.string().trim().maxLength(100) }
  }
}

/**
 * The users of the "people" panel (audit links): titled by email, users
 * whose email starts with "hidden" are outside its scope, and only admins
 * may view or edit the others.
 */
export default class UserResource extends Resource<typeof User> {
  model = User

  recordTitleAttribute() {
    return 'email'
  }

  modifyQuery(query: ResourceQuery<typeof User>, _context: KitContext) {
    return query.whereNot('users.email', 'like', 'hidden%')
  }

  async canAccess(operation: ResourceOperation, _record: User | null, user: KitUser | null) {
    if (!user) {
      return false
    }
    return (
      user.isAdmin === true ||
      [ResourceOperation.ViewAny, ResourceOperation.View].includes(operation)
    )
  }

  table(table: Table) {
    return table.columns([TextColumn.make('email')])
  }

  validation() {
    return UserRules
  }

  form(form: Form) {
    return form.schema([TextInput.make('fullName')])
  }
}
