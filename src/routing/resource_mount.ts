import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { RelationshipsContract } from '@adonisjs/lucid/types/relations'
import { KitConfigurationException, KitUrlException } from '../errors.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { ListRecords, PageRoute, ResourcePage } from '../pages/resource_page.ts'
import { PageTab } from '../pages/page_tab.ts'
import type { Column } from '../table/columns/column.ts'
import type { Action } from '../table/actions/action.ts'
import { BUILT_IN_ACTIONS } from '../table/actions/action_serializer.ts'
import { compiledFieldValidator, declaredFields } from '../validation/validator_cache.ts'
import { Select } from '../form/fields/select.ts'
import { assertSelectConfiguration } from '../form/select_options.ts'
import { normalizeRecordKey, type Resource } from '../resource/resource.ts'
import { isHiddenAttribute } from '../resource/serialize_value.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import type { KitMiddleware, KitContext } from '../types.ts'
import type { HttpContext } from '@adonisjs/core/http'
import { assertSafePagePath, joinPath } from './path_safety.ts'
import { searchPath } from './search_route.ts'
import { Tenancy, tenantOwnership } from '../tenancy/tenancy.ts'
import type { BoundParent } from '../nesting/parent_registration.ts'
import { buildInfolist, type BuiltInfolist } from '../infolist/infolist.ts'
import { readableAttribute, type AttributePath } from '../resource/attribute_path.ts'
import type { ManageRelatedRecords } from '../pages/resource_page.ts'
import type { PanelPageDefaults } from './panel.ts'
import type { Presentation } from '../resource/value_format.ts'
import { RelationRegistry } from '../relations/relation_mount.ts'
import { RelationGroup } from '../relations/relation_group.ts'
import { valueOf } from '../resource/record_values.ts'

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
  /** Tenant routing: every URL starts with the tenant segment */
  tenant?: TenantRouteOptions
}

/**
 * Tenant-aware route registration: `/:<parameter>` in front of the prefix,
 * resolved with `model.query().where(routeKey, value)` before the handler
 * runs. Unknown tenants, and tenants whose `canAccessTenant(user)` is not
 * true, are 404.
 */
export interface TenantRouteOptions {
  model: LucidModel
  /** Route parameter (default: `tenant`) */
  parameter?: string
  /** Model property the URL carries (default: the primary key) */
  routeKey?: string
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

const RESERVED_PAGE_KEYS = [
  'store',
  'update',
  'destroy',
  'restore',
  'forceDelete',
  'actions',
  'options',
]

/**
 * A resource mounted at a path prefix. Built once at boot: it validates the
 * resource's configuration (refusing mistakes with a message naming the
 * resource and the member) and answers URL questions.
 */
export class ResourceMount {
  readonly pages = new Map<string, MountedPage>()

  /**
   * The checked infolist, for resources with a view page.
   */
  infolist: BuiltInfolist | null = null

  /**
   * The checked globally searchable attributes (empty: not searched).
   */
  searchAttributes: AttributePath[] = []

  /**
   * The resource's relation managers, validated at boot.
   */
  readonly relations: RelationRegistry

  constructor(
    readonly resource: Resource<any>,
    readonly options: MountOptions,
    /** The parent of a nested resource */
    readonly parent?: ParentMount
  ) {
    this.#validateResource()
    this.#mountPages()
    this.#validateSearch()
    this.relations = new RelationRegistry(resource)
    resource.$mount = this
  }

  get #where() {
    return this.resource.constructor.name
  }

