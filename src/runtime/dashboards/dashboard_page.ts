import { DateTime } from 'luxon'
import type {
  DashboardContract,
  DashboardFilterContract,
  DashboardSlotContract,
  TableColumnContract,
  TableWidgetContract,
  WidgetContract,
} from '../../contracts/main.ts'
import { type Dashboard, MAX_DASHBOARD_RANGE_DAYS } from '../../definitions/pages/dashboard.ts'
import {
  resolveWidgets,
  type Widget,
  type WidgetContext,
  type WidgetRange,
  type WidgetResourceReference,
  type WidgetServices,
} from '../../definitions/pages/widgets.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { isClass } from '../../definitions/resource/resource.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import type { KitContext } from '../../definitions/types.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { allows } from '../authorization/authorizer.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { resourceQuery } from '../query/scoped_query.ts'
import { readTableState } from '../table/table_query.ts'
import { serializeTable } from '../table/table_serializer.ts'

/**
 * A dashboard as a panel mounts it: where it is served.
 */
export interface MountedDashboard {
  dashboard: Dashboard
  /** The landing dashboard (`<path>`), else `<path>/dashboards/<slug>` */
  landing: boolean
  panelId: string
}

/**
 * Path of a dashboard under its panel's prefix.
 */
export function dashboardPath(mounted: Pick<MountedDashboard, 'landing' | 'dashboard'>): string {
  return mounted.landing ? '' : `/dashboards/${mounted.dashboard.slug}`
}

/**
 * The URL prefix of a panel for the current request (its tenant segment
 * included), read from one of its top-level resources.
 */
export function panelUrlPrefix(mounts: ResourceMount[]): string | null {
  const mount = mounts.find((candidate) => !candidate.isNested())
  if (!mount) return null
  const base = mount.recordUrl()
  const slug = `/${mount.resource.getSlug()}`
  return base.endsWith(slug) ? base.slice(0, -slug.length) : base
}

/**
 * The title of a dashboard in the request's language.
 */
export function dashboardTitle(dashboard: Dashboard, context: KitContext): string {
  return dashboard.getLabel() ?? contextTranslator(context).t('dashboard.title')
}

/**
 * What a dashboard request asked for: the date range, or per-field errors
 * (then the default range applies).
 */
interface ReadFilters {
  range: WidgetRange | null
  filters: DashboardFilterContract[]
  invalid: boolean
}

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/

/**
 * Read `from` and `until` from the query string: each a calendar date
 * (`YYYY-MM-DD`), `from` not after `until`, at most
 * {@link MAX_DASHBOARD_RANGE_DAYS} days. Anything else is a per-field
 * error naming the field by its label, never SQL.
 */
export function readDashboardFilters(
  dashboard: Dashboard,
  query: Record<string, unknown>,
  context: KitContext
): ReadFilters {
  const settings = dashboard.getDateRange()
  if (!settings) {
    return { range: null, filters: [], invalid: false }
  }
  const t = contextTranslator(context).t.bind(contextTranslator(context))
  const today = DateTime.utc().startOf('day')
  const defaults = { from: today.minus({ days: settings.days - 1 }), until: today }
  const labels = { from: t('dashboard.filters.from'), until: t('dashboard.filters.until') }
  const values: Record<'from' | 'until', DateTime> = { ...defaults }
  const raw: Record<'from' | 'until', string> = {
    from: defaults.from.toISODate()!,
    until: defaults.until.toISODate()!,
  }
  const errors: Record<'from' | 'until', string | null> = { from: null, until: null }
  for (const name of ['from', 'until'] as const) {
    const value = query[name]
    if (value === undefined || value === '' || value === null) continue
    if (typeof value !== 'string' || !DATE.test(value)) {
      raw[name] = typeof value === 'string' ? value.slice(0, 40) : ''
      errors[name] = t('dashboard.filters.invalidDate', { field: labels[name] })
      continue
    }
    const date = DateTime.fromISO(value, { zone: 'utc' })
    raw[name] = value
    if (!date.isValid) {
      errors[name] = t('dashboard.filters.invalidDate', { field: labels[name] })
      continue
    }
    values[name] = date
  }
  if (!errors.from && !errors.until) {
    if (values.until < values.from) {
      errors.until = t('dashboard.filters.beforeStart', {
        field: labels.until,
        other: labels.from,
      })
    } else if (values.until.diff(values.from, 'days').days + 1 > MAX_DASHBOARD_RANGE_DAYS) {
      errors.until = t('dashboard.filters.tooLong', { count: MAX_DASHBOARD_RANGE_DAYS })
    }
  }
  const invalid = Boolean(errors.from || errors.until)
  return {
    range: invalid
      ? { start: defaults.from, end: defaults.until }
      : { start: values.from, end: values.until },
    filters: (['from', 'until'] as const).map((name) => ({
      name,
      label: labels[name],
      value: raw[name],
      error: errors[name],
    })),
    invalid,
  }
}

const resolvedResources = new WeakMap<Function, Function>()

/**
 * The mount of a widget's resource among the panel's; a resource the panel
 * does not mount is refused (configuration error).
 */
async function widgetMount(
  widget: Widget,
  reference: WidgetResourceReference,
  mounts: ResourceMount[],
  where: string
): Promise<ResourceMount> {
  let resourceClass = resolvedResources.get(reference)
  if (!resourceClass) {
    if (isClass(reference)) {
      resourceClass = reference
    } else {
      const module = await (reference as () => Promise<{ default?: unknown }>)()
      if (!isClass(module?.default)) {
        throw new KitConfigurationException(
          `${where}: widget "${widget.id}" resource() import has no resource class as default export`
        )
      }
      resourceClass = module.default as Function
    }
    resolvedResources.set(reference, resourceClass)
  }
  const mount = mounts.find(
    (candidate) => !candidate.isNested() && candidate.resource.constructor === resourceClass
  )
  if (!mount) {
    throw new KitConfigurationException(
      `${where}: widget "${widget.id}" reads ${resourceClass.name}, which the panel does not mount`
    )
  }
  return mount
}

