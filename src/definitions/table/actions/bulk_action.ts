import { DateTime } from 'luxon'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException } from '../../../support/errors.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import { BaseAction, type ActionAuthorizationContext } from './base_action.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { KitContext, KitUser, LifecycleName, TrashedMode } from '../../types.ts'
import { ResourceOperation } from '../../resource/operation.ts'
import { qualifiedKey } from '../../../support/sql.ts'

/**
 * What a bulk action sees of where its records come from (a resource or
 * one owner's relationship; the kit's record sources implement it).
 */
export interface BulkSource {
  readonly model: LucidModel
  readonly softDeletes: boolean
  readonly deletedAtAttribute: string
  /** A resource writes a chunk with one statement, a relation record by record */
  readonly bulkWrites: 'statement' | 'hooks'
  isTrashed(record: LucidRow): boolean
  allows(
    operation: ResourceOperation,
    record: LucidRow | null,
    context: KitContext
  ): Promise<boolean>
  /** Run a lifecycle operation on a record: the before hook, the write, the after hook */
  runLifecycle(
    name: LifecycleName,
    record: LucidRow,
    context: KitContext & { trx: TransactionClientContract },
    operation: ResourceOperation
  ): Promise<void>
  /**
   * Run a custom action's callback on each record, recording in the audit
   * trail what it saved through the record (operation: the action's name)
   */
  runAudited?(
    name: string,
    records: LucidRow[],
    context: KitContext & { trx: TransactionClientContract },
    run: (record: LucidRow) => Promise<unknown>
  ): Promise<void>
  /** Record a chunk written with one statement in the audit trail, record by record */
  auditChunk?(
    name: LifecycleName,
    records: LucidRow[],
    context: KitContext & { trx: TransactionClientContract }
  ): Promise<void>
}

/**
 * What a bulk action's callback receives for each authorized record.
 */
export interface BulkActionRecordContext {
  record: LucidRow
  user: KitUser | null
  data: Record<string, any>
  trx: TransactionClientContract
}

/**
 * An action over many records: the selected ones, or every record the table
 * currently matches (query-wide mode, walked in key order in chunks). Each
 * record is authorized on its own; refused records are counted, not touched.
 * Fail-closed: without `authorizeUsing()` every record is refused.
 *
 * @example
 * ```ts
 * BulkAction.make('archive')
 *   .authorizeUsing(({ user }) => user?.isAdmin === true)
 *   .eachRecord(async ({ record, trx }) => {
 *     record.merge({ status: 'archived' }).useTransaction(trx)
 *     await record.save()
 *   })
 * ```
 */
export class BulkAction extends BaseAction {
  #each?: (context: BulkActionRecordContext) => unknown

  constructor(name: string) {
    super(name, true)
  }

  /**
   * Create a bulk action.
   */
  static make<T extends BulkAction>(this: new (name: string) => T, name: string): T {
    return new this(name)
  }

  /**
   * What the action does to one authorized record, inside the chunk's
   * transaction.
   */
  eachRecord(callback: (context: BulkActionRecordContext) => unknown): this {
    this.#each = callback
    return this
  }

  getEach() {
    return this.#each
  }

  /**
   * The authorization callback's decision (fail-closed without one).
   */
  async allows(context: ActionAuthorizationContext): Promise<boolean> {
    return this.decide(context, false)
  }

  /**
   * Whether the action may run at all for this user, before any record is
   * read (built-in actions check the source's `*Any` operation here).
   */
  async allowsAny(_source: BulkSource, _context: KitContext): Promise<boolean> {
    return true
  }

  /**
   * Whether the action is offered on a list in a trashed filter state
   * (`without`, `with` or `only` trashed records, soft-deleting resources):
   * a custom bulk action always is.
   */
  appliesToTrashedState(_source: BulkSource, _mode: TrashedMode): boolean {
    return true
  }

