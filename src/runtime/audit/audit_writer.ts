import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { serializeValue, isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { Tenancy } from '../../definitions/tenancy/tenancy.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { RecordSource } from '../records/record_source.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import {
  REDACTED,
  type AuditChange,
  type AuditChanges,
} from '../../definitions/audit/audit_entry.ts'
import { parsedJson, showsNullAsEmpty } from '../form/empty_values.ts'
import { AUDIT_DISABLED, type AuditSettings } from './audit_settings.ts'

/**
 * What the audit trail calls each mutation.
 */
export type AuditOperation =
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'forceDelete'
  | 'attach'
  | 'detach'
  | 'associate'
  | 'dissociate'

/**
 * What an audit row names its operation: one of the kit's mutations, or a
 * custom action's name (at most {@link OPERATION_LENGTH} characters, which
 * the mounts check at boot).
 */
export type AuditOperationName = AuditOperation | (string & Record<never, never>)

/**
 * Longest operation name the audit table stores (its `operation` column):
 * a custom action's name is refused at boot beyond it.
 */
export const OPERATION_LENGTH = 100

/**
 * Refuse at boot a custom action whose name the audit table cannot store
 * whole (`where` names the resource and the action; `fail` raises the
 * configuration error, a KitConfigurationException by default).
 */
export function assertAuditableName(
  name: string,
  where: string,
  fail: (message: string) => never = (message) => {
    throw new KitConfigurationException(message)
  }
) {
  if (name.length > OPERATION_LENGTH) {
    fail(
      `${where}: the name is ${name.length} characters long; the audit trail stores action names of at most ${OPERATION_LENGTH}`
    )
  }
}

/**
 * A record's attributes as the audit trail stores them, or null when there
 * is no record (before a create, after a removal).
 */
export type AuditSnapshot = Record<string, unknown> | null

/**
 * Names of fields whose values are never stored, whatever the model says.
 */
const SECRET_NAME = /password|secret|token|api_?key/i

/**
 * Request ids generated for requests that carry none, one per request.
 */
const generatedIds = new WeakMap<HttpContext, string>()

/**
 * The request id of a mutation: the request's own (`X-Request-Id` with
 * `generateRequestId`), else one generated once per request (per call
 * outside HTTP).
 */
export function requestIdOf(context: KitContext): string {
  const http = context.http
  if (!http) {
    return randomUUID()
  }
  const own = typeof http.request?.id === 'function' ? http.request.id() : undefined
  if (own) {
    return String(own).slice(0, 100)
  }
  let generated = generatedIds.get(http)
  if (!generated) {
    generated = randomUUID()
    generatedIds.set(http, generated)
  }
  return generated
}

/**
 * The audit settings a source writes with: its mount's (panel or app-wide).
 */
export function auditOf(source: RecordSource<any>): AuditSettings {
  return source.mount()?.options.audit ?? AUDIT_DISABLED
}

/**
 * Whether an attribute's values are redacted: hidden from serialization
 * (`serializeAs: null`) or named like a secret.
 */
export function isRedacted(model: LucidModel, attribute: string): boolean {
  return isHiddenAttribute(model, attribute) || SECRET_NAME.test(attribute)
}

/**
 * Snapshot a record's attributes (serialized: dates as ISO strings).
 */
export function snapshot(record: LucidRow | null | undefined): AuditSnapshot {
  if (!record) {
    return null
  }
  return snapshotOf(record.$attributes)
}

/**
 * Snapshot a record as the database holds it after a callback: its
 * attributes as last read or saved (values merged but not saved are left
 * out), or null once it was deleted.
 */
export function persistedSnapshot(record: LucidRow): AuditSnapshot {
  return record.$isDeleted ? null : snapshotOf(record.$original)
}

function snapshotOf(attributes: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(attributes)) {
    values[name] =
      value !== null &&
      typeof value === 'object' &&
      !DateTime.isDateTime(value) &&
      !(value instanceof Date)
        ? JSON.parse(JSON.stringify(value))
        : serializeValue(value)
  }
  return values
}