  #validateResource() {
    const resource = this.resource
    const model: LucidModel | undefined = resource.model
    if (!model || typeof model.$hasColumn !== 'function') {
      throw new KitConfigurationException(`${this.#where}.model must be a Lucid model class`)
    }
    model.boot()
    if (resource.tenantRelationship) {
      tenantOwnership(model, resource.tenantRelationship, this.#where)
    }

    /* the builders must be returned fresh, and name real, visible columns */
    const table = buildTable(resource)
    const columnNames = new Set<string>()
    for (const column of table.getColumns()) {
      if (columnNames.has(column.name)) {
        throw new KitConfigurationException(
          `${this.#where}.table(): column "${column.name}" is declared twice`
        )
      }
      columnNames.add(column.name)
      this.#validateColumn(model, column)
      if (column.isEditable()) {
        const Rules = resource.validation()
        if (column.relationship()) {
          throw new KitConfigurationException(
            `${this.#where}.table(): column "${column.name}" reads a relationship and cannot be editable`
          )
        }
        if (typeof Rules !== 'function' || !compiledFieldValidator(Rules, 'edit', column.name)) {
          throw new KitConfigurationException(
            `${this.#where}.table(): editable column "${column.name}" needs a rule for "${column.name}" in the resource's validation() class`
          )
        }
      }
    }
    const filterNames = new Set<string>()
    for (const filter of table.getFilters()) {
      if (filterNames.has(filter.name)) {
        throw new KitConfigurationException(
          `${this.#where}.table(): filter "${filter.name}" is declared twice`
        )
      }
      filterNames.add(filter.name)
      const problem = filter.problem(model)
      if (problem) {
        throw new KitConfigurationException(
          `${this.#where}.table(): filter "${filter.name}" ${problem}; give it an attribute() or a query()`
        )
      }
    }
    this.#validateActions('table().actions()', table.getActions(), true)
    const bulkNames = new Set<string>()
    for (const action of table.getBulkActions()) {
      if (bulkNames.has(action.name)) {
        throw new KitConfigurationException(
          `${this.#where}.table(): bulk action "${action.name}" is declared twice`
        )
      }
      bulkNames.add(action.name)
    }
    const defaultSort = table.getDefaultSort()
    if (defaultSort && !model.$hasColumn(defaultSort.column)) {
      throw new KitConfigurationException(
        `${this.#where}.table(): default sort column "${defaultSort.column}" is not a column of ${model.name}`
      )
    }

    const form = buildForm(resource)
    const names = new Set<string>()
    for (const field of form.getFields()) {
      if (names.has(field.name)) {
        throw new KitConfigurationException(
          `${this.#where}.form(): field "${field.name}" is declared twice`
        )
      }
      names.add(field.name)
      if (field instanceof Select) {
        this.#validateSelect(model, field)
      }
    }
  }

