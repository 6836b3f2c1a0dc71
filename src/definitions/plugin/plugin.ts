import { KitConfigurationException } from '../../support/errors.ts'
import { isSafeUrl } from '../../support/path_safety.ts'
import type { LocalizedText } from '../../support/localized_text.ts'
import type { KitContext, MaybeLazy } from '../types.ts'
import type { Resource } from '../resource/resource.ts'

/**
 * A resource class, or a lazy import of one.
 */
type PluginResource = MaybeLazy<new () => Resource<any>>

/**
 * A page a plugin adds to a panel: `GET <panel path>/<path>`, behind the
 * panel's middleware, rendering the Inertia component `component` (the
 * plugin's renderer entry registers it as a page: `registerKitComponents({
 * pages: { [component]: ... } })`) with the props `handler` returns and the
 * panel's `kitPanel`, `navigation` and `strings`. Fail-closed: without an
 * `authorize` that returns `true`, the page answers 403.
 */
export interface PluginPage {
  /** Path under the panel (`ratings`, `ratings/summary`) */
  path: string
  /** The Inertia component the page renders */
  component: string
  /** The page's title (its navigation label by default) */
  title: LocalizedText
  /** The props of the page (JSON values) */
  handler?: (context: KitContext) => Record<string, unknown> | Promise<Record<string, unknown>>
  /** Who may open the page: only a literal `true` lets a request through */
  authorize?: (context: KitContext) => boolean | Promise<boolean>
  /** The page's entry in the panel's navigation (false: none) */
  navigation?: false | (Omit<PluginNavigationItem, 'url' | 'label'> & { label?: LocalizedText })
}

/**
 * A link a plugin adds to a panel's navigation.
 */
export interface PluginNavigationItem {
  label: LocalizedText
  /** A same-origin path or an http(s) URL */
  url: string
  /** A Heroicon name (`star`, `chart-bar`) */
  icon?: string
  /** Place among the panel's items (lowest first; items without one last) */
  sort?: number
  group?: LocalizedText
  /** Who sees the item (hiding is not authorization); default: everyone */
  visible?: (context: KitContext) => boolean | Promise<boolean>
}

/**
 * A plugin's words, by locale (`en`, `fr`), each key starting with the
 * plugin's name (`rating.stars`). The kit's translator reads them after the
 * application's `@adonisjs/i18n` translations (`kit.<key>`), and both
 * renderers get them in the `strings` prop.
 */
export type PluginTranslations = Record<string, Record<string, string>>

/**
 * What `register()` may add to the panel a plugin is handed to.
 */
export interface PluginRegistrar {
  /** The id of the panel */
  readonly panelId: string
  resources(resources: PluginResource[]): void
  pages(pages: PluginPage[]): void
  navigation(items: PluginNavigationItem[]): void
}

/**
 * What `definePlugin()` takes.
 */
export interface KitPluginOptions {
  /** The plugin's name: lowercase letters, digits and `-`; its translation keys start with it */
  name: string
  /**
   * The locales the plugin translates: each must be in `translations`, with
   * every key of the first one. Default: the locales of `translations`.
   */
  locales?: string[]
  translations?: PluginTranslations
  resources?: PluginResource[]
  pages?: PluginPage[]
  navigation?: PluginNavigationItem[]
  /**
   * The renderer component types the plugin ships, per family (`{ fields:
   * ['rating'] }`): documentation for the application, and what a renderer
   * names when one of them is not registered.
   */
  components?: Partial<Record<KitComponentFamilyName, string[]>>
  /** Add to the panel in code (resources, pages, navigation items) */
  register?: (panel: PluginRegistrar) => void
}

/**
 * The renderer component families (`fields`, `columns`, ...).
 */
export type KitComponentFamilyName =
  'fields' | 'columns' | 'filters' | 'entries' | 'layout' | 'widgets' | 'pages'

const FAMILIES: KitComponentFamilyName[] = [
  'fields',
  'columns',
  'filters',
  'entries',
  'layout',
  'widgets',
  'pages',
]

/**
 * What a plugin adds to one panel once `register()` ran and the boot check
 * passed.
 */
export interface PluginContribution {
  resources: PluginResource[]
  pages: PluginPage[]
  navigation: PluginNavigationItem[]
}

const NAME = /^[a-z][a-z0-9-]*$/
const PAGE_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/

/**
 * A plugin: server definitions, translations, pages, navigation items and
 * resources handed to a panel with `panel().plugin(plugin)`. Its renderer
 * components are registered by its own renderer entries
 * (`registerKitComponents`). See docs/plugins.md.
 */
export class KitPlugin {
  readonly name: string
  readonly #options: KitPluginOptions

  constructor(options: KitPluginOptions) {
    if (!options || typeof options !== 'object') {
      throw new KitConfigurationException('definePlugin() expects an object')
    }
    if (typeof options.name !== 'string' || !NAME.test(options.name)) {
      throw new KitConfigurationException(
        `definePlugin(): the name ${JSON.stringify(options.name)} must start with a lowercase letter and hold only a-z, 0-9 and "-"`
      )
    }
    this.name = options.name
    this.#options = options
  }

  /**
   * The plugin's translations (checked by {@link contribute}).
   */
  translations(): PluginTranslations {
    return this.#options.translations ?? {}
  }

  /**
   * The component types the plugin declares, per family.
   */
  components(): Partial<Record<KitComponentFamilyName, string[]>> {
    return this.#options.components ?? {}
  }

