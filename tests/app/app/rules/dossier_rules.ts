import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Dossier rules: the title and the Markdown notes.
 */
export default class DossierRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().maxLength(100),
      notes: vine.string().maxLength(20000).nullable().optional(),
    }
  }
}
