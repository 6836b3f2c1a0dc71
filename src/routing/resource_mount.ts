import type { LucidRow } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../errors.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { ListRecords, PageRoute, ResourcePage } from '../pages/resource_page.ts'
import { PageTab } from '../pages/page_tab.ts'
import type { Column } from '../table/columns/column.ts'
import type { Action } from '../table/actions/action.ts'
import { BUILT_IN_ACTIONS } from '../table/actions/action_serializer.ts'
import { compiledFieldValidator } from '../validation/validator_cache.ts'
import type { Resource } from '../resource/resource.ts'
import { isHiddenAttribute } from '../resource/serialize_value.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import type { KitMiddleware, KitContext } from '../types.ts'
import type { HttpContext } from '@adonisjs/core/http'
import { assertSafePagePath, joinPath } from './path_safety.ts'
import { RelationRegistry } from '../relations/relation_mount.ts'

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
}

/**
 * One page of a mounted resource.
 */
export interface MountedPage {
  key: string
  route: PageRoute
  page: ResourcePage
}

const RESERVED_PAGE_KEYS = ['store', 'update', 'destroy', 'restore', 'forceDelete', 'actions']

/**
 * A resource mounted at a path prefix. Built once at boot: it validates the
 * resource's configuration (refusing mistakes with a message naming the
 * resource and the member) and answers URL questions.
 */
export class ResourceMount {
  readonly pages = new Map<string, MountedPage>()

  /**
   * The resource's relation managers, validated at boot.
   */
  readonly relations: RelationRegistry

  constructor(
    readonly resource: Resource<any>,
    readonly options: MountOptions
  ) {
    this.#validateResource()
    this.#mountPages()
    this.relations = new RelationRegistry(resource)
    resource.$mount = this
  }

  get #where() {
    return this.resource.constructor.name
  }

  #validateResource() {
    const resource = this.resource
    const model = resource.model as any
    if (!model || typeof model.$hasColumn !== 'function') {
      throw new KitConfigurationException(`${this.#where}.model must be a Lucid model class`)
    }
    model.boot()

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
      if (!filter.getQuery() && !model.$hasColumn(filter.getAttribute())) {
        throw new KitConfigurationException(
          `${this.#where}.table(): filter "${filter.name}" compares "${filter.getAttribute()}", which is not a column of ${model.name}; give it an attribute() or a query()`
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

    const relation = model.$getRelation(relationship as any) as any
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
    if (column.isSortable()) {
      throw new KitConfigurationException(
        `${where}: sorting by a relationship column is not supported; sort by a column of ${model.name}`
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
      assertSafePagePath(route.path, route.page.kind === 'edit', where)
      this.#validateTabs(key, page)
      const headerActions = (page as ListRecords).headerActions?.()
      if (headerActions) {
        this.#validateActions(`getPages().${key}.headerActions()`, headerActions, false)
      }
      this.pages.set(key, { key, route, page })
    }

    const hasForm = [...this.pages.values()].some(
      ({ route }) => route.page.kind === 'create' || route.page.kind === 'edit'
    )
    if (hasForm && typeof this.resource.validation() !== 'function') {
      throw new KitConfigurationException(
        `${this.#where}.validation() must return a Rules class, because the resource has a create or edit page`
      )
    }
  }

  /**
   * Path of the resource's routes (`/admin/posts`).
   */
  basePath(): string {
    return joinPath(this.options.prefix, this.resource.getSlug())
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
   * URL of a page, with the record key in place of `:record`.
   */
  url(pageKey: string, record?: LucidRow | string | number | null): string {
    const page = this.pages.get(pageKey)
    if (!page) {
      throw new KitConfigurationException(
        `${this.#where} has no page "${pageKey}" (pages: ${[...this.pages.keys()].join(', ')})`
      )
    }
    return this.#fill(joinPath(this.basePath(), page.route.path), record)
  }

  /**
   * URL of the create (store) endpoint, or of a record's update and delete
   * endpoint.
   */
  recordUrl(record?: LucidRow | string | number | null): string {
    return record === undefined || record === null
      ? this.basePath()
      : this.#fill(joinPath(this.basePath(), ':record'), record)
  }

  #fill(path: string, record?: LucidRow | string | number | null) {
    if (!path.includes(':record')) {
      return path
    }
    if (record === undefined || record === null) {
      throw new KitConfigurationException(`${this.#where}: the URL ${path} needs a record`)
    }
    const key = typeof record === 'object' ? String(record.$primaryKeyValue) : String(record)
    return path.replace(':record', encodeURIComponent(key))
  }

  /**
   * URL template of a built-in record endpoint or hosted action, with the
   * literal `{record}` placeholder for renderers.
   */
  recordTemplate(suffix = ''): string {
    return joinPath(this.basePath(), '{record}', suffix)
  }

  /**
   * URL of a hosted row action for a record.
   */
  actionUrl(name: string, record: LucidRow | string | number): string {
    return this.#fill(joinPath(this.basePath(), ':record', 'actions', name), record)
  }

  /**
   * URL of a page-scoped header action.
   */
  headerActionUrl(name: string, pageKey: string): string {
    return `${joinPath(this.basePath(), 'actions', name)}?_kit_page=${encodeURIComponent(pageKey)}`
  }

  /**
   * URL of a bulk action.
   */
  bulkActionUrl(name: string): string {
    return joinPath(this.basePath(), 'bulk-actions', name)
  }

  /**
   * Name of a route of this resource (`kit.admin.posts.index`).
   */
  routeName(suffix: string): string {
    return `${this.options.name}.${this.resource.getSlug()}.${suffix}`
  }
}
