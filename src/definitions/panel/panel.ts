import { KitConfigurationException } from '../../support/errors.ts'
import type { Resource } from '../resource/resource.ts'
import type { KitMiddleware, KitUser, MaybeLazy } from '../types.ts'
import type { PageKind } from '../pages/resource_page.ts'
import type { AuditConfig } from '../audit/audit_config.ts'
import { assertRouteParameter } from '../../support/path_safety.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import {
  assertLocale,
  assertTimeZone,
  DEFAULT_PRESENTATION,
  type Presentation,
} from '../../support/value_format.ts'
import { themeVariables, type PanelTheme } from './panel_theme.ts'
import {
  assertAssetUrl,
  brandLogoHeight,
  brandLogoSettings,
  type BrandLogo,
  type BrandLogoSettings,
} from './panel_brand.ts'
import type { KitPlugin } from '../plugin/plugin.ts'
import { Dashboard } from '../pages/dashboard.ts'
import type { WidgetEntry } from '../pages/widgets.ts'
import {
  emailVerificationSettings,
  loginSettings,
  passwordResetSettings,
  signUpSettings,
  userMenuItems,
  type EmailVerificationOptions,
  type EmailVerificationSettings,
  type LoginSettings,
  type SignUpOptions,
  type SignUpSettings,
  type PanelLoginOptions,
  type PasswordResetOptions,
  type PasswordResetSettings,
  type UserMenuItem,
} from './panel_account.ts'
import { twoFactorSettings, type TwoFactorOptions, type TwoFactorSettings } from './two_factor.ts'
import { passkeySettings, type PasskeyOptions, type PasskeySettings } from './panel_passkeys.ts'
import {
  assertKnownGroup,
  navigationGroups,
  navigationLinks,
  type NavigationGroup,
  type NavigationLink,
} from './panel_navigation.ts'

/**
 * Tenant-aware route registration: `/:<parameter>` in front of the prefix,
 * resolved with `model.query().where(routeKey, value)` before the handler
 * runs. Unknown tenants, and tenants whose `canAccessTenant(user)` is not
 * true, are 404.
 */
export interface TenantRouteOptions<Model extends LucidModel = LucidModel> {
  model: Model
  /** Route parameter (default: `tenant`) */
  parameter?: string
  /** Model property the URL carries (default: the primary key) */
  routeKey?: string
  /**
   * The tenants of a signed-in user: the top bar's tenant switcher lists
   * them, and the panel's root (`/workspace`) sends the user to the
   * default one. Every tenant URL still asks `canAccessTenant(user)`.
   */
  tenantsOf?: (user: KitUser) => InstanceType<Model>[] | Promise<InstanceType<Model>[]>
  /**
   * The tenant the panel's root sends a user to (default: the first of
   * `tenantsOf`); one the user may not access is skipped.
   */
  defaultTenant?: (
    user: KitUser,
    tenants: InstanceType<Model>[]
  ) => InstanceType<Model> | null | undefined | Promise<InstanceType<Model> | null | undefined>
  /** The model property naming a tenant in the switcher (default: `name`) */
  titleKey?: string
}

/**
 * What a panel sets for every page it serves.
 */
export interface PanelPageDefaults {
  /**
   * Component per page kind, used by pages that keep the kit's default
   * component (`kit/list_records`, ...): lets a panel render with its own
   * set of components.
   */
  components?: Partial<Record<Exclude<PageKind, 'custom'>, string>>
  /**
   * Props published with every page of the panel (the kit's props win).
   * JSON values only.
   */
  props?: Record<string, unknown>
}

const PAGE_KINDS = ['list', 'manage', 'create', 'edit', 'view', 'related']

/**
 * Whether a value is plain JSON: null, booleans, finite numbers, strings,
 * and arrays or plain objects of those.
 */
function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > 10) {
    return false
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') {
    return true
  }
  if (typeof value === 'number') {
    return Number.isFinite(value)
  }
  if (Array.isArray(value)) {
    return value.every((item) => isJsonValue(item, depth + 1))
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).every((item) => isJsonValue(item, depth + 1))
  }
  return false
}

/**
 * A resource class, or a lazy import of one (keeps config files light).
 */
export type ResourceReference = MaybeLazy<new () => Resource<any>>

/**
 * The notification settings of a panel (`panel().notifications()`).
 */
export interface PanelNotificationSettings {
  /** Seconds between two polls of the bell without transmit */
  pollSeconds: number
  /** Whether the bell listens on transmit when the application has it (default true) */
  live: boolean
}