/**
 * The context of one widget: its resource's scoped query, the range, and
 * the runtime's services (table rows).
 */
function widgetContext(
  context: KitContext,
  mount: ResourceMount | null,
  range: WidgetRange | null
): WidgetContext {
  const resource = mount?.resource ?? null
  return {
    ...context,
    resource,
    record: null,
    range,
    scopedQuery: () => {
      if (!resource) {
        throw new KitConfigurationException(
          'A dashboard widget without resource() has no scoped query'
        )
      }
      return resourceQuery(resource, context)
    },
    services: {
      tableRows: (options) => {
        if (!mount) {
          throw new KitConfigurationException('A table widget needs resource()')
        }
        return tableRows(mount, context, options)
      },
    },
  }
}

/**
 * A table widget's rows: the resource's table narrowed to the named
 * columns (relationship columns are not offered), its scoped query ordered
 * and limited, serialized as on the list page.
 */
async function tableRows(
  mount: ResourceMount,
  context: KitContext,
  options: Parameters<WidgetServices['tableRows']>[0]
): Promise<Pick<TableWidgetContract, 'columns' | 'rows' | 'url'>> {
  const resource = mount.resource as Resource<any>
  const table = buildTable(resource)
  const declared = table.getColumns().map((column) => column.name)
  const names = options.columns.length ? options.columns : declared
  for (const name of names) {
    if (!declared.includes(name) || name.includes('.')) {
      throw new KitConfigurationException(
        `TableWidget of ${resource.constructor.name}: "${name}" is not a column of its table (relationship columns are not offered)`
      )
    }
  }
  const query = resourceQuery(resource, context)
  if (options.sort) {
    const model = resource.model
    const column = model.$getColumn(options.sort.column)?.columnName
    if (!column) {
      throw new KitConfigurationException(
        `TableWidget of ${resource.constructor.name}: sortBy("${options.sort.column}") is not an attribute`
      )
    }
    query.orderBy(`${model.table}.${column}`, options.sort.direction)
  }
  const records = await query.limit(options.limit)
  const state = readTableState(table, {})
  const contract = await serializeTable(
    resource,
    table,
    state,
    { all: () => records, total: records.length, lastPage: 1 },
    context
  )
  const columns = contract.columns.filter((column) => names.includes(column.name))
  const rows = contract.rows.map((row) => ({
    key: row.key,
    title: row.title,
    url: row.url,
    actions: [],
    values: pick(row.values, names),
    ...(row.formatted ? { formatted: pick(row.formatted, names) } : {}),
  }))
  const index = mount.listPage()
  const url =
    index && (await allows(resource, ResourceOperation.ViewAny, null, context))
      ? mount.url(index.key)
      : null
  return { columns: columns as TableColumnContract[], rows, url }
}

function pick<T>(values: Record<string, T>, names: string[]): Record<string, T> {
  const picked: Record<string, T> = {}
  for (const name of names) {
    if (name in values) picked[name] = values[name]
  }
  return picked
}

/**
 * The widgets a user may see on a dashboard, each with its context.
 */
async function visibleWidgets(
  mounted: MountedDashboard,
  mounts: ResourceMount[],
  context: KitContext,
  range: WidgetRange | null
) {
  const where = `Panel "${mounted.panelId}" dashboard "${mounted.dashboard.slug}"`
  const widgets = await resolveWidgets(mounted.dashboard.getWidgets(), where)
  const visible: { widget: Widget; context: WidgetContext }[] = []
  for (const widget of widgets) {
    const reference = widget.getResource()
    const mount = reference ? await widgetMount(widget, reference, mounts, where) : null
    const scoped = widgetContext(context, mount, range)
    if (await widget.allows(scoped)) {
      visible.push({ widget, context: scoped })
    }
  }
  return visible
}

/**
 * A dashboard page: the slots of the widgets the user may see (sent with
 * the page) and a function computing their content (the deferred prop).
 * A widget the user may not see is in neither.
 */
export async function dashboardPage(
  mounted: MountedDashboard,
  mounts: ResourceMount[],
  context: KitContext,
  query: Record<string, unknown>,
  url: string
): Promise<{
  dashboard: DashboardContract
  invalid: boolean
  widgets: () => Promise<Record<string, WidgetContract>>
}> {
  const { dashboard } = mounted
  const filters = readDashboardFilters(dashboard, query, context)
  const visible = await visibleWidgets(mounted, mounts, context, filters.range)
  const columns = dashboard.getColumns()
  const slots: DashboardSlotContract[] = visible.map(({ widget }) => {
    const span = widget.getColumnSpan()
    return {
      id: widget.id,
      type: widget.type,
      label: widget.getLabel(),
      span: span === 'full' ? columns : Math.min(span, columns),
    }
  })
  return {
    dashboard: {
      slug: dashboard.slug,
      title: dashboardTitle(dashboard, context),
      columns,
      widgets: slots,
      filters: filters.filters,
      poll: dashboard.getPoll(),
      url,
    },
    invalid: filters.invalid,
    widgets: async () => {
      const contents: Record<string, WidgetContract> = {}
      for (const { widget, context: scoped } of visible) {
        contents[widget.id] = await widget.serialize(scoped)
      }
      return contents
    },
  }
}
