import { BasePolicy } from '@adonisjs/bouncer'
import type BenchUser from '../models/bench_user.ts'
import type Item from '../models/item.ts'

/**
 * Everyone lists and creates; authors of a record (here: admins, or the user
 * whose id matches the author) edit and delete; admins restore and delete
 * permanently. The hand-written controller applies the same rules.
 */
export default class ItemPolicy extends BasePolicy {
  viewAny() {
    return true
  }
  view() {
    return true
  }
  create() {
    return true
  }
  update(user: BenchUser, item: Item) {
    return user.isAdmin || item.authorId === user.id
  }
  delete(user: BenchUser, item: Item) {
    return user.isAdmin || item.authorId === user.id
  }
  deleteAny() {
    return true
  }
  restore(user: BenchUser) {
    return user.isAdmin
  }
  restoreAny(user: BenchUser) {
    return user.isAdmin
  }
  forceDelete(user: BenchUser) {
    return user.isAdmin
  }
  forceDeleteAny(user: BenchUser) {
    return user.isAdmin
  }
}
