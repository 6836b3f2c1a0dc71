import { BasePolicy } from '@adonisjs/bouncer'

export default class AuthorPolicy extends BasePolicy {
  viewAny() {
    return true
  }
  view() {
    return true
  }
}
