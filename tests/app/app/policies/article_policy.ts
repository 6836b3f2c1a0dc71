import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'
import type Article from '../models/article.ts'

/**
 * Owners delete their articles; only admins restore or delete permanently.
 */
export default class ArticlePolicy extends BasePolicy {
  viewAny() {
    return true
  }

  view() {
    return true
  }

  create() {
    return true
  }

  update(user: User, article: Article) {
    return user.isAdmin || article.ownerId === user.id
  }

  delete(user: User, article: Article) {
    return user.isAdmin || article.ownerId === user.id
  }

  deleteAny() {
    return true
  }

  restore(user: User) {
    return user.isAdmin
  }

  restoreAny(user: User) {
    return user.isAdmin
  }

  forceDelete(user: User) {
    return user.isAdmin
  }

  forceDeleteAny(user: User) {
    return user.isAdmin
  }
}
