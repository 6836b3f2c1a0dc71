import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Brochure rules: the text fields only; uploads are checked by their
 * FileUpload fields.
 */
export default class BrochureRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().maxLength(100),
      body: vine.string().maxLength(20000).nullable().optional(),
      notes: vine.string().maxLength(20000).nullable().optional(),
      photoUrl: vine.string().maxLength(255).nullable().optional(),
      items: vine
        .array(
          vine.object({
            label: vine.string().trim().minLength(2).maxLength(100),
            quantity: vine.number().withoutDecimals().min(1).max(999),
          })
        )
        .maxLength(20)
        .optional(),
    }
  }
}
