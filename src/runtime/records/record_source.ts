import type { RecordWords } from '../../contracts/main.ts'
import { recordWords } from '../../i18n/localized.ts'
import { plural, sentenceCase } from '../../definitions/resource/labels.ts'
import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { SourceTenancy } from '../../definitions/tenancy/tenancy.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { FormValue } from '../../contracts/main.ts'
import type { RulesClass } from '../../definitions/validation/rules.ts'
import type { Table } from '../../definitions/table/table.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import type { RecordDeclaration } from '../../definitions/records/record_declaration.ts'
import type { BulkAction, BulkSource } from '../../definitions/table/actions/bulk_action.ts'
import { runLifecycle } from '../mutation/lifecycle.ts'
import { auditedRun, snapshot, writeAudits, type AuditSnapshot } from '../audit/audit_writer.ts'
import type { RowPreset, TableLinks } from '../table/table_serializer.ts'
import type {
  HookContext,
  KitContext,
  LifecycleName,
  MutationData,
} from '../../definitions/types.ts'

/**
 * A query of a source's model, as the scoped query builds it.
 */
export type SourceQuery = ModelQueryBuilderContract<LucidModel, LucidRow>

export type { SourceTenancy } from '../../definitions/tenancy/tenancy.ts'

/**
 * The words naming a model's records in sentences, from its name (`post`,
 * `posts`): for the records no resource labels.
 */
export function modelRecordWords(model: LucidModel): RecordWords {
  const label = sentenceCase(model.name)
  return recordWords(label, plural(label), undefined)
}

/**
 * Where the records of a table, a form and the mutation sequence come from:
 * a resource's model ({@link ResourceSource}) or the records of one owner's
 * relationship ({@link RelationSource}). The scoped query, the lookups, the
 * row locks, the runners and the table serializer take a source; what
 * differs between the two is here and nowhere else.
 */
export abstract class RecordSource<Model extends LucidModel = LucidModel> implements BulkSource {
  /** What the source is: the validation source (`resource`, `relation`) */
  abstract readonly kind: 'resource' | 'relation'
  /** Why a key finds nothing, in the debug log */
  abstract readonly missingRecord: string
  /**
   * How the soft-delete preset's bulk actions write a chunk: one statement
   * (resources; no hooks run) or record by record with the lifecycle hooks
   * (relation managers)
   */
  abstract readonly bulkWrites: 'statement' | 'hooks'
  /** Name of the declaring class, in configuration errors */
  readonly name: string
  /** The soft-delete preset */
  readonly softDeletes: boolean
  /** Model property holding the deletion time (soft-delete preset) */
  readonly deletedAtAttribute: string
  /** Writable pivot columns shown as root attributes (many-to-many managers) */
  readonly pivotAttributes: string[] = []
  /** Whether rows offer actions (a relation manager on a view page does not) */
  readonly writable: boolean = true

  /* a declaration is configured once, at boot: its settings are read once */
  constructor(
    /** The resource or manager: the table, the form and the persistence hooks */
    readonly declaration: RecordDeclaration<any>,
    /** The model of the records */
    readonly model: Model
  ) {
    this.name = declaration.constructor.name
    this.softDeletes = declaration.softDeletes
    this.deletedAtAttribute = declaration.deletedAtAttribute
  }

  /** Whether a raw key has the shape of the records' keys */
  isValidRecordKey(key: unknown): key is string {
    return this.declaration.isValidRecordKey(key)
  }

  /** Whether a record is in the trash (soft-delete preset) */
  isTrashed(record: LucidRow): boolean {
    if (!this.softDeletes) {
      return false
    }
    const value = valueOf(record, this.deletedAtAttribute)
    return value !== null && value !== undefined
  }

  /**
   * The words naming the records in sentences, in the request's locale: the
   * resource's labels, else the model's name (relation managers).
   */
  recordWords(): RecordWords {
    const declaration = this.declaration as { getRecordWords?: (model: string) => RecordWords }
    if (typeof declaration.getRecordWords === 'function') {
      return declaration.getRecordWords(this.model.name)
    }
    return modelRecordWords(this.model)
  }

  /** Title of a record in messages and rows */
  recordTitle(record: LucidRow): string {
    return this.declaration.recordTitle(record)
  }

  /* the scoped query, step by step (see `scopedQuery()`) */

  /** 1. the model query (a relation: the owner's relationship query) */
  abstract modelQuery(client?: QueryClientContract): SourceQuery

  /** 2. the declaration's own scoping (a resource's `modifyQuery()`) */
  modifyQuery(query: SourceQuery, _context: KitContext): SourceQuery {
    return query
  }

  /** 3. the tenant the records belong to, or null */
  abstract tenancy(): SourceTenancy | null

