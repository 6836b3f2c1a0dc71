import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'
import type Comment from '../models/comment.ts'
import type Post from '../models/post.ts'

/**
 * Comments of a post (the policy of a relation manager's related model):
 * the post's author and admins write, only admins delete; it has no
 * `dissociate()`, so dissociation is denied to everyone.
 */
export default class CommentPolicy extends BasePolicy {
  viewAny(_user: User) {
    return true
  }

  create(user: User, _model: unknown, post: Post) {
    return user.isAdmin || post.authorId === user.id
  }

  update(user: User, _comment: Comment, post: Post) {
    return user.isAdmin || post.authorId === user.id
  }

  delete(user: User, _comment: Comment) {
    return user.isAdmin
  }
}
