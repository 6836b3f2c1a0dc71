import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class BookRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(1).maxLength(120),
      publisherId: vine.number().withoutDecimals().positive().nullable().optional(),
      genres: vine.array(vine.number().withoutDecimals().positive()).maxLength(50).optional(),
      country: vine.string().trim().maxLength(20).nullable().optional(),
      publishedOn: vine
        .date({ formats: ['YYYY-MM-DD'] })
        .nullable()
        .optional(),
      pages: vine.number().withoutDecimals().min(1).max(100_000).nullable().optional(),
      isFeatured: vine.boolean().optional(),
    }
  }
}
