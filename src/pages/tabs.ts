import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { TabsContract } from '../contracts/main.ts'
import { resourceQuery } from '../query/scoped_query.ts'
import type { Resource } from '../resource/resource.ts'
import type { KitContext } from '../types.ts'
import type { PageTab } from './page_tab.ts'

/**
 * The active tab: the requested key when it is declared, else the default
 * tab (marked `default()`, else the first). Null when there are no tabs.
 */
export function resolveTab(tabs: PageTab[], requested: unknown): PageTab | null {
  if (!tabs.length) {
    return null
  }
  const key = Array.isArray(requested) ? requested[0] : requested
  return (
    tabs.find((tab) => typeof key === 'string' && tab.key === key) ??
    tabs.find((tab) => tab.isDefault()) ??
    tabs[0]
  )
}

/**
 * Serialize the tabs. Each badge runs one count over the resource's scoped
 * query narrowed by its tab, so the cost is one query per badge.
 */
export async function serializeTabs<Model extends LucidModel>(
  resource: Resource<Model>,
  tabs: PageTab[],
  active: PageTab,
  context: KitContext
): Promise<TabsContract> {
  const items: TabsContract['items'] = []
  for (const tab of tabs) {
    const badge = tab.getBadge()
    items.push({
      key: tab.key,
      label: tab.getLabel(),
      badge: badge ? Number(await badge(tab.apply(resourceQuery(resource, context)))) : null,
    })
  }
  return { active: active.key, items }
}
