import { DateTime } from 'luxon'
import { KitConfigurationException } from './errors.ts'
import type { ValueFormatContract } from '../contracts/main.ts'
import { dateTimeFormat, numberFormat, relativeTimeFormat } from '../contracts/intl_formats.ts'
import { hasControlCharacter, isSafeUrl } from './path_safety.ts'
import { renderMarkdown } from './html_sanitizer.ts'
import { optionEntries, optionIn, type FieldOptions, type OptionEntry } from './option_entries.ts'

/**
 * How a panel presents values: the locale of `Intl` formatting and the time
 * zone date-times are shown in. Set per panel with `.locale()` and
 * `.timeZone()`; the default is `en-US` in UTC.
 */
export interface Presentation {
  locale: string
  timeZone: string
  /** The locale of texts declared per locale, such as option labels (default: `locale`) */
  textLocale?: string
}

export const DEFAULT_PRESENTATION: Presentation = Object.freeze({
  locale: 'en-US',
  timeZone: 'UTC',
})

/**
 * Refuse, at configuration time, a locale `Intl` does not know.
 */
export function assertLocale(locale: unknown, where: string): asserts locale is string {
  try {
    if (typeof locale !== 'string' || Intl.getCanonicalLocales(locale).length !== 1) {
      throw new RangeError()
    }
  } catch {
    throw new KitConfigurationException(`${where}: invalid locale ${JSON.stringify(locale)}`)
  }
}

/**
 * Refuse, at configuration time, a time zone `Intl` does not know.
 */
export function assertTimeZone(timeZone: unknown, where: string): asserts timeZone is string {
  try {
    if (typeof timeZone !== 'string' || timeZone === '') {
      throw new RangeError()
    }
    dateTimeFormat('en-US', { timeZone })
  } catch {
    throw new KitConfigurationException(`${where}: invalid time zone ${JSON.stringify(timeZone)}`)
  }
}

type FormatKind = ValueFormatContract['kind']

/** Date style of `date()` and `dateTime()` */
export type DateStyle = 'short' | 'medium' | 'long' | 'full'

interface FormatSettings {
  kind: FormatKind
  dateStyle: DateStyle
  timeStyle: 'short' | 'medium'
  decimals?: number
  currency?: string
  divideBy: number
  limit?: number
  prefix: string
  suffix: string
  wrap: boolean
  copyable: boolean
  url: boolean | ((record: any) => unknown)
  /** Stored values shown by their option's label */
  options?: readonly OptionEntry[]
}

/**
 * What a value becomes in a contract: the formatted string (null for a
 * null value) and, for `url()` values, the link when it is safe.
 */
export interface PresentedValue {
  formatted: string | null
  link?: string | null
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/**
 * Read a date-like value: a Luxon DateTime, a JS Date, or an ISO/SQL
 * string (drivers that hand strings back). Null when it is not a date.
 */
function toDateTime(value: unknown): DateTime | null {
  let date: DateTime | null = null
  if (DateTime.isDateTime(value)) {
    date = value
  } else if (value instanceof Date) {
    date = DateTime.fromJSDate(value)
  } else if (typeof value === 'string') {
    date = DateTime.fromISO(value, { setZone: true })
    if (!date.isValid) {
      date = DateTime.fromSQL(value, { zone: 'utc' })
    }
  } else if (typeof value === 'number') {
    date = DateTime.fromMillis(value)
  }
  return date && date.isValid ? date : null
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null
  }
  if (typeof value === 'bigint') {
    return Number(value)
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value)
    return Number.isFinite(number) ? number : null
  }
  return null
}

/**
 * The value formats of table columns and infolist entries, decided on the
 * server: the contract carries the formatted string, so both renderers show
 * the same text. Formatting uses `Intl` with the panel's locale and time
 * zone.
 *
 * @example
 * ```ts
 * TextColumn.make('publishedAt').dateTime()
 * TextColumn.make('price').money('EUR')
 * TextColumn.make('createdAt').since()
 * TextEntry.make('website').url().copyable()
 * ```
 */
