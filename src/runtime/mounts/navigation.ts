import type {
  NavigationBadgeContract,
  NavigationBadgesContract,
  NavigationItem,
} from '../../contracts/main.ts'
import { activityUrl, allowsActivity } from '../audit/audit_pages.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { localize } from '../../i18n/localized.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { KitContext } from '../../definitions/types.ts'
import {
  isNavigationBadgeColor,
  type Cluster,
  type NavigationBadgeValue,
} from '../../definitions/resource/navigation.ts'
import { assertKnownGroup, type NavigationGroup } from '../../definitions/panel/panel_navigation.ts'
import type { LocalizedText } from '../../support/localized_text.ts'
import type { ResourceMount } from './resource_mount.ts'
import { allows } from '../authorization/authorizer.ts'
import { resourceQuery } from '../query/scoped_query.ts'
import { countRows } from '../../definitions/table/count_strategy.ts'
import { dashboardPath, dashboardTitle, panelUrlPrefix } from '../dashboards/dashboard_page.ts'

/**
 * The name of the deferred prop that carries the navigation badges.
 */
export const NAVIGATION_BADGES_PROP = 'navigationBadges'

/**
 * The resources of the panel that have a navigation item for this user:
 * an index page, not nested, and records the user may list.
 */
async function listedMounts(current: ResourceMount, context: KitContext) {
  const listed: { mount: ResourceMount; url: string }[] = []
  for (const mount of current.options.panelMounts ?? [current]) {
    const index = mount.listPage()
    if (!index || mount.isNested()) continue
    if (!(await allows(mount.resource, ResourceOperation.ViewAny, null, context))) continue
    listed.push({ mount, url: mount.url(index.key) })
  }
  return listed
}

function groupText(group: LocalizedText | undefined): string | null {
  const text = group === undefined ? '' : localize(group)
  return typeof text === 'string' && text !== '' ? text : null
}

function bySortThenLabel(a: NavigationItem, b: NavigationItem) {
  if (a.sort !== b.sort) {
    if (a.sort === null) return 1
    if (b.sort === null) return -1
    return a.sort - b.sort
  }
  return a.label.localeCompare(b.label)
}

/**
 * The item of a cluster: its resources the user may list become its
 * children (its sub-navigation); the item links to the first of them.
 */
function clusterItem(cluster: Cluster, children: NavigationItem[]): NavigationItem {
  children.sort(bySortThenLabel)
  return {
    label: localize(cluster.label),
    icon: cluster.icon ?? null,
    url: children[0].url,
    sort: typeof cluster.sort === 'number' ? cluster.sort : null,
    group: groupText(cluster.group),
    active: children.some((child) => child.active),
    children,
  }
}

/**
 * Ungrouped items first, then the groups of `navigationGroups()` in their
 * order, then the other groups in the order of their first item; the items
 * of a declared group carry its icon and collapsibility.
 */
function orderGroups(items: NavigationItem[], declared: NavigationGroup[]): NavigationItem[] {
  const settings = new Map(declared.map((group) => [localize(group.label), group]))
  const groups = [
    null,
    ...new Set([
      ...settings.keys(),
      ...items.map((item) => item.group).filter((group) => group !== null),
    ]),
  ]
  return groups.flatMap((group) =>
    items
      .filter((item) => item.group === group)
      .map((item) => {
        const setting = group === null ? undefined : settings.get(group)
        return setting
          ? {
              ...item,
              groupIcon: setting.icon ?? null,
              groupCollapsible: setting.collapsible !== false,
              groupCollapsed: setting.collapsed === true,
            }
          : item
      })
  )
}

/**
 * The navigation of a panel page: one item per resource of the panel that
 * has an index page, is not nested, and whose records the user may list
 * (the resources of a cluster as one item with children), the plugins'
 * items and the panel's custom links. Ordered by `navigationSort` (items
 * without one last), then label, and grouped (ungrouped items first, then
 * the groups of `navigationGroups()`, then each other group in the order of
 * its first item). Hiding an item is not authorization: every route
 * authorizes again.
 */
