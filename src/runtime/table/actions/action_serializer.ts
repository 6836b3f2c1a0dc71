import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ActionContract, BulkActionContract } from '../../../contracts/main.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import type { KitMessageKey } from '../../../i18n/en.ts'
import type { ResourceMount } from '../../mounts/resource_mount.ts'
import type { Action } from '../../../definitions/table/actions/action.ts'
import type { BulkAction } from '../../../definitions/table/actions/bulk_action.ts'
import { serializeActionForm } from './action_form.ts'
import { ExportAction, ExportBulkAction } from '../../../definitions/export/export_action.ts'
import { ImportAction } from '../../../definitions/export/import_action.ts'

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
    ...withForm(action),
  }
}

/**
 * Serialize a header action of a page (on a record page, for its record).
 */
export function serializeHeaderAction(
  mount: ResourceMount,
  action: Action,
  pageKey: string,
  record: LucidRow | null = null
): ActionContract {
  const own = action.getUrl()
  /* a record page's URL action reads {record} (or {id}) as the record's key */
  const url =
    own && record
      ? own.replace(
          /\{(record|id)\}/g,
          encodeURIComponent(mount.recordKey(record, `action "${action.name}"`))
        )
      : own
  return {
    name: action.name,
    label: action.getLabel(),
    color: action.getColor(),
    method: action.getMethod(),
    url: url ?? mount.headerActionUrl(action.name, pageKey, record),
    requiresConfirmation: action.needsConfirmation(),
    hosted: action.isHosted(),
    ...withForm(action),
    ...(action instanceof ExportAction ? { job: 'export' as const } : {}),
    ...(action instanceof ImportAction ? { job: 'import' as const } : {}),
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
    ...withForm(action),
    ...(action instanceof ExportBulkAction ? { job: 'export' as const } : {}),
  }
}

/**
 * The `form` member of an action that declares one.
 */
function withForm(action: Action | BulkAction): { form?: ActionContract['form'] } {
  const form = serializeActionForm(action)
  return form ? { form } : {}
}

/**
 * The preset row actions of resources and relation managers: label,
 * method, color and whether they ask for confirmation.
 */
const PRESET_ACTIONS: Record<string, [KitMessageKey, ActionContract['method'], string, boolean]> = {
  edit: ['action.edit', 'patch', 'gray', false],
  delete: ['action.delete', 'delete', 'red', true],
  restore: ['action.restore', 'post', 'gray', false],
  forceDelete: ['action.forceDelete', 'delete', 'red', true],
  detach: ['action.detach', 'post', 'gray', true],
  dissociate: ['action.dissociate', 'post', 'gray', true],
}

/**
 * The contract of a preset row action, with its URL (a template with
 * `{record}`) and, for an edit page, the method that opens it.
 */
export function presetAction(
  name: string,
  url: string,
  method?: ActionContract['method']
): ActionContract {
  const [label, presetMethod, color, requiresConfirmation] = PRESET_ACTIONS[name]
  return {
    name,
    /* in the request's language */
    label: contextTranslator().t(label),
    color,
    method: method ?? presetMethod,
    url,
    requiresConfirmation,
    hosted: true,
  }
}

/**
 * The built-in row actions a mounted resource offers.
 */
export function builtInActions(mount: ResourceMount): ActionContract[] {
  const actions: ActionContract[] = []
  const edit = mount.pageOfKind('edit')
  const manage = mount.pageOfKind('manage')
  if (edit || manage) {
    const url = edit ? mount.pageTemplate(edit.key) : `${mount.url(manage!.key)}?edit={record}`
    actions.push(presetAction('edit', url, 'get'))
  }
  actions.push(presetAction('delete', mount.recordTemplate()))
  if (mount.resource.softDeletes) {
    actions.push(
      presetAction('restore', mount.recordTemplate('restore')),
      presetAction('forceDelete', mount.recordTemplate('force-delete'))
    )
  }
  return actions
}
