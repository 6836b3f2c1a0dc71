import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import { REPEATER_ITEM_KEY, type RepeaterItem } from '../../contracts/main.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import { Repeater } from '../../definitions/form/fields/repeater.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import type { MutationData } from '../../definitions/types.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import type { AuditChanges } from '../../definitions/audit/audit_entry.ts'
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
 * The validated items of a relationship repeater and the keys their
 * submitted items named (null: a new item), index by index.
 */
export interface PendingRepeater {
  bound: BoundRepeater
  items: Record<string, unknown>[]
  keys: (string | null)[]
}

/**
 * Whether a field is a repeater stored as a has-many relationship.
 */
export function isRelationshipRepeater(field: Field): field is Repeater {
  return field instanceof Repeater && field.getRelationship() !== null
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
export async function repeaterRelationshipValue(
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
 * Take the relationship repeaters out of validated data (their items are
 * not attributes of the parent): each becomes a pending sync, its items
 * paired with the keys the submitted items named.
 */
export function splitRepeaterRelationships(
  model: LucidModel,
  fields: Field[],
  data: MutationData,
  input: Record<string, unknown>
): { data: MutationData; pending: PendingRepeater[] } {
  const pending: PendingRepeater[] = []
  let rest = data
  for (const field of fields) {
    if (!isRelationshipRepeater(field) || !Object.hasOwn(data, field.name)) continue
    if (rest === data) rest = { ...data }
    const items = Array.isArray(data[field.name]) ? (data[field.name] as unknown[]) : []
    const submitted = Array.isArray(input[field.name]) ? (input[field.name] as unknown[]) : []
    pending.push({
      bound: bindRepeater(model, field),
      items: items.map((item) => (item && typeof item === 'object' ? { ...item } : {})),
      keys: items.map((_, index) => {
        const entry = submitted[index]
        const key =
          entry && typeof entry === 'object'
            ? (entry as Record<string, unknown>)[REPEATER_ITEM_KEY]
            : undefined
        return typeof key === 'string' || typeof key === 'number' ? String(key) : null
      }),
    })
    delete rest[field.name]
  }
  return { data: rest, pending }
}

/**
 * Write the relationship repeaters of a saved parent inside its
 * transaction: an item naming one of the parent's related records updates
 * it, an item without a key creates one under the parent, the related
 * records left out are deleted. A key that is not one of this parent's
 * related records (another parent's, a deleted one, forged), or named
 * twice, is a field error on that item and nothing is written. Answers
 * the changes of the repeaters whose items changed, for the parent's audit
 * row: their items before and after, by repeater name.
 */
export async function syncRepeaterRelationships(
  owner: LucidRow,
  pending: PendingRepeater[],
  trx: TransactionClientContract,
  context?: { translator?: KitTranslator } | null
): Promise<AuditChanges> {
  const t = contextTranslator(context)
  const plans: {
    bound: BoundRepeater
    items: PendingRepeater['items']
    keys: PendingRepeater['keys']
    rows: Map<string, LucidRow>
  }[] = []
  const errors: { field: string; message: string; rule: string }[] = []
  for (const { bound, items, keys } of pending) {
    const current = await relatedRows(bound, owner, trx)
    const rows = new Map(current.map((row) => [String(row.$primaryKeyValue), row]))
    const seen = new Set<string>()
    keys.forEach((key, index) => {
      if (key === null) return
      if (!rows.has(key) || seen.has(key)) {
        errors.push({
          field: `${bound.field.name}.${index}`,
          rule: 'repeater.item',
          message: t.t('repeater.error.item'),
        })
      }
      seen.add(key)
    })
    plans.push({ bound, items, keys, rows })
  }
  if (errors.length) {
    throw new vineErrors.E_VALIDATION_ERROR(errors)
  }

  const changes: AuditChanges = {}
  for (const { bound, items, keys, rows } of plans) {
    const names = bound.field.getItemFields().map((sub) => sub.name)
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
      for (const sub of bound.field.getItemFields()) {
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
    if (change) changes[bound.field.name] = change
  }
  return changes
}
