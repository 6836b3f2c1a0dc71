import { createHmac, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import { contextTranslator } from '../../i18n/translator.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { serializeValue } from '../../definitions/resource/serialize_value.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import type { MutationData } from '../../definitions/types.ts'
import type { RecordSource } from '../records/record_source.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { kitWarning } from '../../support/debug.ts'

/**
 * Key of the request body that carries the version an edit form (or an
 * editable cell) was rendered with.
 */
export const VERSION_KEY = '_kit_version'

/**
 * The longest version a request may carry (a row digest is 43 characters).
 */
export const MAX_VERSION_LENGTH = 100

/**
 * What declares a version: a record source, or a declaration and its model.
 */
export type VersionedSource = Pick<RecordSource<any>, 'declaration' | 'model' | 'name'>

/**
 * How a source's records are versioned: a declared column (an integer the
 * kit increments, or a timestamp), else a digest of the stored row.
 */
export type VersionKind =
  { kind: 'column'; attribute: string; timestamp: boolean } | { kind: 'row' }

/**
 * Whether a model attribute is a date-time column (`@column.dateTime()`).
 */
function isTimestampColumn(model: LucidModel, attribute: string): boolean {
  const meta = model.$getColumn(attribute)?.meta
  return meta?.type === 'datetime' || meta?.autoUpdate === true || meta?.autoCreate === true
}

/**
 * How a source's records are versioned. The declared `versionColumn` (a
 * configuration error when the model has no such column); without one, a
 * digest of the whole stored row, which changes with every write that
 * changes anything, whatever the clock's precision.
 */
export function versionKind(source: VersionedSource): VersionKind {
  const declared = source.declaration.versionColumn
  if (!declared) {
    return { kind: 'row' }
  }
  if (!source.model.$hasColumn(declared)) {
    throw new KitConfigurationException(
      `${source.name}.versionColumn "${declared}" is not a column of ${source.model.name}`
    )
  }
  return {
    kind: 'column',
    attribute: declared,
    timestamp: isTimestampColumn(source.model, declared),
  }
}

/**
 * The boot warning of a source whose version cannot tell two writes in the
 * same second apart (a timestamp `versionColumn` on a connection that
 * stores whole seconds: SQLite, MySQL/MariaDB), or null.
 */
export function versionPrecisionWarning(source: VersionedSource): string | null {
  const version = versionKind(source)
  if (version.kind !== 'column' || !version.timestamp) {
    return null
  }
  const client = source.model.$adapter.modelConstructorClient(source.model)
  const format = String((client.dialect as { dateTimeFormat?: string }).dateTimeFormat ?? '')
  if (format.includes('S')) {
    return null
  }
  return (
    `${source.name}.versionColumn "${version.attribute}" is a timestamp, and the ` +
    `"${client.dialect.name}" connection stores whole seconds: two saves within one second ` +
    `share a version and the second can overwrite the first. Remove versionColumn (the kit ` +
    `then compares a digest of the whole row) or point it at an integer column ` +
    `(e.g. "lock_version", default 1) that the kit increments on every update.`
  )
}

const checkedVersions = new WeakSet<object>()

/**
 * Check, at boot, the versions of a mounted resource and of its relation
 * managers: a `versionColumn` the model lacks fails (configuration error);
 * a timestamp version that cannot tell two writes in one second apart is
 * a warning naming the resource and the fix.
 */
export function checkVersions(mount: ResourceMount): void {
  if (checkedVersions.has(mount.resource)) {
    return
  }
  checkedVersions.add(mount.resource)
  const sources: VersionedSource[] = [
    {
      declaration: mount.resource,
      model: mount.resource.model,
      name: mount.resource.constructor.name,
    },
    ...[...mount.relations.byName.values()].map((relation) => ({
      declaration: relation.manager,
      model: relation.related,
      name: `${mount.resource.constructor.name} relation ${relation.name}`,
    })),
  ]
  for (const source of sources) {
    const message = versionPrecisionWarning(source)
    if (message) {
      kitWarning({
        event: 'version-precision',
        message,
        details: { resource: source.name, versionColumn: source.declaration.versionColumn },
      })
    }
  }
}

let digestKey: Buffer | null = null

/**
 * The secret the row digests are signed with: the application's key, so
 * that a digest tells nothing about the row (hidden attributes included)
 * and every process of the application computes the same one.
 */
function rowDigestKey(): Buffer {
  if (digestKey) {
    return digestKey
  }
  let secret: unknown
  try {
    secret = app?.config?.get('app.appKey')
  } catch {
    secret = null
  }
  const released =
    secret && typeof (secret as { release?: unknown }).release === 'function'
      ? (secret as { release(): unknown }).release()
      : secret
  digestKey =
    typeof released === 'string' && released.length
      ? Buffer.from(`adonis-kit-version:${released}`)
      : randomBytes(32)
  return digestKey
}

/**
 * A stored value in a stable textual form (object keys sorted).
 */
function canonical(value: unknown): unknown {
  if (value === undefined) {
    return { u: 1 }
  }
  if (DateTime.isDateTime(value)) {
    return { d: value.isValid ? value.toMillis() : null }
  }
  if (value instanceof Date) {
    return { d: value.getTime() }
  }
  if (typeof value === 'bigint') {
    return { b: value.toString() }
  }
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    return { x: Buffer.from(value).toString('base64') }
  }
  if (Array.isArray(value)) {
    return value.map(canonical)
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])])
    )
  }
  return value
}

