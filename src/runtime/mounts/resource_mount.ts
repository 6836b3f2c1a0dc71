import type { MountedDashboard } from '../dashboards/dashboard_page.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { HttpContext } from '@adonisjs/core/http'
import { parseRoute } from '@adonisjs/core/http/helpers'
import { createUrlBuilder, type ClientRouteJSON } from '@adonisjs/core/http/url_builder_client'
import { KitConfigurationException, KitUrlException } from '../../support/errors.ts'
import type { PageRoute, ResourcePage } from '../../definitions/pages/resource_page.ts'
import { normalizeRecordKey, type Resource } from '../../definitions/resource/resource.ts'
import type { KitMiddleware, KitContext } from '../../definitions/types.ts'
import { joinPath } from '../../support/path_safety.ts'
import { Tenancy } from '../../definitions/tenancy/tenancy.ts'
import type { BoundParent } from '../../definitions/nesting/parent_registration.ts'
import { buildInfolist, type BuiltInfolist } from '../../definitions/infolist/infolist.ts'
import { readableAttribute, type AttributePath } from '../../definitions/resource/attribute_path.ts'
import type {
  PanelNotificationSettings,
  PanelPageDefaults,
  TenantRouteOptions,
} from '../../definitions/panel/panel.ts'
import { notificationsPath } from '../notifications/notification_paths.ts'
import { broadcastsLive, notificationChannel, notifiableKey } from '../notifications/notifier.ts'
import type { AuditSettings } from '../audit/audit_settings.ts'
import type { Presentation } from '../../support/value_format.ts'
import type { KitPanelContract } from '../../contracts/main.ts'
import type { LocalizedText } from '../../support/localized_text.ts'
import type { NavigationGroup, NavigationLink } from '../../definitions/panel/panel_navigation.ts'
import { RelationRegistry } from '../relations/relation_mount.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import { registerMount } from './mount_registry.ts'
import { userMenuFor, type PanelAccount } from '../account/panel_account.ts'
import { activeImpersonation } from '../account/impersonation_state.ts'
import {
  validateForm,
  validateFormPages,
  validateModel,
  validatePage,
  validateTable,
} from './mount_validation.ts'

/**
 * Resolves the user of an HTTP request.
 */
export type UserResolver = (ctx: HttpContext) => KitContext['user'] | Promise<KitContext['user']>

/**
 * Where and how a resource is mounted: on a panel or through the route
 * facade.
 */
export interface MountOptions {
  /** Panel id, or null for the route facade */
  panelId: string | null
  /** Path prefix (`/admin`) */
  prefix: string
  /** Route-name prefix (`kit.admin`) */
  name: string
  /** Middleware applied to every route */
  middleware: KitMiddleware[]
  /** Middleware applied to POST, PATCH and DELETE only */
  mutationMiddleware: KitMiddleware[]
  /** How the user of a request is found */
  resolveUser: UserResolver
  /**
   * Every resource mounted on the same panel (filled by the kit as the panel
   * is mounted): the source of the panel's navigation.
   */
  panelMounts?: ResourceMount[]
  /** The panel's page defaults (components per page kind, shared props) */
  pageDefaults?: PanelPageDefaults
  /** Locale and time zone of formatted values (default: en-US, UTC) */
  presentation?: Presentation
  /** The CSS variables of the panel's theme (`panel().theme()`) */
  theme?: Record<string, string>
  /** The name in the sidebar's header (`panel().brandName()`) */
  brandName?: string
  /** The logo, its height and the favicon (`panel().brandLogo()`, `favicon()`) */
  branding?: { logo?: { light: string; dark?: string }; logoHeight?: string; favicon?: string }
  /** The audit trail of the mount's mutations (default: off) */
  audit?: AuditSettings
  /** Tenant routing: every URL starts with the tenant segment */
  tenant?: TenantRouteOptions
  /** The panel's sign-in, profile and user menu (`panel().login()`) */
  account?: PanelAccount
  /** The panel's dashboards (`panel().dashboard()`, `dashboards()`), first in its navigation */
  dashboards?: MountedDashboard[]
  /** The panel's notification bell (`panel().notifications()`) */
  notifications?: PanelNotificationSettings
  /** The navigation items of the panel's plugins (their pages' and links) */
  pluginNavigation?: PluginNavigationEntry[]
  /** The panel's navigation groups (`panel().navigationGroups()`) */
  navigationGroups?: NavigationGroup[]
  /** The panel's custom navigation links (`panel().navigationItems()`) */
  navigationLinks?: NavigationLink[]
}

