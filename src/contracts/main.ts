/*
 * adonis-kit
 *
 * The serialized contracts: every prop the kit hands to Inertia follows one of
 * these types. The server serializers and the React/Vue renderers both import
 * this file; it imports nothing from the server.
 */

/**
 * A value a prop may carry for a cell or a form field.
 */
import type { KitStrings } from './strings.ts'
import type { KitJobContract } from './jobs.ts'
import type { KitUserMenuContract } from './account.ts'
import type { FieldAffordancesContract, SimpleFieldContract } from './fields.ts'
export type * from './audit.ts'
export type * from './account.ts'

export type { KitStrings } from './strings.ts'
export type * from './fields.ts'
export type { KitJobContract } from './jobs.ts'
export { fillTemplate, formatMessage, translate } from './strings.ts'

export type SerializableValue = string | number | boolean | null

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
 * A serialized table column.
 */
export interface TableColumnContract {
  /** Model property, or `relationship.attribute` */
  name: string
  label: string
  type: 'text' | 'badge' | 'image' | 'icon' | 'color' | 'toggle' | 'select' | 'textInput'
  searchable: boolean
  sortable: boolean
  /** Editable columns: PATCH `{ value }` to `editUrl` with the row key for `{record}` */
  editable: boolean
  editUrl?: string
  /** Badge columns: value to color name */
  colors?: Record<string, string>
  /** Present when the column declares a format: rows carry `formatted[name]` */
  format?: ValueFormatContract
  /** Rows carry `descriptions[name]`, shown under the value */
  description?: boolean
  /** People may hide the column; `hiddenByDefault` hides it until shown */
  toggleable?: boolean
  hiddenByDefault?: boolean
  /** Icon columns: value (`true`/`false` for booleans) to icon and color */
  icons?: Record<string, { icon: string; color: string; label?: string }>
  /** Select columns: the options */
  options?: { value: string; label: string }[]
  /** Image columns: rows carry the safe image URL (or a list of them), or null */
  image?: ImageDisplayContract
}

/**
 * How an image column or entry draws its image: a square (or circle) of
 * `size` pixels.
 */
export interface ImageDisplayContract {
  size: number
  circular: boolean
}

/**
 * The display options of a formatted column or entry. The server formats
 * (locale and time zone of the panel); renderers show `formatted` as text,
 * a link when `link` is true and the row carries one, with a copy button
 * when `copyable`.
 */
export interface ValueFormatContract {
  /** `markdown`: `formatted` is Markdown rendered and sanitized on the server, inserted as HTML */
  kind: 'text' | 'date' | 'dateTime' | 'since' | 'number' | 'money' | 'markdown'
  /** Let long text wrap */
  wrap: boolean
  /** Offer a copy button (copies the raw value) */
  copyable: boolean
  /** The value is shown as a link (`links[name]`, only when safe) */
  link: boolean
}

/**
 * A serialized filter with its current value (null when not applied).
 */
export type TableFilterContract =
  | SelectFilterContract
  | MultiSelectFilterContract
  | TernaryFilterContract
  | DateRangeFilterContract
  | NumericRangeFilterContract
  | QueryBuilderFilterContract

/**
 * A select filter: one option (`filters[name]=value`).
 */
export interface SelectFilterContract {
  name: string
  label: string
  type: 'select'
  multiple?: false
  options: { value: string; label: string }[]
  value: string | null
}

/**
 * A multiple select filter: several options (`filters[name][]=value`).
 */
export interface MultiSelectFilterContract {
  name: string
  label: string
  type: 'select'
  multiple: true
  options: { value: string; label: string }[]
  value: string[] | null
}

/**
 * A ternary filter: all records (null), `'true'` or `'false'`. `nullable`
 * tells that "false" also matches records without a value.
 */
export interface TernaryFilterContract {
  name: string
  label: string
  type: 'ternary'
  allLabel: string
  options: { value: 'true' | 'false'; label: string }[]
  nullable: boolean
  value: 'true' | 'false' | null
}

/**
 * A date-range filter: inclusive days `YYYY-MM-DD`
 * (`filters[name][from]=…&filters[name][until]=…`).
 */
