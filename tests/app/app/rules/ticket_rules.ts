import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class TicketRules extends Rules {
  rules() {
    return {
      subject: vine.string().trim().minLength(3).maxLength(100),
      status: vine.enum(['open', 'closed'] as const),
      priority: vine.number().min(1).max(5),
    }
  }
}

/**
 * Data of the "close" action.
 */
export class CloseRules extends Rules {
  rules() {
    return { reason: vine.string().trim().minLength(3).maxLength(50) }
  }
}

/**
 * Data of the "announce" header action.
 */
export class AnnounceRules extends Rules {
  rules() {
    return { message: vine.string().trim().minLength(3) }
  }
}
