import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { AuditChanges } from '../../audit/audit_entry.ts'
import type { KitContext } from '../../types.ts'
import type { FieldState } from './field_state.ts'

/**
 * A field error: the field's path, its message and the rule that refused.
 */
export interface FieldError {
  field: string
  message: string
  rule: string
}

/**
 * What the runtime lends a field's hooks: the model and the request, and
 * the kit's services for the kinds of field that need the database, the
 * disk or a URL. A field calls the services it needs; the runtime never asks
 * which kind of field it holds. A field kind that needs a service of its own
 * adds it by augmenting this interface (as `Select`, `Repeater` and
 * `FileUpload` do) and the runtime provides it (`runtime/form/field_kit.ts`).
 */
export interface FieldKit {
  model: LucidModel
  context: KitContext | null
  /** URL of a Markdown editor's preview endpoint, on forms that have one */
  markdownUrl?: (field: string) => string
}

/**
 * Where a form is serialized for: the record it edits (null on create).
 */
export interface FieldSerialization {
  record: LucidRow | null
  /** the form's values, the conditions of the contract are evaluated for */
  values: Record<string, unknown>
  /** the form state reactive closures are evaluated against (default: the values alone) */
  state?: FieldState
}

/**
 * What a submission carries besides its validated data: the input the
 * fields prepared and the values the form was rendered with (null when the
 * request does not carry them).
 */
export interface FieldSubmission {
  input: Record<string, unknown>
  original: Record<string, unknown> | null
}

/**
 * A field value that is not an attribute of the record (a many-to-many
 * select's keys, a repeater's related records): taken out of the data before
 * the record is saved, and written after it in its transaction. Every
 * pending write of a mutation is checked before any is written.
 */
export interface RelationWrite {
  /** The field errors that refuse the write (nothing is written then) */
  check(owner: LucidRow, trx: TransactionClientContract): Promise<FieldError[]>
  /** Write it; answers the changes the record's audit row records, if any */
  write(owner: LucidRow, trx: TransactionClientContract): Promise<AuditChanges | null>
}

/**
 * Where a field stores uploaded files: what the upload pipeline checks
 * (type by content, size, count) and writes under generated names.
 */
export interface FileStorage {
  readonly name: string
  getDisk(): string | null
  getDirectory(): string
  getAcceptedTypes(): string[]
  getMaxSize(): number
  getMaxFiles(): number
  isMultiple(): boolean
  isRequired(): boolean
}
