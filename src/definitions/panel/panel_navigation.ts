import { KitConfigurationException } from '../../support/errors.ts'
import { isSafeUrl } from '../../support/path_safety.ts'
import { textIn, type LocalizedText } from '../../support/localized_text.ts'
import type { KitContext } from '../types.ts'

/**
 * A group of the panel navigation (`panel().navigationGroups()`): its
 * label, icon, and whether the user may collapse it (default true) and it
 * starts collapsed (default false; the user's own choice is remembered in
 * the browser).
 */
export interface NavigationGroup {
  label: LocalizedText
  icon?: string
  collapsible?: boolean
  collapsed?: boolean
}

/**
 * A custom link of the panel navigation (`panel().navigationItems()`): a
 * same-origin path or an http(s) URL.
 */
export interface NavigationLink {
  label: LocalizedText
  url: string
  /** Heroicons outline name */
  icon?: string
  /** A group of `navigationGroups()` (or any group when the panel declares none) */
  group?: LocalizedText
  /** Position: lower first; links without one come last, by label */
  sort?: number
  /** Open in a new tab (`target="_blank"`, `rel="noopener noreferrer"`) */
  openInNewTab?: boolean
  /** Show the link only when this answers true */
  visible?: (context: KitContext) => boolean | Promise<boolean>
}

/**
 * The key two group labels are compared by: their English text.
 */
export function navigationGroupKey(label: LocalizedText): string {
  return textIn(label, 'en')
}

function isText(value: unknown): value is LocalizedText {
  if (typeof value === 'string') return value.trim() !== ''
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.values(value).every((text) => typeof text === 'string' && text.trim() !== '')
  )
}

/**
 * Check the panel's navigation groups: each with a label, declared once.
 */
export function navigationGroups(groups: NavigationGroup[], where: string): NavigationGroup[] {
  if (!Array.isArray(groups)) {
    throw new KitConfigurationException(`${where}: navigationGroups() expects a list`)
  }
  const seen = new Set<string>()
  return groups.map((group, index) => {
    if (!group || !isText(group.label)) {
      throw new KitConfigurationException(`${where}: navigation group ${index + 1} needs a label`)
    }
    const key = navigationGroupKey(group.label)
    if (seen.has(key)) {
      throw new KitConfigurationException(
        `${where}: navigation group "${key}" is declared twice in navigationGroups()`
      )
    }
    seen.add(key)
    return {
      label: group.label,
      icon: group.icon,
      collapsible: group.collapsible ?? true,
      collapsed: group.collapsed ?? false,
    }
  })
}

/**
 * Check the panel's custom navigation links: a label, a same-origin path or
 * an http(s) URL (`javascript:`, `data:` and protocol-relative URLs are
 * refused), a finite sort and a function for `visible`.
 */
export function navigationLinks(links: NavigationLink[], where: string): NavigationLink[] {
  if (!Array.isArray(links)) {
    throw new KitConfigurationException(`${where}: navigationItems() expects a list`)
  }
  return links.map((link, index) => {
    if (!link || !isText(link.label)) {
      throw new KitConfigurationException(`${where}: navigation item ${index + 1} needs a label`)
    }
    const named = `${where}: navigation item "${navigationGroupKey(link.label)}"`
    if (!isSafeUrl(link.url)) {
      throw new KitConfigurationException(
        `${named} has a refused URL ${JSON.stringify(link.url)} (only paths and http(s) URLs)`
      )
    }
    if (link.sort !== undefined && !Number.isFinite(link.sort)) {
      throw new KitConfigurationException(`${named}: sort must be a finite number`)
    }
    if (link.group !== undefined && !isText(link.group)) {
      throw new KitConfigurationException(`${named}: group must be a text`)
    }
    if (link.visible !== undefined && typeof link.visible !== 'function') {
      throw new KitConfigurationException(`${named}: visible must be a function`)
    }
    return { ...link }
  })
}

/**
 * Refuse, at boot, a group that the panel's `navigationGroups()` does not
 * declare (a typo would otherwise add a group of its own). Panels that
 * declare no groups accept any.
 */
export function assertKnownGroup(
  groups: NavigationGroup[],
  group: LocalizedText | undefined,
  where: string
) {
  if (!groups.length || group === undefined) return
  const key = navigationGroupKey(group)
  if (!groups.some((declared) => navigationGroupKey(declared.label) === key)) {
    throw new KitConfigurationException(
      `${where}: the navigation group "${key}" is not one of the panel's navigationGroups() (${groups
        .map((declared) => `"${navigationGroupKey(declared.label)}"`)
        .join(', ')})`
    )
  }
}