/**
 * A signed digest of a record's stored row: every column as last read from
 * the database, in the model's column order.
 */
function rowDigest(model: LucidModel, record: LucidRow): string {
  const stored = record.$original as Record<string, unknown>
  const columns = [...model.$columnsDefinitions.keys()].sort()
  const payload = JSON.stringify(columns.map((name) => [name, canonical(stored[name])]))
  return createHmac('sha256', rowDigestKey()).update(payload).digest('base64url')
}

/**
 * A record's version as forms carry it (a string): the declared version
 * column's value, else the digest of its stored row.
 */
export function versionOf(source: VersionedSource, record: LucidRow): string {
  const version = versionKind(source)
  if (version.kind === 'row') {
    return rowDigest(source.model, record)
  }
  /* a column left null (rows older than the column) is version 0 */
  const value = serializeValue(valueOf(record, version.attribute))
  return value === null ? '0' : String(value)
}

/**
 * The version a request carries: `missing` without the key, `malformed`
 * when its value is not a version (empty, too long, a list, an object,
 * null, a boolean).
 */
export type SubmittedVersion =
  { state: 'missing' } | { state: 'malformed' } | { state: 'sent'; value: string }

/**
 * Read the version a request carries.
 */
export function submittedVersion(raw: unknown): SubmittedVersion {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !Object.hasOwn(raw, VERSION_KEY)) {
    return { state: 'missing' }
  }
  const value = (raw as Record<string, unknown>)[VERSION_KEY]
  if (value === undefined) {
    return { state: 'missing' }
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    return { state: 'sent', value: String(value) }
  }
  if (typeof value === 'string' && value.length > 0 && value.length <= MAX_VERSION_LENGTH) {
    return { state: 'sent', value }
  }
  return { state: 'malformed' }
}

/**
 * Whether writes of a source must carry the version they were based on:
 * always, unless the declaration opts out (`acceptUnversionedWrites`, for
 * API clients that cannot send one).
 */
export function requiresVersion(source: VersionedSource): boolean {
  return source.declaration.acceptUnversionedWrites !== true
}

/**
 * Refuse a write request without a usable version (before anything is
 * validated or read under a lock): a malformed version always, a missing
 * one unless the source accepts unversioned writes. The answer is a 422
 * asking to reload the page; nothing is written.
 */
export function assertVersionSent(
  source: VersionedSource,
  submitted: SubmittedVersion,
  required = requiresVersion(source)
): void {
  if (submitted.state === 'malformed' || (submitted.state === 'missing' && required)) {
    throw new vineErrors.E_VALIDATION_ERROR([
      {
        field: VERSION_KEY,
        rule: 'version',
        message: contextTranslator().t('record.error.version'),
      },
    ])
  }
}

/**
 * Compare a request's version with the row locked in the write's
 * transaction: `current` (the row is as the request saw it), `stale` (it was
 * written since), or `unchecked` (no version, where the source accepts
 * that).
 */
export function compareVersion(
  source: VersionedSource,
  record: LucidRow,
  submitted: SubmittedVersion
): 'current' | 'stale' | 'unchecked' {
  if (submitted.state !== 'sent') {
    return 'unchecked'
  }
  return versionOf(source, record) === submitted.value ? 'current' : 'stale'
}

/**
 * The conflict of a write based on a stale version: a `conflict` error on
 * each named field (else on the version), nothing written.
 */
export function versionConflict(fields: string[]) {
  const names = fields.length ? fields : [VERSION_KEY]
  return new vineErrors.E_VALIDATION_ERROR(
    names.map((field) => ({
      field,
      rule: 'conflict',
      message: contextTranslator().t(
        field === VERSION_KEY ? 'record.error.conflict' : 'field.error.conflict'
      ),
    }))
  )
}

/**
 * The data of an update with the declared version column moved on: an
 * integer incremented (under the row lock, so concurrent writes never share
 * a version), a timestamp that does not update itself set to now. A row
 * digest moves by itself.
 */
export function withNextVersion(
  source: VersionedSource,
  record: LucidRow,
  data: MutationData
): MutationData {
  const version = versionKind(source)
  if (version.kind === 'row') {
    return data
  }
  if (version.timestamp) {
    const autoUpdate = source.model.$getColumn(version.attribute)?.meta?.autoUpdate === true
    return autoUpdate ? data : { ...data, [version.attribute]: DateTime.now() }
  }
  const current = Number(valueOf(record, version.attribute) ?? 0)
  return { ...data, [version.attribute]: (Number.isFinite(current) ? current : 0) + 1 }
}
