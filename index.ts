/*
 * adonis-kit
 *
 * Model-centric admin resources for AdonisJS.
 */

export * as errors from './src/support/errors.ts'
export { configure } from './configure.ts'
export { stubsRoot } from './stubs/main.ts'
export { defineConfig, defaultUserResolver } from './src/http/define_config.ts'
export type { KitManager } from './src/http/kit_manager.ts'
export { Panel, panel } from './src/definitions/panel/panel.ts'
export {
  KitPlugin,
  definePlugin,
  type KitPluginOptions,
  type PluginPage,
  type PluginNavigationItem,
  type PluginRegistrar,
  type PluginTranslations,
} from './src/definitions/plugin/plugin.ts'
export { Notification } from './src/definitions/notifications/notification.ts'
export { notify } from './src/runtime/notifications/notifier.ts'
export { KitAuditEntry, REDACTED } from './src/definitions/audit/audit_entry.ts'
export type { AuditChange, AuditChanges } from './src/definitions/audit/audit_entry.ts'
export type { AuditConfig } from './src/definitions/audit/audit_config.ts'
export { pruneAudit } from './src/runtime/audit/prune_audit.ts'
export type { LocalizedText } from './src/i18n/localized.ts'
export { translate } from './src/i18n/translator.ts'
export { Resource } from './src/definitions/resource/resource.ts'
export {
  Cluster,
  type ClusterOptions,
  type NavigationBadgeColor,
  type NavigationBadgeContext,
  type NavigationBadgeValue,
} from './src/definitions/resource/navigation.ts'
export type { NavigationGroup, NavigationLink } from './src/definitions/panel/panel_navigation.ts'
export { ResourceOperation } from './src/definitions/resource/operation.ts'
export { Table } from './src/definitions/table/table.ts'
export { Column } from './src/definitions/table/columns/column.ts'
export { TextColumn } from './src/definitions/table/columns/text_column.ts'
export { BadgeColumn } from './src/definitions/table/columns/badge_column.ts'
export { ImageColumn } from './src/definitions/table/columns/image_column.ts'
export { IconColumn, type ColumnIcon } from './src/definitions/table/columns/icon_column.ts'
export { ColorColumn } from './src/definitions/table/columns/color_column.ts'
export { ToggleColumn } from './src/definitions/table/columns/toggle_column.ts'
export { SelectColumn } from './src/definitions/table/columns/select_column.ts'
export { TextInputColumn } from './src/definitions/table/columns/text_input_column.ts'
export { SelectFilter } from './src/definitions/table/filters/select_filter.ts'
export { TernaryFilter } from './src/definitions/table/filters/ternary_filter.ts'
export { QueryBuilderFilter } from './src/definitions/table/filters/query_builder_filter.ts'
export {
  TextConstraint,
  NumberConstraint,
  DateConstraint,
  BooleanConstraint,
  SelectConstraint,
  RelationshipConstraint,
  type QueryBuilderRule,
} from './src/definitions/table/filters/query_builder_constraints.ts'
export { DateRangeFilter } from './src/definitions/table/filters/date_range_filter.ts'
export { NumericRangeFilter } from './src/definitions/table/filters/numeric_range_filter.ts'
export { Filter, type FormFilterData } from './src/definitions/table/filters/form_filter.ts'
export {
  BaseFilter,
  type FilterKit,
  type FilterIndicator,
} from './src/definitions/table/filters/base_filter.ts'
export type { ColumnKit } from './src/definitions/table/columns/column_kit.ts'
export type {
  FieldKit,
  FieldError,
  FieldSerialization,
  FieldSubmission,
  FileStorage,
  RelationWrite,
} from './src/definitions/form/fields/field_kit.ts'
export type {
  TableFilterValue,
  DateRangeValue,
} from './src/definitions/table/filters/filter_value.ts'
export { PageTab } from './src/definitions/pages/page_tab.ts'
export { Action } from './src/definitions/table/actions/action.ts'
export {
  ReplicateAction,
  type ReplicaHook,
  type ReplicaHookContext,
} from './src/definitions/table/actions/replicate_action.ts'
export {
  ImpersonateAction,
  type ImpersonationSettings,
} from './src/definitions/table/actions/impersonate_action.ts'
export { EditAction, DeleteAction, RecordPageAction } from './src/definitions/pages/page_actions.ts'
export {
  BulkAction,
  DeleteBulkAction,
  RestoreBulkAction,
  ForceDeleteBulkAction,
} from './src/definitions/table/actions/bulk_action.ts'
export { ExportAction, ExportBulkAction } from './src/definitions/export/export_action.ts'
export { ExportColumn } from './src/definitions/export/export_column.ts'
export { ImportAction, ImportColumn } from './src/definitions/export/import_action.ts'
export type { ExportFormat } from './src/definitions/export/export_settings.ts'
export { Form } from './src/definitions/form/form.ts'
export { Field, type PreparedValue } from './src/definitions/form/fields/field.ts'
export { TextInput } from './src/definitions/form/fields/text_input.ts'
export { Textarea } from './src/definitions/form/fields/textarea.ts'
export { DatePicker, DateTimePicker } from './src/definitions/form/fields/date_picker.ts'
export { Toggle } from './src/definitions/form/fields/toggle.ts'
export { Repeater } from './src/definitions/form/fields/repeater.ts'
export { Section } from './src/definitions/form/layout/section.ts'
export { Fieldset } from './src/definitions/form/layout/fieldset.ts'
export { Grid } from './src/definitions/form/layout/grid.ts'
export { Tabs, Tab } from './src/definitions/form/layout/tabs.ts'
export { Wizard, Step } from './src/definitions/form/layout/wizard.ts'
export { Select } from './src/definitions/form/fields/select.ts'
export { Checkbox } from './src/definitions/form/fields/checkbox.ts'
export { CheckboxList } from './src/definitions/form/fields/checkbox_list.ts'
export { Radio } from './src/definitions/form/fields/radio.ts'
export { TagsInput } from './src/definitions/form/fields/tags_input.ts'
export { KeyValue } from './src/definitions/form/fields/key_value.ts'
export { ColorPicker } from './src/definitions/form/fields/color_picker.ts'
export { Password } from './src/definitions/form/fields/password.ts'
export type { ConditionTarget } from './src/definitions/form/fields/field_condition.ts'
export { FileUpload } from './src/definitions/form/fields/file_upload.ts'
export { RichEditor } from './src/definitions/form/fields/rich_editor.ts'
export { MarkdownEditor } from './src/definitions/form/fields/markdown_editor.ts'
export type {
  OptionMap,
  OptionValue,
  PivotData,
  RelationshipQueryModifier,
  CreateOptionCallback,
  UpdateOptionCallback,
} from './src/definitions/form/fields/select.ts'
export { Rules, ValidationContext } from './src/definitions/validation/rules.ts'
export {
  kitRules,
  DATE_FORMATS,
  DATE_TIME_FORMATS,
  type KitDateRuleOptions,
} from './src/definitions/validation/date_rules.ts'
export {
  ResourcePage,
  ListRecords,
  CreateRecord,
  EditRecord,
  ViewRecord,
  ManageRecords,
  ManageRelatedRecords,
  CustomPage,
} from './src/definitions/pages/resource_page.ts'
export { Widget, StatsWidget, Stat } from './src/definitions/pages/widgets.ts'
export { ChartWidget, TableWidget } from './src/definitions/pages/dashboard_widgets.ts'
export type { ChartData, ChartTrendOptions } from './src/definitions/pages/dashboard_widgets.ts'
export { Dashboard } from './src/definitions/pages/dashboard.ts'
export { Trend } from './src/definitions/pages/trend.ts'
export type { TrendAggregate, TrendInterval, TrendPoint } from './src/definitions/pages/trend.ts'
export { Infolist } from './src/definitions/infolist/infolist.ts'
export { TextEntry, type EntryColor } from './src/definitions/infolist/text_entry.ts'
export { ImageEntry } from './src/definitions/infolist/image_entry.ts'
export { HtmlEntry } from './src/definitions/infolist/html_entry.ts'
export { IconEntry } from './src/definitions/infolist/icon_entry.ts'
export { ColorEntry } from './src/definitions/infolist/color_entry.ts'
export { KeyValueEntry } from './src/definitions/infolist/key_value_entry.ts'
export {
  RepeatableEntry,
  type RepeatableQueryModifier,
} from './src/definitions/infolist/repeatable_entry.ts'
export { GlobalSearch } from './src/runtime/search/global_search.ts'
export { Tenancy } from './src/definitions/tenancy/tenancy.ts'
export type { TenantAccess } from './src/definitions/tenancy/tenancy.ts'
export { ParentRegistration } from './src/definitions/nesting/parent_registration.ts'
export type { TenantRouteOptions } from './src/definitions/panel/panel.ts'
export type { PanelTheme, ThemeColor, ThemeShade } from './src/definitions/panel/panel_theme.ts'
export type {
  PanelLoginOptions,
  PasswordResetOptions,
  EmailVerificationOptions,
  SignUpOptions,
  UserMenuItem,
  ThrottleLimit,
  AuthFinderModel,
} from './src/definitions/panel/panel_account.ts'
export type { TwoFactorOptions } from './src/definitions/panel/two_factor.ts'
export type { PasskeyOptions } from './src/definitions/panel/panel_passkeys.ts'
export { RelationManager } from './src/definitions/relations/relation_manager.ts'
export { RelationGroup } from './src/definitions/relations/relation_group.ts'
/** The operations of relation managers are resource operations (one enum) */
export { ResourceOperation as RelationOperation } from './src/definitions/resource/operation.ts'
export type {
  RelationManagerClass,
  RelatedQuery,
  RecordSelect,
  RelationHookContext,
  RelationAccessContext,
} from './src/definitions/relations/relation_manager.ts'
export type { ResourceQuery, PolicyReference } from './src/definitions/resource/resource.ts'
export type {
  PageRoute,
  PageClass,
  PageKind,
  CustomPageContext,
  PageHeadingContext,
  RedirectContext,
  RedirectTarget,
  RelationManagerReference,
} from './src/definitions/pages/resource_page.ts'
export type {
  WidgetEntry,
  WidgetProvider,
  WidgetContext,
  StatValueContext,
} from './src/definitions/pages/widgets.ts'
export type { GlobalSearchOptions } from './src/runtime/search/global_search.ts'
export type { ResourceAbilities } from './src/http/kit_manager.ts'
export type { RouteFacadeOptions } from './src/http/kit_manager.ts'
export type { KitConfig } from './src/http/define_config.ts'
export type * from './src/definitions/types.ts'
export type * from './src/contracts/main.ts'
