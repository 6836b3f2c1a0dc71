/*
 * adonis-kit
 *
 * Contracts of the pages: the props of every resource page and what they share.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type { AuditPageContract } from './audit.ts'
import type {
  KitForgotPasswordContract,
  KitProfileContract,
  KitResetPasswordContract,
  KitSignInContract,
  KitSignUpContract,
  KitTwoFactorChallengeContract,
  KitUserMenuContract,
  KitVerifyEmailContract,
} from './account.ts'
import type { KitStrings } from './strings.ts'
import type { KitJobContract } from './jobs.ts'
import type { KitPanelNotificationsContract } from './notifications.ts'
import type { ActionContract } from './actions.ts'
import type { FormContract } from './form.ts'
import type { InfolistContract } from './infolist.ts'
import type { NavigationItem } from './navigation.ts'
import type { RelationEntryContract, RelationManagerContract } from './relations.ts'
import type { TableContract, TabBadgesContract, TabsContract } from './table.ts'
import type { DashboardContract, WidgetContract } from './widgets.ts'

/**
 * One step of the breadcrumbs. The current page has no URL and `current: true`
 * (renderers mark it with `aria-current="page"`).
 */
export interface BreadcrumbItem {
  label: string
  url: string | null
  current: boolean
}

/**
 * Resource metadata published with every page.
 */
export interface ResourceContract {
  slug: string
  label: string
  pluralLabel: string
  /** `create` is null when there is no create page or the user may not create */
  urls: { index: string | null; create: string | null }
  /** The parent resource of a nested resource */
  parent?: {
    slug: string
    label: string
    pluralLabel: string
    /** Name of the parent's route parameter */
    parameter: string
    urls: { index: string | null }
  }
}

/**
 * The record a record page is about.
 */
export interface RecordContract {
  key: string | number
  title: string
  /**
   * Record pages with hosted header actions: the record's version the page
   * was rendered with. Renderers send it as `_kit_version` with a header
   * action; a stale version is a conflict, a missing one a 422.
   */
  version?: string
}

/**
 * What every kit page carries to speak the request's language: the locale
 * (for plural forms) and the kit's strings (`src/i18n`; translated with
 * `@adonisjs/i18n` when the application has it). Renderers show no text of
 * their own: they translate keys with `translate()` of `adonis-kit/contracts`.
 */
export interface KitTextProps {
  /** BCP 47 locale of the strings (`en-US`, `fr`) */
  locale?: string
  strings?: KitStrings
}

/**
 * The `kitError` prop of the kit's error page (`kit/error`): a request
 * error (404, 403) of a page loaded directly, shown in the panel's layout
 * with a link back. The page also carries `navigation` and `kitPanel` when
 * the URL belongs to a panel.
 */
export interface KitErrorContract {
  status: number
  /** The error's `E_KIT_*` code */
  code: string
  title: string
  message: string
  back: { url: string; label: string }
}

/**
 * The panel a page belongs to.
 */
export interface KitPanelContract {
  id: string
  /** The URL of the panel's global search (`GET <searchUrl>?q=<term>`) */
  searchUrl: string
  /** The name in the sidebar's header (`panel().brandName()`); renderers title-case the id otherwise */
  brand?: string
  /** CSS variables of the panel's theme (`--kit-primary-500`: a CSS color), set on the page's root */
  theme?: Record<string, string>
  /** The user menu, on panels with `login()` and a signed-in user */
  userMenu?: KitUserMenuContract
  /** The notification bell, on panels with `notifications()` and a signed-in user */
  notifications?: KitPanelNotificationsContract
  /** The logo (`panel().brandLogo()`): the brand name is its text alternative */
  logo?: { light: string; dark?: string; height?: string }
  /** The icon of the panel's pages (`panel().favicon()`) */
  favicon?: string
  /** The tenant switcher, on tenant panels with `tenantsOf` and a signed-in member */
  tenants?: KitTenantSwitcherContract
}

/**
 * The top bar's tenant switcher: the current tenant's name and the
 * user's tenants, each with the URL of the same page under it (or of its
 * panel home when the page names a record).
 */
export interface KitTenantSwitcherContract {
  current: string
  items: { name: string; url: string; current: boolean }[]
}

