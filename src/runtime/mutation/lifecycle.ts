import type { LucidRow } from '@adonisjs/lucid/types/model'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { TrashedMode } from '../query/scoped_query.ts'
import type { RecordSource } from '../records/record_source.ts'
import type { HookContext, LifecycleName } from '../../definitions/types.ts'
import { snapshot, writeAudit } from '../audit/audit_writer.ts'

export type { LifecycleName }

/**
 * The hooks around a lifecycle write.
 */
type LifecycleHook = `${'before' | 'after'}${'Delete' | 'Restore' | 'ForceDelete'}`

/**
 * Delete (to the trash with the soft-delete preset), restore and delete
 * permanently: what authorizes each, which records it reaches (trashed or
 * not; restore and force delete exist with the soft-delete preset only),
 * and the hooks around its write.
 */
export const LIFECYCLES: Record<
  LifecycleName,
  {
    operation: ResourceOperation
    trashed: TrashedMode
    softDeletesOnly: boolean
    before: LifecycleHook
    after: LifecycleHook
    write(source: RecordSource<any>, record: LucidRow, context: HookContext): Promise<unknown>
  }
> = {
  delete: {
    operation: ResourceOperation.Delete,
    trashed: 'without',
    softDeletesOnly: false,
    before: 'beforeDelete',
    after: 'afterDelete',
    write: (source, record, context) => source.deleteRecord(record, context),
  },
  restore: {
    operation: ResourceOperation.Restore,
    trashed: 'only',
    softDeletesOnly: true,
    before: 'beforeRestore',
    after: 'afterRestore',
    write: (source, record) => record.merge({ [source.deletedAtAttribute]: null }).save(),
  },
  forceDelete: {
    operation: ResourceOperation.ForceDelete,
    trashed: 'with',
    softDeletesOnly: true,
    before: 'beforeForceDelete',
    after: 'afterForceDelete',
    write: (source, record, context) => source.removeRecord(record, context.trx),
  },
}

/**
 * Whether a lifecycle operation removes the row for good (force delete,
 * or delete without the soft-delete preset): its uploaded files are then
 * removed once the transaction commits.
 */
export function removesRow(name: LifecycleName | null, softDeletes: boolean): boolean {
  return name === 'forceDelete' || (name === 'delete' && !softDeletes)
}

/**
 * Run a lifecycle operation on a record inside the transaction the context
 * carries: the before hook, the write, the after hook.
 */
export async function runLifecycle(
  source: RecordSource<any>,
  name: LifecycleName,
  record: LucidRow,
  context: HookContext
) {
  const lifecycle = LIFECYCLES[name]
  const before = snapshot(record)
  await source.declaration[lifecycle.before](record, context)
  await lifecycle.write(source, record, context)
  /* the audit row, in the same transaction (a removed row has no after) */
  const removed = name === 'forceDelete' || record.$isDeleted
  const after = removed ? null : snapshot(record)
  await writeAudit(source, context, context.trx, name, record, before, after)
  await source.declaration[lifecycle.after](record, context)
}
