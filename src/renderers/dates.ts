/*
 * adonis-kit
 *
 * Dates and colors of the pickers: locales, calendar names, parsing and joining.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import type { FormValue, SerializableValue } from './types.ts'
import { keyText, type KitText } from './text.ts'
import { dateTimeFormat } from '../contracts/intl_formats.ts'

/**
 * Value of a date-time input (`yyyy-MM-ddTHH:mm`) from an ISO 8601 string.
 */
export function toDateTimeLocal(value: SerializableValue): string {
  if (typeof value !== 'string' || !value) return ''
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value)
  return match ? `${match[1]}T${match[2]}` : ''
}

/**
 * The locale the date pickers fall back to when the panel's locale has no
 * ISO 8601 calendar (see `dateInputLocale`): its short date reads
 * `YYYY-MM-DD`, the server's format.
 */
export const DATE_INPUT_LOCALE = 'en-CA'

/** The date pickers' locales, by panel locale */

const inputLocales = new Map<string, string>()

/**
 * The locale given to a date picker on a panel in `locale`: the panel's
 * language with the ISO 8601 calendar (`fr-FR-u-ca-iso8601`), whose short
 * date reads `YYYY-MM-DD`. Ark UI lets through only the digits and the
 * separator of the picker's locale, so the dashes one types stay allowed,
 * while what the picker says by itself (the date it announces once picked,
 * the month it announces when paging) is in the panel's language. Where
 * the platform has no such calendar data, `en-CA` (the same short date,
 * in English).
 *
 * @example
 * dateInputLocale('fr-FR') // 'fr-FR-u-ca-iso8601'
 */
export function dateInputLocale(locale: string): string {
  let cached = inputLocales.get(locale)
  if (cached) return cached
  cached = DATE_INPUT_LOCALE
  try {
    const iso = new Intl.Locale(locale, { calendar: 'iso8601' }).toString()
    const sample = dateTimeFormat(iso, { timeZone: 'UTC' }).format(Date.UTC(2000, 11, 25))
    if (sample === '2000-12-25') cached = iso
  } catch {
    /* not a locale the platform knows: the fallback */
  }
  inputLocales.set(locale, cached)
  return cached
}

/** A calendar day, as the date picker gives it */

export interface CalendarDay {
  year: number
  month: number
  day: number
}

function calendarDate(day: CalendarDay): Date {
  return new Date(Date.UTC(day.year, day.month - 1, day.day))
}

/**
 * The names a date picker's calendar shows, in the panel's locale: the
 * visible month (`novembre 2026`), a weekday's short and long names, a
 * day's full name (the label of its button), and the first day of the
 * week (0 = Sunday).
 *
 * @example
 * calendarNames('fr').month({ year: 2026, month: 11, day: 1 }) // 'novembre 2026'
 */
export function calendarNames(locale: string) {
  const format = (options: Intl.DateTimeFormatOptions) => {
    const formatter = dateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    return (day: CalendarDay) => formatter.format(calendarDate(day))
  }
  const info = new Intl.Locale(locale) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number }
    weekInfo?: { firstDay: number }
  }
  const firstDay = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay ?? 7
  return {
    month: format({ month: 'long', year: 'numeric' }),
    weekdayNarrow: format({ weekday: 'narrow' }),
    weekdayLong: format({ weekday: 'long' }),
    day: format({ dateStyle: 'full' }),
    startOfWeek: firstDay % 7,
  }
}

/**
 * A `YYYY-MM-DD` string when the text is one (a real calendar day), else null.
 */
export function parseIsoDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text : null
}

/**
 * The date (`YYYY-MM-DD`) and time (`HH:mm`) parts of a date or
 * date-time field's value.
 */
export function dateFieldParts(value: FormValue): { date: string; time: string } {
  const text = typeof value === 'string' ? value : ''
  const [date = '', time = ''] = text.split('T')
  return { date, time: time.slice(0, 5) }
}

/**
 * A date or date-time field's value from its parts, in the format the
 * server reads (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`); null without a date.
 */
export function joinDateField(date: string, time: string, withTime: boolean): string | null {
  if (!date) return null
  return withTime ? `${date}T${time || '00:00'}` : date
}

/**
 * A color typed in hex (`#7C3AED`, `7c3aed`, `#f00`) as the color picker
 * sends it (`#7c3aed`, `#ff0000`); null when the text is not one.
 */
export function parseHexColor(text: string): string | null {
  const match = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(text.trim())
  if (!match) return null
  const digits =
    match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1]
  return `#${digits.toLowerCase()}`
}

/**
 * What a color picker's committed change sends, or undefined when there is
 * nothing to send: the same color again, or the picker's default (black)
 * committed when an empty field's input merely loses the focus. `chosen`
 * says whether the person typed or moved a slider since the last change.
 */
export function pickedColor(hex: string, current: FormValue, chosen: boolean): string | undefined {
  const next = hex.toLowerCase()
  if (!chosen && (current === null || current === undefined || current === '')) return undefined
  return next === current ? undefined : next
}

/**
 * What the color picker's two sliders say to assistive technology, in the
 * panel's language (the picker's own words are English): the area thumb
 * (saturation and brightness) and the hue thumb, with their current values.
 */
export function colorSliderLabels(
  color: { toFormat(format: 'hsba'): { getChannelValue(channel: string): number } } | null,
  t: KitText = keyText
) {
  const hsb = color?.toFormat('hsba')
  const value = (channel: string) => Math.round(hsb?.getChannelValue(channel) ?? 0)
  return {
    area: {
      'aria-label': t('form.color.area'),
      'aria-roledescription': t('form.color.areaRole'),
      'aria-valuetext': t('form.color.areaValue', {
        saturation: value('saturation'),
        brightness: value('brightness'),
      }),
    },
    hue: {
      'aria-label': t('form.color.hue'),
      'aria-valuetext': t('form.color.hueValue', { hue: value('hue') }),
    },
  }
}
