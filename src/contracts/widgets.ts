/*
 * adonis-kit
 *
 * Contracts of the widgets of a page.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type { SerializableValue } from './values.ts'
import type { TableColumnContract, TableRowContract } from './table.ts'

/**
 * One number of a stats widget.
 */
export interface StatContract {
  label: string
  value: SerializableValue
  description: string | null
  /** Stats with a trend: the values of the period, one per bucket (a sparkline) */
  trend?: (number | null)[]
  /**
   * Stats with a trend: the change against the previous period of the same
   * length (null when that period had nothing to compare with)
   */
  change?: StatChangeContract | null
}

/**
 * The change of a stat against the previous period.
 */
export interface StatChangeContract {
  /** Signed percentage, rounded to one decimal */
  percent: number
  direction: 'up' | 'down' | 'flat'
  /** The change as the panel's locale writes it ("+12.5% vs previous period") */
  text: string
}

/**
 * A stats widget: numbers computed on the server.
 */
export interface StatsWidgetContract {
  type: 'stats'
  id: string
  label: string | null
  stats: StatContract[]
}

/**
 * The kinds of chart a chart widget draws (Chart.js 4 in both renderers).
 */
export type ChartKind = 'line' | 'bar' | 'area' | 'pie' | 'doughnut'

/**
 * One series of a chart.
 */
export interface ChartDatasetContract {
  label: string
  data: (number | null)[]
}

/**
 * A chart widget: labels and series computed on the server (labels in the
 * panel's locale), drawn by the renderer with Chart.js, loaded on demand.
 */
export interface ChartWidgetContract {
  type: 'chart'
  id: string
  label: string | null
  chart: ChartKind
  labels: string[]
  datasets: ChartDatasetContract[]
  /** A sentence describing the chart for assistive technologies */
  summary: string
}

/**
 * A table widget: a few rows of a resource's table (its columns, formatted
 * on the server), read through the resource's scoped query.
 */
export interface TableWidgetContract {
  type: 'table'
  id: string
  label: string | null
  columns: TableColumnContract[]
  rows: TableRowContract[]
  /** The resource's list page, when the user may open it */
  url: string | null
  /** Shown when there is no row */
  empty: string
}

/**
 * The widgets by contract `type`. A plugin adds its own by augmenting this
 * interface (`declare module 'adonis-kit/contracts'`); each renderer's
 * registry must then hold a widget component for it.
 */
export interface KitWidgetContracts {
  stats: StatsWidgetContract
  chart: ChartWidgetContract
  table: TableWidgetContract
}

/**
 * A serialized widget: one of `KitWidgetContracts`, told apart by `type`.
 */
export type WidgetContract = KitWidgetContracts[keyof KitWidgetContracts]

/**
 * A widget's place on a dashboard, sent with the page: its id, type and
 * column span. Its content comes after the page (the deferred
 * `dashboardWidgets` prop, keyed by id).
 */
export interface DashboardSlotContract {
  id: string
  type: keyof KitWidgetContracts
  label: string | null
  /** Columns of the dashboard's grid the widget spans (1 to the grid's columns) */
  span: number
}

/**
 * A dashboard filter (a date of the date range), with its value and error.
 */
export interface DashboardFilterContract {
  name: 'from' | 'until'
  label: string
  /** The value applied (`YYYY-MM-DD`), or the one refused when `error` is set */
  value: string
  error: string | null
}

/**
 * The `kitDashboard` prop of a dashboard page (`kit/dashboard`).
 */
export interface DashboardContract {
  slug: string
  title: string
  /** Columns of the widget grid on wide screens */
  columns: number
  widgets: DashboardSlotContract[]
  /** The date range, when the dashboard declares one (its values travel in the query string) */
  filters: DashboardFilterContract[]
  /** Seconds between two reloads of the widgets, or null */
  poll: number | null
  /** The page's URL (the filter form submits to it) */
  url: string
}
