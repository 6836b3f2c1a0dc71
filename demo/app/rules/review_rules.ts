import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class ReviewRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(2).maxLength(120),
      /* the Rating field has already refused anything but 1 to 5 */
      score: vine.number().withoutDecimals().range([1, 5]).nullable(),
    }
  }
}
