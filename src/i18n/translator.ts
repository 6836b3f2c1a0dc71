import { en, type KitCatalog, type KitMessageKey } from './en.ts'
import { fr } from './fr.ts'
import { KitConfigurationException } from '../support/errors.ts'
import { formatMessage, pluralKey, type KitStrings } from '../contracts/strings.ts'

/**
 * The catalogs the kit ships, by language.
 */
const CATALOGS: Record<string, KitCatalog> = { en, fr }

/**
 * The plugins' words, by language then key (filled at boot by the panels
 * the plugins are handed to), and by plugin name the object they came from.
 */
const PLUGIN_CATALOGS = new Map<string, Map<string, string>>()
const PLUGIN_SOURCES = new Map<string, object>()
let pluginVersion = 0

/**
 * Add a plugin's words to the translator (at boot). A plugin registered
 * again with the same translations changes nothing; another plugin of the
 * same name is refused.
 * @internal
 */
export function registerPluginTranslations(
  plugin: string,
  translations: Record<string, Record<string, string>>
) {
  const known = PLUGIN_SOURCES.get(plugin)
  /* the same plugin again (another panel, a module loaded again): nothing new */
  if (known === translations || (known && JSON.stringify(known) === JSON.stringify(translations))) {
    return
  }
  if (known) {
    throw new KitConfigurationException(
      `Two different plugins are named "${plugin}": give one another name`
    )
  }
  PLUGIN_SOURCES.set(plugin, translations)
  for (const [locale, messages] of Object.entries(translations)) {
    const language = new Intl.Locale(locale).language
    const catalog = PLUGIN_CATALOGS.get(language) ?? new Map<string, string>()
    for (const [key, message] of Object.entries(messages)) catalog.set(key, message)
    PLUGIN_CATALOGS.set(language, catalog)
  }
  pluginVersion++
}

/**
 * Forget a plugin's words (tests).
 * @internal
 */
export function forgetPluginTranslations(plugin: string) {
  const translations = PLUGIN_SOURCES.get(plugin) as Record<string, Record<string, string>>
  if (!translations) return
  PLUGIN_SOURCES.delete(plugin)
  for (const [locale, messages] of Object.entries(translations)) {
    const catalog = PLUGIN_CATALOGS.get(new Intl.Locale(locale).language)
    for (const key of Object.keys(messages)) catalog?.delete(key)
  }
  pluginVersion++
}

/**
 * What the kit reads of an `@adonisjs/i18n` instance (`ctx.i18n` once the
 * application's locale-detection middleware ran).
 */
export interface AppI18n {
  locale: string
  resolveIdentifier(identifier: string): { message: string; isFallback: boolean } | null
}

/**
 * Whether a value looks like an `@adonisjs/i18n` instance.
 */
export function isAppI18n(value: unknown): value is AppI18n {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AppI18n).locale === 'string' &&
    typeof (value as AppI18n).resolveIdentifier === 'function'
  )
}

/**
 * The kit's translator for one locale. A message comes from, in order: the
 * application's `@adonisjs/i18n` translations (`kit.<key>`, in the request's
 * locale), the kit's catalog of the locale's language, the application's
 * fallback-locale translation, the English catalog.
 */
export class KitTranslator {
  readonly #catalog: KitCatalog | null
  readonly #i18n: AppI18n | null
  readonly #language: string
  #strings?: KitStrings
  #stringsVersion = -1

  constructor(
    readonly locale: string,
    i18n: AppI18n | null = null
  ) {
    this.#i18n = i18n
    this.#language = new Intl.Locale(locale).language
    this.#catalog = CATALOGS[this.#language] ?? null
  }

