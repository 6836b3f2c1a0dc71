/*
 * adonis-kit
 *
 * Global search and panel navigation.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import type {
  GlobalSearchGroupContract,
  GlobalSearchResultContract,
  NavigationBadgeContract,
  NavigationBadgesContract,
  NavigationItem,
} from './types.ts'
import { keyText, type KitText } from './text.ts'
import { httpErrorMessage } from './errors.ts'

/**
 * One result of the global search as a combobox item: a value unique across
 * resources, the resource it belongs to and the result.
 */
export interface GlobalSearchItem {
  value: string
  group: string
  result: GlobalSearchResultContract
}

/**
 * The results of the global search, in their groups' order, as combobox
 * items (the keyboard walks them in this order).
 */
export function globalSearchItems(groups: GlobalSearchGroupContract[]): GlobalSearchItem[] {
  return groups.flatMap((group) =>
    group.results.map((result) => ({
      value: `${group.resource}:${result.key}`,
      group: group.resource,
      result,
    }))
  )
}

/**
 * Ask a panel's global search (`GET <panel>/search?q=<term>`). Terms under
 * two characters are not sent (the server answers nothing for them).
 */
export async function searchEverything(
  url: string,
  term: string,
  signal?: AbortSignal,
  t: KitText = keyText
): Promise<GlobalSearchGroupContract[]> {
  if (term.trim().length < 2) return []
  const separator = url.includes('?') ? '&' : '?'
  const response = await fetch(`${url}${separator}q=${encodeURIComponent(term)}`, {
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal,
  })
  if (!response.ok) throw new Error(httpErrorMessage(response.status, null, t))
  const body = (await response.json()) as { groups?: unknown }
  return Array.isArray(body.groups) ? (body.groups as GlobalSearchGroupContract[]) : []
}

/**
 * A section of the panel navigation: ungrouped items, or one group with
 * its icon and whether it collapses (`panel().navigationGroups()`).
 */
export interface NavigationSection {
  group: string | null
  icon: string | null
  collapsible: boolean
  collapsed: boolean
  items: NavigationItem[]
}

/**
 * The panel navigation in sections: ungrouped items, then one section per
 * `navigationGroup` (the server sends them in this order).
 */
export function navigationSections(items: NavigationItem[]): NavigationSection[] {
  const sections: NavigationSection[] = []
  for (const item of items) {
    const group = item.group ?? null
    const last = sections.at(-1)
    if (last && last.group === group) {
      last.items.push(item)
    } else {
      sections.push({
        group,
        icon: item.groupIcon ?? null,
        /* a group collapses unless the panel says otherwise */
        collapsible: group !== null && item.groupCollapsible !== false,
        collapsed: item.groupCollapsed === true,
        items: [item],
      })
    }
  }
  return sections
}

/**
 * The text screen readers hear after a navigation item's label for its
 * badge (the pill itself is hidden from them): its tooltip, else "12 new".
 */
export function navigationBadgeLabel(badge: NavigationBadgeContract, t: KitText = keyText): string {
  if (badge.tooltip)
    return t('navigation.badgeTooltip', { text: badge.text, tooltip: badge.tooltip })
  const count = Number(badge.text)
  return Number.isFinite(count) ? t('navigation.badge', { count }) : badge.text
}

/**
 * The badge of a navigation item, once the deferred badges loaded.
 */
export function navigationBadgeOf(
  item: NavigationItem,
  badges: NavigationBadgesContract | null | undefined
): NavigationBadgeContract | null {
  return (item.badge && badges?.[item.url]) || null
}

/**
 * The item of the cluster the current page belongs to (its children are
 * the cluster's sub-navigation), or null.
 */
export function activeCluster(items: NavigationItem[] | null | undefined): NavigationItem | null {
  return items?.find((item) => item.active && item.children?.length) ?? null
}

const COLLAPSED_GROUPS_KEY = 'kit-navigation-collapsed'

const storage = globalThis as unknown as {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void }
}

/**
 * Whether a navigation group is collapsed: the person's stored choice (in
 * localStorage, per panel and group), else the group's default.
 */
export function groupCollapsed(panel: string, section: NavigationSection): boolean {
  if (!section.collapsible || section.group === null) return false
  try {
    const stored = JSON.parse(storage.localStorage?.getItem(COLLAPSED_GROUPS_KEY) ?? '{}')
    const choice = stored?.[panel]?.[section.group]
    return typeof choice === 'boolean' ? choice : section.collapsed
  } catch {
    return section.collapsed
  }
}

/**
 * Store whether a navigation group is collapsed (per panel and group).
 */
export function storeGroupCollapsed(panel: string, group: string, collapsed: boolean) {
  try {
    const stored = JSON.parse(storage.localStorage?.getItem(COLLAPSED_GROUPS_KEY) ?? '{}')
    const all = stored && typeof stored === 'object' ? stored : {}
    const next = { ...all, [panel]: { ...all[panel], [group]: collapsed } }
    storage.localStorage?.setItem(COLLAPSED_GROUPS_KEY, JSON.stringify(next))
  } catch {
    /* storage unavailable: the choice lasts until the page is left */
  }
}