export interface DateRangeFilterContract {
  name: string
  label: string
  type: 'dateRange'
  fromLabel: string
  untilLabel: string
  value: { from: string | null; until: string | null } | null
}

/**
 * A numeric-range filter: inclusive bounds
 * (`filters[name][min]=…&filters[name][max]=…`).
 */
export interface NumericRangeFilterContract {
  name: string
  label: string
  type: 'numericRange'
  minLabel: string
  maxLabel: string
  value: { min: number | null; max: number | null } | null
}

/**
 * One constraint of a query-builder filter: a column (or a relationship)
 * and its operators. `input` tells what value an operator takes (`none`:
 * no value). Operator names are translated by the renderers
 * (`queryBuilder.operator.<name>`).
 */
export interface QueryBuilderConstraintContract {
  name: string
  label: string
  type: 'text' | 'number' | 'date' | 'boolean' | 'select' | 'relationship'
  operators: { name: string; input: 'text' | 'number' | 'date' | 'select' | 'none' }[]
  /** Select constraints: the options */
  options?: { value: string; label: string }[]
}

/**
 * A query-builder filter: rules `filters[name][i][column|operator|value]`,
 * all of which must match.
 */
export interface QueryBuilderFilterContract {
  name: string
  label: string
  type: 'queryBuilder'
  constraints: QueryBuilderConstraintContract[]
  value: { column: string; operator: string; value: string | number | null }[] | null
}

/**
 * An active filter as the table shows it above the rows, with a button
 * that removes it: the whole filter, or one rule of a query builder
 * (`rule`, its index in the filter's value). The label is written by the
 * server.
 */
export interface FilterIndicatorContract {
  filter: string
  rule?: number
  label: string
}

/**
 * A serialized action. `url` is a template: renderers put the row's key in
 * place of `{record}` (and `{id}`).
 */
export interface ActionContract {
  name: string
  label: string
  color: string
  method: 'get' | 'post' | 'patch' | 'delete'
  url: string
  requiresConfirmation: boolean
  /** Whether the kit hosts the endpoint (it then authorizes and runs it) */
  hosted: boolean
  /** The form asked in a modal before the action runs (its values are posted) */
  form?: ActionFormContract
  /** A background job action (export, import): renderers call it as JSON and follow the job */
  job?: 'export' | 'import'
}

/**
 * A serialized bulk action. Renderers POST `{ records: [...keys] }`, or
 * `{ selectAll: true, except: [...keys] }` with the current table state.
 */
export interface BulkActionContract {
  name: string
  label: string
  color: string
  url: string
  requiresConfirmation: boolean
  /** The form asked in a modal before the action runs (its values are posted with the keys) */
  form?: ActionFormContract
  /** A background job action (export): renderers call it as JSON and follow the job */
  job?: 'export'
}

/**
 * The words that name a table's records inside sentences, in the page's
 * language: "Delete 2 posts?", « 2 étiquettes supprimées ».
 */
export interface RecordWords {
  /** The singular label as it reads in a sentence (`post`) */
  singular: string
  /** The plural label as it reads in a sentence (`posts`) */
  plural: string
  /** The label's grammatical gender, for the languages that agree with it */
  gender: 'masculine' | 'feminine'
}

/**
 * What a bulk action reports.
 */
export interface BulkActionResult {
  action: string
  affected: number
  refused: number
}

/**
 * One tab of a list page.
 */
export interface TabItemContract {
  key: string
  label: string
  /** Count shown on the tab, when the tab declares a badge */
  badge: number | null
  /** The badge is the database's estimate (a table with `countStrategy('estimate')`) */
  badgeEstimated?: boolean
}

/**
 * The `tabs` prop of a list page that declares tabs.
 */
export interface TabsContract {
  active: string
  items: TabItemContract[]
}

/**
 * A serialized row: its key, its title, the declared columns' values and the
 * operations the current user may perform on it. Nothing else of the record.
 */
