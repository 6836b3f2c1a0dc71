import { Head, Link, router } from '@inertiajs/react'
import { useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react'
import type {
  ChartWidgetContract,
  DashboardContract,
  KitPageProps,
  StatContract,
  TableWidgetContract,
  WidgetContract,
} from '../renderers/types.ts'
import { dashboardFilterUrl, drawChart, sparklinePoints } from '../renderers/dashboard.ts'
import { PanelShell } from './panel_shell.tsx'
import { renderKitComponent, type WidgetProps } from './registry.tsx'
import { useText } from './text.tsx'

/**
 * A stat's sparkline and its change against the previous period.
 */
export function StatTrend({ stat }: { stat: StatContract }) {
  return (
    <>
      {stat.trend?.length ? (
        <dd className="kit-stat-trend" aria-hidden="true">
          <svg viewBox="0 0 100 24" preserveAspectRatio="none" focusable="false">
            <polyline points={sparklinePoints(stat.trend)} />
          </svg>
        </dd>
      ) : null}
      {stat.change ? (
        <dd className={`kit-stat-change kit-stat-change-${stat.change.direction}`}>
          {stat.change.text}
        </dd>
      ) : null}
    </>
  )
}

/**
 * A chart widget: Chart.js, loaded when the first chart is drawn, on a
 * canvas described by the chart's summary.
 */
export function ChartWidget({ widget }: WidgetProps<ChartWidgetContract>) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return
    return drawChart(canvas.current, widget)
  }, [widget])
  return (
    <article className="kit-widget kit-chart-widget" data-chart={widget.chart}>
      {widget.label ? <h2>{widget.label}</h2> : null}
      <div className="kit-chart">
        <canvas ref={canvas} role="img" aria-label={widget.summary}>
          {widget.summary}
        </canvas>
      </div>
    </article>
  )
}

/**
 * A table widget: a few rows of a resource's table, each cell drawn by
 * the column's registered component.
 */
export function TableWidget({ widget }: WidgetProps<TableWidgetContract>) {
  const t = useText()
  return (
    <article className="kit-widget kit-table-widget">
      {widget.label ? <h2>{widget.label}</h2> : null}
      {widget.rows.length === 0 ? (
        <p className="kit-table-widget-empty">{widget.empty}</p>
      ) : (
        <div className="kit-table-scroll">
          <table>
            {widget.label ? <caption className="kit-sr-only">{widget.label}</caption> : null}
            <thead>
              <tr>
                {widget.columns.map((column) => (
                  <th key={column.name} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {widget.rows.map((row) => (
                <tr key={row.key}>
                  {widget.columns.map((column) => (
                    <td key={column.name}>
                      {renderKitComponent('columns', column.type, { column, row })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {widget.url ? (
        <p className="kit-table-widget-link">
          <Link href={widget.url}>{t('dashboard.table.viewAll')}</Link>
        </p>
      ) : null}
    </article>
  )
}

/**
 * The date range of a dashboard: two dates and a button; the page is
 * visited again with them in its query string.
 */
function DashboardFilters({ dashboard }: { dashboard: DashboardContract }) {
  const t = useText()
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(dashboard.filters.map((filter) => [filter.name, filter.value]))
  )
  useEffect(() => {
    setValues(Object.fromEntries(dashboard.filters.map((filter) => [filter.name, filter.value])))
  }, [dashboard])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.visit(dashboardFilterUrl(dashboard, values))
  }
  return (
    <form className="kit-dashboard-filters" onSubmit={submit} aria-label={t('dashboard.filters')}>
      {dashboard.filters.map((filter) => {
        const id = `kit-dashboard-${filter.name}`
        return (
          <div key={filter.name} className="kit-field">
            <label htmlFor={id}>{filter.label}</label>
            <input
              id={id}
              name={filter.name}
              type="date"
              className="kit-input"
              value={values[filter.name] ?? ''}
              aria-invalid={filter.error ? true : undefined}
              aria-describedby={filter.error ? `${id}-error` : undefined}
              onChange={(event) =>
                setValues((current) => ({ ...current, [filter.name]: event.target.value }))
              }
            />
            {filter.error ? (
              <p id={`${id}-error`} className="kit-field-error">
                {filter.error}
              </p>
            ) : null}
          </div>
        )
      })}
      <button type="submit" className="kit-button kit-button-primary">
        {t('dashboard.filters.apply')}
      </button>
    </form>
  )
}

/**
 * A dashboard page (`kit/dashboard`): the grid of the widgets the user may
 * see, each a placeholder until the deferred `dashboardWidgets` arrive,
 * reloaded every `poll` seconds when the dashboard polls.
 */
export function DashboardPage({
  dashboard,
  widgets,
  navigation,
  kitPanel,
}: {
  dashboard: DashboardContract
  widgets?: Record<string, WidgetContract>
  navigation?: KitPageProps['navigation']
  kitPanel?: KitPageProps['kitPanel']
}) {
  const t = useText()
  useEffect(() => {
    if (!dashboard.poll) return
    const timer = setInterval(
      () => router.reload({ only: ['dashboardWidgets'] }),
      dashboard.poll * 1000
    )
    return () => clearInterval(timer)
  }, [dashboard.poll])
  return (
    <PanelShell navigation={navigation} kitPanel={kitPanel}>
      <Head title={dashboard.title} />
      <main className="kit-main kit-dashboard">
        <header className="kit-header">
          <h1>{dashboard.title}</h1>
        </header>
        {dashboard.filters.length ? <DashboardFilters dashboard={dashboard} /> : null}
        <section
          className="kit-dashboard-grid"
          aria-label={t('dashboard.widgets')}
          aria-busy={widgets ? undefined : true}
          style={{ '--kit-dashboard-columns': dashboard.columns } as CSSProperties}
        >
          {dashboard.widgets.map((slot) => {
            const widget = widgets?.[slot.id]
            return (
              <div
                key={slot.id}
                className="kit-dashboard-cell"
                data-widget={slot.id}
                style={{ '--kit-span': slot.span } as CSSProperties}
              >
                {widget ? (
                  renderKitComponent('widgets', widget.type, { widget })
                ) : (
                  <article className="kit-widget kit-widget-loading">
                    {slot.label ? <h2>{slot.label}</h2> : null}
                    <p>{t('dashboard.loading')}</p>
                  </article>
                )}
              </div>
            )
          })}
        </section>
      </main>
    </PanelShell>
  )
}