/**
 * A value in a form that compares by value: JSON text parsed, object keys
 * sorted (`{"a":1,"b":2}` is `{"b":2,"a":1}`), dates and scalars as they are.
 */
function canonical(value: unknown): string {
  return JSON.stringify(sortedKeys(parsedJson(value)))
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(sortedKeys)
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])])
    )
  }
  return value === undefined ? null : value
}

/**
 * Whether an attribute's old and new values are the same value: equal by
 * value (JSON compared parsed, whatever its key order), or null against an
 * empty list or map when the attribute's form field shows both as empty (a
 * tags input, a checkbox list, a key-value, a repeater: null and `[]` are
 * one empty value there).
 */
export function sameAuditValue(old: unknown, next: unknown, field?: Field): boolean {
  if (canonical(old) === canonical(next)) {
    return true
  }
  if (!field) {
    return false
  }
  const empty = old === null ? next : next === null ? old : undefined
  return empty !== undefined && showsNullAsEmpty(field, empty)
}

/**
 * The attributes that differ between two snapshots, with old and new
 * values; redacted attributes keep the marker instead of their values.
 * With the source's form fields, values are compared as the fields show
 * them (see {@link sameAuditValue}).
 */
export function diffSnapshots(
  model: LucidModel,
  before: AuditSnapshot,
  after: AuditSnapshot,
  fields: Field[] = []
): AuditChanges {
  const changes: AuditChanges = {}
  const byName = new Map(fields.map((field) => [field.name, field]))
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  for (const name of names) {
    const old = before ? (before[name] ?? null) : null
    const next = after ? (after[name] ?? null) : null
    if (sameAuditValue(old, next, byName.get(name))) {
      continue
    }
    changes[name] = isRedacted(model, name)
      ? { old: old === null ? null : REDACTED, new: next === null ? null : REDACTED }
      : { old, new: next }
  }
  return changes
}

/**
 * The items of a has-many repeater as an audit row records them: each
 * related record's key (`_key`) and its item fields' values, in order.
 */
export type AuditItems = Record<string, unknown>[]

/**
 * A related record as an item of a has-many repeater's audit change: its
 * key and the values of the repeater's item fields (dates as ISO strings).
 */
export function auditItem(row: LucidRow, key: string, names: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = { [key]: row.$primaryKeyValue }
  for (const name of names) {
    values[name] = (row as unknown as Record<string, unknown>)[name] ?? null
  }
  return snapshotOf(values)
}

/**
 * The change of a has-many repeater's items, or null when its items are the
 * same (compared by value, in order): the old and new lists, with the
 * values of the related model's hidden and secret attributes redacted.
 */
export function itemsChange(
  related: LucidModel,
  before: AuditItems,
  after: AuditItems
): AuditChange | null {
  if (canonical(before) === canonical(after)) {
    return null
  }
  const redacted = (items: AuditItems) =>
    items.map((item) =>
      Object.fromEntries(
        Object.entries(item).map(([name, value]) => [
          name,
          value !== null && isRedacted(related, name) ? REDACTED : value,
        ])
      )
    )
  return { old: redacted(before), new: redacted(after) }
}

/**
 * The tenant's key of the current request, or null.
 */
function tenantKey(): string | null {
  const tenant = Tenancy.current()
  const key = tenant?.$primaryKeyValue
  return key === null || key === undefined ? null : String(key)
}

/**
 * What a write through a relation manager adds: the relationship, and the
 * owner as the audited record.
 */
interface RelationTarget {
  relation: string
  owner: LucidRow
}

/**
 * The owner and relationship of a relation manager's source, if it is one.
 */
function relationTarget(source: RecordSource<any>): RelationTarget | null {
  const candidate = source as unknown as { relation?: { name: string }; owner?: LucidRow }
  if (source.kind === 'relation' && candidate.relation && candidate.owner) {
    return { relation: candidate.relation.name, owner: candidate.owner }
  }
  return null
}