export abstract class ValueFormat {
  #format: FormatSettings = {
    kind: 'text',
    dateStyle: 'medium',
    timeStyle: 'short',
    divideBy: 1,
    prefix: '',
    suffix: '',
    wrap: false,
    copyable: false,
    url: false,
  }
  #declared = false

  abstract readonly name: string

  #set(settings: Partial<FormatSettings>): this {
    this.#format = { ...this.#format, ...settings }
    this.#declared = true
    return this
  }

  #where() {
    return `${this.constructor.name} "${this.name}"`
  }

  /**
   * Show each stored value by its option's label, in the request's language
   * (a list of values by their labels, joined); a value outside the options
   * is shown as stored. A text or badge column (and a view page's entry)
   * over an attribute whose form field declares options (a select with
   * static options, a radio, a checkbox list) shows them without this call.
   *
   * @example
   * ```ts
   * BadgeColumn.make('status').options({ draft: { en: 'Draft', fr: 'Brouillon' } })
   * ```
   */
  options(options: FieldOptions): this {
    return this.#set({ options: optionEntries(options) })
  }

  /**
   * Show values by these options' labels unless options were declared
   * (a column follows its form field's options).
   */
  followOptions(options: readonly OptionEntry[]): this {
    return this.#format.options ? this : this.#set({ options })
  }

  /**
   * Show a date (`Nov 25, 2026`). Date-only columns are shown as stored;
   * date-times in the panel's time zone.
   */
  date(style: DateStyle = 'medium'): this {
    return this.#set({ kind: 'date', dateStyle: style })
  }

  /**
   * Show a date and time in the panel's time zone (`Nov 25, 2026, 2:38 PM`).
   */
  dateTime(style: DateStyle = 'medium', timeStyle: 'short' | 'medium' = 'short'): this {
    return this.#set({ kind: 'dateTime', dateStyle: style, timeStyle })
  }

  /**
   * Show how long ago (or in how long) a date is (`3 days ago`).
   */
  since(): this {
    return this.#set({ kind: 'since' })
  }

  /**
   * Show a number with the locale's grouping (`12,345.5`), optionally with a
   * fixed number of decimals.
   */
  number(decimals?: number): this {
    if (
      decimals !== undefined &&
      !(Number.isInteger(decimals) && decimals >= 0 && decimals <= 20)
    ) {
      throw new KitConfigurationException(`${this.#where()}: number() takes 0 to 20 decimals`)
    }
    return this.#set({ kind: 'number', decimals })
  }

  /**
   * Show an amount of money (`€1,234.50`). `divideBy: 100` for amounts
   * stored in cents.
   */
  money(currency: string, options: { divideBy?: number } = {}): this {
    const code = typeof currency === 'string' ? currency.toUpperCase() : currency
    try {
      if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) {
        throw new RangeError()
      }
      numberFormat('en-US', { style: 'currency', currency: code })
    } catch {
      throw new KitConfigurationException(
        `${this.#where()}: money() takes an ISO 4217 currency code, got ${JSON.stringify(currency)}`
      )
    }
    const divideBy = options.divideBy ?? 1
    if (!(typeof divideBy === 'number' && Number.isFinite(divideBy) && divideBy > 0)) {
      throw new KitConfigurationException(
        `${this.#where()}: money() divideBy must be a positive number`
      )
    }
    return this.#set({ kind: 'money', currency: code, divideBy })
  }

  /**
   * Show stored Markdown as HTML: rendered on the server with `marked` and
   * sanitized against the rich text allow-list (a stored `<script>`, an
   * `onerror=` attribute or a `javascript:` link never comes out). The
   * text options (`limit()`, `prefix()`, `suffix()`) do not apply to it;
   * the value wraps.
   *
   * @example
   * ```ts
   * TextEntry.make('notes').markdown()
   * ```
   */
  markdown(): this {
    return this.#set({ kind: 'markdown', wrap: true })
  }

  /**
   * Cut the shown text after `characters` characters (with `…`); the raw
   * value stays in the contract.
   */
  limit(characters: number): this {
    if (!(Number.isInteger(characters) && characters > 0)) {
      throw new KitConfigurationException(`${this.#where()}: limit() takes a positive integer`)
    }
    return this.#set({ limit: characters })
  }

  /**
   * Text placed before the value (`#`, `$`).
   */
  prefix(text: string): this {
    return this.#set({ prefix: String(text) })
  }

  /**
   * Text placed after the value (` kg`, `%`).
   */
  suffix(text: string): this {
    return this.#set({ suffix: String(text) })
  }

  /**
   * Let long text wrap instead of staying on one line.
   */
  wrap(wrap = true): this {
    return this.#set({ wrap })
  }

  /**
   * Offer a button that copies the value.
   */
  copyable(copyable = true): this {
    return this.#set({ copyable })
  }

  /**
   * Show the value as a link: the value itself, or the URL a function
   * returns for the record. Only same-origin paths and http(s), mailto and
   * tel URLs become links; anything else is shown as text.
   */
  url(url: boolean | ((record: any) => unknown) = true): this {
    return this.#set({ url })
  }

  /**
   * Whether presenting a value needs its record (a link computed from it).
   */
  readsRecord(): boolean {
    return typeof this.#format.url === 'function'
  }

  /**
   * Take another value's format when this one declares none (a view page's
   * entry follows its table column's format), its `limit()` aside: a view
   * page shows the whole value.
   */
  followFormat(other: ValueFormat): this {
    if (!this.#declared && other.#declared) {
      this.#format = { ...other.#format, limit: undefined }
      this.#declared = true
    }
    return this
  }

  /**
   * Whether a format (or display option) was declared: only then does the
   * contract carry a formatted value.
   */
  hasFormat(): boolean {
    return this.#declared
  }

  /**
   * The display options of the contract.
   */
  formatContract(): ValueFormatContract {
    const format = this.#format
    return {
      kind: format.kind,
      wrap: format.wrap,
      copyable: format.copyable,
      link: format.url !== false,
    }
  }

  /**
   * Format one value for the contract.
   *
   * @param value The attribute as the model holds it (a DateTime, a number…)
   * @param dateOnly Whether the attribute is a `@column.date()`
   */
  present(
    value: unknown,
    record: unknown,
    presentation: Presentation,
    now: DateTime,
    dateOnly = false
  ): PresentedValue {
    const format = this.#format
    const presented: PresentedValue = { formatted: null }
    if (format.url !== false) {
      const target = typeof format.url === 'function' ? format.url(record) : value
      presented.link = isLinkTarget(target) ? target : null
    }
    if (value === null || value === undefined) {
      return presented
    }
    if (format.kind === 'markdown') {
      presented.formatted = renderMarkdown(typeof value === 'object' ? '' : value)
      return presented
    }
    let text =
      this.#optionText(value, presentation.textLocale ?? presentation.locale) ??
      this.#formatValue(value, presentation, now, dateOnly)
    if (format.limit !== undefined) {
      const characters = Array.from(text)
      if (characters.length > format.limit) {
        text = `${characters.slice(0, format.limit).join('').trimEnd()}…`
      }
    }
    presented.formatted = `${format.prefix}${text}${format.suffix}`
    return presented
  }

  /**
   * A value (or each value of a list) by its option's label, or undefined
   * without options.
   */
  #optionText(value: unknown, locale: string): string | undefined {
    const options = this.#format.options
    if (!options) {
      return undefined
    }
    const labelOf = (entry: unknown) => optionIn(options, entry, locale) ?? String(entry)
    return Array.isArray(value) ? value.map(labelOf).join(', ') : labelOf(value)
  }

  #formatValue(value: unknown, presentation: Presentation, now: DateTime, dateOnly: boolean) {
    const format = this.#format
    const { locale, timeZone } = presentation
    switch (format.kind) {
      case 'date':
      case 'dateTime': {
        const date = toDateTime(value)
        if (!date) {
          return String(value)
        }
        if (format.kind === 'date' && dateOnly) {
          /* a calendar date: shown as stored, never shifted by a time zone */
          const utc = Date.UTC(date.year, date.month - 1, date.day)
          return dateTimeFormat(locale, { dateStyle: format.dateStyle, timeZone: 'UTC' }).format(
            utc
          )
        }
        return dateTimeFormat(locale, {
          dateStyle: format.dateStyle,
          ...(format.kind === 'dateTime' ? { timeStyle: format.timeStyle } : {}),
          timeZone,
        }).format(date.toJSDate())
      }
      case 'since': {
        const date = toDateTime(value)
        if (!date) {
          return String(value)
        }
        const seconds = (date.toMillis() - now.toMillis()) / 1000
        const [unit, size] = RELATIVE_UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? [
          'second',
          1,
        ]
        return relativeTimeFormat(locale, { numeric: 'auto' }).format(
          Math.round(seconds / size),
          unit
        )
      }
      case 'number':
      case 'money': {
        const number = toNumber(value)
        if (number === null) {
          return String(value)
        }
        if (format.kind === 'money') {
          return numberFormat(locale, {
            style: 'currency',
            currency: format.currency!,
          }).format(number / format.divideBy)
        }
        return numberFormat(
          locale,
          format.decimals === undefined
            ? {}
            : { minimumFractionDigits: format.decimals, maximumFractionDigits: format.decimals }
        ).format(number)
      }
      default: {
        const date = DateTime.isDateTime(value) ? value : null
        if (date) {
          return (dateOnly ? date.toISODate() : date.toISO()) ?? ''
        }
        return typeof value === 'object' ? '' : String(value)
      }
    }
  }
}

/**
 * The time since a moment, in a locale ("5 minutes ago", "il y a 5 minutes").
 */
export function sinceText(date: Date, locale: string, now: Date = new Date()): string {
  const seconds = (date.getTime() - now.getTime()) / 1000
  const [unit, size] = RELATIVE_UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? [
    'second',
    1,
  ]
  return relativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(seconds / size), unit)
}

/**
 * The links `url()` values may become: a same-origin path, or an absolute
 * http(s), mailto or tel URL without control characters.
 */
export function isLinkTarget(url: unknown): url is string {
  if (typeof url !== 'string' || url.length > 2048) {
    return false
  }
  if (/^(mailto|tel):\S+$/i.test(url)) {
    return !hasControlCharacter(url)
  }
  return isSafeUrl(url)
}
