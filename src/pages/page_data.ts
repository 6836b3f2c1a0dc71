import type { LucidRow } from '@adonisjs/lucid/types/model'
import type {
  ActionContract,
  BulkActionResult,
  FormContract,
  TableContract,
  TabsContract,
} from '../contracts/main.ts'
import { authorize } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { serializeForm } from '../form/form_serializer.ts'
import { RecordNotFoundException } from '../errors.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import type { Table } from '../table/table.ts'
import { paginateTable, readTableState, TABLE_PARAMETERS } from '../table/table_query.ts'
import { serializeTable } from '../table/table_serializer.ts'
import { paginationMeta } from '../table/count_strategy.ts'
import { executeAction, findHostedAction, runBulkAction } from '../table/actions/action_runner.ts'
import { serializeHeaderAction } from '../table/actions/action_serializer.ts'
import type { MountedPage, ResourceMount } from '../routing/resource_mount.ts'
import type { KitContext } from '../types.ts'
import { resolveTab, serializeTabs } from './tabs.ts'
import type { ListRecords } from './resource_page.ts'

/**
 * What a list page shows for one request: the serialized table, the tabs
 * (when the page declares some) and the records of the current page.
 */
export interface ListPageTable {
  table: TableContract
  tabs: TabsContract | null
  records: LucidRow[]
}

/**
 * Load the table of a list page: authorize the page's operation, read the
 * table state from the query string, resolve the tab, run the scoped table
 * query for one page and serialize it. The list route and the kit() test
 * driver both call it.
 */
export async function loadListTable(
  mount: ResourceMount,
  current: MountedPage,
  query: Record<string, unknown>,
  context: KitContext
): Promise<ListPageTable> {
  await authorize(mount.resource, current.page.operation(), null, context)
  return listTable(mount, current, query, context)
}

/**
 * The table of a list (or manage) page for one request, once the page is
 * authorized: the table state from the query string, the tab, one page of
 * the scoped table query, serialized.
 */
export async function listTable(
  mount: ResourceMount,
  current: MountedPage,
  query: Record<string, unknown>,
  context: KitContext
): Promise<ListPageTable> {
  const resource = mount.resource
  const table = buildTable(resource)
  const state = readTableState(table, query)
  const tabs = (current.page as ListRecords).tabs()
  const activeTab = resolveTab(tabs, query[TABLE_PARAMETERS.tab])
  const page = await paginateTable(resource, table, state, context, { tab: activeTab })
  return {
    table: await serializeTable(resource, table, state, page as any, context),
    tabs: activeTab
      ? await serializeTabs(resource, tabs, activeTab, context, {
          /* without search or filters, the pagination total counts the active tab
             (an estimate when the table estimates; simple pagination has none) */
          activeTotal:
            state.search === null &&
            Object.keys(state.filters).length === 0 &&
            paginationMeta(page as object).count !== 'none'
              ? Number(page.total)
              : undefined,
          activeEstimated: paginationMeta(page as object).count === 'estimate',
          estimateOver: estimateThreshold(table),
        })
      : null,
    records: page.all() as LucidRow[],
  }
}

/**
 * The row count over which a table estimates (its badges too), if it does.
 */
function estimateThreshold(table: Table): number | undefined {
  const strategy = table.getCountStrategy()
  return strategy.kind === 'estimate' ? strategy.threshold : undefined
}

/**
 * The header actions of a list page the user may see, serialized.
 */
export async function visibleHeaderActions(
  mount: ResourceMount,
  current: MountedPage,
  context: KitContext
): Promise<ActionContract[]> {
  const visible: ActionContract[] = []
  for (const action of (current.page as ListRecords).headerActions()) {
    if (await action.allows({ record: null, user: context.user, http: context.http })) {
      visible.push(serializeHeaderAction(mount, action, current.key))
    }
  }
  return visible
}

/**
 * Run a hosted header action of a list page, named by page key and action
 * name (404 when either is unknown).
 */
export async function runHeaderAction(
  mount: ResourceMount,
  pageKey: unknown,
  name: unknown,
  context: KitContext,
  rawInput: unknown
) {
  const page = mount.pages.get(String(pageKey ?? ''))
  if (!page || !['list', 'manage'].includes(page.route.page.kind)) {
    throw new RecordNotFoundException('Action not found')
  }
  const action = findHostedAction((page.page as ListRecords).headerActions(), name)
  const result = await executeAction(mount.resource, action, null, context, rawInput)
  return { action, result }
}

/**
 * Run a bulk action of a mounted resource, with the tabs of its list page
 * (query-wide selections rebuild the table query with the submitted tab).
 */
export function runMountedBulkAction(
  mount: ResourceMount,
  name: unknown,
  context: KitContext,
  rawInput: unknown
): Promise<BulkActionResult> {
  const list = mount.listPage()
  return runBulkAction(mount.resource, context, name, rawInput, {
    tabs: list ? (list.page as ListRecords).tabs() : [],
  })
}

/**
 * Resolve the record of a form page through the scoped query (edit pages)
 * and authorize the page's operation. Option searches stop here.
 */
export async function authorizeFormPage(
  mount: ResourceMount,
  current: MountedPage,
  key: unknown,
  context: KitContext
): Promise<LucidRow | null> {
  const resource = mount.resource
  if (current.route.page.kind === 'create') {
    await authorize(resource, current.page.operation(), null, context)
    return null
  }
  const record = await findRecord(resource, context, key)
  await authorize(resource, current.page.operation(), record, context)
  return record
}

/**
 * Load the form of a create or edit page: resolve the record through the
 * scoped query (edit), authorize the page's operation, serialize the form
 * with its current values (or the values of a refused submission). The form
 * routes and the kit() test driver both call it.
 */
export async function loadFormPage(
  mount: ResourceMount,
  current: MountedPage,
  key: unknown,
  context: KitContext,
  options: { oldInput?: Record<string, unknown> | null } = {}
): Promise<{ record: LucidRow | null; form: FormContract }> {
  const record = await authorizeFormPage(mount, current, key, context)
  const form = await formContract(mount, record, context, {
    pageUrl: mount.url(current.key, record),
    oldInput: options.oldInput,
  })
  return { record, form }
}

/**
 * The `form` contract of a resource for a record (edit) or none (create):
 * submitted to the store or update route; its selects search on `pageUrl`.
 */
export function formContract(
  mount: ResourceMount,
  record: LucidRow | null,
  context: KitContext,
  options: { pageUrl: string; oldInput?: Record<string, unknown> | null }
): Promise<FormContract> {
  const resource = mount.resource
  return serializeForm(
    resource,
    buildForm(resource),
    record ? 'edit' : 'create',
    record,
    record
      ? { url: mount.recordUrl(record), method: 'patch' }
      : { url: mount.recordUrl(), method: 'post' },
    {
      context,
      pageUrl: options.pageUrl,
      optionUrl: (field) => mount.optionUrl(field, record),
      oldInput: options.oldInput,
    }
  )
}
