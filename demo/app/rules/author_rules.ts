import vine from '@vinejs/vine'
import { Rules } from 'adonis-kit'

export default class AuthorRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(2).maxLength(255),
      email: vine.string().trim().email().maxLength(254),
      bio: vine.string().trim().maxLength(2000).nullable(),
      newsletter: vine.boolean().optional(),
      topics: vine.array(vine.string()).optional(),
      tier: vine.string().optional(),
      sponsor: vine.string().trim().maxLength(100).nullable().optional(),
      keywords: vine.array(vine.string()).optional(),
      links: vine.record(vine.string()).nullable().optional(),
      accentColor: vine.string().nullable().optional(),
      portalPassword: vine.string().minLength(8).maxLength(100).nullable().optional(),
    }
  }
}
