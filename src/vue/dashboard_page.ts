import { defineComponent, h, onBeforeUnmount, onMounted, ref, watch, type PropType } from 'vue'
import { Head, Link, router } from '@inertiajs/vue3'
import type {
  ChartWidgetContract,
  DashboardContract,
  KitPanelContract,
  NavigationItem,
  StatContract,
  TableWidgetContract,
  WidgetContract,
} from '../renderers/types.ts'
import { dashboardFilterUrl, drawChart, sparklinePoints } from '../renderers/dashboard.ts'
import { PanelShell } from './panel_shell.ts'
import { renderComponent, renderKitComponent, type WidgetProps } from './registry.ts'
import { useText } from './text.ts'

/**
 * A stat's sparkline and its change against the previous period.
 */
export function statTrend(stat: StatContract) {
  return [
    stat.trend?.length
      ? h('dd', { 'class': 'kit-stat-trend', 'aria-hidden': 'true' }, [
          h('svg', { viewBox: '0 0 100 24', preserveAspectRatio: 'none', focusable: 'false' }, [
            h('polyline', { points: sparklinePoints(stat.trend) }),
          ]),
        ])
      : null,
    stat.change
      ? h(
          'dd',
          { class: ['kit-stat-change', `kit-stat-change-${stat.change.direction}`] },
          stat.change.text
        )
      : null,
  ]
}

/**
 * A chart widget: Chart.js, loaded when the first chart is drawn, on a
 * canvas described by the chart's summary.
 */
export const ChartWidget = defineComponent({
  name: 'ChartWidget',
  props: { widget: { type: Object as PropType<ChartWidgetContract>, required: true } },
  setup(props) {
    const canvas = ref<HTMLCanvasElement | null>(null)
    let stop: (() => void) | null = null
    const draw = () => {
      stop?.()
      stop = canvas.value ? drawChart(canvas.value, props.widget) : null
    }
    onMounted(draw)
    watch(() => props.widget, draw)
    onBeforeUnmount(() => stop?.())
    return () =>
      h('article', { 'class': 'kit-widget kit-chart-widget', 'data-chart': props.widget.chart }, [
        props.widget.label ? h('h2', props.widget.label) : null,
        h('div', { class: 'kit-chart' }, [
          h(
            'canvas',
            { 'ref': canvas, 'role': 'img', 'aria-label': props.widget.summary },
            props.widget.summary
          ),
        ]),
      ])
  },
})

/**
 * A table widget: a few rows of a resource's table, each cell drawn by
 * the column's registered component.
 */
export const TableWidget = renderComponent(({ widget }: WidgetProps<TableWidgetContract>) => {
  const t = useText()
  return h('article', { class: 'kit-widget kit-table-widget' }, [
    widget.label ? h('h2', widget.label) : null,
    widget.rows.length === 0
      ? h('p', { class: 'kit-table-widget-empty' }, widget.empty)
      : h('div', { class: 'kit-table-scroll' }, [
          h('table', [
            widget.label ? h('caption', { class: 'kit-sr-only' }, widget.label) : null,
            h('thead', [
              h(
                'tr',
                widget.columns.map((column) =>
                  h('th', { key: column.name, scope: 'col' }, column.label)
                )
              ),
            ]),
            h(
              'tbody',
              widget.rows.map((row) =>
                h(
                  'tr',
                  { key: row.key },
                  widget.columns.map((column) =>
                    h('td', { key: column.name }, [
                      renderKitComponent('columns', column.type, { column, row }),
                    ])
                  )
                )
              )
            ),
          ]),
        ]),
    widget.url
      ? h('p', { class: 'kit-table-widget-link' }, [
          h(Link, { href: widget.url }, () => t('dashboard.table.viewAll')),
        ])
      : null,
  ])
})

/**
 * The date range of a dashboard: two dates and a button; the page is
 * visited again with them in its query string.
 */