/**
 * Props of every resource page. `table` is present on list pages, `form` on
 * create and edit pages, `record` on record pages, `kitPanel` on panel pages.
 * `errors` comes from the application's Inertia middleware.
 */
export interface ResourcePageProps extends KitTextProps {
  /** Record pages: the record's History page (audit trail on, the user may view it) */
  historyUrl?: string
  /** The panel: its id, global search, brand name and theme */
  kitPanel?: KitPanelContract
  resource: ResourceContract
  page: {
    key: string
    operation: string
    /** Short name of the page (its breadcrumb step): `List`, `Edit`, `Activity` */
    title: string
    /** The page heading: the plural label, `Create <label>`, the record title... */
    heading: string
    /** The document `<title>` */
    documentTitle: string
  }
  breadcrumbs: BreadcrumbItem[]
  table?: TableContract
  tabs?: TabsContract
  /** List pages: the deferred tab badges (absent until loaded) */
  tabBadges?: TabBadgesContract
  headerActions?: ActionContract[]
  /** Create and edit pages; on a manage page, the create form when the user may create */
  form?: FormContract
  /** Manage pages: the edit form of the record named by `?edit=<key>` */
  editForm?: FormContract
  record?: RecordContract
  /** The parent record of a nested resource's page */
  parentRecord?: RecordContract & { url: string | null }
  /** View pages */
  infolist?: InfolistContract
  /** Record pages of a resource with `recordSubNavigation()`: the permitted entries */
  subNavigation?: SubNavigationItem[]
  /** Present only when the resource or the page declares header widgets */
  headerWidgets?: WidgetContract[]
  /** Present only when the page declares footer widgets */
  footerWidgets?: WidgetContract[]
  /** Panel pages: the panel's navigation, items the user may list only */
  navigation?: NavigationItem[]
  /** Relation manager pages: the relation the page hosts */
  relationManager?: { relationship: string; manager: RelationManagerContract | null }
  /** Edit (and view) pages of resources with relation managers */
  relations?: RelationEntryContract[]
  /**
   * List and manage pages: the job the previous request started (a bulk
   * action sent through Inertia over `jobs.bulkQueueThreshold`), to follow
   */
  job?: KitJobContract
}

/**
 * One entry of the record sub-navigation. The active entry has no URL
 * (renderers mark it with `aria-current="page"` and render it as text).
 */
export interface SubNavigationItem {
  key: string
  label: string
  url: string | null
  active: boolean
}

/**
 * The kit's Inertia pages by component name, with the props each receives.
 * A plugin adds its own pages by augmenting this interface (`declare module
 * 'adonis-kit/contracts'`); each renderer's registry must then hold a page
 * component for it (`resolveKitPage(name)` finds it there).
 */
export interface KitPageContracts {
  'kit/list_records': ResourcePageProps
  'kit/manage_records': ResourcePageProps
  'kit/create_record': ResourcePageProps
  'kit/edit_record': ResourcePageProps
  'kit/view_record': ResourcePageProps
  'kit/manage_related_records': ResourcePageProps
  'kit/error': ResourcePageProps & { kitError: KitErrorContract }
  'kit/history': ResourcePageProps & { kitAudit: AuditPageContract }
  'kit/activity': ResourcePageProps & { kitAudit: AuditPageContract }
  'kit/login': ResourcePageProps & { kitAccount: KitSignInContract }
  'kit/profile': ResourcePageProps & { kitAccount: KitProfileContract }
  'kit/forgot_password': ResourcePageProps & { kitAccount: KitForgotPasswordContract }
  'kit/reset_password': ResourcePageProps & { kitAccount: KitResetPasswordContract }
  'kit/verify_email': ResourcePageProps & { kitAccount: KitVerifyEmailContract }
  'kit/sign_up': ResourcePageProps & { kitAccount: KitSignUpContract }
  'kit/two_factor_challenge': ResourcePageProps & { kitAccount: KitTwoFactorChallengeContract }
  'kit/dashboard': ResourcePageProps & {
    kitDashboard: DashboardContract
    /** The widgets' content, by widget id: deferred (absent until loaded) */
    dashboardWidgets?: Record<string, WidgetContract>
  }
}

/**
 * The name of a kit page (an Inertia component name).
 */
export type KitPageName = keyof KitPageContracts
