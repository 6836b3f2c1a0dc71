import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { TabBadgeContract, TabBadgesContract, TabsContract } from '../../contracts/main.ts'
import { resourceQuery } from '../query/scoped_query.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { PageTab } from '../../definitions/pages/page_tab.ts'
import {
  autoTotal,
  estimatedRows,
  type CountScope,
  type CountStrategy,
  type KnownTotal,
} from '../../definitions/table/count_strategy.ts'

/**
 * How a list page counts its tabs' badges.
 */
export interface TabCounting {
  /** The table's count strategy: record-count badges count as the pagination does */
  strategy: CountStrategy
  /** When an estimate may be shown (the list's scope, without search or filters) */
  scope: () => CountScope
  /**
   * The active tab's total when the pagination already obtained it (a list
   * without search or filters, with a total): its badge reuses it
   */
  activeTotal?: KnownTotal
}

/**
 * The tabs of a list page and, when some badges arrive after the page, the
 * function that computes them (the deferred `tabBadges` prop).
 */
export interface SerializedTabs {
  tabs: TabsContract
  deferred: (() => Promise<TabBadgesContract>) | null
}

/**
 * Serialize the tabs. A badge comes with the page when the tab declares it
 * eager (`eagerBadge()`) or when it is the active tab's record count the
 * pagination already obtained; the others are marked `badgeDeferred` and
 * computed by `deferred` (one count, estimate or bounded count per badge,
 * over the resource's scoped query narrowed by the tab).
 */
export async function serializeTabs<Model extends LucidModel>(
  resource: Resource<Model>,
  tabs: PageTab[],
  active: PageTab,
  context: KitContext,
  counting: TabCounting
): Promise<SerializedTabs> {
  const items: TabsContract['items'] = []
  const later = deferredTabs(tabs, active, counting.activeTotal !== undefined)
  for (const tab of tabs) {
    let badge: TabBadgeContract | null = null
    if (tab === active && tab.countsRecords() && counting.activeTotal !== undefined) {
      badge = badgeOf(counting.activeTotal)
    } else if (tab.getBadge() && tab.hasEagerBadge()) {
      badge = await tabBadge(resource, tab, context, counting)
    }
    items.push({
      key: tab.key,
      label: tab.getLabel(),
      badge: badge?.badge ?? null,
      ...(badge?.count ? { badgeCount: badge.count } : {}),
      ...(later.includes(tab) ? { badgeDeferred: true as const } : {}),
    })
  }
  return {
    tabs: { active: active.key, items },
    deferred: deferredTabBadges(resource, later, context, counting),
  }
}

/**
 * The tabs whose badge arrives after the page: a badge neither declared
 * eager nor the active tab's record count the pagination obtained
 * (`activeCounted`: the page's pagination counted the active tab).
 */
export function deferredTabs(tabs: PageTab[], active: PageTab, activeCounted: boolean): PageTab[] {
  return tabs.filter(
    (tab) =>
      tab.getBadge() &&
      !tab.hasEagerBadge() &&
      !(tab === active && tab.countsRecords() && activeCounted)
  )
}

/**
 * The function of the deferred `tabBadges` prop: one count, estimate or
 * bounded count per tab of `later`; null when there is none.
 */
export function deferredTabBadges<Model extends LucidModel>(
  resource: Resource<Model>,
  later: PageTab[],
  context: KitContext,
  counting: TabCounting
): (() => Promise<TabBadgesContract>) | null {
  if (!later.length) return null
  return async () => {
    const badges: TabBadgesContract = {}
    for (const tab of later) {
      badges[tab.key] = await tabBadge(resource, tab, context, counting)
    }
    return badges
  }
}

function badgeOf(known: KnownTotal): TabBadgeContract {
  return known.kind === 'exact' ? { badge: known.total } : { badge: known.total, count: known.kind }
}

/**
 * One tab's badge: a custom badge as declared; a record count with the
 * table's strategy (`auto`: exact up to its threshold, then an estimate
 * or a lower bound; `estimate`: PostgreSQL's estimate over its threshold).
 */
async function tabBadge<Model extends LucidModel>(
  resource: Resource<Model>,
  tab: PageTab,
  context: KitContext,
  counting: TabCounting
): Promise<TabBadgeContract> {
  const query = tab.apply(resourceQuery(resource, context))
  const { strategy } = counting
  if (tab.countsRecords() && strategy.kind === 'auto') {
    return badgeOf(await autoTotal(query, strategy.threshold, counting.scope()))
  }
  if (tab.countsRecords() && strategy.kind === 'estimate') {
    const estimate = await estimatedRows(query)
    if (estimate !== null && estimate >= strategy.threshold) {
      return { badge: estimate, count: 'estimate' }
    }
  }
  return { badge: Number(await tab.getBadge()!(query)) }
}