export interface TableRowContract {
  key: string | number
  title: string
  values: Record<string, string | number | boolean | null>
  /** Formatted columns: the text to show (null for a null value) */
  formatted?: Record<string, string | null>
  /** `url()` columns: the safe link of the value, or null */
  links?: Record<string, string | null>
  /** Columns with a description: the line under the value */
  descriptions?: Record<string, string | null>
  /** URL of the edit page when the user may edit the record */
  url: string | null
  /** Names of the actions allowed on the record (`edit`, `delete`, custom ones) */
  actions: string[]
  /** Whether the record is in the trash (soft-delete preset) */
  trashed?: boolean
  /** Grouped tables: the title of the row's group */
  group?: string
  /**
   * Tables with editable columns or hosted row actions: the record's
   * version the row was rendered with (the declared `versionColumn`, else a
   * signed digest of the stored row). Renderers send it as `_kit_version`
   * with an editable cell's value and with a row action; a stale version is
   * a conflict, a missing one a 422.
   */
  version?: string
}

/**
 * Current sort of a table.
 */
export interface TableSortContract {
  column: string
  direction: 'asc' | 'desc'
}

/**
 * Pagination state of a table.
 */
export interface TablePaginationContract {
  page: number
  perPage: number
  perPageOptions: number[]
  total: number
  lastPage: number
  /**
   * How `total` was obtained: `exact` (a count), `estimate` (the database's
   * estimate: `total` and `lastPage` are approximate) or `none` (simple
   * pagination: no count; `total` counts the rows up to this page, plus one
   * when a next page exists, and `lastPage` is the next page then). Absent
   * means exact.
   */
  count?: 'exact' | 'estimate' | 'none'
  /** Whether a page follows this one */
  hasMorePages?: boolean
  /**
   * Keyset cursors (tables with `keysetPagination()`): send `next` or
   * `previous` as the `parameter` query-string value, with the same search,
   * filters, sort, tab and page size, to read that page without OFFSET.
   * Null when there is no such page. A numbered `page` still jumps.
   */
  cursors?: { parameter: string; next: string | null; previous: string | null }
}

/**
 * The `table` prop of a list page.
 */
export interface TableContract {
  columns: TableColumnContract[]
  filters: TableFilterContract[]
  /** The active filters, with the labels to show (absent when none) */
  indicators?: FilterIndicatorContract[]
  /**
   * The filters are an always-open row (`Table.filtersAlwaysOpen()`);
   * absent: they open from a "Filters" button that counts the active ones
   */
  filtersOpen?: boolean
  /** Row actions: the built-in ones (edit, delete, restore, forceDelete) and the table's */
  actions: ActionContract[]
  bulkActions: BulkActionContract[]
  rows: TableRowContract[]
  searchable: boolean
  search: string | null
  sort: TableSortContract | null
  pagination: TablePaginationContract
  /** Names of the query-string parameters the server reads */
  parameters: {
    search: string
    sort: string
    direction: string
    page: string
    perPage: string
    filters: string
    tab: string
  }
  /**
   * Present when columns declare summaries: aggregates over every row the
   * list selects (search, filters and tab applied), not only the page.
   */
  summaries?: TableSummaryContract[]
  /** The table's state is kept in the session (`?reset=1` forgets it) */
  persisted?: boolean
  /**
   * Reorderable tables: POST `{ records: [...keys in the new order], sort }`
   * to `url`; offered while the table is sorted by `column` (or not sorted)
   * and on rows whose actions include `edit`
   */
  reorder?: { column: string; url: string }
  /** Grouped tables: the column rows are grouped by; rows carry `group` */
  group?: { column: string; label: string }
  /** The words naming the table's records in sentences (confirmations, empty states) */
  records?: RecordWords
}

/**
 * One summary of a column (renderers show it under the column).
 */
export interface TableSummaryContract {
  column: string
  kind: 'count' | 'sum' | 'average' | 'min' | 'max'
  label: string
  /** The aggregate (null over no rows, or only NULLs) */
  value: number | null
  /** The aggregate with the column's format, in the panel's locale */
  formatted: string | null
}

/**
 * A serialized form field.
 */
export interface TextInputContract extends FieldAffordancesContract {
  type: 'text'
  name: string
  label: string
  required: boolean
  inputType: 'text' | 'email' | 'number'
  maxLength: number | null
  placeholder: string | null
}

/**
 * What every field carries.
 */
interface BaseFieldContract extends FieldAffordancesContract {
  name: string
  label: string
  required: boolean
}

/**
 * A multi-line input.
 */
export interface TextareaContract extends BaseFieldContract {
  type: 'textarea'
  rows: number
  maxLength: number | null
}

