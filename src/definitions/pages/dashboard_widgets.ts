import type { LucidModel } from '@adonisjs/lucid/types/model'
import type {
  ChartDatasetContract,
  ChartKind,
  ChartWidgetContract,
  TableWidgetContract,
  WidgetContract,
} from '../../contracts/main.ts'
import { localize, type LocalizedText } from '../../i18n/localized.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { optionEntries, type FieldOptions } from '../../support/option_entries.ts'
import { Trend, type TrendAggregate, type TrendInterval } from './trend.ts'
import { trendRange, Widget, type WidgetContext } from './widgets.ts'

const CHART_KINDS: ChartKind[] = ['line', 'bar', 'area', 'pie', 'doughnut']

/**
 * One series of a chart over a trend of the widget resource's scoped query.
 */
export interface ChartTrendOptions {
  /** Name of the series (in the legend) */
  label: LocalizedText
  /** Date or date-time attribute (default: `createdAt`) */
  column?: string
  /** Bucket size (default: `day`) */
  per?: TrendInterval
  /** What is computed (default: `count`) */
  aggregate?: TrendAggregate
  /** The numeric attribute of `sum` and `avg` */
  of?: string
  /** Days shown without a dashboard date range (default: 30) */
  days?: number
}

/**
 * Rows counted per value of an attribute (pie and doughnut charts).
 */
interface CountByOptions {
  column: string
  options: FieldOptions
  label: LocalizedText
  /** Count only rows whose date attribute falls in the dashboard's range */
  dateColumn?: string
}

/**
 * What a chart's `data()` callback returns.
 */
export interface ChartData {
  labels: string[]
  datasets: ChartDatasetContract[]
}

const TREND_LABELS: Record<TrendInterval, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  week: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
}

/**
 * A chart (line, bar, area, pie, doughnut) drawn with Chart.js by both
 * renderers. Its data is computed on the server: trends of the widget
 * resource's scoped query, counts per option of an attribute, or your own
 * callback. Labels are written in the panel's locale.
 *
 * @example
 * ```ts
 * ChartWidget.make('posts-per-week')
 *   .resource(() => import('#resources/post_resource'))
 *   .chart('bar')
 *   .trend({ label: 'Posts', per: 'week' })
 * ```
 */
export class ChartWidget extends Widget {
  readonly type = 'chart'
  #chart: ChartKind = 'line'
  #trends: ChartTrendOptions[] = []
  #countBy: CountByOptions | null = null
  #data: ((context: WidgetContext) => Promise<ChartData> | ChartData) | null = null

  static make(id: string) {
    return new this(id)
  }

  /**
   * The kind of chart (default: `line`).
   */
  chart(kind: ChartKind): this {
    if (!CHART_KINDS.includes(kind)) {
      throw new KitConfigurationException(
        `ChartWidget "${this.id}": chart() takes one of ${CHART_KINDS.join(', ')}`
      )
    }
    this.#chart = kind
    return this
  }

  /**
   * Add a series: a trend of the resource's scoped query over the
   * dashboard's date range.
   */
  trend(options: ChartTrendOptions): this {
    if ((options.aggregate === 'sum' || options.aggregate === 'avg') && !options.of) {
      throw new KitConfigurationException(
        `ChartWidget "${this.id}": trend({ aggregate: '${options.aggregate}' }) needs "of"`
      )
    }
    this.#trends.push({ ...options })
    return this
  }