/**
 * The form fields values are compared through (none for a source without a
 * form).
 */
function auditedFields(source: RecordSource<any>): Field[] {
  try {
    return source.formFields()
  } catch {
    return []
  }
}

/**
 * Write one audit row for a mutation, in the mutation's transaction (when
 * the audit trail is enabled for the source's mount): the user, the panel,
 * the resource and record key (a relation manager's owner, with the
 * relationship and the related key), the operation, the changed attributes
 * (redacted where hidden) with the `extra` changes that are not attributes
 * (a has-many repeater's items), the tenant and the request id.
 */
export async function writeAudit(
  source: RecordSource<any>,
  context: KitContext,
  trx: TransactionClientContract,
  operation: AuditOperationName,
  record: LucidRow,
  before: AuditSnapshot,
  after: AuditSnapshot,
  extra: AuditChanges = {}
): Promise<void> {
  await writeAudits(source, context, trx, operation, [{ record, before, after, extra }])
}

/**
 * One record's audit row to write: its snapshots before and after, and the
 * changes that are not its attributes.
 */
export interface AuditWrite {
  record: LucidRow
  before: AuditSnapshot
  after: AuditSnapshot
  extra?: AuditChanges
}

/**
 * Write the audit rows of several records with one statement (a bulk
 * action's chunk), in the mutation's transaction.
 */
export async function writeAudits(
  source: RecordSource<any>,
  context: KitContext,
  trx: TransactionClientContract,
  operation: AuditOperationName,
  writes: AuditWrite[]
): Promise<void> {
  const settings = auditOf(source)
  const mount = source.mount()
  if (!settings.enabled || !mount || !writes.length) {
    return
  }
  const target = relationTarget(source)
  const key = (row: LucidRow) => String(row.$primaryKeyValue)
  const userKey = context.user?.id ?? context.user?.$primaryKeyValue
  const model = settings.model
  const column = (attribute: string) => model.$getColumn(attribute)?.columnName ?? attribute
  const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
  const shared = {
    [column('userId')]: userKey === null || userKey === undefined ? null : String(userKey),
    [column('panel')]: mount.options.panelId,
    [column('resource')]: mount.resource.getSlug(),
    [column('relation')]: target?.relation ?? null,
    [column('operation')]: operation.slice(0, OPERATION_LENGTH),
    [column('tenant')]: tenantKey(),
    [column('requestId')]: requestIdOf(context),
    [column('createdAt')]: now,
  }
  const fields = auditedFields(source)
  const rows = writes.map(({ record, before, after, extra }) => ({
    ...shared,
    [column('recordKey')]: target ? key(target.owner) : key(record),
    [column('relatedKey')]: target ? key(record) : null,
    [column('changes')]: JSON.stringify({
      ...diffSnapshots(source.model, before, after, fields),
      ...extra,
    }),
  }))
  await trx.insertQuery().table(model.table).multiInsert(rows)
}

/**
 * Run a custom action's callback on records and write one audit row per
 * record under the action's name, in the action's transaction: the changes
 * are what the callback saved through the record it was given (its
 * attributes as read, against its attributes as last saved; a deleted
 * record's become null). Writes the callback made otherwise (another
 * instance, a query builder, raw SQL) are not seen: the row then records
 * the run with no changes.
 */
export async function auditedRun<T>(
  source: RecordSource<any>,
  context: KitContext,
  trx: TransactionClientContract,
  operation: string,
  records: LucidRow[],
  run: (record: LucidRow) => Promise<T>
): Promise<T[]> {
  const results: T[] = []
  const writes: AuditWrite[] = []
  for (const record of records) {
    const before = snapshot(record)
    results.push(await run(record))
    writes.push({ record, before, after: persistedSnapshot(record) })
  }
  await writeAudits(source, context, trx, operation, writes)
  return results
}
