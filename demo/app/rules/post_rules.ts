import vine from '@vinejs/vine'
import { Rules, kitRules } from 'adonis-kit'

export default class PostRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(3).maxLength(255),
      body: vine.string().trim().maxLength(10_000).nullable(),
      slug: vine
        .string()
        .trim()
        .maxLength(255)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        .nullable()
        .optional(),
      category: vine.string().trim().nullable().optional(),
      subcategory: vine.string().trim().nullable().optional(),
      status: vine.string().trim(),
      /* an empty date input clears the date (null), a date becomes a DateTime */
      publishedOn: kitRules.date(),
      isFeatured: vine.boolean(),
      tags: vine.array(vine.number().withoutDecimals().positive()).maxLength(50).optional(),
    }
  }
}
