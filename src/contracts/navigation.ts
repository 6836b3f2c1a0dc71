/*
 * adonis-kit
 *
 * Contracts of the panel navigation and the global search.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

/**
 * One item of a panel's navigation: a resource the user may list.
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
}

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
