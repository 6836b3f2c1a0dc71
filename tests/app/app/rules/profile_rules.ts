import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Profile rules: the fields normalize and check their own kind (options,
 * tags, JSON, colors); the rules only shape the values.
 */
export default class ProfileRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().maxLength(100),
      isPublic: vine.boolean().optional(),
      channels: vine.array(vine.string()).optional(),
      plan: vine.string().maxLength(20),
      company: vine.string().maxLength(100).nullable().optional(),
      tags: vine.array(vine.string()).optional(),
      settings: vine.record(vine.string()).nullable().optional(),
      color: vine.string().nullable().optional(),
      password: vine.string().minLength(8).maxLength(100),
      lockedNote: vine.string().maxLength(100).nullable().optional(),
      internalCode: vine.string().maxLength(40).nullable().optional(),
      archivedReason: vine.string().maxLength(100).nullable().optional(),
    }
  }
}