/**
 * A navigation item a plugin adds: a page of its own or a link.
 */
export interface PluginNavigationEntry {
  label: LocalizedText
  url: string
  icon?: string
  sort?: number
  group?: LocalizedText
  visible?: (context: KitContext) => boolean | Promise<boolean>
  /** Open in a new tab (custom links) */
  openInNewTab?: boolean
}

export type { TenantRouteOptions }

/**
 * The brand name, theme, logo and favicon of a panel's contract, when it
 * declares them.
 */
export function panelBranding(options: MountOptions): Partial<KitPanelContract> {
  const contract: Partial<KitPanelContract> = {}
  if (options.brandName) contract.brand = options.brandName
  if (options.theme && Object.keys(options.theme).length) contract.theme = options.theme
  const { logo, logoHeight, favicon } = options.branding ?? {}
  if (logo) contract.logo = { ...logo, ...(logoHeight ? { height: logoHeight } : {}) }
  if (favicon) contract.favicon = favicon
  return contract
}

/**
 * The URL of a tenant's panel home: the landing dashboard, else the first
 * resource's list.
 */
export function tenantHomeUrl(options: MountOptions, key: string): string {
  const segment = encodeURIComponent(key)
  const parameter = `:${options.tenant?.parameter ?? 'tenant'}`
  const first = options.dashboards?.some((entry) => entry.landing)
    ? undefined
    : options.panelMounts?.find((mount) => !mount.isNested())
  const pattern = first ? first.basePath() : joinPath(parameter, options.prefix)
  return pattern
    .split('/')
    .map((part) => (part === parameter ? segment : part))
    .join('/')
}

/**
 * The parent of a nested resource: its mount and the validated
 * relationship.
 */
export interface ParentMount {
  mount: ResourceMount
  bound: BoundParent
}

/**
 * One page of a mounted resource.
 */
export interface MountedPage {
  key: string
  route: PageRoute
  page: ResourcePage
}

/**
 * Query-string parameter naming the record whose edit form an option form
 * belongs to.
 */
export const OPTION_RECORD_PARAMETER = '_kit_record'

/**
 * The path of each operation route under the resource's base path, by
 * route-name suffix (`kit.admin.posts.<suffix>`).
 */
export const OPERATION_PATHS = {
  'actions.header': 'actions/:action',
  'actions.bulk': 'bulk-actions/:action',
  'options.store': 'options/:field',
  'options.show': 'options/:field/:option',
  'options.update': 'options/:field/:option',
  'markdown.preview': 'markdown/:field',
  'form.state': 'state',
  'actions.row': ':record/actions/:action',
  'columns.update': ':record/columns/:column',
  'reorder': 'reorder',
  'restore': ':record/restore',
  'forceDelete': ':record/force-delete',
  'store': '',
  'update': ':record',
  'destroy': ':record',
} as const

/**
 * A route-name suffix of {@link OPERATION_PATHS}.
 */
export type OperationRouteName = keyof typeof OPERATION_PATHS

/**
 * The named routes of a mount as the framework's URL builder reads them.
 */
type KitRoutes = { ALL: Record<string, { params: Record<string, string> }> }

/**
 * A resource mounted at a path prefix: its validated configuration (pages,
 * infolist, searchable attributes, relation managers) and its named
 * routes. Built once at boot: the configuration is checked by the small
 * functions of `mount_validation.ts`, and every URL is made from the named
 * routes with the framework's URL builder.
 */
