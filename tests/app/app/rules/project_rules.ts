import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

export default class ProjectRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(255),
      code: vine.string().trim().maxLength(50),
      visibility: vine.enum(['public', 'private']),
      summary: vine.string().trim().optional(),
    }
  }
}
