import vine from '@vinejs/vine'
import { Rules, type ValidationContext } from '../../../../index.ts'

/**
 * Every value the unique rules sent to the database (the tests read it).
 */
export const uniqueRuleQueries: unknown[] = []

/**
 * Gizmo rules query the database first (`unique`), as generated and
 * hand-written rules commonly do: nothing the database cannot store may
 * reach them.
 */
export default class GizmoRules extends Rules {
  rules(context: ValidationContext) {
    const except = (db: any, value: unknown) => {
      uniqueRuleQueries.push(value)
      if (context.record) {
        db.whereNot('id', context.record.$primaryKeyValue as number)
      }
    }
    return {
      name: vine
        .string()
        .unique({ table: 'gizmos', column: 'name', filter: except })
        .trim()
        .maxLength(100),
      code: vine
        .string()
        .unique({ table: 'gizmos', column: 'code', filter: except })
        .maxLength(40)
        .nullable()
        .optional(),
      shelf: vine.string().maxLength(20).nullable().optional(),
      position: vine.number().withoutDecimals().nullable().optional(),
      isActive: vine.boolean().optional(),
    }
  }

  messages() {
    return { 'name.database.unique': 'This gizmo name is taken' }
  }
}

/**
 * Rules without the unique checks: only the database refuses duplicates.
 */
export class UncheckedGizmoRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().maxLength(100),
      code: vine.string().maxLength(40).nullable().optional(),
      shelf: vine.string().maxLength(20).nullable().optional(),
      position: vine.number().withoutDecimals().nullable().optional(),
    }
  }
}
