import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import { Rules, type ValidationContext } from '../../../../index.ts'

export default class TagRules extends Rules {
  rules(context: ValidationContext) {
    return {
      name: vine.string().trim().minLength(2).maxLength(100),
      slug: vine
        .string()
        .trim()
        .regex(/^[a-z0-9-]+$/)
        .maxLength(100)
        .use(
          vine.createRule(async (value, _options, field) => {
            /* unique, ignoring the record being edited (read from the context) */
            const query = db.from('tags').where('slug', value as string)
            if (context.record) {
              query.whereNot('id', context.record.$primaryKeyValue as number)
            }
            if (await query.first()) {
              field.report('The slug is already taken', 'unique', field)
            }
          })()
        ),
    }
  }
}
