import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { StrictValues } from '@adonisjs/lucid/types/querybuilder'
import type {
  ManyToManyClientContract,
  ManyToManyRelationContract,
  RelationQueryClientContract,
  RelationshipsContract,
} from '@adonisjs/lucid/types/relations'

/**
 * A record seen as its properties by name: columns, computed values and
 * preloaded relationships, read and written through the model's accessors.
 * Lucid types a row by its declared members only; the kit reaches them by
 * names that come from a resource's configuration or a relation's keys.
 */
type RecordValues = Record<string, unknown>

/**
 * Read a record's property by name (`record[name]`).
 */
export function valueOf(record: LucidRow, name: string): unknown {
  return (record as unknown as RecordValues)[name]
}

/**
 * Write a record's property by name (`record[name] = value`), through the
 * model's setter when the property is a column.
 */
export function assignValue(record: LucidRow, name: string, value: unknown): void {
  ;(record as unknown as RecordValues)[name] = value
}

/**
 * A record's key (a primary, foreign, local or related key) by name, as a
 * value for a where clause: keys are column values.
 */
export function keyOf(record: LucidRow, name: string): StrictValues {
  return valueOf(record, name) as StrictValues
}

/**
 * The query client of the owner's relationship. A manager names its
 * relationship at runtime, so Lucid cannot type the client from the owner's
 * declared relations.
 */
export function relationClient(
  owner: LucidRow,
  name: string
): RelationQueryClientContract<RelationshipsContract, LucidModel> {
  return owner.related(name as never)
}

/**
 * The query client of the owner's many-to-many relationship (see
 * {@link relationClient}).
 */
export function manyToManyClient(
  owner: LucidRow,
  name: string
): ManyToManyClientContract<ManyToManyRelationContract<LucidModel, LucidModel>, LucidModel> {
  return owner.related(name as never)
}

/**
 * A record's key by name as a many-to-many client attaches it (ids are
 * column values: numbers or strings).
 */
export function attachKeyOf(record: LucidRow, name: string): string | number {
  return valueOf(record, name) as string | number
}

/**
 * The record that holds a column's attribute: the record itself, or the
 * loaded related record of a to-one relationship (null when there is none).
 */
export function attributeHolder(record: LucidRow, relationship: string | null): LucidRow | null {
  if (!relationship) {
    return record
  }
  const related = valueOf(record, relationship)
  return related && typeof related === 'object' ? (related as LucidRow) : null
}

/**
 * The model class of a record.
 */
export function modelOf(record: LucidRow): LucidModel {
  return record.constructor as LucidModel
}
