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
import { pageRedirectTarget } from '../mounts/mount_validation.ts'
import { isSafePath } from '../../support/path_safety.ts'
import debug from '../../support/debug.ts'
import type { KitContext } from '../../definitions/types.ts'

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
 * Where a browser goes after a form page wrote a record: the target the
 * page declares (`redirectAfterCreate()`, `redirectAfterSave()`; the edit
 * page by default). The edit and view pages are used when mounted and
 * allowed (`edit` after a save: the update was just authorized), a built
 * URL when it is a path of this site; anything else goes to the list page.
 */
async function redirectAfter(
  mount: ResourceMount,
  kind: 'create' | 'edit',
  record: LucidRow,
  context: KitContext
): Promise<string> {
  const page = mount.pageOfKind(kind)
  const target = page ? pageRedirectTarget(kind, page.page) : undefined
  const fallback = afterMutationUrl(mount)
  if (typeof target === 'function') {
    const url = await target(record, { ...context, resource: mount.resource })
    if (isSafePath(url)) return url
    debug(
      '%s: the redirect after %s is not a path of this site (%j); going to the list page',
      mount.resource.constructor.name,
      kind === 'create' ? 'create' : 'save',
      url
    )
    return fallback
  }
  const wanted = target === 'list' || target === 'view' ? target : 'edit'
  if (wanted === 'list') return fallback
  const operation = wanted === 'view' ? ResourceOperation.View : ResourceOperation.Edit
  const destination = mount.pageOfKind(wanted)
  if (!destination) return fallback
  const authorized = wanted === 'edit' && kind === 'edit'
  if (authorized || (await allows(mount.resource, operation, record, context))) {
    return mount.url(destination.key, record)
  }
  return fallback
}

/**
 * Create a record (route `store`), then go where the create page says (its
 * edit page when the user may edit it, by default), else to the list page.
 */
export async function storeOperation({ mount, context, body }: OperationInput) {
  const resource = mount.resource
  /* a wizard's step check validates the steps so far and writes nothing */
  const step = await checkWizardStep(resource, context, null, body)
  if (step) return { type: 'json' as const, body: step }
  const { record } = await createRecord(resource, context, body)
  const redirect = await redirectAfter(mount, 'create', record, context)
  return recordAnswer(mount, ResourceOperation.Create, record, redirect, {
    status: 201,
    translator: context.translator,
  })
}

/**
 * Update a record (route `update`), then go where the edit page says (back
 * to itself, by default).
 */
export async function updateOperation({ mount, context, params, body }: OperationInput) {
  const step = await checkWizardStep(mount.resource, context, params.record, body)
  if (step) return { type: 'json' as const, body: step }
  const { record } = await updateRecord(mount.resource, context, params.record, body)
  const redirect = await redirectAfter(mount, 'edit', record, context)
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
