import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { KitAuditEntry } from './audit_entry.ts'
import type { Constructor, MaybeLazy } from '../types.ts'

/**
 * The audit trail as config/kit.ts (app-wide) or `panel().audit()` declares it.
 *
 * @example
 * ```ts
 * defineConfig({ audit: { enabled: true, retentionDays: 365 }, panels: [...] })
 * ```
 */
export interface AuditConfig {
  /** Write one audit row per mutation (default: false, opt-in) */
  enabled?: boolean
  /** Rows older than this many days are removed by `node ace kit:prune-audit` (default: kept) */
  retentionDays?: number | null
  /** A model of the same table shape to write to (default: KitAuditEntry) */
  model?: typeof KitAuditEntry
  /**
   * The Bouncer policy whose `viewActivity(user, panelId)` ability opens a
   * panel's activity list. Without it (or without the ability) the list is
   * denied to everyone (fail-closed).
   */
  policy?: MaybeLazy<Constructor>
  /**
   * How the History and activity pages name the acting user: an attribute
   * of the user model (`'email'`) or a function of the user. Default (and
   * when it is empty for a user): the record title of the panel's resource
   * of the user model when it declares `recordTitleAttribute()` and the
   * viewer may see that user, else the first of `fullName`, `name`,
   * `username`, `email` the user model has as a visible column, else
   * "User #id". The name links to the user's page when the viewer may open
   * it.
   */
  userTitle?: string | ((user: LucidRow) => string)
}
