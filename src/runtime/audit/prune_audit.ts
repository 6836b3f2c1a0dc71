import { DateTime } from 'luxon'
import { KitAuditEntry } from '../../definitions/audit/audit_entry.ts'
import type { AuditSettings } from './audit_settings.ts'

/**
 * Delete the audit rows older than `retentionDays` (nothing when the
 * retention is not set), in batches so a large table is never locked at
 * once. Answers how many rows were deleted.
 *
 * @example
 * ```ts
 * import { pruneAudit } from 'adonis-kit'
 * const removed = await pruneAudit({ retentionDays: 365 })
 * ```
 */
export async function pruneAudit(
  settings: Pick<AuditSettings, 'retentionDays'> & { model?: typeof KitAuditEntry },
  options: { now?: DateTime; batchSize?: number } = {}
): Promise<number> {
  const days = settings.retentionDays
  if (!days) {
    return 0
  }
  const model = settings.model ?? KitAuditEntry
  const cutoff = (options.now ?? DateTime.now()).minus({ days })
  const batchSize = options.batchSize ?? 1000
  let removed = 0
  for (;;) {
    const rows = await model
      .query()
      .where('created_at', '<', cutoff.toJSDate())
      .orderBy('id')
      .limit(batchSize)
      .select('id')
    if (!rows.length) {
      return removed
    }
    const deleted = await model
      .query()
      .whereIn(
        'id',
        rows.map((row) => row.id)
      )
      .delete()
    removed += Array.isArray(deleted) ? Number(deleted[0] ?? rows.length) : rows.length
  }
}
