/*
 * adonis-kit
 *
 * The text of the renderers: every word a person reads comes from the
 * page's `strings` prop (the kit's catalog in the page's language), looked
 * up by key. The renderers hold no English of their own: a key the page did
 * not send shows as itself.
 */

import { translate, type KitStrings } from '../contracts/strings.ts'

/**
 * Looks up a key of the kit's catalog and fills its `{name}` placeholders
 * (plural forms picked when `data.count` is a number).
 */
export type KitText = (key: string, data?: Record<string, unknown>) => string

/**
 * The text function of a page's `strings` and `locale`.
 *
 * @example
 * const t = kitText(props.strings, props.locale)
 * t('pagination.range', { from: 1, to: 10, total: 24 })
 */
export function kitText(strings?: KitStrings | null, locale?: string | null): KitText {
  const catalog = strings ?? {}
  const language = locale || 'en'
  return (key, data) => translate(catalog, language, key, data)
}

/** The text function of a page without strings: every key shows as itself */
export const keyText: KitText = kitText()
