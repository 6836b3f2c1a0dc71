import { KitConfigurationException } from '../errors.ts'
import type { Resource } from '../resource/resource.ts'
import type { KitMiddleware, MaybeLazy } from '../types.ts'
import type { TenantRouteOptions } from './resource_mount.ts'

/**
 * A resource class, or a lazy import of one (keeps config files light).
 */
export type ResourceReference = MaybeLazy<new () => Resource<any>>

/**
 * A panel: a path prefix, a route-name namespace, middleware and the
 * resources it serves.
 *
 * @example
 * ```ts
 * panel('admin')
 *   .path('/admin')
 *   .authMiddleware([() => import('#middleware/auth_middleware')])
 *   .resources([() => import('#resources/post_resource')])
 * ```
 */
export class Panel {
  #path: string
  #name: string
  #middleware: KitMiddleware[] = []
  #authMiddleware: KitMiddleware[] = []
  #mutationMiddleware: KitMiddleware[] = []
  #resources: ResourceReference[] = []
  #tenant?: TenantRouteOptions

  constructor(readonly id: string) {
    if (typeof id !== 'string' || !/^[a-z][a-z0-9_-]*$/.test(id)) {
      throw new KitConfigurationException(
        `Panel id "${id}" must start with a lowercase letter and hold only a-z, 0-9, "-" and "_"`
      )
    }
    this.#path = `/${id}`
    this.#name = `kit.${id}`
  }

  /**
   * Path prefix of every route of the panel (default: `/<id>`).
   */
  path(path: string): this {
    if (typeof path !== 'string' || !/^\/[A-Za-z0-9/_-]*$/.test(path) || path.includes('//')) {
      throw new KitConfigurationException(
        `Panel "${this.id}": invalid path ${JSON.stringify(path)}`
      )
    }
    this.#path = path
    return this
  }

  /**
   * Route-name namespace (default: `kit.<id>`).
   */
  name(name: string): this {
    this.#name = name
    return this
  }

  /**
   * Middleware of every route (for example the web group).
   */
  middleware(middleware: KitMiddleware[]): this {
    this.#middleware = middleware
    return this
  }

  /**
   * Authentication middleware of every route (for example the auth guard).
   */
  authMiddleware(middleware: KitMiddleware[]): this {
    this.#authMiddleware = middleware
    return this
  }

  /**
   * Middleware of POST, PATCH and DELETE routes only.
   */
  mutationMiddleware(middleware: KitMiddleware[]): this {
    this.#mutationMiddleware = middleware
    return this
  }

  /**
   * Tenant routing: every URL of the panel starts with the tenant segment
   * (`/:tenant/admin/...`), resolved before the handler runs.
   */
  tenant(options: TenantRouteOptions): this {
    if (!options || typeof (options.model as any)?.query !== 'function') {
      throw new KitConfigurationException(`Panel "${this.id}": tenant() needs a Lucid model`)
    }
    this.#tenant = options
    return this
  }

  /**
   * Resources of the panel.
   */
  resources(resources: ResourceReference[]): this {
    this.#resources = resources
    return this
  }

  getPath() {
    return this.#path
  }

  getName() {
    return this.#name
  }

  getMiddleware() {
    return [...this.#middleware, ...this.#authMiddleware]
  }

  getMutationMiddleware() {
    return this.#mutationMiddleware
  }

  getTenant() {
    return this.#tenant
  }

  getResources() {
    return this.#resources
  }
}

/**
 * Start a panel definition.
 */
export function panel(id: string) {
  return new Panel(id)
}
