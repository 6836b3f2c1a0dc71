import type { RecordWords } from '../contracts/main.ts'
import { contextTranslator } from './translator.ts'
import { textIn, type LocalizedText } from '../support/localized_text.ts'
import type { Presentation } from '../support/value_format.ts'

export type { LocalizedText } from '../support/localized_text.ts'

/**
 * The text of a {@link LocalizedText} in a locale (default: the locale of
 * the request the kit serves).
 */
export function localize(text: LocalizedText, locale?: string): string {
  return textIn(text, locale ?? contextTranslator().locale)
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

/**
 * A panel's presentation with the request's language for the texts
 * declared per locale (option labels of formatted values).
 */
export function requestPresentation(presentation: Presentation): Presentation {
  return { ...presentation, textLocale: contextTranslator().locale }
}
