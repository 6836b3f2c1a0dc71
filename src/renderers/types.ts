/*
 * adonis-kit
 *
 * Prop types of the React and Vue renderers. Every prop the server sends is
 * typed by the serialized contracts (src/contracts/main.ts), re-exported
 * here; this file only adds what the application's Inertia middleware shares
 * (`errors`, `flash`) and small helper types of the renderers.
 */

import type {
  AuditPageContract,
  DashboardContract,
  KitAccountContract,
  KitErrorContract,
  ResourcePageProps,
  SelectContract,
  WidgetContract,
} from '../contracts/main.ts'

export type * from '../contracts/main.ts'

/**
 * One option of a select.
 */
export interface OptionContract {
  value: string
  label: string
}

/**
 * A select whose options are searched on the server (`search` is set).
 */
export type RemoteSelectContract = SelectContract & {
  search: NonNullable<SelectContract['search']>
}

/**
 * What the renderers read from a page: the server's props plus the shared
 * `errors` and `flash` of the application's Inertia middleware.
 */
export interface KitPageProps extends ResourcePageProps {
  /** The kit's error page (`kit/error`): a 404 or 403 of a page loaded directly */
  kitError?: KitErrorContract
  /** The audit pages (`kit/history`, `kit/activity`) */
  kitAudit?: AuditPageContract
  /** The account pages (`kit/login`, `kit/profile`) */
  kitAccount?: KitAccountContract
  /** A dashboard page (`kit/dashboard`) */
  kitDashboard?: DashboardContract
  /** A dashboard's widgets by id (deferred: absent until loaded) */
  dashboardWidgets?: Record<string, WidgetContract>
  /** Per-field messages, or (forms submitted with an error bag) per bag */
  errors?: Record<string, unknown>
  flash?: { success?: string | null; error?: string | null } | null
}
