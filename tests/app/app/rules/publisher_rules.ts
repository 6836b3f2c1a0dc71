import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class PublisherRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(100),
    }
  }
}
