import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'
import type Post from '../models/post.ts'

/**
 * Authors may update their own posts; only admins delete.
 */
export default class PostPolicy extends BasePolicy {
  viewAny(_user: User) {
    return true
  }

  view(_user: User, _post: Post) {
    return true
  }

  create(_user: User) {
    return true
  }

  update(user: User, post: Post) {
    return user.isAdmin || post.authorId === user.id
  }

  delete(user: User, _post: Post) {
    return user.isAdmin
  }
}
