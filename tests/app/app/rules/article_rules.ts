import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class ArticleRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(1).maxLength(255),
      /* loose on purpose: the form's Select decides which values exist */
      status: vine.string().trim().maxLength(20),
    }
  }
}

/**
 * Data of the "publish" action.
 */
export class PublishRules extends Rules {
  rules() {
    return { note: vine.string().trim().maxLength(50).optional() }
  }
}

/**
 * Data of the "recount" header action.
 */
export class RecountRules extends Rules {
  rules() {
    return { reason: vine.string().trim().minLength(3) }
  }
}
