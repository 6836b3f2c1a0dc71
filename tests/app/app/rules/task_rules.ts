import vine from '@vinejs/vine'
import { Rules } from '../../../../index.ts'

/**
 * Declares projectId and teamId on purpose: the kit must still write both
 * from the parent and the tenant, never from the input.
 */
export default class TaskRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(1).maxLength(100),
      assigneeId: vine.number().withoutDecimals().positive().nullable().optional(),
      done: vine.boolean().optional(),
      projectId: vine.number().optional(),
      teamId: vine.number().optional(),
    }
  }
}
