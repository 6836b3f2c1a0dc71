import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { TabsContract } from '../../contracts/main.ts'
import { resourceQuery } from '../query/scoped_query.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { PageTab } from '../../definitions/pages/page_tab.ts'
import { estimatedRows } from '../../definitions/table/count_strategy.ts'

/**
 * Serialize the tabs. Each badge runs one count over the resource's scoped
 * query narrowed by its tab, so the cost is one query per badge. When the
 * caller already counted the active tab's records (a list page without
 * search or filters: its pagination total is that count), the active tab's
 * default badge reuses that number instead of counting again. With
 * `estimateOver` (a table with `countStrategy('estimate')`), a record-count
 * badge whose PostgreSQL estimate is at or over that many rows shows the
 * estimate (`badgeEstimated`) instead of counting.
 */
export async function serializeTabs<Model extends LucidModel>(
  resource: Resource<Model>,
  tabs: PageTab[],
  active: PageTab,
  context: KitContext,
  options: { activeTotal?: number; activeEstimated?: boolean; estimateOver?: number } = {}
): Promise<TabsContract> {
  const items: TabsContract['items'] = []
  for (const tab of tabs) {
    const badge = tab.getBadge()
    let count: number | null = null
    let estimated = false
    if (tab === active && tab.countsRecords() && options.activeTotal !== undefined) {
      count = options.activeTotal
      estimated = options.activeEstimated === true
    } else if (badge) {
      const query = tab.apply(resourceQuery(resource, context))
      /* a table that estimates its total estimates its record-count badges the same way */
      const estimate =
        options.estimateOver !== undefined && tab.countsRecords()
          ? await estimatedRows(query)
          : null
      if (estimate !== null && estimate >= options.estimateOver!) {
        count = estimate
        estimated = true
      } else {
        count = Number(await badge(query))
      }
    }
    items.push({
      key: tab.key,
      label: tab.getLabel(),
      badge: count,
      ...(estimated ? { badgeEstimated: true } : {}),
    })
  }
  return { active: active.key, items }
}
