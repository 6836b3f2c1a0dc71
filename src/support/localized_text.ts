/**
 * A text a person reads, in one language or per locale: `'Title'`, or
 * `{ en: 'Title', fr: 'Titre' }` (keys are locales or languages; `en`, then
 * the first entry, answer for a locale without its own).
 *
 * @example
 * ```ts
 * TextInput.make('title').label({ en: 'Title', fr: 'Titre' })
 * ```
 */
export type LocalizedText = string | Readonly<Record<string, string>>

/**
 * The text of a {@link LocalizedText} in a locale: its own, its language's,
 * else English, else the first.
 */
export function textIn(text: LocalizedText, locale: string): string {
  if (typeof text === 'string') {
    return text
  }
  if (Object.hasOwn(text, locale)) {
    return text[locale]
  }
  const language = locale.split('-')[0]
  if (Object.hasOwn(text, language)) {
    return text[language]
  }
  return Object.hasOwn(text, 'en') ? text.en : (Object.values(text)[0] ?? '')
}