export class ResourceMount {
  readonly pages = new Map<string, MountedPage>()

  /**
   * The checked infolist, for resources with a view page.
   */
  readonly infolist: BuiltInfolist | null = null

  /**
   * The checked globally searchable attributes (empty: not searched).
   */
  readonly searchAttributes: AttributePath[]

  /**
   * The resource's relation managers, validated at boot.
   */
  readonly relations: RelationRegistry

  #urlFor?: ReturnType<typeof createUrlBuilder<KitRoutes>>
  #patterns?: Map<string, string>

  constructor(
    readonly resource: Resource<any>,
    readonly options: MountOptions,
    /** The parent of a nested resource */
    readonly parent?: ParentMount
  ) {
    const model = validateModel(resource)
    validateTable(resource, model, Boolean(options.account))
    validateForm(resource, model)
    this.#mountPages()
    if (this.pageOfKind('view')) {
      this.infolist = buildInfolist(resource)
    }
    this.searchAttributes = this.#searchAttributes()
    this.relations = new RelationRegistry(resource)
    registerMount(this)
  }

  get #where() {
    return this.resource.constructor.name
  }

  #mountPages() {
    const pages = this.resource.getPages()
    if (!pages || typeof pages !== 'object') {
      throw new KitConfigurationException(`${this.#where}.getPages() must return an object`)
    }
    for (const [key, route] of Object.entries(pages)) {
      const page = validatePage(this.resource, key, route, [...this.pages.values()])
      this.pages.set(key, { key, route, page })
    }
    validateFormPages(this.resource, [...this.pages.values()])
  }

  #searchAttributes() {
    const attributes = this.resource.globallySearchableAttributes()
    const where = `${this.#where}.globallySearchableAttributes()`
    if (!Array.isArray(attributes)) {
      throw new KitConfigurationException(`${where} must return a list of attribute names`)
    }
    return attributes.map((name) => readableAttribute(this.resource.model, name, where))
  }

  /**
   * The index page: a list page or the manage page of a simple resource.
   */
  listPage(): MountedPage | undefined {
    return this.pageOfKind('list') ?? this.pageOfKind('manage')
  }

  /**
   * Where a record is edited: its edit page, or the manage page with
   * `?edit=<key>` on a simple resource. Null when there is neither.
   */
  editUrl(record: LucidRow): string | null {
    const edit = this.pageOfKind('edit')
    if (edit) {
      return this.url(edit.key, record)
    }
    const manage = this.pageOfKind('manage')
    if (manage) {
      const key = this.recordKey(record, `page "${manage.key}" (?edit=)`)
      return this.#build(this.routeName(manage.key), `page "${manage.key}"`, {}, { edit: key })
    }
    return null
  }

  /**
   * Whether the resource is nested under a parent resource (nested resources
   * are left out of the panel navigation).
   */
  isNested(): boolean {
    return Boolean(this.parent) || Boolean(this.resource.getParentResourceRegistration())
  }

  /**
   * Route pattern of the resource's routes: `/admin/posts`, with the tenant
   * segment in front (`/:tenant/admin/posts`) and, for a nested resource,
   * under the parent record (`/admin/posts/:parent/comments`).
   */
  basePath(): string {
    if (this.parent) {
      return joinPath(
        this.parent.mount.basePath(),
        `:${this.parent.bound.parameter}`,
        this.resource.getSlug()
      )
    }
    return joinPath(this.#tenantSegment(), this.options.prefix, this.resource.getSlug())
  }

  #tenantSegment() {
    const tenant = this.options.tenant
    return tenant ? `/:${tenant.parameter ?? 'tenant'}` : '/'
  }

  /**
   * The pattern of a page or operation route, by route-name suffix.
   */
  routePath(suffix: string): string {
    const page = this.pages.get(suffix)
    const path = page ? page.route.path : OPERATION_PATHS[suffix as OperationRouteName]
    return joinPath(this.basePath(), path)
  }

  /**
   * URL of the resource's routes for the current request: the tenant and
   * the parent segments filled (the parent defaults to the request's
   * parent record).
   */
  baseUrl(parent?: LucidRow | string | number | null): string {
    return this.#build(this.routeName('store'), 'the base URL', {}, undefined, parent)
  }

  /**
   * Whether a page key is mounted.
   */
  hasPage(key: string): boolean {
    return this.pages.has(key)
  }

  /**
   * The first mounted page of a kind.
   */
  pageOfKind(kind: string): MountedPage | undefined {
    return [...this.pages.values()].find(({ route }) => route.page.kind === kind)
  }

  /**
   * URL of a page, with the record key in place of `:record` (see
   * {@link ResourceMount.recordKey} for the keys refused).
   */
  url(
    pageKey: string,
    record?: LucidRow | string | number | null,
    parent?: LucidRow | string | number | null
  ): string {
    if (!this.pages.has(pageKey)) {
      throw new KitConfigurationException(
        `${this.#where} has no page "${pageKey}" (pages: ${[...this.pages.keys()].join(', ')})`
      )
    }
    return this.#build(this.routeName(pageKey), `page "${pageKey}"`, { record }, undefined, parent)
  }

  /**
   * URL of the create (store) endpoint, or of a record's update and delete
   * endpoint.
   */
  recordUrl(record?: LucidRow | string | number | null): string {
    return record === undefined || record === null
      ? this.baseUrl()
      : this.#build(this.routeName('update'), 'the record endpoint', { record })
  }

  /**
   * The key of a record as a URL carries it, for the URL of `target` (a
   * page, an endpoint, an action): an unsaved record without a key, a
   * missing or empty key, or a key of another shape than the resource's
   * `recordKeyType` is refused (E_KIT_URL): such a URL could only answer 404.
   */
  recordKey(record: LucidRow | string | number | null | undefined, target: string): string {
    return urlKey(this.resource, record, `${this.#where}: cannot build the URL of ${target}`)
  }

  /**
   * The named routes of the mount, as the framework's URL builder reads
   * them: every page and operation route, and the panel's global search.
   */
  #routes(): ClientRouteJSON[] {
    const route = (name: string, pattern: string): ClientRouteJSON => ({
      name,
      pattern,
      tokens: parseRoute(pattern),
      methods: [],
      domain: 'root',
    })
    const suffixes = [...this.pages.keys(), ...Object.keys(OPERATION_PATHS)]
    return [
      ...suffixes.map((suffix) => route(this.routeName(suffix), this.routePath(suffix))),
      route(this.#searchRoute, joinPath(this.#tenantSegment(), searchPath(this.options.prefix))),
      route(
        this.#notificationsRoute,
        joinPath(this.#tenantSegment(), notificationsPath(this.options.prefix))
      ),
    ]
  }

  get #searchRoute() {
    return `${this.options.name}.search`
  }

  get #notificationsRoute() {
    return `${this.options.name}.notifications.index`
  }

  /**
   * Build the URL of a named route with the framework's URL builder: the
   * tenant segment from the request's tenant, the parent segment from
   * `parent` (default: the request's parent record), `:record` from the
   * record's key; a segment it cannot fill is refused (E_KIT_URL).
   */
  #build(
    name: string,
    target: string,
    segments: { record?: LucidRow | string | number | null; [name: string]: unknown },
    qs?: Record<string, string>,
    parent?: LucidRow | string | number | null
  ): string {
    /* the named routes, once */
    if (!this.#patterns) {
      const routes = this.#routes()
      this.#patterns = new Map(routes.map((route) => [route.name!, route.pattern]))
      this.#urlFor = createUrlBuilder<KitRoutes>({ root: routes }, queryString)
    }
    const path = this.#patterns.get(name)!
    const parts = path.split('/')
    const has = (parameter: string) => parts.includes(`:${parameter}`)
    const refuse = (what: string) =>
      new KitUrlException(`${this.#where}: cannot build the URL of ${target} (${path}): ${what}`)
    const { record, ...rest } = segments
    const params: Record<string, string> = {}
    for (const [key, value] of Object.entries(rest)) {
      params[key] = String(value)
    }
    /* the tenant segment: the request's tenant, by its route key */
    const tenancy = this.options.tenant ?? this.parent?.mount.options.tenant
    if (tenancy && has(tenancy.parameter ?? 'tenant')) {
      const tenant = Tenancy.current()
      if (!tenant) {
        throw refuse('it needs the current tenant')
      }
      const routeKey = tenancy.routeKey ?? tenancy.model.primaryKey
      params[tenancy.parameter ?? 'tenant'] = String(valueOf(tenant, routeKey))
    }
    /* the parent segment: the given parent, else the request's; a parent
       given for a resource that is not nested is refused, never ignored */
    if (!this.parent && parent !== undefined && parent !== null) {
      throw refuse('the resource is not nested, so a parent record cannot apply')
    }
    if (this.parent && has(this.parent.bound.parameter)) {
      const current = parent ?? Tenancy.state()?.parent
      if (current === undefined || current === null) {
        throw refuse('it needs the parent record')
      }
      params[this.parent.bound.parameter] = urlKey(
        this.parent.mount.resource,
        current,
        `${this.#where}: cannot build the URL of ${target} (${path}): the parent`
      )
    }
    /* the record's key, refused when the URL could only answer 404 */
    if (has('record')) {
      if (record === undefined || record === null) {
        throw refuse('it needs a record')
      }
      params.record = this.recordKey(record, target)
    }
    return this.#urlFor!(name, params, qs ? { qs } : undefined)
  }

  /**
   * URL template of a built-in record endpoint or hosted action, with the
   * literal `{record}` placeholder for renderers.
   */
  recordTemplate(suffix = ''): string {
    return joinPath(this.baseUrl(), '{record}', suffix)
  }

  /**
   * URL template of a page (`{record}` in place of `:record`).
   */
  pageTemplate(pageKey: string): string {
    const page = this.pages.get(pageKey)!
    return joinPath(this.baseUrl(), page.route.path.replace(':record', '{record}'))
  }

  /**
   * URL of a hosted row action for a record.
   */
  actionUrl(name: string, record: LucidRow | string | number): string {
    return this.#build(this.routeName('actions.row'), `action "${name}"`, { record, action: name })
  }

  /**
   * URL of a page-scoped header action (on a record page, for its record).
   */
  headerActionUrl(name: string, pageKey: string, record?: LucidRow | null): string {
    const target = `action "${name}"`
    return this.#build(
      this.routeName('actions.header'),
      target,
      { action: name },
      record
        ? { _kit_page: pageKey, _kit_record: this.recordKey(record, target) }
        : { _kit_page: pageKey }
    )
  }

  /**
   * URL of a bulk action.
   */
  reorderUrl(): string {
    return this.#build(this.routeName('reorder'), 'the reorder endpoint', {})
  }

  /**
   * URL of a bulk action.
   */
  bulkActionUrl(name: string): string {
    return this.#build(this.routeName('actions.bulk'), `bulk action "${name}"`, { action: name })
  }

  /**
   * URL of the global search of the panel the resource is mounted on, for
   * the current request (tenant segment filled).
   */
  panelSearchUrl(): string {
    return this.#build(this.#searchRoute, 'the global search', {})
  }

  /**
   * The `kitPanel` prop of the mount's pages: the panel's id, its global
   * search URL, and its brand name and theme when it declares them.
   */
  panelContract(user?: KitContext['user'], http?: HttpContext): KitPanelContract {
    const contract: KitPanelContract = {
      id: this.options.panelId!,
      searchUrl: this.panelSearchUrl(),
    }
    if (this.options.account && user) {
      const impersonated = activeImpersonation(http, this.options.account, user) !== null
      contract.userMenu = userMenuFor(this.options.account, user, impersonated)
    }
    const notifications = this.options.notifications
    const userId = notifiableKey(user ?? null)
    if (notifications && userId !== null) {
      contract.notifications = {
        url: this.#build(this.#notificationsRoute, 'the notifications', {}),
        channel: notifications.live && broadcastsLive() ? notificationChannel(userId) : null,
        pollSeconds: notifications.pollSeconds,
      }
    }
    Object.assign(contract, panelBranding(this.options))
    const menu = Tenancy.state()?.tenantMenu
    if (menu && this.options.tenant) {
      contract.tenants = {
        current: menu.tenants.find((tenant) => tenant.key === menu.current)?.name ?? menu.current,
        items: menu.tenants.map((tenant) => ({
          name: tenant.name,
          url:
            menu.samePath === null
              ? tenantHomeUrl(this.options, tenant.key)
              : joinPath(`/${encodeURIComponent(tenant.key)}`, menu.samePath),
          current: tenant.key === menu.current,
        })),
      }
    }
    return contract
  }

  /**
   * URL of a select's option-form endpoint, for the create form or a
   * record's edit form.
   */
  optionUrl(field: string, record?: LucidRow | string | number | null): string {
    const target = `the options of field "${field}"`
    const qs =
      record === undefined || record === null
        ? undefined
        : { [OPTION_RECORD_PARAMETER]: this.recordKey(record, target) }
    return this.#build(this.routeName('options.store'), target, { field }, qs)
  }

  /**
   * URL of a Markdown editor's preview endpoint, for the create form or a
   * record's edit form.
   */
  markdownPreviewUrl(field: string, record?: LucidRow | string | number | null): string {
    const target = `the preview of field "${field}"`
    const qs =
      record === undefined || record === null
        ? undefined
        : { [OPTION_RECORD_PARAMETER]: this.recordKey(record, target) }
    return this.#build(this.routeName('markdown.preview'), target, { field }, qs)
  }

  /**
   * URL of the form's state endpoint (live fields), for the create form or
   * a record's edit form.
   */
  stateUrl(record?: LucidRow | string | number | null): string {
    const target = 'the form state'
    const qs =
      record === undefined || record === null
        ? undefined
        : { [OPTION_RECORD_PARAMETER]: this.recordKey(record, target) }
    return this.#build(this.routeName('form.state'), target, {}, qs)
  }

  /**
   * Name of a route of this resource (`kit.admin.posts.index`).
   */
  routeName(suffix: string): string {
    const slug = this.parent
      ? `${this.parent.mount.resource.getSlug()}.${this.resource.getSlug()}`
      : this.resource.getSlug()
    return `${this.options.name}.${slug}.${suffix}`
  }
}

