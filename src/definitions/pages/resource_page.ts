import string from '@adonisjs/core/helpers/string'
import { ResourceOperation } from '../resource/operation.ts'
import type { PageTab } from './page_tab.ts'
import type { Action } from '../table/actions/action.ts'
import { DeleteAction, EditAction } from './page_actions.ts'
import type { KitContext, KitMiddleware } from '../types.ts'
import type { WidgetEntry } from './widgets.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { Resource } from '../resource/resource.ts'
import { contextTranslator } from '../../i18n/translator.ts'

/**
 * What a page's `heading()` and `documentTitle()` receive: the request's
 * context, the resource and, on record pages, the record (resolved through
 * the scoped query and authorized).
 */
export interface PageHeadingContext extends KitContext {
  /** The resource the page belongs to */
  resource: Resource<any>
  /** The record of a record page, else null */
  record: LucidRow | null
}

/**
 * What `redirectAfterSave()` (and `redirectAfterCreate()`) receives with the
 * record just written: the request's context and the resource.
 */
export interface RedirectContext extends KitContext {
  /** The resource the record belongs to */
  resource: Resource<any>
}

/**
 * Where a browser goes after a form page saved its record: the list page,
 * the record's view page or its edit page (each when mounted and allowed,
 * else the list page), or a path built from the record. A built URL must be
 * a path of this site (`/...`); anything else (another origin, `//host`,
 * `javascript:`) is ignored and the list page is used.
 */
export type RedirectTarget =
  'list' | 'view' | 'edit' | ((record: LucidRow, context: RedirectContext) => string)

/**
 * The kinds of page the kit knows how to serve: the list, create and edit
 * pages, the read-only view page, the manage page of a simple resource
 * (records managed in modals), the page of one relation manager, and custom
 * pages.
 */
export type PageKind = 'list' | 'create' | 'edit' | 'view' | 'manage' | 'related' | 'custom'

/**
 * A page route as `getPages()` declares it: the page class, its path template
 * relative to the resource and its own middleware (applied after the panel's).
 */
export interface PageRoute {
  page: PageClass
  path: string
  middleware: KitMiddleware[]
}

/**
 * Constructor of a page class.
 */
export type PageClass = (new () => ResourcePage) & {
  kind: PageKind
  route(path?: string, options?: { middleware?: KitMiddleware[] }): PageRoute
}

/**
 * Base class of every resource page. A page names the frontend component that
 * renders it and the operation that authorizes it.
 */
export abstract class ResourcePage {
  /**
   * What the page does; decides its handler and its operation.
   */
  static kind: PageKind

  /**
   * Default path of the page relative to the resource.
   */
  static defaultPath: string

  /**
   * Declare the page's route for `getPages()`.
   *
   * @example
   * ```ts
   * getPages() {
   *   return { index: ListPosts.route('/'), edit: EditPost.route('/:record/edit') }
   * }
   * ```
   */
  static route<T extends PageClass>(
    this: T,
    path?: string,
    options: { middleware?: KitMiddleware[] } = {}
  ): PageRoute {
    return {
      page: this,
      path: path ?? (this as T & { defaultPath: string }).defaultPath,
      middleware: options.middleware ?? [],
    }
  }

  /**
   * The resource class this page belongs to. When set, registering the page
   * on another resource is refused.
   */
  resource?: abstract new (...args: any[]) => any

  /**
   * Name of the Inertia page component that renders this page.
   */
  abstract component: string

  /**
   * Operation authorized before the page renders.
   */
  abstract operation(): ResourceOperation

  /**
   * Whether the page is about one record (its path holds `:record`, resolved
   * through the scoped query). Pages whose operation acts on a record do.
   */
  needsRecord(): boolean {
    return this.operation().requiresRecord
  }

  /**
   * Label of this page's own breadcrumb step.
   */
  breadcrumbLabel(): string {
    return this.title()
  }

  /**
   * Label of this page's entry in the record sub-navigation.
   */
  subNavigationLabel(): string {
    return this.title()
  }

  /**
   * The record sub-navigation of this page: receives the page keys of the
   * resource's `recordSubNavigation()` and may narrow them, or return an
   * empty list to hide the sub-navigation.
   */
  subNavigation(keys: string[]): string[] {
    return keys
  }