export async function navigationFor(
  current: ResourceMount,
  context: KitContext,
  currentUrl?: string
): Promise<NavigationItem[]> {
  const items: NavigationItem[] = []
  const clusters = new Map<Cluster, NavigationItem[]>()
  for (const { mount, url } of await listedMounts(current, context)) {
    const resource = mount.resource
    const item: NavigationItem = {
      label:
        resource.navigationLabel === undefined
          ? resource.getPluralLabel()
          : localize(resource.navigationLabel),
      icon: resource.navigationIcon ?? null,
      url,
      sort: typeof resource.navigationSort === 'number' ? resource.navigationSort : null,
      group: groupText(resource.navigationGroup),
      active: mount === current,
    }
    if (typeof resource.navigationBadge === 'function') item.badge = true
    const cluster = resource.navigationCluster
    if (cluster) {
      clusters.set(cluster, [...(clusters.get(cluster) ?? []), item])
    } else {
      items.push(item)
    }
  }
  for (const [cluster, children] of clusters) {
    items.push(clusterItem(cluster, children))
  }
  /* the items of the panel's plugins (their pages, their links) and the
     panel's custom links, for users they allow */
  const links = [...(current.options.pluginNavigation ?? []), ...navigationLinks(current)]
  for (const entry of links) {
    if (entry.visible && (await entry.visible(context)) !== true) continue
    items.push({
      label: localize(entry.label),
      icon: entry.icon ?? null,
      url: entry.url,
      sort: typeof entry.sort === 'number' ? entry.sort : null,
      group: groupText(entry.group),
      active: currentUrl !== undefined && entry.url === currentUrl,
      ...(entry.openInNewTab ? { openInNewTab: true } : {}),
    })
  }
  items.sort(bySortThenLabel)
  /* the panel's activity list, last, for users the audit policy allows */
  const audit = current.options.audit
  if (current.options.panelId && audit?.enabled && !current.isNested()) {
    if (await allowsActivity(audit, context, current.options.panelId)) {
      items.push({
        label: contextTranslator(context).t('audit.activity.title'),
        icon: null,
        url: activityUrl(current),
        sort: null,
        group: null,
        active: false,
      })
    }
  }
  const ordered = orderGroups(items, current.options.navigationGroups ?? [])
  return [...(await dashboardItems(current, context)), ...ordered]
}

function navigationLinks(current: ResourceMount) {
  return current.options.navigationLinks ?? []
}

/**
 * Whether a resource of the panel declares a navigation badge (pages carry
 * the deferred `navigationBadges` prop only then).
 */
export function hasNavigationBadges(current: ResourceMount): boolean {
  return (current.options.panelMounts ?? [current]).some(
    (mount) => typeof mount.resource.navigationBadge === 'function'
  )
}

/**
 * The badges of the navigation items the user sees, by item URL: each
 * resource the user may list whose `navigationBadge()` answers a value,
 * counted through its scoped query. A badge that throws is logged and left
 * out: the others and the page are unaffected.
 */
export async function navigationBadgesFor(
  current: ResourceMount,
  context: KitContext
): Promise<NavigationBadgesContract> {
  const badges: NavigationBadgesContract = {}
  for (const { mount, url } of await listedMounts(current, context)) {
    const resource = mount.resource
    if (typeof resource.navigationBadge !== 'function') continue
    const scopedQuery = () => resourceQuery(resource, context)
    try {
      const value = await resource.navigationBadge({
        ...context,
        scopedQuery,
        count: async (modify) => {
          const query = scopedQuery()
          if (modify) await modify(query)
          return countRows(query)
        },
      })
      const badge = badgeContract(
        value,
        resource.navigationBadgeColor,
        resource.navigationBadgeTooltip
      )
      if (badge) badges[url] = badge
    } catch (error) {
      context.http?.logger.error(
        { err: error, resource: resource.constructor.name },
        `adonis-kit: the navigation badge of ${resource.constructor.name} failed`
      )
    }
  }
  return badges
}

function badgeContract(
  value: NavigationBadgeValue,
  color: unknown,
  tooltip: LocalizedText | undefined
): NavigationBadgeContract | null {
  if (value !== null && typeof value === 'object') {
    return badgeContract(value.value, value.color ?? color, value.tooltip ?? tooltip)
  }
  if (value === null || value === undefined || value === 0 || value === '') return null
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  return {
    text: String(value),
    color: isNavigationBadgeColor(color) ? color : null,
    tooltip: tooltip === undefined ? null : localize(tooltip),
  }
}

/**
 * Refuse, at boot, a resource or cluster of the panel naming a navigation
 * group that the panel's `navigationGroups()` does not declare.
 */
export function assertNavigationGroups(panelId: string, mounts: ResourceMount[]) {
  const groups = mounts[0]?.options.navigationGroups ?? []
  for (const mount of mounts) {
    const resource = mount.resource
    const where = `Panel "${panelId}": ${resource.constructor.name}`
    assertKnownGroup(groups, resource.navigationGroup, `${where}.navigationGroup`)
    assertKnownGroup(groups, resource.navigationCluster?.group, `${where}.navigationCluster`)
  }
}

/**
 * The panel's dashboards the user may open, first in its navigation.
 */
async function dashboardItems(
  current: ResourceMount,
  context: KitContext
): Promise<NavigationItem[]> {
  const dashboards = current.options.dashboards ?? []
  const prefix = dashboards.length ? panelUrlPrefix(current.options.panelMounts ?? [current]) : null
  if (prefix === null) return []
  const items: NavigationItem[] = []
  for (const mounted of dashboards) {
    if (!(await mounted.dashboard.allows(context.user))) continue
    items.push({
      label: dashboardTitle(mounted.dashboard, context),
      icon: mounted.dashboard.getIcon() ?? 'home',
      url: `${prefix}${dashboardPath(mounted)}` || '/',
      sort: null,
      group: null,
      active: false,
    })
  }
  return items
}