  /**
   * Which records (trashed or not) of a soft-deleting resource the action's
   * selected keys are resolved among, whatever the table's trashed filter
   * says; null follows the table's state. Restore needs the trashed ones,
   * force delete any, delete the others.
   */
  trashedScope(): TrashedMode | null {
    return null
  }

  /**
   * The record lifecycle the action applies (delete, restore, force
   * delete), null for a custom action: after a chunk commits, the rows it
   * removed for good take their uploaded files with them.
   */
  appliedLifecycle(): LifecycleName | null {
    return null
  }

  /**
   * Whether the action may touch one record.
   */
  async allowsRecord(_source: BulkSource, record: LucidRow, context: KitContext) {
    return this.allows({ record, user: context.user, http: context.http })
  }

  /**
   * Apply the action to the authorized records of one chunk, inside the
   * chunk's transaction.
   */
  async runChunk(
    source: BulkSource,
    records: LucidRow[],
    context: KitContext & { trx: TransactionClientContract; data: Record<string, any> }
  ): Promise<void> {
    const each = this.#each
    if (!each) {
      throw new KitConfigurationException(`Bulk action "${this.name}" has no eachRecord() callback`)
    }
    const run = async (record: LucidRow) => {
      record.useTransaction(context.trx)
      await each({ record, user: context.user, data: context.data, trx: context.trx })
    }
    if (source.runAudited) {
      await source.runAudited(this.name, records, context, run)
      return
    }
    for (const record of records) {
      await run(record)
    }
  }
}

/**
 * Base of the built-in bulk actions: authorized through the source's
 * policy (`<operation>Any` once, then the record operation per record), and
 * applied to a whole chunk with one statement.
 */
/**
 * The catalog key of each lifecycle bulk action's built-in label.
 */
const LIFECYCLE_LABELS = {
  delete: 'action.delete',
  restore: 'action.restore',
  forceDelete: 'action.forceDelete',
} as const

abstract class ResourceBulkAction extends BulkAction {
  protected abstract anyOperation: ResourceOperation
  protected abstract recordOperation: ResourceOperation
  protected abstract lifecycle: LifecycleName

  /**
   * The built-in label in the request's language ("Delete", « Supprimer »).
   */
  protected defaultLabel(): string {
    return contextTranslator().t(LIFECYCLE_LABELS[this.lifecycle])
  }

  /**
   * Deleting is red; restoring is not.
   */
  protected defaultColor(): string {
    return this.lifecycle === 'restore' ? 'gray' : 'red'
  }

  /**
   * Write the authorized records of a chunk, given the query that selects
   * exactly them inside the chunk's transaction.
   */
  protected abstract apply(
    query: any,
    source: BulkSource,
    trx: TransactionClientContract
  ): Promise<unknown>

  async allowsAny(source: BulkSource, context: KitContext) {
    return source.allows(this.anyOperation, null, context)
  }

  appliedLifecycle(): LifecycleName {
    return this.lifecycle
  }

  /**
   * Whether the action applies to a record of the resource, trashed or not
   * (restore applies to trashed records only, delete to the others).
   */
  appliesTo(_source: BulkSource, _trashed: boolean): boolean {
    return true
  }

  /**
   * Whether the action applies to some record of a list in a trashed
   * filter state.
   */
  appliesToTrashedState(source: BulkSource, mode: TrashedMode): boolean {
    if (!source.softDeletes) {
      return this.appliesTo(source, false)
    }
    return (
      (mode !== 'only' && this.appliesTo(source, false)) ||
      (mode !== 'without' && this.appliesTo(source, true))
    )
  }

  /**
   * A record the action does not apply to is refused; else the record
   * operation of the policy decides.
   */
  async allowsRecord(source: BulkSource, record: LucidRow, context: KitContext) {
    if (!this.appliesTo(source, source.isTrashed(record))) {
      return false
    }
    return source.allows(this.recordOperation, record, context)
  }