  #validateSelect(model: LucidModel, field: Select) {
    const where = `${this.#where}.form(): select "${field.name}"`
    assertSelectConfiguration(model, field, where)
    if (!field.getRelationship()) {
      return
    }
    const Rules = this.resource.validation()
    const declared =
      typeof Rules === 'function'
        ? [...declaredFields(Rules, 'create'), ...declaredFields(Rules, 'edit')]
        : []
    if (!declared.includes(field.name)) {
      throw new KitConfigurationException(
        `${where} edits a relationship; the resource's validation() class must declare a rule for "${field.name}"`
      )
    }
  }

  #validateColumn(model: LucidModel, column: Column) {
    const where = `${this.#where}.table(): column "${column.name}"`
    const relationship = column.relationship()
    if (!relationship) {
      if (!model.$hasColumn(column.name)) {
        throw new KitConfigurationException(`${where} is not a column of ${model.name}`)
      }
      if (isHiddenAttribute(model, column.name)) {
        throw new KitConfigurationException(
          `${where} is a hidden attribute of ${model.name} (serializeAs: null) and cannot be shown`
        )
      }
      return
    }

    const relation = model.$getRelation(relationship) as RelationshipsContract | undefined
    if (!relation) {
      throw new KitConfigurationException(
        `${where}: "${relationship}" is not a relationship of ${model.name}`
      )
    }
    if (!['belongsTo', 'hasOne'].includes(relation.type)) {
      throw new KitConfigurationException(
        `${where}: "${relationship}" is a ${relation.type} relationship; columns read to-one relationships (belongsTo, hasOne)`
      )
    }
    relation.boot()
    const related: LucidModel = relation.relatedModel()
    const attribute = column.attribute()
    if (attribute.includes('.') || !related.$hasColumn(attribute)) {
      throw new KitConfigurationException(
        `${where}: "${attribute}" is not a column of ${related.name}`
      )
    }
    if (isHiddenAttribute(related, attribute)) {
      throw new KitConfigurationException(
        `${where} is a hidden attribute of ${related.name} (serializeAs: null) and cannot be shown`
      )
    }
  }

  #validateActions(member: string, actions: Action[], rowActions: boolean) {
    const names = new Set<string>()
    for (const action of actions) {
      const where = `${this.#where}.${member}: action "${action.name}"`
      if (names.has(action.name)) {
        throw new KitConfigurationException(`${where} is declared twice`)
      }
      names.add(action.name)
      if (rowActions && BUILT_IN_ACTIONS.includes(action.name)) {
        throw new KitConfigurationException(
          `${where} uses the name of a built-in action (${BUILT_IN_ACTIONS.join(', ')})`
        )
      }
      if (action.isHosted() && !action.getCallback()) {
        throw new KitConfigurationException(`${where} has neither a url() nor an action() callback`)
      }
    }
  }

  #validateTabs(key: string, page: ResourcePage) {
    const tabs = (page as ListRecords).tabs?.()
    if (!tabs) {
      return
    }
    const keys = new Set<string>()
    for (const tab of tabs) {
      if (!(tab instanceof PageTab)) {
        throw new KitConfigurationException(
          `${this.#where}.getPages().${key}: tabs() must return PageTab.make(...) entries`
        )
      }
      if (keys.has(tab.key)) {
        throw new KitConfigurationException(
          `${this.#where}.getPages().${key}: tab "${tab.key}" is declared twice`
        )
      }
      keys.add(tab.key)
    }
    if (tabs.filter((tab) => tab.isDefault()).length > 1) {
      throw new KitConfigurationException(
        `${this.#where}.getPages().${key}: more than one tab is marked default()`
      )
    }
  }

  #mountPages() {
    const pages = this.resource.getPages()
    if (!pages || typeof pages !== 'object') {
      throw new KitConfigurationException(`${this.#where}.getPages() must return an object`)
    }

    for (const [key, route] of Object.entries(pages)) {
      const where = `${this.#where}.getPages().${key}`
      if (!/^[a-zA-Z][a-zA-Z0-9_-]*$/.test(key) || RESERVED_PAGE_KEYS.includes(key)) {
        throw new KitConfigurationException(`${where}: "${key}" is not a valid page key`)
      }
      if (!route || typeof route.page !== 'function') {
        throw new KitConfigurationException(`${where} must be declared with Page.route(path)`)
      }

      const page = new route.page()
      if (page.resource && !(this.resource instanceof page.resource)) {
        throw new KitConfigurationException(
          `${where}: page ${route.page.name} belongs to ${page.resource.name}`
        )
      }
      if (typeof page.component !== 'string' || page.component.length === 0) {
        throw new KitConfigurationException(`${where}: page ${route.page.name} needs a component`)
      }
      assertSafePagePath(route.path, page.needsRecord(), where)
      const clash = [...this.pages.values()].find(
        (other) => joinPath(other.route.path) === joinPath(route.path)
      )
      if (clash) {
        throw new KitConfigurationException(
          `${where}: path "${route.path}" is already used by page "${clash.key}"`
        )
      }
      if (/^\/:record\/relations(\/|$)/.test(joinPath(route.path))) {
        throw new KitConfigurationException(
          `${where}: path "${route.path}" is reserved for the relation manager routes (/:record/relations/:relation)`
        )
      }
      if (route.page.kind === 'related') {
        this.#validateRelationPage(where, page as ManageRelatedRecords)
      }
      if (route.page.kind === 'view') {
        this.infolist = buildInfolist(this.resource)
      }
      this.#validateTabs(key, page)
      const headerActions = (page as ListRecords).headerActions?.()
      if (headerActions) {
        this.#validateActions(`getPages().${key}.headerActions()`, headerActions, false)
      }
      this.pages.set(key, { key, route, page })
    }

    const hasForm = [...this.pages.values()].some(({ route }) =>
      ['create', 'edit', 'manage'].includes(route.page.kind)
    )
    if (hasForm && typeof this.resource.validation() !== 'function') {
      throw new KitConfigurationException(
        `${this.#where}.validation() must return a Rules class, because the resource has a create or edit page`
      )
    }
  }

  /**
   * A relation page must host a relation manager the resource declares in
   * `getRelations()` (relation groups included).
   */
  #validateRelationPage(where: string, page: ManageRelatedRecords) {
    const Manager = page.relationManager
    if (typeof Manager !== 'function') {
      throw new KitConfigurationException(
        `${where}: relationManager must be a relation manager class`
      )
    }
    const declared = declaredRelationManagers(this.resource)
    if (!declared.includes(Manager)) {
      const relationship = relationshipOf(Manager)
      throw new KitConfigurationException(
        `${where}: ${Manager.name}${relationship ? ` ("${relationship}")` : ''} names a relation ${this.#where} does not declare in getRelations()`
      )
    }
  }

  #validateSearch() {
    const attributes = this.resource.globallySearchableAttributes()
    const where = `${this.#where}.globallySearchableAttributes()`
    if (!Array.isArray(attributes)) {
      throw new KitConfigurationException(`${where} must return a list of attribute names`)
    }
    this.searchAttributes = attributes.map((name) =>
      readableAttribute(this.resource.model, name, where)
    )
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
      return `${this.url(manage.key)}?edit=${encodeURIComponent(key)}`
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
    const tenant = this.options.tenant
    return joinPath(
      tenant ? `/:${tenant.parameter ?? 'tenant'}` : '/',
      this.options.prefix,
      this.resource.getSlug()
    )
  }

  /**
   * URL of the resource's routes for the current request: the tenant and
   * the parent segments filled (the parent defaults to the request's
   * parent record).
   */
  baseUrl(parent?: LucidRow | string | number | null): string {
    return this.#fill(this.basePath(), 'the base URL', undefined, parent)
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
    const page = this.pages.get(pageKey)
    if (!page) {
      throw new KitConfigurationException(
        `${this.#where} has no page "${pageKey}" (pages: ${[...this.pages.keys()].join(', ')})`
      )
    }
    return this.#fill(
      joinPath(this.basePath(), page.route.path),
      `page "${pageKey}"`,
      record,
      parent
    )
  }

  /**
   * URL of the create (store) endpoint, or of a record's update and delete
   * endpoint.
   */
  recordUrl(record?: LucidRow | string | number | null): string {
    return record === undefined || record === null
      ? this.baseUrl()
      : this.#fill(joinPath(this.basePath(), ':record'), 'the record endpoint', record)
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

  #fill(
    path: string,
    target: string,
    record?: LucidRow | string | number | null,
    parent?: LucidRow | string | number | null
  ) {
    let filled = path
    if (this.options.tenant || this.parent?.mount.options.tenant) {
      const options = (this.options.tenant ?? this.parent!.mount.options.tenant)!
      const tenant = Tenancy.current()
      if (!tenant) {
        throw new KitUrlException(
          `${this.#where}: cannot build the URL of ${target} (${path}): it needs the current tenant`
        )
      }
      const routeKey = options.routeKey ?? options.model.primaryKey
      filled = filled.replace(
        `:${options.parameter ?? 'tenant'}`,
        encodeURIComponent(String(valueOf(tenant, routeKey)))
      )
    }
    if (this.parent) {
      const current = parent ?? Tenancy.state()?.parent
      if (current === undefined || current === null) {
        throw new KitUrlException(
          `${this.#where}: cannot build the URL of ${target} (${path}): it needs the parent record`
        )
      }
      const parentKey = urlKey(
        this.parent.mount.resource,
        current,
        `${this.#where}: cannot build the URL of ${target} (${path}): the parent`
      )
      filled = filled.replace(`:${this.parent.bound.parameter}`, encodeURIComponent(parentKey))
    }
    if (!filled.includes(':record')) {
      return filled
    }
    if (record === undefined || record === null) {
      throw new KitUrlException(
        `${this.#where}: cannot build the URL of ${target} (${path}): it needs a record`
      )
    }
    return filled.replace(':record', encodeURIComponent(this.recordKey(record, target)))
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
    return this.#fill(
      joinPath(this.basePath(), ':record', 'actions', name),
      `action "${name}"`,
      record
    )
  }

  /**
   * URL of a page-scoped header action.
   */
  headerActionUrl(name: string, pageKey: string): string {
    return `${joinPath(this.baseUrl(), 'actions', name)}?_kit_page=${encodeURIComponent(pageKey)}`
  }

  /**
   * URL of a bulk action.
   */
  bulkActionUrl(name: string): string {
    return joinPath(this.baseUrl(), 'bulk-actions', name)
  }

  /**
   * URL of the global search of the panel the resource is mounted on, for
   * the current request (tenant segment filled).
   */
  panelSearchUrl(): string {
    const path = searchPath(this.options.prefix)
    const tenant = this.options.tenant
    return tenant
      ? this.#fill(joinPath(`/:${tenant.parameter ?? 'tenant'}`, path), 'the global search')
      : path
  }

  /**
   * URL of a select's option-form endpoint, for the create form or a
   * record's edit form.
   */
  optionUrl(field: string, record?: LucidRow | string | number | null): string {
    const url = joinPath(this.baseUrl(), 'options', encodeURIComponent(field))
    if (record === undefined || record === null) {
      return url
    }
    const key = this.recordKey(record, `the options of field "${field}"`)
    return `${url}?${OPTION_RECORD_PARAMETER}=${encodeURIComponent(key)}`
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
 * The relation manager classes a resource declares in `getRelations()`,
 * with those of relation groups.
 */
export function declaredRelationManagers(resource: Resource<any>): Function[] {
  const entries: unknown = resource.getRelations?.() ?? []
  const managers: Function[] = []
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (typeof entry === 'function') {
      managers.push(entry)
      continue
    }
    if (entry instanceof RelationGroup) {
      managers.push(...entry.managers)
    }
  }
  return managers
}

function relationshipOf(Manager: Function): string | null {
  try {
    const relationship = new (Manager as new () => { relationship?: unknown })().relationship
    return typeof relationship === 'string' ? relationship : null
  } catch {
    return null
  }
}
