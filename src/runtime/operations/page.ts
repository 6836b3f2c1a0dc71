import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourcePageProps } from '../../contracts/main.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { allows, authorize } from '../authorization/authorizer.ts'
import { findRecord, resourceQuery } from '../query/scoped_query.ts'
import { breadcrumbsFor } from '../pages/breadcrumbs.ts'
import { openableRecordUrl } from '../pages/record_links.ts'
import { subNavigationFor } from '../pages/sub_navigation.ts'
import { visibleHeaderActions } from '../pages/header_actions.ts'
import {
  assertUniqueWidgets,
  resolveWidgets,
  serializeWidgets,
} from '../../definitions/pages/widgets.ts'
import {
  hasNavigationBadges,
  navigationBadgesFor,
  navigationFor,
  NAVIGATION_BADGES_PROP,
} from '../mounts/navigation.ts'
import type { MountedPage, ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'
import { pageKinds, pageKindDeferredProps, type PageRenderContext } from './page_kinds.ts'
import { DeferredProp } from './deferred_prop.ts'
import { isOptionSearch, optionSearchOperation } from './options.ts'
import type { JsonAnswer, PageAnswer, PageInput } from './operation.ts'
import { traced } from './trace.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { textProps } from '../../i18n/request.ts'
import { hasHistory, historyUrl } from '../audit/audit_pages.ts'
import { RecordPageAction } from '../../definitions/pages/page_actions.ts'
import { versionOf } from '../mutation/record_version.ts'
import { sourceOf } from '../records/resource_source.ts'

/**
 * The kit's own component of each page kind; a panel's page defaults
 * replace it for pages that keep it.
 */
const KIT_COMPONENTS: Record<string, string> = {
  list: 'kit/list_records',
  manage: 'kit/manage_records',
  create: 'kit/create_record',
  edit: 'kit/edit_record',
  view: 'kit/view_record',
  related: 'kit/manage_related_records',
}

/**
 * The page kinds that show the resource's own `widgets()`: its list pages.
 */
const LIST_KINDS: string[] = ['list', 'manage']

/**
 * The component a page renders: the panel's default for its kind when the
 * page keeps the kit's own, else the page's.
 */
export function pageComponent(mount: ResourceMount, current: MountedPage): string {
  const kind = current.route.page.kind
  const panelComponent =
    kind === 'custom' ? undefined : mount.options.pageDefaults?.components?.[kind]
  return panelComponent && current.page.component === KIT_COMPONENTS[kind]
    ? panelComponent
    : current.page.component
}

/**
 * A page (the GET route of every page kind). Every kind takes the same
 * steps: resolve the record of a record page through the scoped query (404
 * outside it), authorize the page's operation, then the kind's own props,
 * then what every page may carry: sub-navigation, widgets and the panel
 * navigation. An option search of the page's selects stops after the
 * authorization.
 */
export const pageOperation = traced('page', async function page(input: PageInput): Promise<
  PageAnswer | JsonAnswer
> {
  const { mount, current, context, params } = input
  const resource = mount.resource
  const where = `${resource.constructor.name}.getPages().${current.key}`

  /* 1. the record, through the scoped query */
  const record = current.page.needsRecord()
    ? await findRecord(resource, context, params.record)
    : null

  /* 2. authorization before anything else is read */
  await authorize(resource, current.page.operation(), record, context)

  /* option searches of the page's selects stop here (form pages) */
  if (isOptionSearch(input.query)) {
    return optionSearchOperation(input)
  }

  /* a partial reload that asks only for deferred props (tab badges):
     those alone, nothing else of the page is built */
  const deferred = input.partial?.length ? deferredPropsOnly(input) : null
  if (deferred) {
    return { type: 'page', component: pageComponent(mount, current), props: deferred }
  }

  /* 3. the page kind's props */
  const props = (await baseProps(mount, current, record, context)) as PageRenderContext['props']
  await pageKinds[current.route.page.kind]({ ...input, record, props })

  /* the header actions the user may run (on a record page, for its record) */
  if (current.page.headerActions().length) {
    props.headerActions = await visibleHeaderActions(mount, current, context, record)
    /* a record page's hosted actions send back the version it was drawn with */
    const hosted = current.page
      .headerActions()
      .some((action) => action.isHosted() && !(action instanceof RecordPageAction))
    if (record && props.record && hosted) {
      props.record.version = versionOf(sourceOf(resource), record)
    }
  }

  /* 4. record sub-navigation */
  if (record) {
    const subNavigation = await subNavigationFor(mount, current, record, context)
    if (subNavigation) {
      props.subNavigation = subNavigation
    }
  }

  /* 5. widgets: the resource's above its list, then the page's own (a
     widget belongs to the page that declares it: the list's stats are not
     repeated on the create, edit and view pages) */
  const widgetContext = {
    ...context,
    resource,
    record,
    scopedQuery: () => resourceQuery(resource, context),
  }
  const listKind = LIST_KINDS.includes(current.route.page.kind)
  const header = [
    ...(listKind
      ? await resolveWidgets(resource.widgets(), `${resource.constructor.name}.widgets()`)
      : []),
    ...(await resolveWidgets(current.page.headerWidgets(), `${where}.headerWidgets()`)),
  ]
  assertUniqueWidgets(header, `${where}.headerWidgets()`)
  if (header.length) {
    props.headerWidgets = await serializeWidgets(header, widgetContext)
  }
  const footer = await resolveWidgets(current.page.footerWidgets(), `${where}.footerWidgets()`)
  if (footer.length) {
    props.footerWidgets = await serializeWidgets(footer, widgetContext)
  }

  /* 6. the panel navigation and page defaults */
  if (mount.options.panelId) {
    props.navigation = await navigationFor(mount, context)
    Object.assign(
      props,
      navigationDeferredProps(input, (resolve) => new DeferredProp(resolve))
    )
  }
  const defaults = mount.options.pageDefaults
  return {
    type: 'page',
    component: pageComponent(mount, current),
    props: { ...defaults?.props, ...props },
  }
})

/**
 * The deferred props a partial reload asks for, when it asks for nothing
 * else: the page kind computes them alone (null when the page kind has
 * none, or the reload asks for another prop too).
 */
function deferredPropsOnly(input: PageInput): Record<string, DeferredProp> | null {
  const props = {
    ...pageKindDeferredProps[input.current.route.page.kind]?.(input),
    ...navigationDeferredProps(input, (resolve) => resolve),
  }
  if (!input.partial!.every((name) => name in props)) {
    return null
  }
  return Object.fromEntries(input.partial!.map((name) => [name, new DeferredProp(props[name])]))
}

/**
 * The panel navigation's deferred badges (`navigationBadges`), when a
 * resource of the panel declares one: in the page's deferred group, so
 * they load in the same request as its other deferred props.
 */
function navigationDeferredProps<T>(
  { mount, context }: PageInput,
  wrap: (resolve: () => Promise<unknown>) => T
): Record<string, T> {
  if (!mount.options.panelId || !hasNavigationBadges(mount)) return {}
  return { [NAVIGATION_BADGES_PROP]: wrap(() => navigationBadgesFor(mount, context)) }
}

/**
 * The props every resource page carries.
 */
async function baseProps(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null,
  context: KitContext
): Promise<ResourcePageProps> {
  const resource = mount.resource
  const index = mount.listPage()
  const create = mount.pageOfKind('create')
  /* the create link only for users who may create */
  const mayCreate =
    create !== undefined && (await allows(resource, ResourceOperation.Create, null, context))
  const props: ResourcePageProps = {
    resource: {
      slug: resource.getSlug(),
      label: resource.getLabel(),
      pluralLabel: resource.getPluralLabel(),
      urls: {
        index: index ? mount.url(index.key) : null,
        create: create && mayCreate ? mount.url(create.key) : null,
      },
    },
    page: pageHeading(mount, current, record, context),
    breadcrumbs: await breadcrumbsFor(mount, current, record, context),
    ...textProps(contextTranslator(context)),
  }
  if (mount.options.panelId) {
    props.kitPanel = mount.panelContract(context.user, context.http)
  }
  if (mount.parent && context.parent) {
    const parentMount = mount.parent.mount
    const parentResource = parentMount.resource
    const parentIndex = parentMount.listPage()
    props.resource.parent = {
      slug: parentResource.getSlug(),
      label: parentResource.getLabel(),
      pluralLabel: parentResource.getPluralLabel(),
      parameter: mount.parent.bound.parameter,
      urls: { index: parentIndex ? parentMount.url(parentIndex.key) : null },
    }
    props.parentRecord = {
      key: context.parent.$primaryKeyValue as string | number,
      title: parentResource.recordTitle(context.parent),
      url: await openableRecordUrl(parentMount, context.parent, context),
    }
  }
  if (record) {
    props.record = {
      key: record.$primaryKeyValue as string | number,
      title: mount.resource.recordTitle(record),
    }
    /* the record's History page, for users who may view it */
    if (hasHistory(mount) && (await allows(resource, ResourceOperation.View, record, context))) {
      props.historyUrl = historyUrl(mount, record)
    }
  }
  return props
}

/**
 * The page's names: its short title, its heading and its document title.
 */
function pageHeading(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null,
  context: KitContext
): ResourcePageProps['page'] {
  const headingContext = { ...context, resource: mount.resource, record }
  const heading = current.page.heading(headingContext)
  return {
    key: current.key,
    operation: current.page.operation().name,
    title: current.page.title(),
    heading,
    documentTitle: current.page.documentTitle(heading, headingContext),
  }
}
