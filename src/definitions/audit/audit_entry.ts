import { type DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * One attribute a mutation changed: its value before and after (null for a
 * created or removed record). Hidden attributes and password-like fields
 * carry the `[redacted]` marker instead of their values.
 */
export interface AuditChange {
  old: unknown
  new: unknown
}

/**
 * Changed attributes by attribute name.
 */
export type AuditChanges = Record<string, AuditChange>

/**
 * The marker a redacted value is stored as.
 */
export const REDACTED = '[redacted]'

/**
 * One row of the audit trail: who did what to which record, when, and what
 * changed. The kit writes one per mutation, in the mutation's transaction
 * (`kit_audit_entries`; `node ace configure adonis-kit` publishes its
 * migration).
 *
 * @example
 * ```ts
 * import { KitAuditEntry } from 'adonis-kit'
 * const history = await KitAuditEntry.query()
 *   .where('resource', 'posts')
 *   .where('record_key', '12')
 *   .orderBy('id', 'desc')
 * ```
 */
export class KitAuditEntry extends BaseModel {
  static table = 'kit_audit_entries'

  @column({ isPrimary: true })
  declare id: number

  /** The user's id, or null for a guest */
  @column()
  declare userId: string | null

  /** The panel id, or null for resources mounted with kit.routes() */
  @column()
  declare panel: string | null

  /** The resource's slug (for a relation manager: the owner's resource) */
  @column()
  declare resource: string

  /** The record's key (for a relation manager: the owner's key) */
  @column()
  declare recordKey: string

  /** The relationship written through a relation manager, or null */
  @column()
  declare relation: string | null

  /** The related record's key for a relation write, or null */
  @column()
  declare relatedKey: string | null

  /** create, update, delete, restore, forceDelete, attach, detach, associate, dissociate, or a custom action's name */
  @column()
  declare operation: string

  /** Changed attributes with their old and new values */
  @column({
    prepare: (value: AuditChanges) => JSON.stringify(value ?? {}),
    consume: (value: unknown) =>
      typeof value === 'string' ? JSON.parse(value) : ((value as AuditChanges | null) ?? {}),
  })
  declare changes: AuditChanges

  /** The tenant's key, or null */
  @column()
  declare tenant: string | null

  /** The request id (the request's X-Request-Id, or one generated per request) */
  @column()
  declare requestId: string

  @column.dateTime()
  declare createdAt: DateTime
}
