/*
 * Dashboards, shared by both renderers (no framework): the filter form's
 * URL, sparklines, and Chart.js charts (loaded on demand, drawn in the
 * theme's colors, drawn again when light and dark mode switch).
 */

import type { ChartWidgetContract, DashboardContract } from '../contracts/main.ts'

/**
 * The URL a dashboard's filter form goes to: the page's path with the
 * filter values (empty ones left out).
 */
export function dashboardFilterUrl(
  dashboard: DashboardContract,
  values: Record<string, string>
): string {
  const path = dashboard.url.split('?')[0]
  const query = new URLSearchParams()
  for (const filter of dashboard.filters) {
    const value = values[filter.name]
    if (value) query.set(filter.name, value)
  }
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

/**
 * The points of a sparkline (an SVG polyline) in a `width` x `height` box;
 * null values are drawn as zero.
 */
export function sparklinePoints(values: (number | null)[], width = 100, height = 24): string {
  if (!values.length) return ''
  const numbers = values.map((value) => value ?? 0)
  const max = Math.max(...numbers)
  const min = Math.min(...numbers)
  const spread = max - min || 1
  const step = numbers.length > 1 ? width / (numbers.length - 1) : 0
  return numbers
    .map((value, index) => {
      const x = Math.round(index * step * 100) / 100
      const y = Math.round((height - 2 - ((value - min) / spread) * (height - 4)) * 100) / 100
      return `${x},${y}`
    })
    .join(' ')
}

/** What this file uses of the browser (the server build has no DOM types) */
interface CanvasElement {
  parentElement: object | null
  setAttribute(name: string, value: string): void
  removeAttribute(name: string): void
}
const browser = globalThis as unknown as {
  getComputedStyle?: (element: object) => {
    getPropertyValue(name: string): string
    color: string
  }
  document?: {
    documentElement: object
    createElement(name: 'canvas'): {
      width: number
      height: number
      getContext(
        kind: '2d',
        options?: object
      ): {
        fillStyle: string
        fillRect(x: number, y: number, w: number, h: number): void
        getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> }
      } | null
    }
  }
  MutationObserver?: new (callback: () => void) => {
    observe(target: object, options: { attributes: boolean; attributeFilter: string[] }): void
    disconnect(): void
  }
}

/**
 * Any CSS color (`oklch(...)`, a variable's value) as `rgb()`, which
 * Chart.js can lighten and blend.
 */
function rgb(color: string, alpha = 1): string {
  const canvas = browser.document?.createElement('canvas')
  const context = canvas?.getContext('2d', { willReadFrequently: true })
  if (!canvas || !context || !color) return color
  canvas.width = 1
  canvas.height = 1
  context.fillStyle = '#000'
  context.fillStyle = color
  context.fillRect(0, 0, 1, 1)
  const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data)
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}

const SHADES = ['500', '300', '700', '400', '600', '200', '800']

/**
 * The theme's colors around an element: text, grid lines and a series of
 * colors (the primary scale, then the gray one).
 */
function palette(element: object) {
  const style = browser.getComputedStyle?.(element)
  const variable = (name: string) => style?.getPropertyValue(name).trim() ?? ''
  const colors = [
    ...SHADES.map((shade) => variable(`--kit-primary-${shade}`)),
    ...['400', '600'].map((shade) => variable(`--kit-gray-${shade}`)),
  ].filter(Boolean)
  const text = style?.color ?? '#374151'
  return {
    text: rgb(text),
    grid: rgb(text, 0.15),
    colors: colors.length ? colors.map((color) => rgb(color)) : ['rgba(99, 102, 241, 1)'],
  }
}

/**
 * The Chart.js configuration of a chart widget in a palette.
 */
export function chartConfiguration(
  widget: ChartWidgetContract,
  colors: { text: string; grid: string; colors: string[] }
) {
  const round = widget.chart === 'pie' || widget.chart === 'doughnut'
  const datasets = widget.datasets.map((dataset, index) => {
    const color = colors.colors[index % colors.colors.length]
    if (round) {
      return {
        label: dataset.label,
        data: dataset.data,
        backgroundColor: dataset.data.map((_, at) => colors.colors[at % colors.colors.length]),
        borderColor: colors.grid,
      }
    }
    return {
      label: dataset.label,
      data: dataset.data,
      borderColor: color,
      backgroundColor: widget.chart === 'line' ? color : color.replace(/, 1\)$/, ', 0.35)'),
      fill: widget.chart === 'area',
      tension: 0.3,
    }
  })
  return {
    type: widget.chart === 'area' ? 'line' : widget.chart,
    data: { labels: widget.labels, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      color: colors.text,
      plugins: { legend: { display: round || widget.datasets.length > 1 } },
      scales: round
        ? {}
        : {
            x: { ticks: { color: colors.text }, grid: { color: colors.grid } },
            y: {
              beginAtZero: true,
              ticks: { color: colors.text, precision: 0 },
              grid: { color: colors.grid },
            },
          },
    },
  }
}

/**
 * Draw a chart widget on a canvas with Chart.js (imported on first use),
 * in the theme's colors, and draw it again when the mode switches. The
 * canvas carries `data-kit-drawn` once drawn. Returns what stops it.
 */
export function drawChart(canvas: CanvasElement, widget: ChartWidgetContract): () => void {
  let stopped = false
  let chart: { destroy(): void } | null = null
  const draw = async () => {
    const { default: Chart } = await import('chart.js/auto')
    if (stopped) return
    chart?.destroy()
    canvas.removeAttribute('data-kit-drawn')
    const configuration = chartConfiguration(widget, palette(canvas.parentElement ?? canvas))
    chart = new Chart(canvas as never, configuration as never)
    canvas.setAttribute('data-kit-drawn', 'true')
  }
  void draw()
  const Observer = browser.MutationObserver
  const observer = Observer ? new Observer(() => void draw()) : null
  if (observer && browser.document) {
    observer.observe(browser.document.documentElement, {
      attributes: true,
      attributeFilter: ['class'],
    })
  }
  return () => {
    stopped = true
    observer?.disconnect()
    chart?.destroy()
  }
}
