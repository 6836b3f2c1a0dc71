import { ReplicateAction } from '../../definitions/table/actions/replicate_action.ts'
import { ImpersonateAction } from '../../definitions/table/actions/impersonate_action.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ActionContract } from '../../contracts/main.ts'
import { RecordPageAction } from '../../definitions/pages/page_actions.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { KitContext } from '../../definitions/types.ts'
import { allows } from '../authorization/authorizer.ts'
import type { MountedPage, ResourceMount } from '../mounts/resource_mount.ts'
import { presetAction, serializeHeaderAction } from '../table/actions/action_serializer.ts'

/**
 * The contract of a record page action (Edit, Delete) for a record, or
 * null when the resource offers no such page or route to the user: the
 * edit page when the user may edit the record, the delete route when the
 * user may delete it.
 */
async function recordPageAction(
  mount: ResourceMount,
  action: RecordPageAction,
  record: LucidRow,
  context: KitContext
): Promise<ActionContract | null> {
  const resource = mount.resource
  let contract: ActionContract
  if (action.kind === 'edit') {
    const url = mount.pageOfKind('edit') ? mount.editUrl(record) : null
    if (!url || !(await allows(resource, ResourceOperation.Edit, record, context))) {
      return null
    }
    contract = presetAction('edit', url, 'get')
  } else {
    if (!(await allows(resource, ResourceOperation.Delete, record, context))) {
      return null
    }
    contract = presetAction('delete', mount.recordUrl(record))
  }
  return {
    ...contract,
    name: action.name,
    color: action.getColor(),
    requiresConfirmation: action.needsConfirmation(),
    ...(action.hasOwnLabel() ? { label: action.getLabel() } : {}),
  }
}

/**
 * The header actions of a page the user may see, serialized: on a record
 * page, for its record (the kit's Edit and Delete by the resource's
 * operations, the others by their `authorizeUsing()` with the record).
 */
export async function visibleHeaderActions(
  mount: ResourceMount,
  current: MountedPage,
  context: KitContext,
  record: LucidRow | null = null
): Promise<ActionContract[]> {
  const visible: ActionContract[] = []
  for (const action of current.page.headerActions()) {
    if (action instanceof RecordPageAction) {
      const contract = record ? await recordPageAction(mount, action, record, context) : null
      if (contract) {
        visible.push(contract)
      }
      continue
    }
    /* impersonation is a row action of a users' resource only */
    if (action instanceof ImpersonateAction) continue
    if (
      action instanceof ReplicateAction &&
      (!record || !(await allows(mount.resource, ResourceOperation.Create, null, context)))
    ) {
      continue
    }
    if (await action.allows({ record, user: context.user, http: context.http })) {
      visible.push(serializeHeaderAction(mount, action, current.key, record))
    }
  }
  return visible
}
