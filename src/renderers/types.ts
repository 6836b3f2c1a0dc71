/*
 * adonis-kit
 *
 * Prop types of the React and Vue renderers. Every type the server already
 * publishes comes from the contracts (src/contracts/main.ts); the others
 * describe props of features whose server side is not part of the package
 * yet (relation managers, view pages, sub-navigation, widgets, panel
 * navigation, remote selects, modal forms). Renderers accept them when present
 * and render nothing for them when absent.
 */

import type {
  ActionContract,
  BreadcrumbItem,
  FormContract,
  FormFieldContract,
  ResourcePageProps,
  SerializableValue,
  TableContract,
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
 * A select whose options are searched on the server. The renderer asks
 * `searchUrl?search=<term>` (debounced) and expects `{ options: OptionContract[] }`;
 * `options` holds the labels of the current values.
 */
export interface RemoteSelectContract {
  type: 'remote-select'
  name: string
  label: string
  required: boolean
  multiple: boolean
  searchUrl: string
  options: OptionContract[]
  minSearchLength?: number
}

/**
 * Every field a renderer knows how to draw.
 */
export type RendererFieldContract = FormFieldContract | RemoteSelectContract

/**
 * A form whose fields may include remote selects.
 */
export interface RendererFormContract extends Omit<FormContract, 'fields' | 'values'> {
  fields: RendererFieldContract[]
  values: Record<string, SerializableValue | SerializableValue[]>
}

/**
 * One entry of an infolist (view pages).
 */
export interface InfolistEntryContract {
  name: string
  label: string
  type: 'text' | 'badge' | 'boolean' | 'date' | 'datetime'
  value: SerializableValue | SerializableValue[]
  color?: string | null
}

/**
 * The `infolist` prop of view pages.
 */
export interface InfolistContract {
  columns: number
  entries: InfolistEntryContract[]
}

/**
 * One entry of a record's sub-navigation.
 */
export interface SubNavigationItemContract {
  label: string
  url: string
  active: boolean
  badge?: number | null
}

/**
 * A widget above or below a page's content.
 */
export interface WidgetContract {
  id: string
  type: 'stats' | 'text'
  label: string | null
  stats?: { label: string; value: string | number; description?: string | null }[]
  body?: string | null
}

/**
 * The panel's navigation: groups of links.
 */
export interface NavigationGroupContract {
  label: string | null
  items: { label: string; url: string; active: boolean; badge?: number | null }[]
}

/**
 * A relation manager with its table (contract `kit.resources.relation-manager.v1`).
 * `table.parameters` are the query names the host reloads `relations` with.
 */
export interface RelationManagerContract {
  contract?: 'kit.resources.relation-manager.v1'
  id: string
  label: string
  relationship: string
  table: TableContract
  /** Form creating a related record (POST to its action URL) */
  createForm: RendererFormContract | null
  /** Attach an existing record (many-to-many): POST `{ record }` to `url` */
  attach: {
    url: string
    label?: string
    searchUrl: string | null
    options: OptionContract[]
  } | null
  /** Detach a related record: DELETE to `url` with `{record}` replaced */
  detach: { url: string; label?: string; requiresConfirmation?: boolean } | null
}

/**
 * A named group of relation managers, drawn as tabs.
 */
export interface RelationGroupContract {
  id: string
  label: string
  managers: RelationManagerContract[]
  /** Id of the manager shown first */
  active?: string | null
}

/**
 * The `relations` prop of edit and view pages.
 */
export type RelationEntryContract =
  ({ type: 'manager' } & RelationManagerContract) | ({ type: 'group' } & RelationGroupContract)

export interface RelationsContract {
  entries: RelationEntryContract[]
}

/**
 * Modal forms of simple resources (ManageRecords pages): `create` is the
 * empty form, `edit` the form of the record named by the `edit` query
 * parameter (null when none).
 */
export interface ModalFormsContract {
  create: RendererFormContract | null
  edit: RendererFormContract | null
}

/**
 * What the renderers read from a page: the server's props, the shared
 * `errors` and `flash`, and the props of the features listed above.
 */
export interface KitPageProps extends Omit<
  ResourcePageProps,
  | 'form'
  | 'infolist'
  | 'subNavigation'
  | 'headerWidgets'
  | 'footerWidgets'
  | 'navigation'
  | 'relations'
> {
  form?: RendererFormContract
  errors?: Record<string, string | string[]>
  flash?: { success?: string | null; error?: string | null } | null
  infolist?: InfolistContract
  subNavigation?: SubNavigationItemContract[]
  headerWidgets?: WidgetContract[]
  footerWidgets?: WidgetContract[]
  navigation?: NavigationGroupContract[]
  relations?: RelationsContract
  modal?: ModalFormsContract
}

export type { ActionContract, BreadcrumbItem, TableContract, FormContract }
