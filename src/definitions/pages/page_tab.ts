import { localize, type LocalizedText } from '../../i18n/localized.ts'
import { sentenceCase } from '../resource/labels.ts'
import { assertIdentifier, assertLabel } from '../../support/config_checks.ts'

/**
 * A tab of a list page. The browser sends only the tab key; the server owns
 * the query.
 *
 * @example
 * ```ts
 * tabs() {
 *   return [
 *     PageTab.make('all').default(),
 *     PageTab.make('drafts').badge().modifyQueryUsing((query) => query.where('status', 'draft')),
 *   ]
 * }
 * ```
 */
export class PageTab {
  #label?: LocalizedText
  #default = false
  #badge: ((query: any) => number | Promise<number>) | null = null
  #modifier: ((query: any) => any) | null = null
  #countsRecords = false
  #eagerBadge = false

  protected constructor(readonly key: string) {
    assertIdentifier(key, 'PageTab key')
  }

  /**
   * Create a tab. Its key travels in the URL (`?tab=`): it must start with
   * a letter and hold only letters, digits, `-` and `_` (E_KIT_CONFIG
   * otherwise).
   */
  static make(key: string) {
    return new this(key)
  }

  /**
   * Label of the tab (default: the key in sentence case); a blank label is
   * refused (E_KIT_CONFIG).
   */
  label(label: LocalizedText): this {
    assertLabel(label, `PageTab "${this.key}"`)
    this.#label = label
    return this
  }

  /**
   * Make this the tab used when none (or an unknown one) is requested.
   */
  default(isDefault = true): this {
    this.#default = isDefault
    return this
  }

  /**
   * Show a count on the tab. Without a callback, the count of the tab's
   * records; a callback receives the tab's scoped query and returns a number.
   */
  badge(callback?: (query: any) => number | Promise<number>): this {
    this.#countsRecords = !callback
    this.#badge =
      callback ??
      (async (query) => {
        const result = await query.count('* as total')
        return Number(result[0].$extras.total)
      })
    return this
  }

  /**
   * Send the badge with the page. By default a badge arrives after the
   * page (an Inertia deferred prop), so a slow count never delays the list.
   */
  eagerBadge(eager = true): this {
    this.#eagerBadge = eager
    return this
  }

  /**
   * Narrow the list query when the tab is active.
   */
  modifyQueryUsing(callback: (query: any) => any): this {
    this.#modifier = callback
    return this
  }

  isDefault() {
    return this.#default
  }

  getLabel() {
    return this.#label === undefined ? sentenceCase(this.key) : localize(this.#label)
  }

  getBadge() {
    return this.#badge
  }

  /**
   * Whether the badge comes with the page ({@link PageTab.eagerBadge}).
   */
  hasEagerBadge() {
    return this.#eagerBadge
  }

  /**
   * Whether the badge is the default one: the count of the tab's records.
   */
  countsRecords() {
    return this.#badge !== null && this.#countsRecords
  }

  /**
   * Apply the tab to a query.
   */
  apply<Query>(query: Query): Query {
    if (this.#modifier) {
      const returned = this.#modifier(query)
      return (returned ?? query) as Query
    }
    return query
  }
}