  /**
   * The template of a key (placeholders unfilled), or undefined.
   */
  template(key: string): string | undefined {
    const resolved = this.#i18n?.resolveIdentifier(`kit.${key}`) ?? null
    if (resolved && !resolved.isFallback) {
      return resolved.message
    }
    if (this.#catalog && Object.hasOwn(this.#catalog, key)) {
      return this.#catalog[key as KitMessageKey]
    }
    const plugin = PLUGIN_CATALOGS.get(this.#language)?.get(key)
    if (plugin !== undefined) {
      return plugin
    }
    if (resolved) {
      return resolved.message
    }
    return Object.hasOwn(en, key) ? en[key as KitMessageKey] : PLUGIN_CATALOGS.get('en')?.get(key)
  }

  /**
   * A message of the application's own `@adonisjs/i18n` translations in this
   * locale (not its fallback locale), or undefined.
   */
  appMessage(identifier: string): string | undefined {
    const resolved = this.#i18n?.resolveIdentifier(identifier)
    return resolved && !resolved.isFallback ? resolved.message : undefined
  }

  /**
   * Whether messages come from the application's `@adonisjs/i18n` first.
   */
  usesApplicationI18n(): boolean {
    return this.#i18n !== null
  }

  /**
   * Whether this translator speaks anything but the kit's built-in English.
   */
  isTranslated(): boolean {
    return this.#i18n !== null || (this.#catalog !== null && this.#catalog !== en)
  }

  /**
   * Translate a key; `data.count` picks the plural form.
   */
  t(key: KitMessageKey | (string & {}), data: Record<string, unknown> = {}): string {
    const resolved =
      typeof data.count === 'number'
        ? pluralKey(
            (candidate) => this.template(candidate) !== undefined,
            key,
            data.count,
            this.locale
          )
        : key
    const template = this.template(resolved)
    return template === undefined ? key : formatMessage(template, data, this.locale)
  }

  /**
   * Every string of the catalog in this locale, for the `strings` prop.
   */
  strings(): KitStrings {
    if (!this.#strings || this.#stringsVersion !== pluginVersion) {
      const strings: KitStrings = {}
      for (const key of Object.keys(en)) {
        strings[key] = this.template(key)!
      }
      /* the plugins' words (English ones when the language has none) */
      for (const key of PLUGIN_CATALOGS.get('en')?.keys() ?? []) {
        strings[key] = this.template(key)!
      }
      for (const key of PLUGIN_CATALOGS.get(this.#language)?.keys() ?? []) {
        strings[key] = this.template(key)!
      }
      this.#strings = strings
      this.#stringsVersion = pluginVersion
    }
    return this.#strings
  }
}

const translators = new Map<string, KitTranslator>()

/**
 * The translator of a request: the application's i18n instance when it has
 * one (its locale wins), else the panel's locale with the kit's catalogs.
 * Translators without an application instance are cached per locale.
 */
export function translatorFor(locale: string, i18n?: unknown): KitTranslator {
  if (isAppI18n(i18n)) {
    return new KitTranslator(i18n.locale, i18n)
  }
  let translator = translators.get(locale)
  if (!translator) {
    translator = new KitTranslator(locale)
    translators.set(locale, translator)
  }
  return translator
}

/**
 * The translator of a request context: the one the kit context carries,
 * else the one of the request scope, else English.
 */
export function contextTranslator(context?: { translator?: KitTranslator } | null): KitTranslator {
  return context?.translator ?? requestScopeTranslator?.() ?? translatorFor('en-US')
}

let requestScopeTranslator: (() => KitTranslator | undefined) | undefined

/**
 * Let the request scope answer {@link contextTranslator} where no context is
 * at hand (validation messages). Set once by the kit.
 * @internal
 */
export function useRequestScopeTranslator(read: () => KitTranslator | undefined) {
  requestScopeTranslator = read
}

/**
 * A message of the kit's or a plugin's catalogs in the locale of the request
 * the kit serves (English outside a request): what a plugin's field uses
 * for its error messages.
 *
 * @example
 * ```ts
 * return { error: translate('rating.error.range', { max: 5 }), rule: 'rating' }
 * ```
 */
export function translate(key: string, data: Record<string, unknown> = {}): string {
  return contextTranslator().t(key, data)
}
