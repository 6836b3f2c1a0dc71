import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

/**
 * Rules of the documents' "Replace cover" action: a caption; the cover is
 * checked by its FileUpload field (type by content, size), as in the form.
 */
export default class ReplaceCoverRules extends Rules {
  rules() {
    return {
      caption: vine.string().maxLength(50_000).nullable().optional(),
    }
  }
}
