import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export class SummaryRules extends Rules {
  rules() {
    return { text: vine.string().trim().minLength(3).maxLength(255) }
  }
}

export class CommentRules extends Rules {
  rules() {
    return {
      body: vine.string().trim().minLength(2).maxLength(255),
      visibility: vine.string().trim().maxLength(20).optional(),
    }
  }
}

export class RevisionRules extends Rules {
  rules() {
    return { note: vine.string().trim().minLength(2).maxLength(255) }
  }
}

export class LabelRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(100),
      role: vine.string().trim().maxLength(50).nullable().optional(),
    }
  }
}

/**
 * Rules of the attach form. `note` is a pivot column the manager does not
 * declare: it is validated but never written.
 */
export class LabelAttachRules extends Rules {
  rules() {
    return {
      role: vine.string().trim().maxLength(50).nullable().optional(),
      position: vine.number().withoutDecimals().min(0).max(1000).optional(),
      note: vine.string().trim().maxLength(100).optional(),
    }
  }
}
