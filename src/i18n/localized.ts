import type { RecordWords } from '../contracts/main.ts'
import { contextTranslator } from './translator.ts'

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
 * The text of a {@link LocalizedText} in a locale (default: the locale of
 * the request the kit serves).
 */
export function localize(text: LocalizedText, locale?: string): string {
  if (typeof text === 'string') {
    return text
  }
  const wanted = locale ?? contextTranslator().locale
  if (Object.hasOwn(text, wanted)) {
    return text[wanted]
  }
  const language = wanted.split('-')[0]
  if (Object.hasOwn(text, language)) {
    return text[language]
  }
  return Object.hasOwn(text, 'en') ? text.en : (Object.values(text)[0] ?? '')
}

/**
 * A label as it reads inside a sentence ("Delete 2 posts?"): its first
 * letter in lower case, unless the label starts with an acronym (`URL`)
 * or a name in capitals.
 */
export function inSentence(label: string, locale?: string): string {
  const [first, second] = label
  if (
    !first ||
    (second &&
      second === second.toLocaleUpperCase(locale) &&
      second !== second.toLocaleLowerCase(locale))
  ) {
    return label
  }
  return first.toLocaleLowerCase(locale) + label.slice(1)
}

/**
 * The words naming records in sentences, in the request's locale: the
 * labels as they read inside a sentence, and the gender declared for the
 * locale or its language (default: masculine).
 */
export function recordWords(
  singular: string,
  plural: string,
  genders: Readonly<Record<string, 'masculine' | 'feminine'>> | undefined
): RecordWords {
  const locale = contextTranslator().locale
  const gender = genders?.[locale] ?? genders?.[locale.split('-')[0]] ?? 'masculine'
  return { singular: inSentence(singular, locale), plural: inSentence(plural, locale), gender }
}
