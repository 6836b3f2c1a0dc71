import EditorPolicy from './editor_policy.ts'
import type User from '../models/user.ts'
import type Author from '../models/author.ts'

/**
 * Authors who wrote posts cannot be deleted (the row offers no delete).
 */
export default class AuthorPolicy extends EditorPolicy {
  async delete(_user: User, author?: Author) {
    if (!author) return false
    const row = await author.related('posts').query().count('* as total').first()
    return Number(row?.$extras.total ?? 0) === 0
  }
}
