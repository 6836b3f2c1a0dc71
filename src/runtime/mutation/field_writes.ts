import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import type { AuditChanges } from '../../definitions/audit/audit_entry.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import type {
  FieldError,
  FieldKit,
  FieldSubmission,
  RelationWrite,
} from '../../definitions/form/fields/field_kit.ts'
import type { MutationData } from '../../definitions/types.ts'

/**
 * Each field's check of its validated value (`checkValue()`: a select's
 * options the user may pick); every refusal answers one 422.
 */
export async function checkFieldValues(fields: Field[], data: MutationData, kit: FieldKit) {
  const errors: FieldError[] = []
  for (const field of fields) {
    if (!Object.hasOwn(data, field.name)) continue
    const error = await field.checkValue(data[field.name], kit)
    if (error) errors.push(error)
  }
  if (errors.length) {
    throw new vineErrors.E_VALIDATION_ERROR(errors)
  }
}

/**
 * The validated data split in two: the record's attributes, and the
 * relation writes of the fields whose values are not attributes
 * (`relationWrite()`: many-to-many selects, relationship repeaters), run
 * after the record is saved.
 */
export function splitRelationWrites(
  fields: Field[],
  data: MutationData,
  submission: FieldSubmission,
  kit: FieldKit
): { data: MutationData; writes: RelationWrite[] } {
  const rest: MutationData = { ...data }
  const writes: RelationWrite[] = []
  for (const field of fields) {
    if (!Object.hasOwn(rest, field.name)) continue
    const write = field.relationWrite(rest[field.name], submission, kit)
    if (write) {
      writes.push(write)
      delete rest[field.name]
    }
  }
  return { data: rest, writes }
}

/**
 * Run the relation writes of a saved record in its transaction: every one
 * is checked before any is written (a refusal writes nothing). Answers the
 * changes they made that the record's audit row records.
 */
export async function writeRelations(
  owner: LucidRow,
  writes: RelationWrite[],
  trx: TransactionClientContract
): Promise<AuditChanges> {
  const errors: FieldError[] = []
  for (const write of writes) {
    errors.push(...(await write.check(owner, trx)))
  }
  if (errors.length) {
    throw new vineErrors.E_VALIDATION_ERROR(errors)
  }
  const changes: AuditChanges = {}
  for (const write of writes) {
    Object.assign(changes, await write.write(owner, trx))
  }
  return changes
}

/**
 * The data to write, each field's value as its attribute stores it
 * (`storedValue()`: a repeater's items as JSON text unless the model's
 * column declares its own `prepare`).
 */
export function storedValues(model: LucidModel, fields: Field[], data: MutationData): MutationData {
  let stored: MutationData | null = null
  for (const field of fields) {
    if (!Object.hasOwn(data, field.name)) continue
    const column = model.$getColumn(field.name)
    const value = field.storedValue(data[field.name], typeof column?.prepare === 'function')
    if (value !== data[field.name]) {
      stored ??= { ...data }
      stored[field.name] = value
    }
  }
  return stored ?? data
}
