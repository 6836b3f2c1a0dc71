import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

/**
 * Document rules: the text fields. The uploads are checked by their
 * FileUpload fields (type by content, size, count).
 */
export default class DocumentRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().maxLength(255),
      ownerId: vine.number().withoutDecimals().positive().nullable().optional(),
      body: vine.string().maxLength(50_000).nullable().optional(),
      notes: vine.string().maxLength(50_000).nullable().optional(),
    }
  }
}
