import { textIn, type LocalizedText } from './localized_text.ts'

/**
 * Map of option value to label, each label in one language or per locale
 * (`{ draft: { en: 'Draft', fr: 'Brouillon' } }`): the label is shown in the
 * language of the request.
 */
export type OptionLabels = Readonly<Record<string, LocalizedText>>

/**
 * Options of a select, radio, checkbox list, select column or filter: a map
 * of value to label, or a list of values (each its own label).
 *
 * @example
 * ```ts
 * Select.make('status').options({
 *   draft: { en: 'Draft', fr: 'Brouillon' },
 *   published: { en: 'Published', fr: 'Publié' },
 * })
 * ```
 */
export type FieldOptions = OptionLabels | readonly string[]

/**
 * One declared option: its value and its (localizable) label.
 */
export interface OptionEntry {
  readonly value: string
  readonly label: LocalizedText
}

/**
 * The options as value and label pairs, in declaration order.
 */
export function optionEntries(options: FieldOptions): OptionEntry[] {
  return isValueList(options)
    ? options.map((value) => ({ value, label: value }))
    : Object.entries(options).map(([value, label]) => ({ value, label }))
}

function isValueList(options: FieldOptions): options is readonly string[] {
  return Array.isArray(options)
}

/**
 * Whether a submitted or stored value is one of the options.
 */
export function hasOption(options: readonly OptionEntry[], value: unknown): boolean {
  return (
    (typeof value === 'string' || typeof value === 'number') &&
    options.some((option) => option.value === String(value))
  )
}

/**
 * The label of a value in a locale (undefined when the value is not one of
 * the options).
 */
export function optionIn(
  options: readonly OptionEntry[],
  value: unknown,
  locale: string
): string | undefined {
  const option = options.find((entry) => entry.value === String(value))
  return option ? textIn(option.label, locale) : undefined
}
