import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Campaign rules: a wizard's steps and a repeater's items.
 */
export default class CampaignRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(100),
      channel: vine.enum(['email', 'social', 'print']),
      budget: vine.number().withoutDecimals().min(1),
      milestones: vine
        .array(
          vine.object({
            title: vine.string().trim().minLength(2).maxLength(60),
            done: vine.boolean().optional(),
          })
        )
        .maxLength(10)
        .optional(),
    }
  }
}

/**
 * The reschedule action's form.
 */
export class RescheduleRules extends Rules {
  rules() {
    return {
      status: vine.enum(['draft', 'scheduled', 'sent']),
      note: vine.string().trim().minLength(3).maxLength(200),
    }
  }
}

/**
 * The bulk budget action's form.
 */
export class BudgetRules extends Rules {
  rules() {
    return {
      budget: vine.number().withoutDecimals().min(1).max(1_000_000),
    }
  }
}
