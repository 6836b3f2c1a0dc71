/*
 * adonis-kit
 *
 * Actions: their URLs, request bodies, confirmations and colors.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import type {
  ActionContract,
  BulkActionContract,
  RecordWords,
  TableContract,
  TableFilterContract,
  TableRowContract,
  TabsContract,
} from './types.ts'
import { keyText, type KitText } from './text.ts'

/**
 * Put a record key in an action URL template.
 */
export function actionUrl(template: string, key: string | number): string {
  const value = encodeURIComponent(String(key))
  return template.replaceAll('{record}', value).replaceAll('{id}', value)
}

/**
 * The body of an editable cell's update: the value, and the version the row
 * was rendered with (a record changed since is a conflict).
 */
export function cellSubmission(
  row: { version?: string },
  value: unknown
): { value: unknown; _kit_version?: string } {
  return versionedData({ value }, row.version)
}

/**
 * A request's data with the version of the record it acts on (a row's
 * `version`, a record page's `record.version`) as `_kit_version`: sent with
 * editable cells, row actions and record pages' header actions, with or
 * without a form (a record changed since is a conflict, nothing run).
 */
export function versionedData<T extends object>(
  data: T,
  version: string | undefined
): T & { _kit_version?: string } {
  return version === undefined ? data : { ...data, _kit_version: version }
}

/**
 * The actions the server allows on a row, in the table's order, without
 * `edit` (rendered as the row's link).
 */
export function rowActions(table: TableContract, row: TableRowContract): ActionContract[] {
  return table.actions.filter(
    (action) => action.name !== 'edit' && row.actions.includes(action.name)
  )
}

/**
 * A value of a JSON request body the renderers post (what Inertia's
 * `router.post()` / `visit()` take as data).
 */
export type RequestValue =
  string | number | boolean | null | undefined | RequestValue[] | { [key: string]: RequestValue }

/**
 * A JSON request body the renderers post.
 */
export type RequestBody = { [key: string]: RequestValue }

/**
 * The body of a bulk action: the selected keys, or every matching record
 * (the current search, filters and tab) minus the deselected ones.
 */
export function bulkPayload(
  table: TableContract,
  tabs: TabsContract | null | undefined,
  selection: { keys: (string | number)[]; allMatching: boolean; except: (string | number)[] }
): RequestBody {
  if (!selection.allMatching) {
    return { records: selection.keys }
  }
  const names = table.parameters
  const filters: Record<string, NonNullable<TableFilterContract['value']>> = {}
  for (const filter of table.filters) {
    if (filter.value !== null) filters[filter.name] = filter.value
  }
  const body: RequestBody = { selectAll: true, except: selection.except }
  if (table.search) body[names.search] = table.search
  if (Object.keys(filters).length) body[names.filters] = filters
  if (tabs?.active) body[names.tab] = tabs.active
  return body
}

/**
 * Words for records when a table does not name its own.
 */
const RECORDS: RecordWords = { singular: 'record', plural: 'records', gender: 'masculine' }

/**
 * The question of a bulk action's confirmation, as a sentence naming the
 * records: "Delete 2 posts?" (`confirm.bulk.<action>` for the built-in
 * ones), else the action's label before the count: "Publish 2 posts?".
 */
export function bulkConfirmation(
  action: BulkActionContract,
  count: number,
  t: KitText = keyText,
  records: RecordWords = RECORDS
) {
  const data = { ...records, action: action.label, count }
  const own = `confirm.bulk.${action.name}`
  const sentence = t(own, data)
  return sentence === own ? t('confirm.bulk', data) : sentence
}

/**
 * The question of a row action's confirmation: `confirm.<action>` for the
 * built-in ones that have one (force delete warns it cannot be undone),
 * else "Delete “Hello”?".
 */
export function rowConfirmation(action: ActionContract, title: string, t: KitText = keyText) {
  const own = `confirm.${action.name}`
  const sentence = action.hosted ? t(own, { title }) : own
  return sentence === own ? t('confirm.action', { action: action.label, title }) : sentence
}

/**
 * Whether an action destroys or unlinks records: its confirmation is red.
 */
export function isDestructive(action: { name: string; color: string }) {
  return (
    action.color === 'red' ||
    action.color === 'danger' ||
    ['delete', 'forceDelete', 'detach', 'dissociate'].includes(action.name)
  )
}

/**
 * Colors of badges, buttons and flashes, as CSS class suffixes.
 */
export function colorClass(color: string | null | undefined) {
  return `kit-color-${(color ?? 'gray').replace(/[^a-z-]/gi, '')}`
}

/** Colors whose header buttons are filled (the others are outlined, their text colored) */

const FILLED_COLORS = ['primary', 'danger', 'red', 'success', 'green']

/**
 * Class of a page header's action button: filled in its color (Edit in the
 * primary color, Delete in red), outlined when gray.
 */
export function headerActionClass(color: string | null | undefined) {
  const filled = FILLED_COLORS.includes(color ?? '') ? ' kit-button-primary' : ''
  return `kit-button${filled} ${colorClass(color)}`
}
