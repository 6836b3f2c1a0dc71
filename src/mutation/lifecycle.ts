import type { LucidRow } from '@adonisjs/lucid/types/model'
import { ResourceOperation } from '../resource/operation.ts'
import type { TrashedMode } from '../query/scoped_query.ts'
import type { RecordSource } from '../records/record_source.ts'
import type { HookContext } from '../types.ts'

/**
 * The record lifecycle operations of the mutation sequence.
 */
export type LifecycleName = 'delete' | 'restore' | 'forceDelete'

/**
 * One record lifecycle operation: what authorizes it, which records it
 * reaches (trashed or not), and its three steps, run in the transaction.
 */
export interface Lifecycle {
  operation: ResourceOperation
  trashed: TrashedMode
  /** Restore and force delete exist with the soft-delete preset only */
  softDeletesOnly: boolean
  run(source: RecordSource<any>, record: LucidRow, context: HookContext): Promise<void>
}

/**
 * Delete (to the trash with the soft-delete preset), restore and delete
 * permanently: the before hook, the write, the after hook.
 */
export const LIFECYCLES: Record<LifecycleName, Lifecycle> = {
  delete: {
    operation: ResourceOperation.Delete,
    trashed: 'without',
    softDeletesOnly: false,
    async run(source, record, context) {
      await source.declaration.beforeDelete(record, context)
      await source.deleteRecord(record, context)
      await source.declaration.afterDelete(record, context)
    },
  },
  restore: {
    operation: ResourceOperation.Restore,
    trashed: 'only',
    softDeletesOnly: true,
    async run({ declaration, deletedAtAttribute }, record, context) {
      await declaration.beforeRestore(record, context)
      record.merge({ [deletedAtAttribute]: null })
      await record.save()
      await declaration.afterRestore(record, context)
    },
  },
  forceDelete: {
    operation: ResourceOperation.ForceDelete,
    trashed: 'with',
    softDeletesOnly: true,
    async run(source, record, context) {
      await source.declaration.beforeForceDelete(record, context)
      await source.removeRecord(record, context.trx)
      await source.declaration.afterForceDelete(record, context)
    },
  },
}
