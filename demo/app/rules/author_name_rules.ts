import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

/**
 * The option form renaming a document's owner: the author's name only.
 */
export default class AuthorNameRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(255),
    }
  }
}
