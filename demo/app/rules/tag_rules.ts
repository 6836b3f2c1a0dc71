import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class TagRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(60),
      posts: vine.array(vine.number().withoutDecimals().positive()).maxLength(50).optional(),
    }
  }
}
