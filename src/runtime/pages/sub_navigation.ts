import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { SubNavigationItem } from '../../contracts/main.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import type { MountedPage, ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'
import { allows } from '../authorization/authorizer.ts'

/**
 * Check sub-navigation keys: each must be a page key of `getPages()` that
 * takes a record; unknown names, duplicates and the list page are refused.
 */
function checkKeys(mount: ResourceMount, keys: unknown, where: string): string[] {
  if (!Array.isArray(keys)) {
    throw new KitConfigurationException(`${where} must return a list of page keys`)
  }
  const seen = new Set<string>()
  for (const key of keys) {
    const page = typeof key === 'string' ? mount.pages.get(key) : undefined
    if (!page) {
      throw new KitConfigurationException(
        `${where}: "${String(key)}" is not a page of getPages() (pages: ${[...mount.pages.keys()].join(', ')})`
      )
    }
    if (seen.has(key)) {
      throw new KitConfigurationException(`${where}: "${key}" is listed twice`)
    }
    seen.add(key)
    if (['list', 'manage'].includes(page.route.page.kind)) {
      throw new KitConfigurationException(`${where}: "${key}" is the list page, not a record page`)
    }
    if (!page.page.needsRecord()) {
      throw new KitConfigurationException(`${where}: page "${key}" does not take a record`)
    }
  }
  return keys as string[]
}

/**
 * The record sub-navigation of a record page: the resource's
 * `recordSubNavigation()` narrowed by the page's `subNavigation()`, checked
 * when the page renders, each entry authorized with its page's operation on
 * the record. The active entry is marked and has no URL. Null when nothing
 * is offered (renderers then render nothing).
 */
export async function subNavigationFor(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow,
  context: KitContext
): Promise<SubNavigationItem[] | null> {
  const where = mount.resource.constructor.name
  const declared = checkKeys(
    mount,
    mount.resource.recordSubNavigation(),
    `${where}.recordSubNavigation()`
  )
  if (!declared.length) {
    return null
  }
  const keys = checkKeys(
    mount,
    current.page.subNavigation([...declared]),
    `${where}.getPages().${current.key}.subNavigation()`
  )

  const items: SubNavigationItem[] = []
  for (const key of keys) {
    const entry = mount.pages.get(key)!
    const active = key === current.key
    if (!active && !(await allows(mount.resource, entry.page.operation(), record, context))) {
      continue
    }
    items.push({
      key,
      label: entry.page.subNavigationLabel(),
      url: active ? null : mount.url(key, record),
      active,
    })
  }
  return items.length ? items : null
}