/**
 * A date (`yyyy-MM-dd`) or date-and-time (ISO 8601) input.
 */
export interface DatePickerContract extends BaseFieldContract {
  type: 'date' | 'datetime'
}

/**
 * A boolean switch.
 */
export interface ToggleContract extends BaseFieldContract {
  type: 'toggle'
  default: boolean
}

/**
 * A select. `options` holds the static options, the preloaded options of a
 * relationship, or (remote selects) the labels of the current values only.
 */
export interface SelectContract extends BaseFieldContract {
  type: 'select'
  options: { value: string; label: string }[]
  multiple: boolean
  searchable: boolean
  preload: boolean
  /** Milliseconds to wait after a keystroke before searching */
  searchDebounce: number
  /**
   * Remote search on the page's own GET route: request
   * `url?<fieldParameter>=<name>&<searchParameter>=<term>` (JSON answer
   * `{ options }`, at most 50); terms shorter than `minLength` get nothing.
   */
  search: {
    url: string
    fieldParameter: string
    searchParameter: string
    minLength: number
  } | null
  /** The relationship the select edits */
  relationship: { name: string; kind: 'belongsTo' | 'manyToMany' } | null
  /** A form to create an option: POST its fields to `url` (JSON answer `{ option }`) */
  createOption: OptionFormContract | null
  /** A form to edit an option: PATCH to `url` with the option value in place of `{option}` */
  editOption: OptionFormContract | null
}

/**
 * A form that creates or edits one option of a select. It is validated on
 * its own and never submits the parent form.
 */
export interface OptionFormContract {
  fields: FormFieldContract[]
  url: string
  method: 'post' | 'patch'
}

/**
 * A value of a form field: a scalar, the keys of a multiple select, or the
 * items of a repeater.
 */
export type FormValue = string | number | boolean | null | (string | number)[] | RepeaterItem[]

export type FormFieldContract =
  | TextInputContract
  | TextareaContract
  | DatePickerContract
  | ToggleContract
  | SelectContract
  | SimpleFieldContract
  | RepeaterContract
  | FileUploadContract
  | RichEditorContract
  | MarkdownEditorContract

/**
 * One item of a repeater: the values of its fields.
 */
export type RepeaterItem = Record<string, SerializableValue | (string | number)[]>

/**
 * The member of a repeater item that names the related record it edits (a
 * repeater stored as a has-many relationship); a new item has none.
 * Renderers keep it with the item, untouched.
 */
export const REPEATER_ITEM_KEY = '_key'

/**
 * A list of sub-forms stored as JSON, or as the records of a has-many
 * relationship (each item then carries its record's key as `_key`).
 * Errors of an item come back as `<name>.<index>.<field>`.
 */
export interface RepeaterContract extends BaseFieldContract {
  type: 'repeater'
  /** The fields of one item */
  fields: FormFieldContract[]
  minItems: number | null
  maxItems: number
  reorderable: boolean
  /** The values of a new item */
  itemDefaults: Record<string, FormValue>
}

/**
 * Width of a layout node in its grid: a number of columns or the whole row.
 */
export type ColumnSpanContract = number | 'full' | null

/**
 * A node of a form's (or an infolist's) layout tree. Leaves name a field of
 * the form's `fields` (an entry of the infolist's `entries`).
 */
export type LayoutNodeContract =
  | { kind: 'field'; name: string; columnSpan: ColumnSpanContract }
  | {
      kind: 'section'
      heading: string
      description: string | null
      collapsible: boolean
      collapsed: boolean
      columns: number | null
      columnSpan: ColumnSpanContract
      children: LayoutNodeContract[]
    }
  | {
      kind: 'fieldset'
      legend: string
      columns: number | null
      columnSpan: ColumnSpanContract
      children: LayoutNodeContract[]
    }
  | {
      kind: 'grid'
      columns: number | null
      columnSpan: ColumnSpanContract
      children: LayoutNodeContract[]
    }
  | { kind: 'tabs'; columnSpan: ColumnSpanContract; tabs: LayoutPanelContract[] }
  | {
      kind: 'wizard'
      columnSpan: ColumnSpanContract
      steps: LayoutPanelContract[]
      /**
       * Body key of a step check: submit the values with `<stepParameter>:
       * <index>` to the form's action as JSON; 422 with the errors of the
       * steps up to it, or `{ ok: true }` (nothing written)
       */
      stepParameter: string
    }

