/*
 * adonis-kit
 *
 * Contracts of the panel navigation and the global search.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

/**
 * One item of a panel's navigation: a resource the user may list, a
 * dashboard, a plugin page, a custom link (`panel().navigationItems()`) or
 * a cluster (`Cluster`: one item for several resources).
 */
export interface NavigationItem {
  label: string
  icon: string | null
  url: string
  sort: number | null
  /** The navigation group (`navigationGroup`), or null */
  group: string | null
  /** Whether the current page belongs to this resource */
  active: boolean
  /** The icon of the item's group (`panel().navigationGroups()`) */
  groupIcon?: string | null
  /** Whether the item's group can be collapsed (`navigationGroups()`, default true) */
  groupCollapsible?: boolean
  /** Whether the item's group starts collapsed (before the user's own choice) */
  groupCollapsed?: boolean
  /** Whether the item has a badge (in the deferred `navigationBadges` prop, by URL) */
  badge?: boolean
  /** A custom link opened in a new tab */
  openInNewTab?: boolean
  /** A cluster's item: the cluster's own sub-navigation (its resources the user may list) */
  children?: NavigationItem[]
}

/**
 * The badge of a navigation item: its text (a count or a short word), its
 * color name and its tooltip (also read by screen readers after the text).
 */
export interface NavigationBadgeContract {
  text: string
  color: string | null
  tooltip: string | null
}

/**
 * The deferred `navigationBadges` prop: the badges of the navigation items
 * the user sees, by item URL. Items without a badge (or whose badge failed)
 * are absent.
 */
export type NavigationBadgesContract = Record<string, NavigationBadgeContract>

/**
 * One result of the global search: titled by the record title, linking to
 * the page the user can open (edit when allowed, else view).
 */
export interface GlobalSearchResultContract {
  key: string | number
  title: string
  url: string
}

/**
 * The results of one resource in the global search.
 */
export interface GlobalSearchGroupContract {
  resource: string
  label: string
  results: GlobalSearchResultContract[]
}

/**
 * The answer of the global search (`GET <panel>/search?q=...`).
 */
export interface GlobalSearchContract {
  term: string
  groups: GlobalSearchGroupContract[]
}
