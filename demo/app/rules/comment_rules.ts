import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class CommentRules extends Rules {
  rules() {
    return {
      authorName: vine.string().trim().minLength(2).maxLength(255),
      body: vine.string().trim().minLength(2).maxLength(5000),
    }
  }
}
