import type { LucidRow } from '@adonisjs/lucid/types/model'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { allows } from '../authorization/authorizer.ts'
import {
  createRecord,
  deleteRecord,
  forceDeleteRecord,
  restoreRecord,
  updateRecord,
} from '../mutation/mutation_runner.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { afterMutationUrl, type OperationInput, type RecordAnswer } from './operation.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import { checkWizardStep } from '../mutation/wizard_step.ts'

function recordAnswer(
  mount: ResourceMount,
  operation: ResourceOperation,
  record: LucidRow,
  redirect: string,
  options: { status?: number; keepListState?: boolean; translator?: KitTranslator } = {}
): RecordAnswer {
  return {
    type: 'record',
    operation,
    record,
    message: mount.resource.successMessage(operation, record, contextTranslator(options)),
    redirect,
    keepListState: options.keepListState ?? false,
    status: options.status ?? 200,
  }
}

/**
 * Create a record (route `store`), then go to its edit page when the user
 * may edit it, else to the list page.
 */
export async function storeOperation({ mount, context, body }: OperationInput) {
  const resource = mount.resource
  /* a wizard's step check validates the steps so far and writes nothing */
  const step = await checkWizardStep(resource, context, null, body)
  if (step) return { type: 'json' as const, body: step }
  const { record } = await createRecord(resource, context, body)
  const edit = mount.pageOfKind('edit')
  const redirect =
    edit && (await allows(resource, ResourceOperation.Edit, record, context))
      ? mount.url(edit.key, record)
      : afterMutationUrl(mount)
  return recordAnswer(mount, ResourceOperation.Create, record, redirect, {
    status: 201,
    translator: context.translator,
  })
}

/**
 * Update a record (route `update`), then go to its edit page.
 */
export async function updateOperation({ mount, context, params, body }: OperationInput) {
  const step = await checkWizardStep(mount.resource, context, params.record, body)
  if (step) return { type: 'json' as const, body: step }
  const { record } = await updateRecord(mount.resource, context, params.record, body)
  const edit = mount.pageOfKind('edit')
  const redirect = edit ? mount.url(edit.key, record) : afterMutationUrl(mount)
  return recordAnswer(mount, ResourceOperation.Edit, record, redirect, {
    translator: context.translator,
  })
}

/**
 * A record lifecycle mutation (delete, restore, force delete), then back
 * to the list page in the state the request came from.
 */
function lifecycleOperation(operation: ResourceOperation, run: typeof deleteRecord) {
  return async ({ mount, context, params }: OperationInput) => {
    const record = await run(mount.resource, context, params.record)
    return recordAnswer(mount, operation, record, afterMutationUrl(mount), {
      keepListState: true,
      translator: context.translator,
    })
  }
}

/**
 * Delete a record (route `destroy`).
 */
export const destroyOperation = lifecycleOperation(ResourceOperation.Delete, deleteRecord)

/**
 * Restore a trashed record (route `restore`, soft-delete preset).
 */
export const restoreOperation = lifecycleOperation(ResourceOperation.Restore, restoreRecord)

/**
 * Remove a record permanently (route `forceDelete`, soft-delete preset).
 */
export const forceDeleteOperation = lifecycleOperation(
  ResourceOperation.ForceDelete,
  forceDeleteRecord
)
