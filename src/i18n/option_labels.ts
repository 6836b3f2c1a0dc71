import { optionIn, type OptionEntry } from '../support/option_entries.ts'
import { textIn } from '../support/localized_text.ts'
import { contextTranslator } from './translator.ts'

/**
 * The label of a value in the request's language (undefined when the
 * value is not one of the options).
 */
export function optionLabel(options: readonly OptionEntry[], value: unknown): string | undefined {
  return optionIn(options, value, contextTranslator().locale)
}

/**
 * The options as the contract carries them: value and label pairs in
 * declaration order, labels in the request's language.
 */
export function optionList(options: readonly OptionEntry[]): { value: string; label: string }[] {
  const locale = contextTranslator().locale
  return options.map(({ value, label }) => ({ value, label: textIn(label, locale) }))
}
