import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { Table } from '../table/table.ts'
import type { Form } from '../form/form.ts'
import type { RulesClass } from '../validation/rules.ts'
import type { HookContext, MutationData } from '../types.ts'

/**
 * What a resource and a relation manager both declare about the records
 * they show and write: the shape of their keys, the soft-delete preset,
 * the table, the form, the validation class and the persistence hooks the
 * mutation sequence runs inside its transaction (a relation manager's
 * hooks receive the owner in their context).
 */
export abstract class RecordDeclaration<Row extends LucidRow = LucidRow> {
  /**
   * Shape of the record key in URLs and submitted input. Keys of another
   * shape answer 404 before any query runs: `integer` is 1 to 2147483647
   * (an `increments()` column), `bigInteger` 1 to 2^53 - 1, `string`
   * letters, digits, `-` and `_`.
   */
  recordKeyType: 'integer' | 'bigInteger' | 'string' = 'integer'

  /**
   * Enables the soft-delete preset: trashed records are hidden by default
   * (the trashed filter shows them), delete moves a record to the trash,
   * and restore and force delete become available (each authorized on its
   * own, with their hooks). The model needs a nullable deletion-time column.
   */
  softDeletes = false

  /**
   * Model property holding the deletion time (soft-delete preset).
   */
  deletedAtAttribute = 'deletedAt'

  /**
   * Model property holding the record's version (an integer column, default
   * 1, that the kit increments on every update). Edit forms and editable
   * cells carry the version they were rendered with; a write based on a
   * stale version is merged field by field or refused as a conflict. Null
   * (the default): the version is a signed digest of the whole stored row,
   * which every write changes whatever the clock's precision.
   */
  versionColumn: string | null = null

  /**
   * Accept updates (edit forms, editable cells) and row actions that carry
   * no version (`_kit_version`), for API clients that cannot send one: they
   * are applied (run) as sent. Off by default: such a write is refused with a 422 asking to
   * reload. A malformed version is refused either way.
   */
  acceptUnversionedWrites = false

  /**
   * Columns, filters, actions, sort and pagination of the table. Receives
   * a fresh builder and must return it.
   */
  table(table: Table): Table {
    return table
  }

  /**
   * Fields of the create and edit forms. Receives a fresh builder and must
   * return it.
   */
  form(form: Form): Form {
    return form
  }

  /**
   * The centralized validation class of the create and edit forms, required
   * when there are forms to submit.
   */
  validation(): RulesClass | undefined {
    return undefined
  }

  /**
   * Change the validated data before a record is created.
   */
  async mutateDataBeforeCreate(data: MutationData, _context: HookContext): Promise<MutationData> {
    return data
  }

  /**
   * Change the validated data before a record is updated.
   */
  async mutateDataBeforeSave(
    data: MutationData,
    _record: Row,
    _context: HookContext
  ): Promise<MutationData> {
    return data
  }

  /** Runs inside the transaction before the record is created. */
  async beforeCreate(_data: MutationData, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction after the record is created. */
  async afterCreate(_record: Row, _data: MutationData, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction before the record is updated. */
  async beforeUpdate(_record: Row, _data: MutationData, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction after the record is updated. */
  async afterUpdate(_record: Row, _data: MutationData, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction before the record is deleted. */
  async beforeDelete(_record: Row, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction after the record is deleted. */
  async afterDelete(_record: Row, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction before a trashed record is restored. */
  async beforeRestore(_record: Row, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction after a trashed record is restored. */
  async afterRestore(_record: Row, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction before a record is deleted permanently. */
  async beforeForceDelete(_record: Row, _context: HookContext): Promise<void> {}

  /** Runs inside the transaction after a record is deleted permanently. */
  async afterForceDelete(_record: Row, _context: HookContext): Promise<void> {}

  /**
   * Title of a record in messages and table rows.
   */
  abstract recordTitle(record: Row): string

  /**
   * Whether a raw key has the shape of the records' keys.
   */
  isValidRecordKey(key: unknown): key is string {
    return isValidKey(this.recordKeyType, key)
  }
}

/**
 * Whether a raw key has a shape: `integer` is 1 to 2147483647, `bigInteger`
 * 1 to 2^53 - 1, `string` letters, digits, `-` and `_` (at most 191).
 */
export function isValidKey(type: 'integer' | 'bigInteger' | 'string', key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 191) {
    return false
  }
  if (type === 'integer') {
    return /^[1-9][0-9]{0,9}$/.test(key) && Number(key) <= 2_147_483_647
  }
  if (type === 'bigInteger') {
    return /^[1-9][0-9]{0,15}$/.test(key) && Number.isSafeInteger(Number(key))
  }
  return /^[A-Za-z0-9_-]+$/.test(key)
}