  /**
   * One series counting the rows per value of an attribute, in the order
   * of its options (values outside them are not counted). Labels are the
   * options' labels in the request's language.
   *
   * @example
   * ```ts
   * .countBy('status', { draft: { en: 'Draft', fr: 'Brouillon' }, published: { en: 'Published', fr: 'Publié' } })
   * ```
   */
  countBy(
    column: string,
    options: FieldOptions,
    settings: { label?: LocalizedText; dateColumn?: string } = {}
  ): this {
    this.#countBy = {
      column,
      options,
      label: settings.label ?? this.id,
      dateColumn: settings.dateColumn,
    }
    return this
  }

  /**
   * Compute the labels and series yourself.
   */
  data(callback: (context: WidgetContext) => Promise<ChartData> | ChartData): this {
    this.#data = callback
    return this
  }

  async serialize(context: WidgetContext): Promise<WidgetContract> {
    const data = await this.#compute(context)
    const label = this.getLabel()
    const contract: ChartWidgetContract = {
      type: 'chart',
      id: this.id,
      label,
      chart: this.#chart,
      labels: data.labels,
      datasets: data.datasets,
      summary: chartSummary(label ?? this.id, data, context),
    }
    return contract
  }

  async #compute(context: WidgetContext): Promise<ChartData> {
    if (this.#data) {
      return this.#data(context)
    }
    if (this.#countBy) {
      return this.#computeCountBy(context, this.#countBy)
    }
    if (!this.#trends.length) {
      throw new KitConfigurationException(
        `ChartWidget "${this.id}" has no data: call trend(), countBy() or data()`
      )
    }
    const locale = contextTranslator(context).locale
    let labels: string[] = []
    const datasets: ChartDatasetContract[] = []
    for (const options of this.#trends) {
      const range = trendRange(context, options.days)
      const per = options.per ?? 'day'
      const points = await Trend.query(context.scopedQuery())
        .dateColumn(options.column ?? 'createdAt')
        .between(range.start, range.end)
        .per(per)
        .aggregate(options.aggregate ?? 'count', options.of)
      const format = new Intl.DateTimeFormat(locale, TREND_LABELS[per])
      labels = points.map((point) => format.format(new Date(`${point.date}T00:00:00Z`)))
      datasets.push({ label: localize(options.label), data: points.map((point) => point.value) })
    }
    return { labels, datasets }
  }

  async #computeCountBy(context: WidgetContext, settings: CountByOptions): Promise<ChartData> {
    const query = context.scopedQuery()
    const model = query.model as LucidModel
    const column = `${model.table}.${model.$getColumn(settings.column)?.columnName ?? settings.column}`
    if (!/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/.test(column)) {
      throw new KitConfigurationException(
        `ChartWidget "${this.id}": countBy() needs a column name, not ${JSON.stringify(settings.column)}`
      )
    }
    let counted = query.clone().clearSelect().clearOrder()
    if (settings.dateColumn) {
      const range = trendRange(context)
      counted = Trend.query(query)
        .dateColumn(settings.dateColumn)
        .between(range.start, range.end)
        .inRange(counted)
    }
    const rows = (await counted
      .select(query.client.raw(`${column} as kit_bucket, count(*) as kit_value`))
      .groupBy(column)
      .pojo()) as { kit_bucket: unknown; kit_value: unknown }[]
    const counts = new Map(rows.map((row) => [String(row.kit_bucket), Number(row.kit_value)]))
    const entries = optionEntries(settings.options)
    return {
      labels: entries.map((entry) => localize(entry.label)),
      datasets: [
        {
          label: localize(settings.label),
          data: entries.map((entry) => counts.get(entry.value) ?? 0),
        },
      ],
    }
  }
}

/**
 * A sentence naming a chart's values, for assistive technologies.
 */
function chartSummary(label: string, data: ChartData, context: WidgetContext): string {
  const translator = contextTranslator(context)
  const series = data.datasets
    .map((dataset) => {
      const points = data.labels.map(
        (name, index) => `${name}: ${formatNumber(dataset.data[index] ?? null, translator.locale)}`
      )
      return `${dataset.label} (${points.join(', ')})`
    })
    .join('; ')
  return translator.t('dashboard.chart.summary', { label, series })
}

function formatNumber(value: number | null, locale: string): string {
  return value === null ? '–' : new Intl.NumberFormat(locale).format(value)
}

/**
 * A few rows of the widget resource's table (the named columns, formatted
 * as on its list page), read through its scoped query, with a link to the
 * list when the user may open it.
 *
 * @example
 * ```ts
 * TableWidget.make('latest-posts')
 *   .resource(() => import('#resources/post_resource'))
 *   .columns(['title', 'status'])
 *   .sortBy('createdAt', 'desc')
 *   .limit(5)
 * ```
 */
export class TableWidget extends Widget {
  readonly type = 'table'
  #columns: string[] = []
  #sort: { column: string; direction: 'asc' | 'desc' } | null = null
  #limit = 5

  static make(id: string) {
    return new this(id)
  }

  /**
   * Columns of the resource's table to show (default: all of them).
   */
  columns(names: string[]): this {
    if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
      throw new KitConfigurationException(`TableWidget "${this.id}": columns() takes names`)
    }
    this.#columns = [...names]
    return this
  }

  /**
   * Order of the rows (an attribute of the model).
   */
  sortBy(column: string, direction: 'asc' | 'desc' = 'asc'): this {
    if (direction !== 'asc' && direction !== 'desc') {
      throw new KitConfigurationException(`TableWidget "${this.id}": sortBy() direction`)
    }
    this.#sort = { column, direction }
    return this
  }

  /**
   * How many rows (1 to 50, default 5).
   */
  limit(limit: number): this {
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) {
      throw new KitConfigurationException(`TableWidget "${this.id}": limit() takes 1 to 50`)
    }
    this.#limit = limit
    return this
  }

  async serialize(context: WidgetContext): Promise<WidgetContract> {
    if (!context.services) {
      throw new KitConfigurationException(`TableWidget "${this.id}" is shown on dashboards only`)
    }
    const table = await context.services.tableRows({
      columns: this.#columns,
      sort: this.#sort,
      limit: this.#limit,
    })
    const contract: TableWidgetContract = {
      type: 'table',
      id: this.id,
      label: this.getLabel(),
      ...table,
      empty: contextTranslator(context).t('dashboard.table.empty'),
    }
    return contract
  }
}