const DashboardFilters = defineComponent({
  name: 'DashboardFilters',
  props: { dashboard: { type: Object as PropType<DashboardContract>, required: true } },
  setup(props) {
    const t = useText()
    const initial = () =>
      Object.fromEntries(props.dashboard.filters.map((filter) => [filter.name, filter.value]))
    const values = ref<Record<string, string>>(initial())
    watch(
      () => props.dashboard,
      () => (values.value = initial())
    )
    const submit = (event: Event) => {
      event.preventDefault()
      router.visit(dashboardFilterUrl(props.dashboard, values.value))
    }
    return () =>
      h(
        'form',
        {
          'class': 'kit-dashboard-filters',
          'aria-label': t('dashboard.filters'),
          'onSubmit': submit,
        },
        [
          ...props.dashboard.filters.map((filter) => {
            const id = `kit-dashboard-${filter.name}`
            return h('div', { key: filter.name, class: 'kit-field' }, [
              h('label', { for: id }, filter.label),
              h('input', {
                'id': id,
                'name': filter.name,
                'type': 'date',
                'class': 'kit-input',
                'value': values.value[filter.name] ?? '',
                'aria-invalid': filter.error ? 'true' : undefined,
                'aria-describedby': filter.error ? `${id}-error` : undefined,
                'onInput': (event: Event) => {
                  values.value = {
                    ...values.value,
                    [filter.name]: (event.target as HTMLInputElement).value,
                  }
                },
              }),
              filter.error
                ? h('p', { id: `${id}-error`, class: 'kit-field-error' }, filter.error)
                : null,
            ])
          }),
          h(
            'button',
            { type: 'submit', class: 'kit-button kit-button-primary' },
            t('dashboard.filters.apply')
          ),
        ]
      )
  },
})

/**
 * A dashboard page (`kit/dashboard`): the grid of the widgets the user may
 * see, each a placeholder until the deferred `dashboardWidgets` arrive,
 * reloaded every `poll` seconds when the dashboard polls.
 */
export const DashboardPage = defineComponent({
  name: 'DashboardPage',
  props: {
    dashboard: { type: Object as PropType<DashboardContract>, required: true },
    widgets: { type: Object as PropType<Record<string, WidgetContract> | null>, default: null },
    navigation: { type: Array as PropType<NavigationItem[] | null>, default: null },
    kitPanel: { type: Object as PropType<KitPanelContract | null>, default: null },
  },
  setup(props) {
    const t = useText()
    let timer: ReturnType<typeof setInterval> | null = null
    onMounted(() => {
      if (props.dashboard.poll) {
        timer = setInterval(
          () => router.reload({ only: ['dashboardWidgets'] }),
          props.dashboard.poll * 1000
        )
      }
    })
    onBeforeUnmount(() => {
      if (timer) clearInterval(timer)
    })
    return () => {
      const dashboard = props.dashboard
      return h(PanelShell, { navigation: props.navigation, kitPanel: props.kitPanel }, () => [
        h(Head, { title: dashboard.title }),
        h('main', { class: 'kit-main kit-dashboard' }, [
          h('header', { class: 'kit-header' }, [h('h1', dashboard.title)]),
          dashboard.filters.length ? h(DashboardFilters, { dashboard }) : null,
          h(
            'section',
            {
              'class': 'kit-dashboard-grid',
              'aria-label': t('dashboard.widgets'),
              'aria-busy': props.widgets ? undefined : 'true',
              'style': { '--kit-dashboard-columns': String(dashboard.columns) },
            },
            dashboard.widgets.map((slot) => {
              const widget = props.widgets?.[slot.id]
              return h(
                'div',
                {
                  'key': slot.id,
                  'class': 'kit-dashboard-cell',
                  'data-widget': slot.id,
                  'style': { '--kit-span': String(slot.span) },
                },
                [
                  widget
                    ? renderKitComponent('widgets', widget.type, { widget })
                    : h('article', { class: 'kit-widget kit-widget-loading' }, [
                        slot.label ? h('h2', slot.label) : null,
                        h('p', t('dashboard.loading')),
                      ]),
                ]
              )
            })
          ),
        ]),
      ])
    }
  },
})
