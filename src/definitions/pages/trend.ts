import { type DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import type { ResourceQuery } from '../resource/resource.ts'

/**
 * The size of a trend's buckets.
 */
export type TrendInterval = 'day' | 'week' | 'month'

/**
 * What a trend computes per bucket.
 */
export type TrendAggregate = 'count' | 'sum' | 'avg'

/**
 * One bucket of a trend: its first day (`YYYY-MM-DD`; weeks start on
 * Monday, months on the 1st) and its value (null: an average over no row).
 */
export interface TrendPoint {
  date: string
  value: number | null
}

/**
 * The most buckets one trend returns (a wider range is refused).
 */
export const MAX_TREND_BUCKETS = 1000

const INTERVALS: TrendInterval[] = ['day', 'week', 'month']

/**
 * The SQL expression of a bucket's first day, as `YYYY-MM-DD`, per dialect.
 * Dates and date-times are read as stored (UTC for the kit's connections).
 */
function bucketSql(dialect: string, column: string, interval: TrendInterval): string {
  if (dialect === 'postgres' || dialect === 'redshift') {
    return `to_char(date_trunc('${interval}', ${column}), 'YYYY-MM-DD')`
  }
  if (dialect === 'mysql' || dialect === 'mysql2') {
    if (interval === 'day') return `DATE_FORMAT(${column}, '%Y-%m-%d')`
    if (interval === 'month') return `DATE_FORMAT(${column}, '%Y-%m-01')`
    return `DATE_FORMAT(DATE_SUB(${column}, INTERVAL WEEKDAY(${column}) DAY), '%Y-%m-%d')`
  }
  if (dialect === 'sqlite3' || dialect === 'better-sqlite3' || dialect === 'libsql') {
    if (interval === 'day') return `strftime('%Y-%m-%d', ${column})`
    if (interval === 'month') return `strftime('%Y-%m-01', ${column})`
    /* %w: 0 is Sunday; Monday starts the week */
    return `date(${column}, '-' || ((CAST(strftime('%w', ${column}) AS INTEGER) + 6) % 7) || ' days')`
  }
  throw new KitConfigurationException(`Trend: the "${dialect}" database is not supported`)
}

/**
 * The column compared with the range's bounds: SQLite compares text, so a
 * date and a date-time are both read as `YYYY-MM-DD HH:MM:SS` there.
 */
function rangeSql(dialect: string, column: string): string {
  return dialect === 'sqlite3' || dialect === 'better-sqlite3' || dialect === 'libsql'
    ? `datetime(${column})`
    : column
}

function quoted(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new KitConfigurationException(`Trend: ${JSON.stringify(name)} is not a column name`)
  }
  return name
}

/**
 * The first day of the bucket holding a date.
 */
export function bucketStart(date: DateTime, interval: TrendInterval): DateTime {
  return date.startOf(interval === 'week' ? 'week' : interval === 'month' ? 'month' : 'day')
}

/**
 * Per day, week or month over a date column: a count, a sum or an average,
 * always computed over the query it is given (a widget gives the resource's
 * scoped query, so the tenant, `modifyQuery()` and soft deletes apply).
 * One query; buckets without a row are filled (0, or null for an average).
 *
 * @example
 * ```ts
 * const points = await Trend.query(query)
 *   .dateColumn('createdAt')
 *   .between(DateTime.utc().minus({ days: 29 }), DateTime.utc())
 *   .perDay()
 *   .count()
 * ```
 */
export class Trend {
  #column = 'createdAt'
  #interval: TrendInterval = 'day'
  #start: DateTime | null = null
  #end: DateTime | null = null

  protected constructor(readonly query: ResourceQuery<any>) {}

  /**
   * Start a trend over a query (a widget's scoped query).
   */
  static query(query: ResourceQuery<any>) {
    return new this(query)
  }

  /**
   * The date or date-time attribute (or column) the buckets are read from
   * (default: `createdAt`).
   */
  dateColumn(column: string): this {
    this.#column = column
    return this
  }

  /**
   * The days covered, both included (read in UTC, at day precision).
   */
  between(start: DateTime, end: DateTime): this {
    if (!start?.isValid || !end?.isValid) {
      throw new KitConfigurationException('Trend.between() needs two valid dates')
    }
    this.#start = start.toUTC().startOf('day')
    this.#end = end.toUTC().startOf('day')
    return this
  }

  /**
   * The size of the buckets.
   */
  per(interval: TrendInterval): this {
    if (!INTERVALS.includes(interval)) {
      throw new KitConfigurationException(
        `Trend.per(): ${JSON.stringify(interval)} is not one of ${INTERVALS.join(', ')}`
      )
    }
    this.#interval = interval
    return this
  }

  perDay(): this {
    return this.per('day')
  }

  perWeek(): this {
    return this.per('week')
  }

  perMonth(): this {
    return this.per('month')
  }

  /**
   * Rows per bucket.
   */
  count(): Promise<TrendPoint[]> {
    return this.aggregate('count')
  }

  /**
   * Sum of a numeric attribute per bucket.
   */
  sum(column: string): Promise<TrendPoint[]> {
    return this.aggregate('sum', column)
  }

