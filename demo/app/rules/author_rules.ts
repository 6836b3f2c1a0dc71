import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class AuthorRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(255),
      email: vine.string().trim().email().maxLength(254),
      bio: vine.string().trim().maxLength(2000).nullable(),
    }
  }
}