  /**
   * A resource's chunk is written with one statement (no hooks); a relation
   * manager's record by record, with the lifecycle hooks
   * (`source.bulkWrites`).
   */
  async runChunk(
    source: BulkSource,
    records: LucidRow[],
    context: KitContext & { trx: TransactionClientContract }
  ) {
    if (!records.length) {
      return
    }
    if (source.bulkWrites === 'hooks') {
      for (const record of records) {
        record.useTransaction(context.trx)
        await source.runLifecycle(this.lifecycle, record, context, this.recordOperation)
      }
      return
    }
    const model = source.model
    const query = model.query({ client: context.trx }).whereIn(
      qualifiedKey(model),
      records.map((record) => record.$primaryKeyValue!)
    )
    await this.apply(query, source, context.trx)
    await source.auditChunk?.(this.lifecycle, records, context)
  }

  protected deletedAtColumn(source: BulkSource) {
    return source.model.$getColumn(source.deletedAtAttribute)?.columnName ?? 'deleted_at'
  }
}

/**
 * Bulk delete: authorized by `deleteAny`, then `delete` per record. With the
 * soft-delete preset it moves each chunk to the trash with one statement (a
 * record already in the trash is refused),
 * otherwise it removes the chunk's rows with one statement (per-record
 * delete hooks do not run; use a BulkAction with eachRecord() for that).
 */
export class DeleteBulkAction extends ResourceBulkAction {
  protected anyOperation = ResourceOperation.DeleteAny
  protected recordOperation = ResourceOperation.Delete
  protected lifecycle = 'delete' as const

  trashedScope(): TrashedMode {
    return 'without'
  }

  static make<T extends BulkAction>(this: new (name: string) => T, name = 'delete'): T {
    return new this(name)
  }

  /**
   * With the soft-delete preset, records that are not in the trash.
   */
  appliesTo(source: BulkSource, trashed: boolean) {
    return !source.softDeletes || !trashed
  }

  protected apply(query: any, source: BulkSource, trx: TransactionClientContract) {
    if (!source.softDeletes) {
      return query.delete()
    }
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    return query.update({ [this.deletedAtColumn(source)]: now })
  }
}

/**
 * Bulk restore (soft-delete preset): `restoreAny`, then `restore` per
 * trashed record (a record that is not trashed is refused).
 */
export class RestoreBulkAction extends ResourceBulkAction {
  protected anyOperation = ResourceOperation.RestoreAny
  protected recordOperation = ResourceOperation.Restore
  protected lifecycle = 'restore' as const

  trashedScope(): TrashedMode {
    return 'only'
  }

  static make<T extends BulkAction>(this: new (name: string) => T, name = 'restore'): T {
    return new this(name)
  }

  /**
   * Trashed records only.
   */
  appliesTo(_source: BulkSource, trashed: boolean) {
    return trashed
  }

  protected apply(query: any, source: BulkSource) {
    return query.update({ [this.deletedAtColumn(source)]: null })
  }
}

/**
 * Bulk permanent delete (soft-delete preset): `forceDeleteAny`, then
 * `forceDelete` per record.
 */
export class ForceDeleteBulkAction extends ResourceBulkAction {
  protected anyOperation = ResourceOperation.ForceDeleteAny
  protected recordOperation = ResourceOperation.ForceDelete
  protected lifecycle = 'forceDelete' as const

  trashedScope(): TrashedMode {
    return 'with'
  }

  static make<T extends BulkAction>(this: new (name: string) => T, name = 'forceDelete'): T {
    return new this(name)
  }

  protected apply(query: any) {
    return query.delete()
  }
}

/**
 * The soft-delete preset's bulk actions: delete (to the trash), restore and
 * delete permanently, each authorized with its `*Any` operation, then per
 * record.
 */
export function softDeletePresets(): BulkAction[] {
  /* labelled in the request's language when they are serialized */
  return [DeleteBulkAction.make(), RestoreBulkAction.make(), ForceDeleteBulkAction.make()]
}