  /**
   * Average of a numeric attribute per bucket.
   */
  average(column: string): Promise<TrendPoint[]> {
    return this.aggregate('avg', column)
  }

  /**
   * The buckets of the range, in order (each one's first day).
   */
  buckets(): string[] {
    const { start, end } = this.#range()
    const dates: string[] = []
    let cursor = bucketStart(start, this.#interval)
    while (cursor <= end) {
      dates.push(cursor.toISODate()!)
      if (dates.length > MAX_TREND_BUCKETS) {
        throw new KitConfigurationException(
          `Trend: the range holds more than ${MAX_TREND_BUCKETS} buckets`
        )
      }
      cursor = cursor.plus({ [this.#interval]: 1 })
    }
    return dates
  }

  /**
   * The aggregate over the whole range, in one query (null: an average
   * over no row).
   */
  async total(aggregate: TrendAggregate, valueColumn?: string): Promise<number | null> {
    const model = this.query.model as LucidModel
    const value = this.#valueSql(model, aggregate, valueColumn)
    const rows = (await this.inRange(this.query.clone().clearSelect().clearOrder())
      .select(this.query.client.raw(value))
      .pojo()) as { kit_value: unknown; kit_count?: unknown }[]
    return readAggregate(aggregate, rows[0]) ?? (aggregate === 'avg' ? null : 0)
  }

  /**
   * Narrow a query of the same model to the rows whose date column falls in
   * the range (both days included).
   */
  inRange<Query extends ResourceQuery<any>>(query: Query): Query {
    const { start, end } = this.#range()
    const dialect: string = this.query.client.dialect.name
    const column = rangeSql(dialect, this.#qualified(this.query.model, this.#column))
    const format = 'yyyy-MM-dd HH:mm:ss'
    return query
      .whereRaw(`${column} >= ?`, [start.toFormat(format)])
      .whereRaw(`${column} < ?`, [end.plus({ days: 1 }).toFormat(format)]) as Query
  }

  /**
   * The selected aggregate: an average is read as a sum and a count and
   * divided here, so every database answers the same number (MariaDB
   * rounds AVG() to 4 decimals).
   */
  #valueSql(model: LucidModel, aggregate: TrendAggregate, valueColumn?: string) {
    if (aggregate === 'count') return 'count(*) as kit_value'
    if (aggregate !== 'sum' && aggregate !== 'avg') {
      throw new KitConfigurationException(`Trend: unknown aggregate ${JSON.stringify(aggregate)}`)
    }
    if (!valueColumn) {
      throw new KitConfigurationException(`Trend: ${aggregate}() needs a column`)
    }
    const column = this.#qualified(model, valueColumn)
    return aggregate === 'sum'
      ? `sum(${column}) as kit_value`
      : `sum(${column}) as kit_value, count(${column}) as kit_count`
  }

  /**
   * Compute the series: one grouped query over the range.
   */
  async aggregate(aggregate: TrendAggregate, valueColumn?: string): Promise<TrendPoint[]> {
    const buckets = this.buckets()
    const model = this.query.model as LucidModel
    const dialect: string = this.query.client.dialect.name
    const bucket = bucketSql(dialect, this.#qualified(model, this.#column), this.#interval)
    const value = this.#valueSql(model, aggregate, valueColumn)
    const rows = (await this.inRange(this.query.clone().clearSelect().clearOrder())
      .select(this.query.client.raw(`${bucket} as kit_bucket, ${value}`))
      .groupByRaw(bucket)
      .pojo()) as { kit_bucket: unknown; kit_value: unknown; kit_count?: unknown }[]
    const values = new Map<string, number | null>()
    for (const row of rows) {
      values.set(String(row.kit_bucket).slice(0, 10), readAggregate(aggregate, row))
    }
    const empty = aggregate === 'avg' ? null : 0
    return buckets.map((date) => ({ date, value: values.get(date) ?? empty }))
  }

  #range() {
    if (!this.#start || !this.#end) {
      throw new KitConfigurationException('Trend: between() must be called before computing')
    }
    if (this.#end < this.#start) {
      throw new KitConfigurationException('Trend: the range ends before it starts')
    }
    return { start: this.#start, end: this.#end }
  }

  #qualified(model: LucidModel, property: string): string {
    const column = model.$getColumn(property)?.columnName ?? property
    return `${quoted(model.table)}.${quoted(column)}`
  }
}

/**
 * The value of an aggregate row: an average divided from its sum and count.
 */
function readAggregate(
  aggregate: TrendAggregate,
  row: { kit_value: unknown; kit_count?: unknown } | undefined
): number | null {
  if (!row) return null
  const value = readNumber(row.kit_value)
  if (aggregate !== 'avg') return value
  const count = readNumber(row.kit_count)
  return value === null || !count ? null : readNumber(value / count)
}

/**
 * An aggregate as a number: drivers answer numbers, strings (PostgreSQL
 * bigint and numeric, MySQL decimals) or null.
 */
function readNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null
  const number = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(number) ? Math.round(number * 1e6) / 1e6 : null
}