/**
 * The query string of a kit URL, every key and value URI-encoded.
 */
function queryString(qs: Record<string, unknown>) {
  return Object.entries(qs)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&')
}

/**
 * The key of a record of a resource as a URL segment, or a KitUrlException
 * (`<where>: the Post record is not saved`, `... key is empty`, `... key "x"
 * is not a valid integer key`).
 */
export function urlKey(
  resource: Resource<any>,
  value: LucidRow | string | number | null | undefined,
  where: string
): string {
  const model = resource.model?.name ?? 'record'
  let key: unknown = value
  if (value !== null && typeof value === 'object') {
    key = value.$primaryKeyValue
  }
  if (key === undefined || key === null || key === '') {
    const unsaved = value !== null && typeof value === 'object' && !value.$isPersisted
    throw new KitUrlException(
      unsaved
        ? `${where}: the ${model} record is not saved (it has no key yet)`
        : `${where}: the ${model} key is empty`
    )
  }
  const normalized = normalizeRecordKey(key)
  if (!resource.isValidRecordKey(normalized)) {
    throw new KitUrlException(
      `${where}: the ${model} key ${JSON.stringify(String(key))} is not a valid ${resource.recordKeyType} key (recordKeyType)`
    )
  }
  return normalized
}

/**
 * Path of a panel's global search route.
 */
export function searchPath(prefix: string) {
  return joinPath(prefix, 'search')
}