  /**
   * Run `register()` for a panel and check everything the plugin declared:
   * the boot-time check. Throws a `KitConfigurationException` naming the
   * plugin and what it declared but did not provide.
   */
  contribute(panelId: string): PluginContribution {
    const where = `Plugin "${this.name}"`
    const contribution: PluginContribution = {
      resources: [...(this.#options.resources ?? [])],
      pages: [...(this.#options.pages ?? [])],
      navigation: [...(this.#options.navigation ?? [])],
    }
    if (this.#options.register !== undefined) {
      if (typeof this.#options.register !== 'function') {
        throw new KitConfigurationException(`${where}: register must be a function`)
      }
      this.#options.register({
        panelId,
        resources: (list) => contribution.resources.push(...list),
        pages: (list) => contribution.pages.push(...list),
        navigation: (list) => contribution.navigation.push(...list),
      })
    }
    this.#checkTranslations(where)
    this.#checkComponents(where)
    contribution.resources.forEach((resource, index) => {
      if (typeof resource !== 'function') {
        throw new KitConfigurationException(
          `${where}: resource #${index + 1} is not a resource class or a lazy import of one`
        )
      }
    })
    const paths = new Set<string>()
    for (const page of contribution.pages) {
      const named = `${where}: page ${JSON.stringify(page?.path)}`
      if (!page || typeof page.path !== 'string' || !PAGE_PATH.test(page.path)) {
        throw new KitConfigurationException(
          `${named}: a path is lowercase segments of a-z, 0-9, "-" and "_" (no leading "/")`
        )
      }
      if (paths.has(page.path)) {
        throw new KitConfigurationException(`${named} is declared twice`)
      }
      paths.add(page.path)
      if (typeof page.handler !== 'function') {
        throw new KitConfigurationException(`${named} has no handler`)
      }
      if (typeof page.component !== 'string' || !page.component) {
        throw new KitConfigurationException(`${named} has no component`)
      }
      if (page.title === undefined || page.title === null || page.title === '') {
        throw new KitConfigurationException(`${named} has no title`)
      }
      if (page.authorize !== undefined && typeof page.authorize !== 'function') {
        throw new KitConfigurationException(`${named}: authorize must be a function`)
      }
    }
    for (const item of contribution.navigation) {
      if (!item || typeof item.url !== 'string' || !item.url) {
        throw new KitConfigurationException(`${where}: a navigation item has no url`)
      }
      if (!isSafeUrl(item.url)) {
        throw new KitConfigurationException(
          `${where}: the navigation item url ${JSON.stringify(item.url)} is not a path or an http(s) URL`
        )
      }
      if (item.label === undefined || item.label === null || item.label === '') {
        throw new KitConfigurationException(
          `${where}: the navigation item ${JSON.stringify(item.url)} has no label`
        )
      }
    }
    return contribution
  }

  /**
   * Every declared locale is translated, with the keys of the first one,
   * and every key starts with the plugin's name.
   */
  #checkTranslations(where: string) {
    const translations = this.#options.translations ?? {}
    if (typeof translations !== 'object' || Array.isArray(translations)) {
      throw new KitConfigurationException(`${where}: translations must be an object of locales`)
    }
    const locales = this.#options.locales ?? Object.keys(translations)
    for (const locale of locales) {
      if (!Object.hasOwn(translations, locale)) {
        throw new KitConfigurationException(
          `${where} declares the locale "${locale}" but has no translations for it`
        )
      }
    }
    const [first] = locales
    const reference = first ? Object.keys(translations[first]) : []
    for (const [locale, messages] of Object.entries(translations)) {
      for (const [key, message] of Object.entries(messages ?? {})) {
        if (!key.startsWith(`${this.name}.`)) {
          throw new KitConfigurationException(
            `${where}: the translation key "${key}" (${locale}) must start with "${this.name}."`
          )
        }
        if (typeof message !== 'string') {
          throw new KitConfigurationException(
            `${where}: the translation "${key}" (${locale}) is not a string`
          )
        }
      }
      if (!locales.includes(locale)) continue
      const missing = reference.filter((key) => !Object.hasOwn(messages, key))
      if (missing.length) {
        throw new KitConfigurationException(
          `${where}: the "${locale}" translations lack ${missing.map((key) => `"${key}"`).join(', ')} (declared in "${first}")`
        )
      }
    }
  }

  #checkComponents(where: string) {
    for (const [family, types] of Object.entries(this.#options.components ?? {})) {
      if (!FAMILIES.includes(family as KitComponentFamilyName)) {
        throw new KitConfigurationException(
          `${where}: "${family}" is not a component family (${FAMILIES.join(', ')})`
        )
      }
      if (!Array.isArray(types) || types.some((type) => typeof type !== 'string' || !type)) {
        throw new KitConfigurationException(`${where}: components.${family} must list type names`)
      }
    }
  }
}

/**
 * Define a plugin: hand it to panels with `panel('admin').plugin(plugin)`.
 *
 * @example
 * ```ts
 * export const ratingPlugin = definePlugin({
 *   name: 'rating',
 *   locales: ['en', 'fr'],
 *   translations: { en: { 'rating.stars': '...' }, fr: { 'rating.stars': '...' } },
 *   components: { fields: ['rating'], columns: ['rating'] },
 * })
 * ```
 */
export function definePlugin(options: KitPluginOptions): KitPlugin {
  return new KitPlugin(options)
}
