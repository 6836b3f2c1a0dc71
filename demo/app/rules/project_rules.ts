import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class ProjectRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(3).maxLength(120),
      status: vine.enum(['active', 'archived']),
    }
  }
}
