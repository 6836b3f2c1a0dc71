import type { NavigationItem } from '../../contracts/main.ts'
import { activityUrl, allowsActivity } from '../audit/audit_pages.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { localize } from '../../i18n/localized.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { ResourceMount } from './resource_mount.ts'
import { allows } from '../authorization/authorizer.ts'
import { dashboardPath, dashboardTitle, panelUrlPrefix } from '../dashboards/dashboard_page.ts'

/**
 * The navigation of a panel page: one item per resource of the panel that
 * has an index page, is not nested, and whose records the user may list.
 * Ordered by `navigationSort` (items without one last), then label, and
 * grouped (`navigationGroup`: ungrouped items first, then each group in the
 * order of its first item). Hiding
 * an item is not authorization: every route authorizes again.
 */
export async function navigationFor(
  current: ResourceMount,
  context: KitContext,
  currentUrl?: string
): Promise<NavigationItem[]> {
  const items: NavigationItem[] = []
  for (const mount of current.options.panelMounts ?? [current]) {
    const index = mount.listPage()
    if (!index || mount.isNested()) {
      continue
    }
    const resource = mount.resource
    if (!(await allows(resource, ResourceOperation.ViewAny, null, context))) {
      continue
    }
    const group = resource.navigationGroup === undefined ? '' : localize(resource.navigationGroup)
    items.push({
      label:
        resource.navigationLabel === undefined
          ? resource.getPluralLabel()
          : localize(resource.navigationLabel),
      icon: resource.navigationIcon ?? null,
      url: mount.url(index.key),
      sort: typeof resource.navigationSort === 'number' ? resource.navigationSort : null,
      group: typeof group === 'string' && group !== '' ? group : null,
      active: mount === current,
    })
  }
  /* the items of the panel's plugins (their pages, their links), for users they allow */
  for (const entry of current.options.pluginNavigation ?? []) {
    if (entry.visible && (await entry.visible(context)) !== true) continue
    const group = entry.group === undefined ? '' : localize(entry.group)
    items.push({
      label: localize(entry.label),
      icon: entry.icon ?? null,
      url: entry.url,
      sort: typeof entry.sort === 'number' ? entry.sort : null,
      group: group !== '' ? group : null,
      active: currentUrl !== undefined && entry.url === currentUrl,
    })
  }
  items.sort((a, b) => {
    if (a.sort !== b.sort) {
      if (a.sort === null) return 1
      if (b.sort === null) return -1
      return a.sort - b.sort
    }
    return a.label.localeCompare(b.label)
  })
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
  /* ungrouped items first, then each group in the order of its first item */
  const groups = [null, ...new Set(items.map((item) => item.group).filter(Boolean))]
  const ordered = groups.flatMap((group) => items.filter((item) => item.group === group))
  return [...(await dashboardItems(current, context)), ...ordered]
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
