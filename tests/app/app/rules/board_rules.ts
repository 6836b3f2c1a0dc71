import vine from '@vinejs/vine'
import { Rules, type ValidationContext } from '../../../../index.ts'

/**
 * Board names are unique inside their team (the tenant), ignoring the
 * record being edited.
 */
export default class BoardRules extends Rules {
  rules(context: ValidationContext) {
    return {
      name: vine
        .string()
        .trim()
        .minLength(1)
        .maxLength(100)
        .unique(async (db, value) => {
          const query = db.from('boards').where('name', value)
          if (context.tenant) {
            query.where('team_id', context.tenant.$primaryKeyValue as number)
          }
          if (context.record) {
            query.whereNot('id', context.record.$primaryKeyValue as number)
          }
          return !(await query.first())
        }),
      members: vine.array(vine.number().withoutDecimals().positive()).optional(),
      teamId: vine.number().optional(),
    }
  }
}
