import vine from '@vinejs/vine'
import { Rules, type ValidationContext } from '../../../../index.ts'

export default class PostRules extends Rules {
  rules(_context: ValidationContext) {
    return {
      title: vine.string().trim().minLength(1).maxLength(255),
      body: vine.string().trim().maxLength(10_000).nullable().optional(),
      status: vine.enum(['draft', 'published'] as const),
    }
  }

  messages() {
    return {
      'title.required': 'A post needs a title',
    }
  }
}
