import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Validation of items, shared by the kit resource; the hand-written
 * controller compiles the same schema (`itemSchema`).
 */
export const itemSchema = {
  title: vine.string().trim().minLength(1).maxLength(255),
  status: vine.enum(['draft', 'published', 'archived']),
  price: vine.number().min(0).max(1_000_000),
  authorId: vine.number().min(1),
}

export default class ItemRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(1).maxLength(255),
      status: vine.enum(['draft', 'published', 'archived']),
      price: vine.number().min(0).max(1_000_000),
      authorId: vine.number().min(1),
    }
  }
}
