/*
 * adonis-kit
 *
 * Contracts of tables: columns, filters, rows, pagination, tabs.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type { ActionContract, BulkActionContract } from './actions.ts'
import type { FormFieldContract, FormValue } from './form.ts'
import type { ImageDisplayContract, ValueFormatContract } from './values.ts'

/**
 * What every serialized table column carries. The members of one kind
 * (`colors`, `icons`, `options`, `image`) are optional here so a cell may
 * read them from any column; the server sets them on their kind only.
 */
export interface BaseColumnContract {
  /** Model property, or `relationship.attribute` */
  name: string
  label: string
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
 * A text column: the value (formatted, a link, Markdown HTML when declared).
 */
export interface TextColumnContract extends BaseColumnContract {
  type: 'text'
}

/**
 * A badge column: the value in a badge of the color `colors` gives it.
 */
export interface BadgeColumnContract extends BaseColumnContract {
  type: 'badge'
}

/**
 * An image column: the images of `image` size.
 */
export interface ImageColumnContract extends BaseColumnContract {
  type: 'image'
}

/**
 * An icon column: the icon `icons` gives the value.
 */
export interface IconColumnContract extends BaseColumnContract {
  type: 'icon'
}

/**
 * A color column: a swatch of the value.
 */
export interface ColorColumnContract extends BaseColumnContract {
  type: 'color'
}

/**
 * A toggle column: a switch that saves the value on the row.
 */
export interface ToggleColumnContract extends BaseColumnContract {
  type: 'toggle'
}

/**
 * A select column: the options, saved on the row.
 */
export interface SelectColumnContract extends BaseColumnContract {
  type: 'select'
}

/**
 * A text input column: an input that saves the value on the row.
 */
export interface TextInputColumnContract extends BaseColumnContract {
  type: 'textInput'
}

/**
 * The table columns by contract `type`. A plugin adds its own by
 * augmenting this interface (`declare module 'adonis-kit/contracts'`);
 * each renderer's registry must then hold a cell for it.
 */
export interface KitColumnContracts {
  text: TextColumnContract
  badge: BadgeColumnContract
  image: ImageColumnContract
  icon: IconColumnContract
  color: ColorColumnContract
  toggle: ToggleColumnContract
  select: SelectColumnContract
  textInput: TextInputColumnContract
}

/**
 * A serialized table column: one of `KitColumnContracts`, told apart by `type`.
 */
export type TableColumnContract = KitColumnContracts[keyof KitColumnContracts]

/**
 * The table filters by contract `type` (a select filter is single or
 * multiple). A plugin adds its own by augmenting this interface
 * (`declare module 'adonis-kit/contracts'`); each renderer's registry must
 * then hold a filter component for it.
 */
export interface KitFilterContracts {
  select: SelectFilterContract | MultiSelectFilterContract
  ternary: TernaryFilterContract
  dateRange: DateRangeFilterContract
  numericRange: NumericRangeFilterContract
  queryBuilder: QueryBuilderFilterContract
  form: FormFilterContract
}

/**
 * A serialized filter with its current value (null when not applied): one
 * of `KitFilterContracts`, told apart by `type`.
 */
export type TableFilterContract = KitFilterContracts[keyof KitFilterContracts]

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
 * A form filter (`Filter.make().form()`): its fields' contracts, drawn
 * with the form's field components, and the set values by field name, an
 * empty field left out (`filters[name][field]=…`; null when inactive).
 */
export interface FormFilterContract {
  name: string
  label: string
  type: 'form'
  fields: FormFieldContract[]
  value: Record<string, FormValue> | null
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
 * One tab of a list page.
 */
export interface TabItemContract {
  key: string
  label: string
  /**
   * Count shown on the tab, when the tab declares a badge and it came with
   * the page; null without a badge, or while a deferred one is loading
   */
  badge: number | null
  /**
   * How the badge was obtained when it is no exact count: `estimate` (the
   * database's estimate: "about 1.2 million") or `atLeast` (a bounded count
   * stopped there: "10,000+")
   */
  badgeCount?: 'estimate' | 'atLeast'
  /**
   * The badge arrives after the page, in the deferred `tabBadges` prop
   * (Inertia deferred props; renderers show a placeholder until then).
   * Badges declared `eagerBadge()` and the active tab's badge when the
   * pagination total already counts it come with the page.
   */
  badgeDeferred?: true
}

/**
 * A tab badge sent after the page (`tabBadges` prop, keyed by tab key).
 */
export interface TabBadgeContract {
  badge: number
  /** Absent: an exact count (see {@link TabItemContract.badgeCount}) */
  count?: 'estimate' | 'atLeast'
}

/**
 * The deferred `tabBadges` prop of a list page: the badges of the tabs
 * marked `badgeDeferred`, by tab key.
 */
export type TabBadgesContract = Record<string, TabBadgeContract>

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
   * estimate: `total` and `lastPage` are approximate), `atLeast` (a bounded
   * count stopped: at least `total` records match, "10,000+"; `lastPage` is
   * the last page known to exist) or `none` (simple pagination: no count;
   * `total` counts the rows up to this page, plus one when a next page
   * exists, and `lastPage` is the next page then). Absent means exact. A
   * page that is not exact tells whether a page follows (`hasMorePages`);
   * a numbered page past the end of the rows is answered with an exact
   * count and the real last page (`page` says which), so a jump to an
   * estimated last page lands on the real one.
   */
  count?: 'exact' | 'estimate' | 'atLeast' | 'none'
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
