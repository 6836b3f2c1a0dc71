import type { HttpContext } from '@adonisjs/core/http'
import type { KitTextProps } from '../contracts/main.ts'
import { DEFAULT_PRESENTATION, type Presentation } from '../support/value_format.ts'
import { translatorFor, type KitTranslator } from './translator.ts'

/**
 * The translator of a request: `ctx.i18n` when the application runs
 * `@adonisjs/i18n`'s locale detection (its locale and translations win),
 * else the panel's locale with the kit's catalogs.
 */
export function requestTranslator(
  ctx: HttpContext | undefined,
  presentation: Presentation | undefined
): KitTranslator {
  const i18n = ctx ? (ctx as HttpContext & { i18n?: unknown }).i18n : undefined
  return translatorFor((presentation ?? DEFAULT_PRESENTATION).locale, i18n)
}

/**
 * The locale and strings every kit page carries.
 */
export function textProps(translator: KitTranslator): Required<KitTextProps> {
  return { locale: translator.locale, strings: translator.strings() }
}
