import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { TabBadgesContract, TableContract, TabsContract } from '../../contracts/main.ts'
import { authorize } from '../authorization/authorizer.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import {
  listCountScope,
  paginateTable,
  readTableState,
  TABLE_PARAMETERS,
  tableQuery,
} from '../table/table_query.ts'
import { summarizeTable } from '../table/table_summaries.ts'
import { persistedTableQuery } from '../table/table_session.ts'
import { paginationMeta } from '../../definitions/table/count_strategy.ts'
import { serializeTable } from '../table/table_serializer.ts'
import { resolveTab } from '../../definitions/pages/tabs.ts'
import { deferredTabBadges, deferredTabs, serializeTabs } from '../pages/tabs.ts'
import type { ListRecords } from '../../definitions/pages/resource_page.ts'
import type { MountedPage, ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'

/**
 * What a list page shows for one request: the serialized table, the tabs
 * (when the page declares some) and the records of the current page.
 */
export interface ListPageTable {
  table: TableContract
  tabs: TabsContract | null
  /** The badges that arrive after the page (the deferred `tabBadges` prop) */
  tabBadges: (() => Promise<TabBadgesContract>) | null
  records: LucidRow[]
}

/**
 * The table of a list page (route of a `list` page, kit() table steps):
 * authorize the page's operation, then {@link listTable}.
 */
export async function listOperation(
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
  /* a table kept in the session: store this state, or restore the last one */
  query = persistedTableQuery(table, mount.routeName(current.key), query, context)
  const state = readTableState(table, query)
  const tabs = (current.page as ListRecords).tabs()
  const activeTab = resolveTab(tabs, query[TABLE_PARAMETERS.tab])
  const page = await paginateTable(resource, table, state, context, { tab: activeTab })
  const serialized = await serializeTable(resource, table, state, page, context)
  /* column summaries: over every row the list selects, not the page */
  const summaries = await summarizeTable(
    table,
    resource.model,
    () => tableQuery(resource, table, state, context, { tab: activeTab, preload: false }),
    mount.options.presentation
  )
  if (summaries) {
    serialized.summaries = summaries
  }
  if (table.persistsInSession()) {
    serialized.persisted = true
  }
  const meta = paginationMeta(page as object)
  const serializedTabs = activeTab
    ? await serializeTabs(resource, tabs, activeTab, context, {
        strategy: table.getCountStrategy(),
        scope: () => listCountScope(resource, context, false),
        /* without search or filters, the pagination total counts the active
           tab (simple pagination has none) */
        activeTotal:
          state.search === null && Object.keys(state.filters).length === 0 && meta.count !== 'none'
            ? { total: Number(page.total), kind: meta.count ?? 'exact' }
            : undefined,
      })
    : null
  return {
    table: serialized,
    tabs: serializedTabs?.tabs ?? null,
    tabBadges: serializedTabs?.deferred ?? null,
    records: page.all() as LucidRow[],
  }
}

/**
 * The deferred props of a list (or manage) page alone, for a partial
 * reload that asks only for them: the table state and the tab read from
 * the same query string, the badges of the same tabs the page deferred,
 * and nothing else (no page of rows, no count of the table, no
 * summaries). The page's operation is authorized before this runs.
 */
export function listDeferredProps(
  mount: ResourceMount,
  current: MountedPage,
  query: Record<string, unknown>,
  context: KitContext
): Record<string, () => Promise<unknown>> {
  const resource = mount.resource
  const table = buildTable(resource)
  /* the table kept in the session: the state the page was drawn with */
  query = persistedTableQuery(table, mount.routeName(current.key), query, context)
  const state = readTableState(table, query)
  const tabs = (current.page as ListRecords).tabs()
  const activeTab = resolveTab(tabs, query[TABLE_PARAMETERS.tab])
  if (!activeTab) return {}
  const strategy = table.getCountStrategy()
  /* the active tab's badge came with the page when its pagination counted it */
  const activeCounted =
    state.search === null && Object.keys(state.filters).length === 0 && strategy.kind !== 'none'
  const tabBadges = deferredTabBadges(
    resource,
    deferredTabs(tabs, activeTab, activeCounted),
    context,
    { strategy, scope: () => listCountScope(resource, context, false) }
  )
  return tabBadges ? { tabBadges } : {}
}
