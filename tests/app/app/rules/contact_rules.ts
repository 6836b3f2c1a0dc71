import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class ContactRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(255),
      email: vine.string().trim().email().maxLength(255),
    }
  }
}
