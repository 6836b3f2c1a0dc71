import EditorPolicy from './editor_policy.ts'
import type User from '../models/user.ts'
import type Post from '../models/post.ts'

/**
 * Posts in the trash can be restored or deleted permanently; live posts
 * cannot (so their rows offer neither).
 */
export default class PostPolicy extends EditorPolicy {
  restore(_user: User, post?: Post) {
    return !!post?.deletedAt
  }

  forceDelete(_user: User, post?: Post) {
    return !!post?.deletedAt
  }
}
