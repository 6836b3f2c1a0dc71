import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Brochure page rules. `internalCode` (read-only) and `legacyRef` (hidden)
 * have rules that a submission could never pass: their fields are neither
 * validated nor written.
 */
export default class BrochurePageRules extends Rules {
  rules() {
    return {
      caption: vine.string().trim().minLength(2).maxLength(100),
      summary: vine.string().maxLength(20000).nullable().optional(),
      status: vine.enum(['draft', 'published']).optional(),
      reviewer: vine.string().trim().minLength(2).maxLength(100).nullable().optional(),
      internalCode: vine.string().regex(/^never$/),
      legacyRef: vine.string().regex(/^never$/),
    }
  }
}
