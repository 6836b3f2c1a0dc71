import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { REPEATER_ITEM_KEY, type RepeaterItem } from '../../contracts/main.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import type { Repeater } from '../../definitions/form/fields/repeater.ts'
import type {
  FieldError,
  FieldSubmission,
  RelationWrite,
} from '../../definitions/form/fields/field_kit.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import type { MutationData } from '../../definitions/types.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import { auditItem, itemsChange } from '../audit/audit_writer.ts'

/**
 * A repeater stored as a has-many relationship, bound to its model.
 */
interface BoundRepeater {
  field: Repeater
  related: LucidModel
  /** The related model's attribute holding the parent's key */
  foreignKey: string
  /** The parent's attribute the foreign key holds */
  localKey: string
  orderColumn: string | null
}

/**
 * Bind a relationship repeater to the model: its relationship must be a
 * has-many, and its item fields columns of the related model other than
 * its primary key and the foreign key (an item never moves to another
 * parent, nor names its own key).
 */
export function bindRepeater(model: LucidModel, field: Repeater): BoundRepeater {
  const declared = field.getRelationship()!
  const where = `Repeater "${field.name}".relationship("${declared.name}")`
  const relation = model.$getRelation(declared.name) as
    | {
        type: string
        boot(): void
        relatedModel(): LucidModel
        foreignKey: string
        localKey: string
      }
    | undefined
  if (!relation || relation.type !== 'hasMany') {
    throw new KitConfigurationException(`${where} is not a hasMany relationship of ${model.name}`)
  }
  relation.boot()
  const related = relation.relatedModel()
  const columns = [...field.getItemFields().map((item) => item.name)]
  if (declared.orderColumn) columns.push(declared.orderColumn)
  for (const name of columns) {
    if (!related.$hasColumn(name) || name === related.primaryKey || name === relation.foreignKey) {
      throw new KitConfigurationException(
        `${where}: "${name}" is not a writable column of ${related.name}`
      )
    }
  }
  return {
    field,
    related,
    foreignKey: relation.foreignKey,
    localKey: relation.localKey,
    orderColumn: declared.orderColumn,
  }
}

/**
 * The related records of a parent, in the repeater's order (its order
 * column, else their key).
 */
async function relatedRows(
  bound: BoundRepeater,
  owner: LucidRow,
  trx?: TransactionClientContract
): Promise<LucidRow[]> {
  const { related } = bound
  const column = (name: string) => related.$getColumn(name)?.columnName ?? name
  const query = related
    .query(trx ? { client: trx } : undefined)
    .where(column(bound.foreignKey), valueOf(owner, bound.localKey) as string | number)
  if (bound.orderColumn) {
    query.orderBy(column(bound.orderColumn), 'asc')
  }
  return (await query.orderBy(column(related.primaryKey), 'asc')) as LucidRow[]
}

/**
 * The form value of a relationship repeater: one item per related record,
 * with its key as `_key`.
 */
export async function repeaterRelationValue(
  model: LucidModel,
  field: Repeater,
  record: LucidRow
): Promise<RepeaterItem[]> {
  const rows = await relatedRows(bindRepeater(model, field), record)
  return field.items(
    rows.map((row) => {
      const item: Record<string, unknown> = { [REPEATER_ITEM_KEY]: row.$primaryKeyValue }
      for (const sub of field.getItemFields()) {
        item[sub.name] = valueOf(row, sub.name)
      }
      return item
    })
  )
}

/**
 * The write of a relationship repeater's validated items inside its
 * parent's transaction: an item naming one of the parent's related records
 * updates it, an item without a key creates one under the parent, the
 * related records left out are deleted. A key that is not one of this
 * parent's related records (another parent's, a deleted one, forged), or
 * named twice, is a field error on that item (the check) and nothing is
 * written. The write answers the repeater's items before and after when
 * they changed, for the parent's audit row.
 */
export function repeaterRelationWrite(
  model: LucidModel,
  field: Repeater,
  value: unknown,
  submission: FieldSubmission,
  context?: { translator?: KitTranslator } | null
): RelationWrite {
  const bound = bindRepeater(model, field)
  const items = (Array.isArray(value) ? (value as unknown[]) : []).map((item) =>
    item && typeof item === 'object' ? { ...(item as Record<string, unknown>) } : {}
  )
  const submitted = submission.input[field.name]
  const keys = items.map((_, index) => {
    const entry = Array.isArray(submitted) ? (submitted[index] as unknown) : undefined
    const key =
      entry && typeof entry === 'object'
        ? (entry as Record<string, unknown>)[REPEATER_ITEM_KEY]
        : undefined
    return typeof key === 'string' || typeof key === 'number' ? String(key) : null
  })
  let rows = new Map<string, LucidRow>()

  return {
    async check(owner, trx) {
      const t = contextTranslator(context)
      const current = await relatedRows(bound, owner, trx)
      rows = new Map(current.map((row) => [String(row.$primaryKeyValue), row]))
      const seen = new Set<string>()
      const errors: FieldError[] = []
      keys.forEach((key, index) => {
        if (key === null) return
        if (!rows.has(key) || seen.has(key)) {
          errors.push({
            field: `${field.name}.${index}`,
            rule: 'repeater.item',
            message: t.t('repeater.error.item'),
          })
        }
        seen.add(key)
      })
      return errors
    },

    async write(owner, trx) {
      const names = field.getItemFields().map((sub) => sub.name)
      const before = [...rows.values()].map((row) => auditItem(row, REPEATER_ITEM_KEY, names))
      const after: LucidRow[] = []
      const kept = new Set(keys.filter((key): key is string => key !== null))
      for (const [key, row] of rows) {
        if (!kept.has(key)) {
          row.useTransaction(trx)
          await row.delete()
        }
      }
      for (const [index, item] of items.entries()) {
        const values: MutationData = {}
        for (const sub of field.getItemFields()) {
          if (Object.hasOwn(item, sub.name)) values[sub.name] = item[sub.name]
        }
        if (bound.orderColumn) values[bound.orderColumn] = index
        const key = keys[index]
        if (key !== null) {
          const row = rows.get(key)!
          row.merge(values)
          row.useTransaction(trx)
          after.push(await row.save())
        } else {
          after.push(
            await bound.related.create(
              { ...values, [bound.foreignKey]: valueOf(owner, bound.localKey) },
              { client: trx }
            )
          )
        }
      }
      /* the parent's audit row records the items when they changed */
      const change = itemsChange(
        bound.related,
        before,
        after.map((row) => auditItem(row, REPEATER_ITEM_KEY, names))
      )
      return change ? { [field.name]: change } : null
    },
  }
}