/**
 * A tab or a wizard step.
 */
export interface LayoutPanelContract {
  label: string
  description: string | null
  columns: number | null
  children: LayoutNodeContract[]
}

/**
 * The form of an action, shown in its modal before it runs.
 */
export interface ActionFormContract {
  columns: number
  fields: FormFieldContract[]
  layout?: LayoutNodeContract[]
  values: Record<string, FormValue>
}

/**
 * A stored file of a file upload field: its path on the disk (the form
 * value), a safe URL to show or download it (null when the disk gives none),
 * and the last segment of the path.
 */
export interface StoredFileContract {
  path: string
  url: string | null
  name: string
}

/**
 * A file upload. The form submits new files as multipart parts under the
 * field's name; its value is the kept path (single) or the list of kept
 * paths (multiple); null or an empty list removes the stored files.
 */
export interface FileUploadContract extends BaseFieldContract {
  type: 'file'
  multiple: boolean
  /** MIME types checked against the file content on the server (empty: any) */
  acceptedTypes: string[]
  /** Largest accepted file, in bytes */
  maxSize: number
  /** Show image previews */
  image: boolean
  /** The record's stored files */
  files: StoredFileContract[]
}

/**
 * A rich text editor (HTML, sanitized on the server against an allow-list).
 */
export interface RichEditorContract extends BaseFieldContract {
  type: 'richText'
  /** Toolbar buttons, in order */
  toolbar: RichEditorTool[]
}

/**
 * A button of the rich text toolbar.
 */
export type RichEditorTool =
  'bold' | 'italic' | 'heading' | 'bulletList' | 'orderedList' | 'link' | 'blockquote' | 'code'

/**
 * A Markdown source textarea (raw HTML removed on the server).
 */
export interface MarkdownEditorContract extends BaseFieldContract {
  type: 'markdown'
  rows: number
  /**
   * Where the editor's Preview tab posts `{ markdown }` (JSON, with the CSRF
   * header) and reads `{ html }`: Markdown rendered and sanitized on the
   * server. Absent where the form has no preview endpoint.
   */
  previewUrl?: string
}

/**
 * The `form` prop of create and edit pages.
 */