/**
 * A panel: a path prefix, a route-name namespace, middleware and the
 * resources it serves. This is the definition config/kit.ts writes; the
 * kit mounts it at boot (`src/runtime/mounts/panel_mount.ts`).
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
  #pageDefaults: PanelPageDefaults = {}
  #presentation: Presentation = DEFAULT_PRESENTATION
  #audit?: AuditConfig
  #theme: Record<string, string> = {}
  #brandName?: string
  #brandLogo?: BrandLogoSettings
  #brandLogoHeight?: string
  #favicon?: string
  #login?: LoginSettings
  #profile = false
  #passwordReset?: PasswordResetSettings
  #emailVerification?: EmailVerificationSettings
  #signUp?: SignUpSettings
  #twoFactor?: TwoFactorSettings
  #passkeys?: PasskeySettings
  #userMenuItems: UserMenuItem[] = []
  #navigationGroups: NavigationGroup[] = []
  #navigationLinks: NavigationLink[] = []
  #plugins: KitPlugin[] = []
  #notifications?: PanelNotificationSettings
  #dashboard: Dashboard | null = null
  #dashboards: Dashboard[] = []

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
  tenant<Model extends LucidModel>(options: TenantRouteOptions<Model>): this {
    const where = `Panel "${this.id}": tenant()`
    if (!options || typeof (options.model as LucidModel | undefined)?.query !== 'function') {
      throw new KitConfigurationException(`${where} needs a Lucid model`)
    }
    if (options.parameter !== undefined) {
      assertRouteParameter(options.parameter, where, 'tenant')
    }
    for (const key of ['tenantsOf', 'defaultTenant'] as const) {
      if (options[key] !== undefined && typeof options[key] !== 'function') {
        throw new KitConfigurationException(`${where}: ${key} must be a function`)
      }
    }
    if (options.defaultTenant && !options.tenantsOf) {
      throw new KitConfigurationException(`${where}: defaultTenant needs tenantsOf`)
    }
    if (
      options.titleKey !== undefined &&
      (typeof options.titleKey !== 'string' || !options.titleKey)
    ) {
      throw new KitConfigurationException(`${where}: titleKey must be a property name`)
    }
    this.#tenant = options as unknown as TenantRouteOptions
    return this
  }

  /**
   * The panel's audit trail, over the app-wide `audit` of config/kit.ts:
   * one audit row per mutation, a History page per record and the panel's
   * activity list (see docs/audit.md).
   *
   * @example
   * ```ts
   * panel('admin').audit({ enabled: true, retentionDays: 365 })
   * ```
   */
  audit(config: AuditConfig): this {
    /* checked when the panel is mounted (auditSettings), at boot */
    this.#audit = config
    return this
  }

  /**
   * The panel's audit declaration, if any.
   */
  getAudit(): AuditConfig | undefined {
    return this.#audit
  }

  /**
   * Resources of the panel.
   */
  resources(resources: ResourceReference[]): this {
    this.#resources = resources
    return this
  }

  /**
   * The panel's landing page (`<path>`): a dashboard of these widgets, or a
   * `Dashboard` of its own (see docs/dashboards.md).
   *
   * @example
   * ```ts
   * panel('admin').dashboard([PostStats, PostsChart])
   * ```
   */
  dashboard(dashboard: WidgetEntry[] | Dashboard): this {
    if (dashboard instanceof Dashboard) {
      this.#dashboard = dashboard
    } else if (Array.isArray(dashboard)) {
      this.#dashboard = Dashboard.make('dashboard').widgets(dashboard)
    } else {
      throw new KitConfigurationException(
        `Panel "${this.id}": dashboard() takes a list of widgets or a Dashboard`
      )
    }
    return this
  }

  /**
   * More dashboards, each at `<path>/dashboards/<slug>`, listed in the
   * navigation after the landing one.
   */
  dashboards(dashboards: Dashboard[]): this {
    if (!Array.isArray(dashboards) || dashboards.some((entry) => !(entry instanceof Dashboard))) {
      throw new KitConfigurationException(
        `Panel "${this.id}": dashboards() takes Dashboard.make(...) entries`
      )
    }
    const slugs = new Set<string>()
    for (const entry of dashboards) {
      if (slugs.has(entry.slug)) {
        throw new KitConfigurationException(
          `Panel "${this.id}": two dashboards have the slug "${entry.slug}"`
        )
      }
      slugs.add(entry.slug)
    }
    this.#dashboards = [...dashboards]
    return this
  }

  getDashboard(): Dashboard | null {
    return this.#dashboard
  }

  getDashboards(): Dashboard[] {
    return this.#dashboards
  }

  /**
   * Defaults of every page of the panel: components per page kind and shared
   * props.
   *
   * @example
   * ```ts
   * panel('admin').pageDefaults({
   *   components: { list: 'admin/list', edit: 'admin/edit' },
   *   props: { brand: 'Acme admin' },
   * })
   * ```
   */
  pageDefaults(defaults: PanelPageDefaults): this {
    const where = `Panel "${this.id}": pageDefaults()`
    if (!defaults || typeof defaults !== 'object') {
      throw new KitConfigurationException(`${where} expects an object`)
    }
    for (const [kind, component] of Object.entries(defaults.components ?? {})) {
      if (!PAGE_KINDS.includes(kind)) {
        throw new KitConfigurationException(
          `${where}: "${kind}" is not a page kind (${PAGE_KINDS.join(', ')})`
        )
      }
      if (typeof component !== 'string' || component.length === 0) {
        throw new KitConfigurationException(`${where}: the ${kind} component must be a name`)
      }
    }
    const props = defaults.props ?? {}
    if (typeof props !== 'object' || Array.isArray(props)) {
      throw new KitConfigurationException(`${where}: props must be an object`)
    }
    for (const [key, value] of Object.entries(props)) {
      if (!isJsonValue(value)) {
        throw new KitConfigurationException(`${where}: prop "${key}" must be a JSON value`)
      }
    }
    this.#pageDefaults = { components: { ...defaults.components }, props: { ...props } }
    return this
  }

  getPageDefaults(): PanelPageDefaults {
    return this.#pageDefaults
  }

  /**
   * Locale of the values the panel formats (`date()`, `number()`,
   * `money()`… on columns and entries). Default: `en-US`.
   */
  locale(locale: string): this {
    assertLocale(locale, `Panel "${this.id}": locale()`)
    this.#presentation = { ...this.#presentation, locale }
    return this
  }

  /**
   * Time zone date-times are shown in (an IANA name such as
   * `Europe/Paris`). Default: `UTC`.
   */
  timeZone(timeZone: string): this {
    assertTimeZone(timeZone, `Panel "${this.id}": timeZone()`)
    this.#presentation = { ...this.#presentation, timeZone }
    return this
  }

  /**
   * The panel's look: primary and gray colors (one CSS color, or a scale
   * of shades 50 to 950), corner radius and font. Set on the panel's pages
   * only; a value that is not a color, a length or a font list is refused
   * at boot.
   *
   * @example
   * ```ts
   * panel('admin').theme({ primary: '#059669', gray: 'oklch(55% 0.02 250)', radius: '0.375rem' })
   * ```
   */
  theme(theme: PanelTheme): this {
    this.#theme = themeVariables(theme, `Panel "${this.id}": theme()`)
    return this
  }

  /**
   * The CSS variables of the panel's theme (`--kit-primary-500`, ...).
   */
  getThemeVariables(): Record<string, string> {
    return this.#theme
  }

  /**
   * The name in the sidebar's header (default: the panel id in title case).
   */
  brandName(name: string): this {
    if (typeof name !== 'string' || !name.trim()) {
      throw new KitConfigurationException(`Panel "${this.id}": brandName() needs a non-empty name`)
    }
    this.#brandName = name.trim()
    return this
  }

  /**
   * The panel's logo, in the sidebar's header and on the sign-in pages,
   * with the brand name as its text alternative: one image, or one per
   * color mode. A same-origin path or an https URL; anything else
   * (`javascript:`, `data:`, `http:`) is refused at boot.
   *
   * @example
   * ```ts
   * panel('admin').brandLogo({ light: '/logo.svg', dark: '/logo-dark.svg' }).brandLogoHeight('2rem')
   * ```
   */
  brandLogo(logo: BrandLogo): this {
    this.#brandLogo = brandLogoSettings(logo, `Panel "${this.id}": brandLogo()`)
    return this
  }

  /**
   * The height of the logo (a length in px, rem or em; default `2rem`).
   */
  brandLogoHeight(height: string): this {
    this.#brandLogoHeight = brandLogoHeight(height, `Panel "${this.id}": brandLogoHeight()`)
    return this
  }

  /**
   * The icon of the panel's pages (a same-origin path or an https URL),
   * set in the page head by both renderers.
   */
  favicon(url: string): this {
    assertAssetUrl(url, `Panel "${this.id}": favicon()`)
    this.#favicon = url
    return this
  }

  /**
   * The logo, its height and the favicon of the panel.
   */
  getBranding(): { logo?: BrandLogoSettings; logoHeight?: string; favicon?: string } {
    return { logo: this.#brandLogo, logoHeight: this.#brandLogoHeight, favicon: this.#favicon }
  }

  /**
   * The panel's own sign-in page (`<path>/login`) and sign-out
   * (`POST <path>/logout`) over the application's session guard and its
   * user model's `verifyCredentials()` (the `withAuthFinder` mixin); guests
   * of the panel are sent to it. Adds the user menu to the panel's top bar.
   * See docs/authentication.md.
   *
   * @example
   * ```ts
   * panel('admin').login({ model: () => import('#models/user'), rememberMe: true })
   * ```
   */
  login(options: PanelLoginOptions): this {
    this.#login = loginSettings(options, `Panel "${this.id}"`)
    return this
  }

  getLogin(): LoginSettings | undefined {
    return this.#login
  }

  /**
   * The profile page (`<path>/profile`): the signed-in user changes their
   * name, email and password (the current password required). Needs
   * `login()`.
   */
  profile(enabled = true): this {
    this.#profile = enabled
    return this
  }

  hasProfile(): boolean {
    return this.#profile
  }

  /**
   * Password reset: "Forgot your password?" on the sign-in page mails a
   * single-use link (through @adonisjs/mail) to a reset form. Needs
   * `login()` and the `kit_password_reset_tokens` table. See
   * docs/authentication.md.
   *
   * @example
   * ```ts
   * panel('admin').login({ model: () => import('#models/user') }).passwordReset({ expiresIn: '30 mins' })
   * ```
   */
  passwordReset(options: PasswordResetOptions = {}): this {
    this.#passwordReset = passwordResetSettings(options, `Panel "${this.id}"`)
    return this
  }

  getPasswordReset(): PasswordResetSettings | undefined {
    return this.#passwordReset
  }

  /**
   * Email verification: a signed-in user whose email is not verified (the
   * model's `email_verified_at` column, or `column`) sees only the "verify
   * your email" page until they follow the single-use link mailed to them
   * (through @adonisjs/mail). Needs `login()` and the
   * `kit_email_verification_tokens` table. See docs/authentication.md.
   *
   * @example
   * ```ts
   * panel('admin').login({ model: () => import('#models/user') }).emailVerification({ expiresIn: '1 day' })
   * ```
   */
  emailVerification(options: EmailVerificationOptions = {}): this {
    this.#emailVerification = emailVerificationSettings(options, `Panel "${this.id}"`)
    return this
  }

  getEmailVerification(): EmailVerificationSettings | undefined {
    return this.#emailVerification
  }

  /**
   * Sign-up (`<path>/sign-up`, off by default): a registration page that
   * creates the user through the model, signs them in and, with
   * `emailVerification()`, mails the verification link. Needs `login()`.
   *
   * @example
   * ```ts
   * panel('admin').login({ model: () => import('#models/user') }).signUp({
   *   beforeCreate(user) { user.merge({ role: 'editor' }) },
   * })
   * ```
   */
  signUp(options: SignUpOptions = {}): this {
    this.#signUp = signUpSettings(options, `Panel "${this.id}"`)
    return this
  }

  getSignUp(): SignUpSettings | undefined {
    return this.#signUp
  }

  /**
   * Two-factor authentication: users enrol an authenticator app (TOTP) on
   * their profile page, get single-use recovery codes, and answer a second
   * step at sign-in. Needs `login()`, `profile()` and the `kit_two_factor`
   * table. See docs/authentication.md.
   *
   * @example
   * ```ts
   * panel('admin').login({ model: () => import('#models/user') }).profile().twoFactor({ required: true })
   * ```
   */
  twoFactor(options: TwoFactorOptions = {}): this {
    this.#twoFactor = twoFactorSettings(options, `Panel "${this.id}"`)
    return this
  }

  getTwoFactor(): TwoFactorSettings | undefined {
    return this.#twoFactor
  }

  /**
   * Passkeys (WebAuthn, through `@simplewebauthn/server`): "Sign in with a
   * passkey" on the sign-in page, and the user's passkeys on the profile
   * page. Needs `login()`, `profile()` and the `kit_passkeys` table. See
   * docs/authentication.md.
   *
   * @example
   * ```ts
   * panel('admin').login({ model: () => import('#models/user') }).profile().passkeys({ rpId: 'admin.example.com' })
   * ```
   */
  passkeys(options: PasskeyOptions = {}): this {
    this.#passkeys = passkeySettings(options, `Panel "${this.id}"`)
    return this
  }

  getPasskeys(): PasskeySettings | undefined {
    return this.#passkeys
  }

  /**
   * Entries of the user menu, after the profile and before sign-out.
   *
   * @example
   * ```ts
   * panel('admin').userMenuItems([{ label: 'Settings', url: '/admin/settings', icon: 'cog-6-tooth' }])
   * ```
   */
  userMenuItems(items: UserMenuItem[]): this {
    this.#userMenuItems = userMenuItems(items, `Panel "${this.id}"`)
    return this
  }

  getUserMenuItems(): UserMenuItem[] {
    return this.#userMenuItems
  }

  /**
   * The groups of the navigation, in their order (before the groups of
   * items that name no declared group), with their icon and whether they
   * collapse. Once declared, a resource or link naming another group is
   * refused at boot.
   *
   * @example
   * ```ts
   * panel('admin').navigationGroups([
   *   { label: { en: 'Content', fr: 'Contenu' }, icon: 'document-text' },
   *   { label: 'Settings', collapsed: true },
   * ])
   * ```
   */
  navigationGroups(groups: NavigationGroup[]): this {
    this.#navigationGroups = navigationGroups(groups, `Panel "${this.id}"`)
    this.#checkLinkGroups()
    return this
  }

  getNavigationGroups(): NavigationGroup[] {
    return this.#navigationGroups
  }

  /**
   * Custom links of the navigation: a same-origin path or an http(s) URL
   * (refused at boot otherwise), sorted with the resources.
   *
   * @example
   * ```ts
   * panel('admin').navigationItems([
   *   { label: 'Docs', url: 'https://docs.example.com', icon: 'book-open', openInNewTab: true },
   * ])
   * ```
   */
  navigationItems(items: NavigationLink[]): this {
    this.#navigationLinks = navigationLinks(items, `Panel "${this.id}"`)
    this.#checkLinkGroups()
    return this
  }

  getNavigationItems(): NavigationLink[] {
    return this.#navigationLinks
  }

  /**
   * Every custom link names a declared group (when the panel declares any).
   */
  #checkLinkGroups() {
    for (const link of this.#navigationLinks) {
      assertKnownGroup(this.#navigationGroups, link.group, `Panel "${this.id}" navigationItems()`)
    }
  }

  /**
   * The notification bell in the top bar and its drawer (the signed-in
   * user's notifications, sent with `notify()`): live over
   * @adonisjs/transmit when the application has it, else polled every
   * `pollSeconds` (default 30; `live: false` polls even with transmit).
   * Needs the `kit_notifications` table
   * (`node ace configure adonis-kit` publishes its migration).
   * See docs/notifications.md.
   *
   * @example
   * ```ts
   * panel('admin').notifications({ pollSeconds: 15 })
   * ```
   */
  notifications(options: { pollSeconds?: number; live?: boolean } | false = {}): this {
    if (options === false) {
      this.#notifications = undefined
      return this
    }
    const pollSeconds = options.pollSeconds ?? 30
    if (!Number.isInteger(pollSeconds) || pollSeconds < 1 || pollSeconds > 3600) {
      throw new KitConfigurationException(
        `Panel "${this.id}": notifications() needs pollSeconds between 1 and 3600`
      )
    }
    this.#notifications = { pollSeconds, live: options.live ?? true }
    return this
  }

  getNotifications(): PanelNotificationSettings | undefined {
    return this.#notifications
  }

  getBrandName(): string | undefined {
    return this.#brandName
  }

  getPresentation(): Presentation {
    return this.#presentation
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

  /**
   * The middleware of every route but the authentication middleware (what
   * the sign-in page runs behind).
   */
  getPublicMiddleware() {
    return this.#middleware
  }

  getAuthMiddleware() {
    return this.#authMiddleware
  }

  getMutationMiddleware() {
    return this.#mutationMiddleware
  }

  getTenant() {
    return this.#tenant
  }

  /**
   * Hand a plugin to the panel: its resources, pages, navigation items and
   * translations join the panel's at boot, after the boot-time check of
   * what it declares (see docs/plugins.md).
   *
   * @example
   * ```ts
   * import { ratingPlugin } from 'kit-rating'
   *
   * panel('admin').plugin(ratingPlugin)
   * ```
   */
  plugin(plugin: KitPlugin): this {
    /* told by its shape: a plugin built against another copy of the kit is one too */
    if (
      !plugin ||
      typeof plugin.contribute !== 'function' ||
      typeof (plugin as { name?: unknown }).name !== 'string'
    ) {
      throw new KitConfigurationException(
        `Panel "${this.id}": plugin() expects a definePlugin(...) value`
      )
    }
    if (this.#plugins.some((other) => other.name === plugin.name)) {
      throw new KitConfigurationException(
        `Panel "${this.id}": the plugin "${plugin.name}" is handed to the panel twice`
      )
    }
    this.#plugins.push(plugin)
    return this
  }

  getPlugins(): readonly KitPlugin[] {
    return this.#plugins
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