  /**
   * Actions shown in the page header, each when the user may run it (its
   * `authorizeUsing()`, which receives the record on record pages). Hosted
   * ones are served by a page-scoped endpoint of the resource (on record
   * pages, for the page's record, its operation authorized first); URL
   * actions read `{record}` as the record's key. Record pages also take the
   * kit's `EditAction` and `DeleteAction`: `ViewRecord` shows an Edit
   * button, `EditRecord` a Delete button, by default.
   *
   * @example
   * ```ts
   * headerActions() {
   *   return [...super.headerActions(), Action.make('archive').authorizeUsing(...).action(...)]
   * }
   * ```
   */
  headerActions(): Action[] {
    return []
  }

  /**
   * Widgets shown above the page content (after the resource's widgets on
   * its list pages).
   */
  headerWidgets(): WidgetEntry[] {
    return []
  }

  /**
   * Widgets shown below the page content.
   */
  footerWidgets(): WidgetEntry[] {
    return []
  }

  /**
   * Short name of the page: its breadcrumb step and its entry in the record
   * sub-navigation (`List`, `Edit`, `Activity`).
   */
  abstract title(): string

  /**
   * The page's heading (its `<h1>`). Defaults to `title()`; the list page
   * shows the resource's plural label, the create page `Create <label>`,
   * edit and view pages the record title.
   *
   * @example
   * ```ts
   * heading({ record }: PageHeadingContext) {
   *   return `Editing ${(record as Post).title}`
   * }
   * ```
   */
  heading(_context: PageHeadingContext): string {
    return this.title()
  }

  /**
   * The document title (`<title>`): the heading, followed by the resource's
   * plural label unless the heading is that label (`My post · Posts`,
   * `Posts`).
   */
  documentTitle(heading: string, context: PageHeadingContext): string {
    const plural = context.resource.getPluralLabel()
    return heading === plural ? heading : `${heading} · ${plural}`
  }
}

/**
 * The list page: the table of records.
 */
export class ListRecords extends ResourcePage {
  static kind: PageKind = 'list'
  static defaultPath = '/'
  component = 'kit/list_records'

  /**
   * Tabs of the list page. An unknown requested tab falls back to the
   * default one (the tab marked `default()`, else the first).
   */
  tabs(): PageTab[] {
    return []
  }

  operation() {
    return ResourceOperation.ViewAny
  }
  title() {
    return contextTranslator().t('page.list')
  }
  /**
   * The resource's plural label.
   */
  heading({ resource }: PageHeadingContext) {
    return resource.getPluralLabel()
  }
}

/**
 * The only page of a simple resource: the table of records, with the create
 * and edit forms opened in modals. Its props carry the create `form` when
 * the user may create, and for `?edit=<key>` the `editForm` of that record
 * (resolved through the scoped query and authorized). The resource keeps its
 * POST, PATCH and DELETE routes.
 *
 * @example
 * ```ts
 * getPages() {
 *   return { index: ManageRecords.route('/') }
 * }
 * ```
 */
export class ManageRecords extends ListRecords {
  static kind: PageKind = 'manage'
  static defaultPath = '/'
  component = 'kit/manage_records'
}

/**
 * The create page: the form for a new record.
 */
export class CreateRecord extends ResourcePage {
  static kind: PageKind = 'create'
  static defaultPath = '/create'
  component = 'kit/create_record'
  operation() {
    return ResourceOperation.Create
  }
  /**
   * Where a browser goes after the record is created: its edit page (when
   * the user may edit it; the default), its view page, the list page, or a
   * path built from the record.
   *
   * @example
   * ```ts
   * redirectAfterCreate(): RedirectTarget {
   *   return (record) => `/admin/posts/${record.$primaryKeyValue}/comments`
   * }
   * ```
   */
  redirectAfterCreate(): RedirectTarget {
    return 'edit'
  }
  title() {
    return contextTranslator().t('page.create')
  }
  /**
   * `Create <label>`.
   */
  heading({ resource, translator }: PageHeadingContext) {
    return contextTranslator({ translator }).t('heading.create', { label: resource.getLabel() })
  }
}

