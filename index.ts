/*
 * adonis-kit
 *
 * Model-centric admin resources for AdonisJS.
 */

export * as errors from './src/errors.ts'
export { configure } from './configure.ts'
export { stubsRoot } from './stubs/main.ts'
export { defineConfig, defaultUserResolver } from './src/define_config.ts'
export { KitManager } from './src/kit_manager.ts'
export { Panel, panel } from './src/routing/panel.ts'
export { Resource } from './src/resource/resource.ts'
export { ResourceOperation } from './src/resource/operation.ts'
export { Table } from './src/table/table.ts'
export { Column } from './src/table/columns/column.ts'
export { TextColumn } from './src/table/columns/text_column.ts'
export { BadgeColumn } from './src/table/columns/badge_column.ts'
export { SelectFilter } from './src/table/filters/select_filter.ts'
export { TernaryFilter } from './src/table/filters/ternary_filter.ts'
export { DateRangeFilter } from './src/table/filters/date_range_filter.ts'
export { NumericRangeFilter } from './src/table/filters/numeric_range_filter.ts'
export type { TableFilterValue, DateRangeValue } from './src/table/filters/filter_value.ts'
export { PageTab } from './src/pages/page_tab.ts'
export { Action } from './src/table/actions/action.ts'
export {
  BulkAction,
  DeleteBulkAction,
  RestoreBulkAction,
  ForceDeleteBulkAction,
} from './src/table/actions/bulk_action.ts'
export { runBulkAction, runRowAction, ActionStop } from './src/table/actions/action_runner.ts'
export { Form } from './src/form/form.ts'
export { Field } from './src/form/fields/field.ts'
export { TextInput } from './src/form/fields/text_input.ts'
export { Textarea } from './src/form/fields/textarea.ts'
export { DatePicker, DateTimePicker } from './src/form/fields/date_picker.ts'
export { Toggle } from './src/form/fields/toggle.ts'
export { Select } from './src/form/fields/select.ts'
export type {
  OptionMap,
  OptionValue,
  PivotData,
  RelationshipQueryModifier,
  CreateOptionCallback,
  UpdateOptionCallback,
} from './src/form/fields/select.ts'
export { SELECT_PARAMETERS, MAX_OPTION_RESULTS } from './src/form/select_options.ts'
export { createOption, updateOption } from './src/form/option_forms.ts'
export { Rules, ValidationContext } from './src/validation/rules.ts'
export {
  kitRules,
  DATE_FORMATS,
  DATE_TIME_FORMATS,
  type KitDateRuleOptions,
} from './src/validation/date_rules.ts'
export { compiledValidator, validateWith } from './src/validation/validator_cache.ts'
export { onKitDebug, type KitDebugEntry } from './src/debug.ts'
export {
  ResourcePage,
  ListRecords,
  CreateRecord,
  EditRecord,
  ViewRecord,
  ManageRecords,
  ManageRelatedRecords,
  CustomPage,
} from './src/pages/resource_page.ts'
export { Widget, StatsWidget, Stat, resolveWidgets } from './src/pages/widgets.ts'
export { Infolist } from './src/infolist/infolist.ts'
export { TextEntry } from './src/infolist/text_entry.ts'
export { GlobalSearch } from './src/search/global_search.ts'
export { isSafeUrl, isSafePath, safeRedirectTarget } from './src/routing/path_safety.ts'
export { resourceQuery, findRecord } from './src/query/scoped_query.ts'
export { Tenancy } from './src/tenancy/tenancy.ts'
export type { TenantAccess } from './src/tenancy/tenancy.ts'
export { ParentRegistration } from './src/nesting/parent_registration.ts'
export type { TenantRouteOptions } from './src/routing/resource_mount.ts'
export {
  createRecord,
  updateRecord,
  deleteRecord,
  restoreRecord,
  forceDeleteRecord,
  updateColumn,
} from './src/mutation/mutation_runner.ts'
export { RelationManager } from './src/relations/relation_manager.ts'
export { RelationGroup } from './src/relations/relation_group.ts'
/** The operations of relation managers are resource operations (one enum) */
export { ResourceOperation as RelationOperation } from './src/resource/operation.ts'
export { serializeRelations } from './src/relations/relation_serializer.ts'
export type {
  RelationManagerClass,
  RelatedQuery,
  RecordSelect,
  RelationHookContext,
  RelationAccessContext,
} from './src/relations/relation_manager.ts'
export type { RelationKind } from './src/relations/relation_mount.ts'
export type { ResourceQuery, PolicyReference } from './src/resource/resource.ts'
export type {
  PageRoute,
  PageClass,
  PageKind,
  CustomPageContext,
  PageHeadingContext,
  RelationManagerReference,
} from './src/pages/resource_page.ts'
export type {
  WidgetEntry,
  WidgetProvider,
  WidgetContext,
  StatValueContext,
} from './src/pages/widgets.ts'
export type { GlobalSearchOptions } from './src/search/global_search.ts'
export type { ResourceAbilities } from './src/kit_manager.ts'
export type { RouteFacadeOptions } from './src/kit_manager.ts'
export type { KitConfig } from './src/define_config.ts'
export type * from './src/types.ts'
export type * from './src/contracts/main.ts'