  /** 4. the parent of a nested resource (a relation's owner is in its model query) */
  constrainToParent(_query: SourceQuery, _context: KitContext, _client?: QueryClientContract) {}

  /** Lock the row a query reads by its key, inside a transaction */
  abstract lockRows(query: SourceQuery, key: unknown, trx: TransactionClientContract): Promise<void>

  /** The decision (fail-closed: only a literal `true` allows) */
  abstract allows(
    operation: ResourceOperation,
    record: LucidRow | null,
    context: KitContext
  ): Promise<boolean>

  /** The decision, or E_KIT_FORBIDDEN (403) */
  abstract authorize(
    operation: ResourceOperation,
    record: LucidRow | null,
    context: KitContext
  ): Promise<void>

  /** Explain a 404 in the debug log */
  abstract logNotFound(
    key: unknown,
    reason: string,
    details?: { trashed?: string; context?: KitContext }
  ): void

  /* the table */

  /** The row actions besides the table's, in order, for one record (with its edit page's URL) */
  abstract rowPresets(
    table: Table,
    record: LucidRow,
    editUrl: (record: LucidRow) => string | null
  ): RowPreset[]

  /** The mount of the resource (a relation: of the owner's resource), if mounted */
  abstract mount(): ResourceMount | undefined

  /** The URLs of the table's actions, or null when it has none */
  abstract tableLinks(): TableLinks | null

  /** The bulk actions (the table's, and for a manager the soft-delete preset's) */
  bulkActions(table: Table): BulkAction[] {
    return table.getBulkActions()
  }

  /* the mutation sequence */

  /** The validation class of the create and edit forms */
  rules(): RulesClass {
    const Rules = this.declaration.validation()
    if (typeof Rules !== 'function') {
      throw new KitConfigurationException(
        `${this.name}.validation() must return a Rules class to create or update records`
      )
    }
    return Rules
  }

  /** The fields of the create and edit forms */
  formFields(): Field[] {
    return buildForm(this.declaration).getFields()
  }

  /** The value a field shows for a record (stale-form reconciliation) */
  formValue?(field: Field, record: LucidRow): FormValue

  /** What the hooks receive besides the record */
  /**
   * Run a lifecycle operation on a record inside the context's transaction
   * (what a bulk action applies record by record).
   */
  async runLifecycle(
    name: LifecycleName,
    record: LucidRow,
    context: KitContext & { trx: TransactionClientContract },
    operation: ResourceOperation
  ): Promise<void> {
    await runLifecycle(this, name, record, this.hookContext(context, context.trx, operation))
  }

  hookContext(
    context: KitContext,
    trx: TransactionClientContract,
    operation: ResourceOperation
  ): HookContext {
    return { ...context, trx, operation }
  }

  /** Refuse a create before its transaction (a has-one relationship holds one record) */
  beforeCreateTransaction?(context: KitContext): Promise<void>

  /** Create a record from the mutated data, inside the transaction */
  abstract createRecord(data: MutationData, context: HookContext): Promise<LucidRow>

  /** Data without the keys that tie a record to its tenant and its parent */
  abstract withoutScopeKeys(data: MutationData): MutationData

  /** Save an updated record (a resource's `handleRecordUpdate()`; a relation's pivot row too) */
  abstract saveRecord(record: LucidRow, data: MutationData, context: HookContext): Promise<LucidRow>

  /** Delete a record (to the trash with the soft-delete preset) */
  abstract deleteRecord(record: LucidRow, context: HookContext): Promise<void>

  /**
   * Run a custom action's callback on each record, with one audit row per
   * record under the action's name (what it saved through the record).
   */
  async runAudited(
    name: string,
    records: LucidRow[],
    context: KitContext & { trx: TransactionClientContract },
    run: (record: LucidRow) => Promise<unknown>
  ): Promise<void> {
    await auditedRun(this, context, context.trx, name, records, run)
  }

  /**
   * Write the audit rows of a chunk a bulk action wrote with one statement:
   * one per record, in the chunk's transaction.
   */
  async auditChunk(
    name: LifecycleName,
    records: LucidRow[],
    context: KitContext & { trx: TransactionClientContract }
  ): Promise<void> {
    const now = new Date().toISOString()
    const column = this.deletedAtAttribute
    const writes = records.map((record) => {
      const before = snapshot(record)
      let after: AuditSnapshot = null
      if (name === 'delete' && this.softDeletes) {
        after = { ...before, [column]: now }
      } else if (name === 'restore') {
        after = { ...before, [column]: null }
      }
      return { record, before, after }
    })
    await writeAudits(this, context, context.trx, name, writes)
  }

  /** Remove a record permanently (a relation also removes its pivot rows) */
  async removeRecord(record: LucidRow, _trx: TransactionClientContract): Promise<void> {
    await record.delete()
  }
}
