/*
 * adonis-kit
 *
 * The values props carry, and how a formatted column or entry shows its value.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

/**
 * A value a prop may carry for a cell or a form field.
 */
export type SerializableValue = string | number | boolean | null

/**
 * How an image column or entry draws its image: a square (or circle) of
 * `size` pixels.
 */
export interface ImageDisplayContract {
  size: number
  circular: boolean
}

/**
 * The display options of a formatted column or entry. The server formats
 * (locale and time zone of the panel); renderers show `formatted` as text,
 * a link when `link` is true and the row carries one, with a copy button
 * when `copyable`.
 */
export interface ValueFormatContract {
  /** `markdown`: `formatted` is Markdown rendered and sanitized on the server, inserted as HTML */
  kind: 'text' | 'date' | 'dateTime' | 'since' | 'number' | 'money' | 'markdown'
  /** Let long text wrap */
  wrap: boolean
  /** Offer a copy button (copies the raw value) */
  copyable: boolean
  /** The value is shown as a link (`links[name]`, only when safe) */
  link: boolean
}
