import type { ActionContract, BulkActionContract } from '../../contracts/main.ts'
import type { ResourceMount } from '../../routing/resource_mount.ts'
import type { Action } from './action.ts'
import type { BulkAction } from './bulk_action.ts'

/**
 * Names of the built-in row actions; tables may not declare them.
 */
export const BUILT_IN_ACTIONS = ['edit', 'delete', 'restore', 'forceDelete']

/**
 * Serialize a row action. Hosted actions point at the kit's endpoint (a
 * template with `{record}`); an action with its own URL keeps it (with
 * `{id}` read as `{record}`).
 */
export function serializeRowAction(action: Action, hostedUrl: string): ActionContract {
  const own = action.getUrl()
  return {
    name: action.name,
    label: action.getLabel(),
    color: action.getColor(),
    method: action.getMethod(),
    url: own ? own.replaceAll('{id}', '{record}') : hostedUrl,
    requiresConfirmation: action.needsConfirmation(),
    hosted: action.isHosted(),
  }
}

/**
 * Serialize a header action of a page.
 */
export function serializeHeaderAction(
  mount: ResourceMount,
  action: Action,
  pageKey: string
): ActionContract {
  return {
    name: action.name,
    label: action.getLabel(),
    color: action.getColor(),
    method: action.getMethod(),
    url: action.getUrl() ?? mount.headerActionUrl(action.name, pageKey),
    requiresConfirmation: action.needsConfirmation(),
    hosted: action.isHosted(),
  }
}

/**
 * Serialize a bulk action with the URL of its endpoint.
 */
export function serializeBulkAction(action: BulkAction, url: string): BulkActionContract {
  return {
    name: action.name,
    label: action.getLabel(),
    color: action.getColor(),
    url,
    requiresConfirmation: action.needsConfirmation(),
  }
}

/**
 * The built-in row actions a mounted resource offers.
 */
export function builtInActions(mount: ResourceMount): ActionContract[] {
  const actions: ActionContract[] = []
  const base = { color: 'gray', hosted: true }
  const edit = mount.pageOfKind('edit')
  const manage = mount.pageOfKind('manage')
  if (edit || manage) {
    actions.push({
      ...base,
      name: 'edit',
      label: 'Edit',
      method: 'get',
      url: edit ? mount.pageTemplate(edit.key) : `${mount.url(manage!.key)}?edit={record}`,
      requiresConfirmation: false,
    })
  }
  actions.push({
    ...base,
    name: 'delete',
    label: 'Delete',
    color: 'red',
    method: 'delete',
    url: mount.recordTemplate(),
    requiresConfirmation: true,
  })
  if (mount.resource.softDeletes) {
    actions.push(
      {
        ...base,
        name: 'restore',
        label: 'Restore',
        method: 'post',
        url: mount.recordTemplate('restore'),
        requiresConfirmation: false,
      },
      {
        ...base,
        name: 'forceDelete',
        label: 'Delete permanently',
        color: 'red',
        method: 'delete',
        url: mount.recordTemplate('force-delete'),
        requiresConfirmation: true,
      }
    )
  }
  return actions
}
