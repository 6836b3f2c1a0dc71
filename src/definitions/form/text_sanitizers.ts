import type { Field, TextSanitizer } from './fields/field.ts'
import { sanitizeRichText } from '../../support/html_sanitizer.ts'

export type { TextSanitizer }

/**
 * How an attribute's value is sanitized wherever the kit sends it (a
 * table cell, an infolist entry, an audit change): by its `RichEditor` or
 * `MarkdownEditor` form field, else with the rich text allow-list when the
 * declaration says it is rich text (a column's `richText()`); null for any
 * other attribute.
 */
export function textSanitizer(
  fields: Field[],
  name: string,
  richText = false
): TextSanitizer | null {
  const sanitize = fields.find((candidate) => candidate.name === name)?.textSanitizer()
  return sanitize ?? (richText ? sanitizeRichText : null)
}

/**
 * A value on its way out: a string through the sanitizer when there is
 * one; anything else (null, a number, a list) as it is.
 *
 * @example
 * ```ts
 * sanitizedValue(sanitizeRichText, '<p>Hi<script>x()</script></p>') // '<p>Hi</p>'
 * ```
 */
export function sanitizedValue<T>(sanitize: TextSanitizer | null, value: T): T | string | null {
  return sanitize && typeof value === 'string' ? sanitize(value) : value
}
