import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Validation of an item's notes (relation manager `notes`).
 */
export class NoteRules extends Rules {
  rules() {
    return { body: vine.string().trim().minLength(1).maxLength(1000) }
  }
}

/**
 * Validation of an item's labels (relation manager `labels`), `role` being
 * the pivot column.
 */
export class LabelRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(1).maxLength(255),
      role: vine.string().trim().maxLength(50).nullable().optional(),
    }
  }
}

/**
 * Validation of the attach form of labels.
 */
export class LabelAttachRules extends Rules {
  rules() {
    return { role: vine.string().trim().maxLength(50).nullable().optional() }
  }
}
