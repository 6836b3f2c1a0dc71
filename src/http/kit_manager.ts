import type { Router } from '@adonisjs/core/http'
import { KitConfigurationException } from '../support/errors.ts'
import { defaultUserResolver, type ResolvedKitConfig } from './define_config.ts'
import { accountGuardMiddleware, registerAccountRoutes } from './account_routes.ts'
import { registerEmailVerificationRoutes } from './email_verification_routes.ts'
import { registerSignUpRoutes } from './sign_up_routes.ts'
import {
  accountOf,
  assertAccountPathsFree,
  sessionGuard,
  type PanelAccount,
} from '../runtime/account/panel_account.ts'
import type { Panel } from '../definitions/panel/panel.ts'
import { auditSettings } from '../runtime/audit/audit_settings.ts'
import type { Resource } from '../definitions/resource/resource.ts'
import { ResourceMount, type ParentMount } from '../runtime/mounts/resource_mount.ts'
import type { TenantRouteOptions } from '../definitions/panel/panel.ts'
import { assertSearchPathFree, panelMountOptions } from '../runtime/mounts/panel_mount.ts'
import { assertNavigationGroups } from '../runtime/mounts/navigation.ts'
import { bindParent } from '../definitions/nesting/parent_registration.ts'
import { assertReachableRoutes, registerResourceRoutes } from './register_routes.ts'
import type { KitMiddleware } from '../definitions/types.ts'
import { ResourceOperation } from '../definitions/resource/operation.ts'
import { registerJobRoutes } from './job_routes.ts'
import { jobsPath } from '../runtime/jobs/job_serializer.ts'
import { registerSearchRoute } from './search_route.ts'
import { registerNotificationRoutes } from './notification_routes.ts'
import { assertRouteParameter } from '../support/path_safety.ts'
import { registerActivityRoute, registerHistoryRoute } from './audit_routes.ts'
import { assertPluginPages, pluginNavigation, registerPluginPages } from './plugin_routes.ts'
import { registerDashboardRoutes } from './dashboard_routes.ts'
import { registerTenantRootRoute } from './tenant_routes.ts'
import type { MountedDashboard } from '../runtime/dashboards/dashboard_page.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { assertLocale, assertTimeZone, DEFAULT_PRESENTATION } from '../support/value_format.ts'

/**
 * One resource in a panel's ability registry: every operation the kit may
 * authorize on it, with the policy ability that decides it.
 */
export interface ResourceAbilities {
  resource: string
  slug: string
  label: string
  abilities: { operation: string; ability: string }[]
}

/**
 * Options of the route-registration facade.
 */
export interface RouteFacadeOptions {
  /** Middleware of every route */
  middleware?: KitMiddleware[]
  /** Middleware of POST, PATCH and DELETE routes only */
  mutationMiddleware?: KitMiddleware[]
  /** Path prefix (default: none) */
  prefix?: string
  /** Route-name prefix (default: `kit`) */
  name?: string
  /** Tenant routing: `/:tenant` in front of the prefix, resolved before the handler */
  tenant?: TenantRouteOptions
  /** Locale of formatted values (default: `en-US`) */
  locale?: string
  /** Time zone date-times are shown in (default: `UTC`) */
  timeZone?: string
}

type ResourceClass<T extends Resource<any> = Resource<any>> = new () => T

/**
 * The kit's registry, bound in the container as `kit`: it mounts resources on
 * panels (from config/kit.ts) and through the route facade, registers their
 * routes once, and finds mounted resources.
 */
export class KitManager {
  #mounts: ResourceMount[] = []
  #panelsRegistered = false
  /* the paths of the job routes registered (panels', kit.routes() mounts') */
  #jobRoutes = new Set<string>()

  constructor(
    readonly config: ResolvedKitConfig,
    protected router: Router
  ) {}