export interface FormContract {
  operation: 'create' | 'edit'
  columns: number
  fields: FormFieldContract[]
  /**
   * Current values of the form's fields only (never a hidden attribute).
   * After a refused submission, the submitted values of those fields.
   */
  values: Record<string, FormValue>
  /**
   * Edit forms: the record's values the form was rendered from (after a
   * refused submission, the ones that submission started from). Renderers
   * send them back as `_kit_original`, so the server applies only the
   * person's own changes and never silently undoes a change made since.
   */
  original?: Record<string, FormValue>
  /**
   * Edit forms: the version of the record the form was rendered with (the
   * declared `versionColumn`, else a signed digest of the stored row).
   * Renderers send it back as `_kit_version`; an update against a stale
   * version is merged field by field with `original` or refused as a
   * conflict, one without a version is refused (422).
   */
  version?: string
  /** Where and how the renderer submits the form */
  action: { url: string; method: 'post' | 'patch' }
  /** The layout tree, when the form declares layout components or spans */
  layout?: LayoutNodeContract[]
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
 * One entry of a view page's infolist.
 */
export interface InfolistEntryContract {
  name: string
  label: string
  value: SerializableValue
  /** Present when the entry declares a format */
  format?: ValueFormatContract
  /** Formatted entries: the text to show (null for a null value) */
  formatted?: string | null
  /** `url()` entries: the safe link, or null */
  link?: string | null
  /** Image entries: the safe image URLs to show (`value` is the stored path) */
  image?: ImageDisplayContract & { urls: string[] }
  /** HTML entries: sanitized HTML to insert */
  html?: string | null
  /** Badge entries (`badge()`): the badge's color name */
  badge?: { color: string }
  /**
   * Icon entries: the icon of the value (`true`/`false` for booleans, whose
   * `value` is cast to a boolean), or null when the value has none (its
   * text is shown)
   */
  icon?: { icon: string; color: string; label?: string } | null
  /** Color entries: the value when it is a plain CSS color (drawn as a swatch), else null */
  color?: string | null
  /** Key-value entries: the object's rows, values as strings (`value` is null) */
  keyValue?: { key: string; value: string }[]
  /** Key-value entries: the column headings the entry declares (null: the default) */
  keyValueLabels?: { key: string | null; value: string | null }
  /** Repeatable entries: the child entries of each item, in order (`value` is null) */
  items?: InfolistEntryContract[][]
}

/**
 * The `infolist` prop of a view page.
 */
export interface InfolistContract {
  entries: InfolistEntryContract[]
  /** The layout tree (leaves name entries), when the infolist declares one */
  layout?: LayoutNodeContract[]
}

/**
 * One number of a stats widget.
 */
export interface StatContract {
  label: string
  value: SerializableValue
  description: string | null
}

/**
 * A stats widget: numbers computed on the server.
 */
export interface StatsWidgetContract {
  type: 'stats'
  id: string
  label: string | null
  stats: StatContract[]
}

/**
 * A serialized widget.
 */
export type WidgetContract = StatsWidgetContract

/**
 * One item of a panel's navigation: a resource the user may list.
 */
export interface NavigationItem {
  label: string
  icon: string | null
  url: string
  sort: number | null
  /** The navigation group (`navigationGroup`), or null */
  group: string | null
  /** Whether the current page belongs to this resource */
  active: boolean
}

/**
 * One result of the global search: titled by the record title, linking to
 * the page the user can open (edit when allowed, else view).
 */
export interface GlobalSearchResultContract {
  key: string | number
  title: string
  url: string
}

/**
 * The results of one resource in the global search.
 */
export interface GlobalSearchGroupContract {
  resource: string
  label: string
  results: GlobalSearchResultContract[]
}

/**
 * The answer of the global search (`GET <panel>/search?q=...`).
 */
export interface GlobalSearchContract {
  term: string
  groups: GlobalSearchGroupContract[]
}

/**
 * Contract id of a relation-manager entry. Frozen: a change of shape gets a
 * new id.
 */
export const RELATION_MANAGER_CONTRACT = 'kit.resources.relation-manager.v1'

/**
 * The chooser of the attach and associate forms: a remote searchable select.
 * Renderers GET `optionsUrl?search=<term>` (terms under 2 characters return
 * nothing; at most 50 options) and submit the chosen value as `record`.
 */
export interface RelationChooserContract {
  label: string
  optionsUrl: string
  /** Where the form is POSTed: `{ record, ...pivot fields }` */
  url: string
  /** Fields of the attach form (declared pivot attributes); empty for associate */
  fields: FormFieldContract[]
  columns: number
}

/**
 * One relation manager on an edit or view page.
 */
export interface RelationManagerContract {
  contract: 'kit.resources.relation-manager.v1'
  type: 'manager'
  /** The manager's name (its relationship); unique on the page */
  name: string
  label: string
  kind: 'hasOne' | 'hasMany' | 'manyToMany'
  /** On view pages (or without edit rights on the owner): no mutation actions */
  readOnly: boolean
  softDeletes: boolean
  /** Id of the group the manager belongs to, or null */
  group: string | null
  urls: {
    /** GET: this contract as JSON with the table state of the query string */
    index: string
    /** Template with `{record}`: GET the edit form, PATCH to update */
    record: string
  }
  /** Rows carry the declared columns, pivot columns as root attributes */
  table: TableContract
  /** The create form, when the user may create (null otherwise) */
  form: FormContract | null
  /** The attach chooser (many-to-many), when the user may attach */
  attach: RelationChooserContract | null
  /** The associate chooser (has-many with associates), when the user may associate */
  associate: RelationChooserContract | null
}

/**
 * A group of relation managers, rendered as tabs (only the active one).
 */
export interface RelationGroupContract {
  type: 'group'
  id: string
  title: string
  description: string | null
  icon: string | null
  contained: boolean
  /** Name of the manager shown first */
  defaultRelation: string
  managers: RelationManagerContract[]
}

/**
 * An entry of the `relations` prop.
 */
export type RelationEntryContract = RelationManagerContract | RelationGroupContract
