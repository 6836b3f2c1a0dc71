import { ResourceOperation } from '../resource/operation.ts'
import type { PageTab } from './page_tab.ts'
import type { Action } from '../table/actions/action.ts'
import type { KitMiddleware } from '../types.ts'

/**
 * The kinds of page the kit knows how to serve.
 */
export type PageKind = 'list' | 'create' | 'edit'

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
      path: path ?? (this as any).defaultPath,
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
   * Label of this page's own breadcrumb step.
   */
  breadcrumbLabel(): string {
    return this.title()
  }

  /**
   * Title of the page.
   */
  abstract title(): string
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

  /**
   * Actions shown in the page header. Hosted ones are served by a
   * page-scoped endpoint of the resource.
   */
  headerActions(): Action[] {
    return []
  }

  operation() {
    return ResourceOperation.ViewAny
  }
  title() {
    return 'List'
  }
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
  title() {
    return 'Create'
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
  title() {
    return 'Edit'
  }
}
