import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import { Rules } from 'adonis-kit'

export default class PostRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(3).maxLength(255),
      body: vine.string().trim().maxLength(10_000).nullable(),
      status: vine.string().trim(),
      publishedOn: vine
        .date({ formats: ['YYYY-MM-DD'] })
        .transform((date) => DateTime.fromJSDate(date))
        .nullable(),
      isFeatured: vine.boolean(),
      tags: vine.array(vine.number().withoutDecimals().positive()).maxLength(50).optional(),
    }
  }
}
