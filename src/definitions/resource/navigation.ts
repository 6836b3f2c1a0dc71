import { KitConfigurationException } from '../../support/errors.ts'
import type { LocalizedText } from '../../support/localized_text.ts'
import type { KitContext } from '../types.ts'
import type { ResourceQuery } from './resource.ts'

/**
 * The color names a navigation badge may take (the kit's badge colors).
 */
export const NAVIGATION_BADGE_COLORS = [
  'primary',
  'gray',
  'success',
  'warning',
  'danger',
  'info',
] as const

/**
 * A color name of a navigation badge.
 */
export type NavigationBadgeColor = (typeof NAVIGATION_BADGE_COLORS)[number]

/**
 * What a resource's `navigationBadge()` receives: the request's context, a
 * fresh scoped query of the resource (narrowed by `modifyQuery()`, tenancy
 * and soft deletes) and `count()`, which counts through that query.
 */
export interface NavigationBadgeContext extends KitContext {
  /** A fresh scoped query of the resource */
  scopedQuery: () => ResourceQuery<any>
  /** The number of rows of the scoped query, narrowed by `modify` */
  count: (modify?: (query: ResourceQuery<any>) => unknown) => Promise<number>
}

/**
 * What `navigationBadge()` answers: a count or a short text, optionally
 * with its own color and tooltip; `null`, `undefined`, `0` or `''` show no
 * badge.
 */
export type NavigationBadgeValue =
  | number
  | string
  | null
  | undefined
  | { value: number | string | null; color?: NavigationBadgeColor; tooltip?: LocalizedText }

/**
 * Whether a value is a navigation badge color name.
 */
export function isNavigationBadgeColor(value: unknown): value is NavigationBadgeColor {
  return NAVIGATION_BADGE_COLORS.includes(value as NavigationBadgeColor)
}

/**
 * The options of a {@link Cluster}.
 */
export interface ClusterOptions {
  /** The cluster's label in the navigation (one text or one per locale) */
  label: LocalizedText
  /** Heroicons outline name of its navigation item */
  icon?: string
  /** Position of its navigation item (lower first) */
  sort?: number
  /** The navigation group its item belongs to */
  group?: LocalizedText
}

/**
 * A cluster: several resources shown as ONE item of the panel navigation;
 * the pages of those resources show the cluster's own sub-navigation (one
 * tab per resource the user may list). The resources keep their own URLs.
 * A resource joins a cluster with its `navigationCluster` member.
 *
 * @example
 * ```ts
 * // app/clusters/taxonomy.ts
 * export const taxonomy = new Cluster({ label: { en: 'Taxonomy', fr: 'Taxonomie' }, icon: 'tag' })
 * // app/resources/tag_resource.ts
 * navigationCluster = taxonomy
 * ```
 */
export class Cluster {
  readonly label: LocalizedText
  readonly icon?: string
  readonly sort?: number
  readonly group?: LocalizedText

  constructor(options: ClusterOptions) {
    const label = options?.label
    if (
      label === undefined ||
      label === null ||
      (typeof label === 'string' && !label.trim()) ||
      (typeof label === 'object' && !Object.keys(label).length)
    ) {
      throw new KitConfigurationException('A Cluster needs a label')
    }
    if (options.sort !== undefined && !Number.isFinite(options.sort)) {
      throw new KitConfigurationException('Cluster: sort must be a finite number')
    }
    this.label = label
    this.icon = options.icon
    this.sort = options.sort
    this.group = options.group
  }
}
