import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class ProjectRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(3).maxLength(120),
      status: vine.enum(['active', 'archived']),
      budgetCents: vine.number().withoutDecimals().min(0).max(2_000_000_000).optional(),
      website: vine.string().trim().url().maxLength(255).optional(),
    }
  }
}
