import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class PostRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(3).maxLength(255),
      body: vine.string().trim().maxLength(10_000).nullable(),
      status: vine.string().trim(),
      publishedOn: vine.date({ formats: ['YYYY-MM-DD'] }).nullable(),
      isFeatured: vine.boolean(),
    }
  }
}
