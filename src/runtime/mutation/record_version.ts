import type { LucidRow } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import { contextTranslator } from '../../i18n/translator.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { serializeValue } from '../../definitions/resource/serialize_value.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { MutationData } from '../../definitions/types.ts'
import type { RecordSource } from '../records/record_source.ts'
import { sameFormValue } from '../form/form_original.ts'
import type { FormValue } from '../../contracts/main.ts'

/**
 * Key of the request body that carries the version an edit form (or an
 * editable cell) was rendered with.
 */
export const VERSION_KEY = '_kit_version'

/**
 * What declares a version: a record source, or a declaration and its model.
 */
export type VersionedSource = Pick<RecordSource<any>, 'declaration' | 'model' | 'name'>

/**
 * The attribute holding a source's record versions: the declared
 * `versionColumn`, else the model's auto-updated timestamp, else null (no
 * version: stale forms are only reconciled field by field).
 */
export function versionAttribute(source: VersionedSource): string | null {
  const declared = source.declaration.versionColumn
  if (declared) {
    if (!source.model.$hasColumn(declared)) {
      throw new KitConfigurationException(
        `${source.name}.versionColumn "${declared}" is not a column of ${source.model.name}`
      )
    }
    return declared
  }
  for (const [name, column] of source.model.$columnsDefinitions) {
    if (column.meta?.autoUpdate === true) {
      return name
    }
  }
  return null
}

/**
 * A record's version as forms carry it (a string), or null without one.
 */
export function versionOf(source: VersionedSource, record: LucidRow): string | null {
  const attribute = versionAttribute(source)
  if (!attribute) {
    return null
  }
  const value = serializeValue(valueOf(record, attribute))
  return value === null ? null : String(value)
}

/**
 * The version a request carries, or null when it carries none (API clients
 * that do not send one are not version-checked).
 */
export function submittedVersion(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return null
  }
  const value = (raw as Record<string, unknown>)[VERSION_KEY]
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value)
  }
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null
}

/**
 * Refuse an update based on a stale version: compared with the row locked in
 * the transaction, so of concurrent editors who read one version only the
 * first writes. The conflict names the fields that changed meanwhile (the
 * fields whose current value differs from the value the form was rendered
 * with), else every submitted field; nothing is written.
 */
export function assertCurrentVersion(
  source: RecordSource<any>,
  record: LucidRow,
  submitted: string | null,
  changed: {
    fields: Field[]
    submittedFields: string[]
    original: Record<string, unknown> | null
    currentOf: (field: Field, record: LucidRow) => FormValue
  }
): void {
  if (submitted === null) {
    return
  }
  const current = versionOf(source, record)
  if (current === null || current === submitted) {
    return
  }
  const original = changed.original
  let names = original
    ? changed.fields
        .filter((field) => Object.hasOwn(original, field.name))
        .filter((field) => !sameFormValue(changed.currentOf(field, record), original[field.name]))
        .map((field) => field.name)
    : []
  if (!names.length) {
    names = changed.submittedFields.length ? changed.submittedFields : [VERSION_KEY]
  }
  throw new vineErrors.E_VALIDATION_ERROR(
    names.map((field) => ({
      field,
      rule: 'conflict',
      message: contextTranslator().t('record.error.conflict'),
    }))
  )
}

/**
 * The data of an update with the declared version column incremented (an
 * `updatedAt` version moves by itself when the row is saved).
 */
export function withNextVersion(
  source: RecordSource<any>,
  record: LucidRow,
  data: MutationData
): MutationData {
  const declared = source.declaration.versionColumn
  if (!declared) {
    return data
  }
  const current = Number(valueOf(record, declared) ?? 0)
  return { ...data, [declared]: (Number.isFinite(current) ? current : 0) + 1 }
}