/**
 * The edit page: the form for an existing record.
 */
export class EditRecord extends ResourcePage {
  static kind: PageKind = 'edit'
  static defaultPath = '/:record/edit'
  component = 'kit/edit_record'
  operation() {
    return ResourceOperation.Edit
  }
  /**
   * Where a browser goes after the record is saved: back to its edit page
   * (the default), its view page (when the user may view it), the list
   * page, or a path built from the record.
   *
   * @example
   * ```ts
   * redirectAfterSave(): RedirectTarget {
   *   return 'view'
   * }
   * ```
   */
  redirectAfterSave(): RedirectTarget {
    return 'edit'
  }
  /**
   * A Delete button (red, confirmed), shown when the user may delete the
   * record.
   */
  headerActions(): Action[] {
    return [DeleteAction.make()]
  }
  title() {
    return contextTranslator().t('page.edit')
  }
  /**
   * The record title.
   */
  heading({ resource, record }: PageHeadingContext) {
    return record ? resource.recordTitle(record) : this.title()
  }
}

/**
 * The read-only page of a record: its `infolist` (from the resource's
 * `infolist()`), authorized with the view operation.
 */
export class ViewRecord extends ResourcePage {
  static kind: PageKind = 'view'
  static defaultPath = '/:record'
  component = 'kit/view_record'
  operation() {
    return ResourceOperation.View
  }
  /**
   * An Edit button, shown when the resource has an edit page and the user
   * may edit the record.
   */
  headerActions(): Action[] {
    return [EditAction.make()]
  }
  title() {
    return contextTranslator().t('page.view')
  }
  /**
   * The record title.
   */
  heading({ resource, record }: PageHeadingContext) {
    return record ? resource.recordTitle(record) : this.title()
  }
}

/**
 * A relation manager class as the page sees it: what it needs to check that
 * the resource declares the relation.
 */
export type RelationManagerReference = abstract new (...args: any[]) => { relationship: string }

/**
 * The page of one relation manager of a record. The resource must declare
 * the manager in `getRelations()`, else the page is refused at boot.
 *
 * @example
 * ```ts
 * export default class ManagePostComments extends ManageRelatedRecords {
 *   relationManager = CommentsRelationManager
 * }
 * // getPages(): { comments: ManagePostComments.route('/:record/comments') }
 * ```
 */
export abstract class ManageRelatedRecords extends ResourcePage {
  static kind: PageKind = 'related'
  static defaultPath = '/:record/related'
  component = 'kit/manage_related_records'

  /**
   * The relation manager this page hosts.
   */
  abstract relationManager: RelationManagerReference

  operation() {
    return ResourceOperation.View
  }
  needsRecord() {
    return true
  }
  /**
   * The relationship name in sentence case (`comments`: "Comments").
   */
  title() {
    const Manager = this.relationManager as unknown as new () => { relationship: unknown }
    const relationship = typeof Manager === 'function' ? new Manager().relationship : null
    return typeof relationship === 'string' ? string.sentenceCase(relationship) : 'Related records'
  }
}

/**
 * What a custom page's `props()` receives.
 */
export interface CustomPageContext extends KitContext {
  /** The record, for pages whose path holds `:record` */
  record: LucidRow | null
}

/**
 * A custom GET page of a resource, with its own component and operation.
 * Record pages (an operation that acts on a record, such as View or Edit)
 * resolve `:record` through the scoped query and authorize the operation on
 * it; a forged or out-of-scope key is a 404.
 *
 * @example
 * ```ts
 * export default class PostActivity extends CustomPage {
 *   component = 'posts/activity'
 *   operation() { return ResourceOperation.View }
 *   title() { return 'Activity' }
 *   async props({ record }: CustomPageContext) {
 *     return { activity: await loadActivity(record!) }
 *   }
 * }
 * // getPages(): { activity: PostActivity.route('/:record/activity') }
 * ```
 */
export abstract class CustomPage extends ResourcePage {
  static kind: PageKind = 'custom'

  /**
   * Extra props of the page. Only what is returned here is published: do not
   * hand whole models to it.
   */
  async props(_context: CustomPageContext): Promise<Record<string, unknown>> {
    return {}
  }
}
