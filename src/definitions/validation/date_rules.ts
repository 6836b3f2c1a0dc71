import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import type { DateFieldOptions } from '@vinejs/vine/types'

/**
 * Formats a date input (`<input type="date">`) is accepted in.
 */
export const DATE_FORMATS = ['YYYY-MM-DD']

/**
 * Formats a date-time input is accepted in: ISO 8601, SQL and what
 * `<input type="datetime-local">` sends.
 */
export const DATE_TIME_FORMATS = ['iso8601', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DDTHH:mm']

/**
 * Options of the kit's date rules.
 */
export interface KitDateRuleOptions {
  /** Accepted input formats (defaults: DATE_FORMATS or DATE_TIME_FORMATS) */
  formats?: DateFieldOptions['formats']
  /**
   * `datetime` (default) gives a luxon DateTime, for `@column.date()` and
   * `@column.dateTime()` attributes; `string` gives `YYYY-MM-DD` (date) or
   * `YYYY-MM-DD HH:mm:ss` (date-time), for attributes declared as plain
   * string columns.
   */
  as?: 'datetime' | 'string'
}

/**
 * An empty input (`""`, what a browser sends for a cleared date field when
 * the body parser keeps empty strings) is no date.
 */
function emptyToNull(value: unknown) {
  return value === '' ? null : value
}

/**
 * The DateTime of a parsed date (a Date, or a DateTime when the application
 * set a global date transform); null stays null.
 */
function toDateTime(value: unknown): DateTime | null {
  if (value === null || value === undefined) {
    return null
  }
  if (DateTime.isDateTime(value)) {
    return value
  }
  return DateTime.fromJSDate(value as Date)
}

function dateSchema(kind: 'date' | 'dateTime', options: KitDateRuleOptions) {
  const formats = options.formats ?? (kind === 'date' ? DATE_FORMATS : DATE_TIME_FORMATS)
  const asString = options.as === 'string'
  return vine
    .date({ formats })
    .parse(emptyToNull)
    .transform((value): any => {
      /* a nullable date reaches the transform with null: it stays null */
      const date = toDateTime(value)
      if (!date || !asString) {
        return date
      }
      return kind === 'date' ? date.toISODate() : date.toSQL({ includeOffset: false })
    })
}

type DateValue<Options extends KitDateRuleOptions> = Options extends { as: 'string' }
  ? string
  : DateTime

function typedDateSchema<Options extends KitDateRuleOptions>(
  kind: 'date' | 'dateTime',
  options: Options
) {
  return dateSchema(kind, options) as unknown as ReturnType<typeof dateSchemaOf<DateValue<Options>>>
}

/* only used for its type: a date schema transformed to `Output` */
function dateSchemaOf<Output>() {
  return vine.date().transform((value) => value as unknown as Output)
}

/**
 * Vine rules for form fields the kit knows are easy to get wrong.
 *
 * A date rule written as `vine.date().transform((value) =>
 * DateTime.fromJSDate(value)).nullable()` runs its transform on the null an
 * empty date input arrives as and hands the model an invalid DateTime (a
 * 500). These rules map an empty input (`null` or `""`) to `null`, and a date
 * to a luxon DateTime.
 *
 * @example
 * ```ts
 * import { Rules, kitRules } from 'adonis-kit'
 *
 * export default class PostRules extends Rules {
 *   rules() {
 *     return {
 *       publishedOn: kitRules.date(),                        // DateTime | null, optional
 *       startsAt: kitRules.dateTime({ required: true }),     // DateTime, required
 *     }
 *   }
 * }
 * ```
 */
export const kitRules = {
  /**
   * A calendar date (`YYYY-MM-DD`). Optional and nullable (an empty input
   * clears it) unless `required: true`, where an empty input fails
   * `required`.
   */
  date<Options extends KitDateRuleOptions & { required?: boolean } = {}>(
    options: Options = {} as Options
  ) {
    const schema = typedDateSchema('date', options)
    return (options.required ? schema : schema.nullable().optional()) as Options extends {
      required: true
    }
      ? typeof schema
      : ReturnType<ReturnType<typeof schema.nullable>['optional']>
  },

  /**
   * A date and time (ISO 8601, `YYYY-MM-DD HH:mm:ss` or the
   * `YYYY-MM-DDTHH:mm` of a datetime-local input). Optional and nullable
   * unless `required: true`.
   */
  dateTime<Options extends KitDateRuleOptions & { required?: boolean } = {}>(
    options: Options = {} as Options
  ) {
    const schema = typedDateSchema('dateTime', options)
    return (options.required ? schema : schema.nullable().optional()) as Options extends {
      required: true
    }
      ? typeof schema
      : ReturnType<ReturnType<typeof schema.nullable>['optional']>
  },
}