  /**
   * Every mounted resource.
   */
  mounts(): ResourceMount[] {
    return [...this.#mounts]
  }

  /**
   * Register the routes of every configured panel (the provider calls this
   * once at boot).
   */
  registerPanels() {
    if (this.#panelsRegistered) {
      return
    }
    this.#panelsRegistered = true
    for (const { panel, resources, pluginPages = [], pluginNavigation: links = [] } of this.config
      .panels) {
      if (panel.getTenant()) {
        assertTenantRouting(panel.getTenant()!, `Panel "${panel.id}"`)
      }
      const panelMounts: ResourceMount[] = []
      const options: ResourceMount['options'] = {
        ...panelMountOptions(panel, this.config.user, panelMounts),
        audit: auditSettings(panel.getAudit(), `Panel "${panel.id}"`, this.config.audit),
      }
      options.pluginNavigation = pluginNavigation(options, pluginPages, links)
      const landing = panel.getDashboard()
      const dashboards: MountedDashboard[] = [
        ...(landing ? [{ dashboard: landing, landing: true, panelId: panel.id }] : []),
        ...panel
          .getDashboards()
          .map((dashboard) => ({ dashboard, landing: false, panelId: panel.id })),
      ]
      options.dashboards = dashboards
      const account = accountOf(panel)
      if (account) {
        withAccount(options, account, panel, this.config.user === defaultUserResolver)
      }
      panelMounts.push(...this.#mountAll(resources, options))
      assertSearchPathFree(panel, panelMounts)
      assertPluginPages(panel.id, options, pluginPages, panelMounts)
      assertNavigationGroups(panel.id, panelMounts)
      if (account) {
        assertAccountPathsFree(account, panelMounts)
        registerAccountRoutes(
          this.router,
          account,
          options,
          panelMounts,
          panel.getPublicMiddleware()
        )
        registerEmailVerificationRoutes(this.router, account, options, panelMounts)
        registerSignUpRoutes(
          this.router,
          account,
          options,
          panelMounts,
          panel.getPublicMiddleware()
        )
      }
      registerSearchRoute(this.router, panelMounts, options)
      registerDashboardRoutes(this.router, dashboards, panelMounts, options)
      registerTenantRootRoute(this.router, options)
      registerActivityRoute(this.router, panelMounts, options)
      registerPluginPages(this.router, options, pluginPages, panelMounts)
      if (options.notifications) {
        registerNotificationRoutes(this.router, options)
      }
      this.#registerJobRoutes(options)
    }
  }

  /**
   * Register the job routes (status, files) of a panel or of kit.routes()
   * mounts, once a path: mounts sharing a prefix share them.
   */
  #registerJobRoutes(options: ResourceMount['options']) {
    const path = jobsPath(options, options.tenant ? `:${options.tenant.parameter ?? 'tenant'}` : '')
    if (this.#jobRoutes.has(path)) return
    this.#jobRoutes.add(path)
    registerJobRoutes(this.router, options)
  }

  /**
   * The mounted resources of a panel.
   */
  panelMounts(panelId: string): ResourceMount[] {
    if (!this.config.panels.some(({ panel }) => panel.id === panelId)) {
      throw new KitConfigurationException(`Panel "${panelId}" is not declared in config/kit.ts`)
    }
    return this.#mounts.filter((mount) => mount.options.panelId === panelId)
  }

  /**
   * The ability registry of a panel: every resource's operations with the
   * policy abilities that authorize them, for permission screens and tests.
   *
   * @example
   * ```ts
   * kit.abilities('admin')
   * // [{ resource: 'PostResource', slug: 'posts', label: 'Posts',
   * //    abilities: [{ operation: 'viewAny', ability: 'viewAny' }, ...] }]
   * ```
   */
  abilities(panelId: string): ResourceAbilities[] {
    return this.panelMounts(panelId).map((mount) => {
      const resource = mount.resource
      const operations = [
        ResourceOperation.ViewAny,
        ResourceOperation.View,
        ResourceOperation.Create,
        ResourceOperation.Edit,
        ResourceOperation.Delete,
        ResourceOperation.DeleteAny,
      ]
      if (resource.softDeletes) {
        operations.push(
          ResourceOperation.Restore,
          ResourceOperation.RestoreAny,
          ResourceOperation.ForceDelete,
          ResourceOperation.ForceDeleteAny
        )
      }
      for (const { page } of mount.pages.values()) {
        const operation = page.operation()
        if (!operations.includes(operation)) {
          operations.push(operation)
        }
      }
      return {
        resource: resource.constructor.name,
        slug: resource.getSlug(),
        label: resource.getPluralLabel(),
        abilities: operations.map((operation) => ({
          operation: operation.name,
          ability: operation.policyAbility(),
        })),
      }
    })
  }

  /**
   * The route-registration facade: mount resources outside any panel.
   *
   * @example
   * ```ts
   * // start/routes.ts
   * kit.routes([TagResource], { prefix: '/manage', middleware: [middleware.auth()] })
   * ```
   */
  routes(resources: ResourceClass[], options: RouteFacadeOptions = {}): ResourceMount[] {
    if (options.prefix !== undefined && !/^\/[A-Za-z0-9/_-]*$/.test(options.prefix)) {
      throw new KitConfigurationException(
        `kit.routes(): invalid prefix ${JSON.stringify(options.prefix)}`
      )
    }
    if (options.tenant) {
      assertTenantRouting(options.tenant, 'kit.routes()')
    }
    const presentation = { ...DEFAULT_PRESENTATION }
    if (options.locale !== undefined) {
      assertLocale(options.locale, 'kit.routes()')
      presentation.locale = options.locale
    }
    if (options.timeZone !== undefined) {
      assertTimeZone(options.timeZone, 'kit.routes()')
      presentation.timeZone = options.timeZone
    }
    const mountOptions: ResourceMount['options'] = {
      panelId: null,
      prefix: options.prefix ?? '/',
      name: options.name ?? 'kit',
      middleware: options.middleware ?? [],
      mutationMiddleware: options.mutationMiddleware ?? [],
      resolveUser: this.config.user,
      tenant: options.tenant,
      presentation,
      audit: this.config.audit,
    }
    const mounts = this.#mountAll(resources, mountOptions)
    /* the status and files of the jobs these resources start */
    this.#registerJobRoutes(mountOptions)
    return mounts
  }

  /**
   * The mounted instance of a resource class (on a panel when one is named).
   */
  resource<T extends Resource<any>>(ResourceClass: ResourceClass<T>, panelId?: string): T {
    const mount = this.#mounts.find(
      (candidate) =>
        candidate.resource.constructor === ResourceClass &&
        (panelId === undefined || candidate.options.panelId === panelId)
    )
    if (!mount) {
      throw new KitConfigurationException(
        `${ResourceClass.name} is not mounted${panelId ? ` on panel "${panelId}"` : ''}`
      )
    }
    return mount.resource as T
  }

  /**
   * Mount resources: validate every resource and every parent registration
   * first (parents before their children), then register the routes, so a
   * configuration mistake leaves no route behind.
   */
  #mountAll(resources: ResourceClass[], options: ResourceMount['options']) {
    const instances = resources.map((ResourceClass) => {
      if (typeof ResourceClass !== 'function') {
        throw new KitConfigurationException('Resources must be classes extending Resource')
      }
      return new ResourceClass()
    })
    const ordered = [
      ...instances.filter((resource) => !resource.getParentResourceRegistration()),
      ...instances.filter((resource) => resource.getParentResourceRegistration()),
    ]

    const created: ResourceMount[] = []
    for (const resource of ordered) {
      const registration = resource.getParentResourceRegistration()
      let parent: ParentMount | undefined
      if (registration) {
        const parentMount = created.find(
          (candidate) => candidate.resource.constructor === registration.resource
        )
        const bound = bindParent(resource, parentMount?.resource, registration, [
          options.tenant?.parameter ?? 'tenant',
        ])
        parent = { mount: parentMount!, bound }
      }
      const mount = new ResourceMount(resource, options, parent)
      const clash = [...this.#mounts, ...created].find(
        (other) => other.basePath() === mount.basePath()
      )
      if (clash) {
        throw new KitConfigurationException(
          `${resource.constructor.name} and ${clash.resource.constructor.name} are both mounted at ${mount.basePath()}`
        )
      }
      created.push(mount)
    }

    /* no route of the new mounts may be answered by an earlier one */
    assertReachableRoutes(this.#mounts, created)
    for (const mount of created) {
      registerResourceRoutes(this.router, mount)
      registerHistoryRoute(this.router, mount)
      this.#mounts.push(mount)
    }
    return created
  }
}

/**
 * A panel with `login()`: its guard before the panel's authentication
 * middleware (guests go to its sign-in page), its user menu, and, unless
 * config/kit.ts names its own `user` resolver, the user of its guard.
 */
function withAccount(
  options: ResourceMount['options'],
  account: PanelAccount,
  panel: Panel,
  guardUser: boolean
) {
  options.account = account
  options.middleware = [
    ...panel.getPublicMiddleware(),
    accountGuardMiddleware(account),
    ...panel.getAuthMiddleware(),
  ]
  if (guardUser) {
    options.resolveUser = async (ctx) => {
      const guard = sessionGuard(ctx, account)
      await guard.check()
      return guard.user ?? null
    }
  }
}

/**
 * Tenant routing needs a Lucid model that implements TenantAccess.
 */
function assertTenantRouting(options: TenantRouteOptions, where: string) {
  const model: LucidModel | undefined = options.model
  if (typeof model?.query !== 'function') {
    throw new KitConfigurationException(`${where}: tenant.model must be a Lucid model`)
  }
  if (typeof model.prototype.canAccessTenant !== 'function') {
    throw new KitConfigurationException(
      `${where}: the tenant model ${model.name} must implement TenantAccess (canAccessTenant(user))`
    )
  }
  if (options.parameter !== undefined) {
    assertRouteParameter(options.parameter, where, 'tenant')
  }
  model.boot()
  const routeKey = options.routeKey ?? model.primaryKey
  if (!model.$hasColumn(routeKey)) {
    throw new KitConfigurationException(
      `${where}: tenant routeKey "${routeKey}" is not a column of ${model.name}`
    )
  }
}
