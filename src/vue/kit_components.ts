/*
 * adonis-kit/vue
 *
 * The kit's own components, registered by contract type through the same
 * `registerKitComponents` a plugin uses. The map has the full
 * `KitVueComponents` type: a contract type without a component here is a
 * compile error.
 */

import { StatsWidget } from './content.ts'
import { ChartWidget, TableWidget } from './dashboard_page.ts'
import {
  BadgeEntry,
  ColorEntry,
  HtmlEntry,
  IconEntry,
  ImageEntry,
  KeyValueEntry,
  RepeatableEntry,
  TextEntry,
} from './entries.ts'
import {
  CheckboxControl,
  CheckboxListControl,
  ColorControl,
  DateControl,
  FileControl,
  KeyValueControl,
  MarkdownControl,
  PasswordControl,
  RadioControl,
  RepeaterControl,
  RichTextControl,
  SelectControl,
  TagsControl,
  TextareaControl,
  TextInputControl,
  ToggleControl,
} from './fields/controls.ts'
import {
  LayoutFieldset,
  LayoutGridNode,
  LayoutLeaf,
  LayoutSection,
  LayoutTabsNode,
  LayoutWizard,
} from './form/layout.ts'
import { registerKitComponents, type KitVueComponents } from './registry.ts'
import { ResourcePage } from './resource_page.ts'
import {
  BadgeCell,
  ColorCell,
  IconCell,
  ImageCell,
  SelectColumnCell,
  TextCell,
  ToggleColumnCell,
} from './table/cells.ts'
import { FilterSelect } from './table/filter_select.ts'
import { QueryBuilder } from './table/query_builder.ts'
import { FormFilter } from './table/form_filter.ts'
import { DateRangeFilter, NumericRangeFilter } from './table/range_filters.ts'

export const kitComponents: KitVueComponents = {
  fields: {
    text: TextInputControl,
    textarea: TextareaControl,
    date: DateControl,
    datetime: DateControl,
    toggle: ToggleControl,
    select: SelectControl,
    checkbox: CheckboxControl,
    checkboxList: CheckboxListControl,
    radio: RadioControl,
    tags: TagsControl,
    keyValue: KeyValueControl,
    color: ColorControl,
    password: PasswordControl,
    repeater: RepeaterControl,
    file: FileControl,
    richText: RichTextControl,
    markdown: MarkdownControl,
  },
  columns: {
    text: TextCell,
    badge: BadgeCell,
    image: ImageCell,
    icon: IconCell,
    color: ColorCell,
    toggle: ToggleColumnCell,
    select: SelectColumnCell,
    textInput: TextCell,
  },
  filters: {
    select: FilterSelect,
    ternary: FilterSelect,
    dateRange: DateRangeFilter,
    numericRange: NumericRangeFilter,
    queryBuilder: QueryBuilder,
    form: FormFilter,
  },
  entries: {
    text: TextEntry,
    image: ImageEntry,
    html: HtmlEntry,
    repeatable: RepeatableEntry,
    keyValue: KeyValueEntry,
    icon: IconEntry,
    color: ColorEntry,
    badge: BadgeEntry,
  },
  layout: {
    field: LayoutLeaf,
    section: LayoutSection,
    fieldset: LayoutFieldset,
    grid: LayoutGridNode,
    tabs: LayoutTabsNode,
    wizard: LayoutWizard,
  },
  widgets: { stats: StatsWidget, chart: ChartWidget, table: TableWidget },
  pages: {
    'kit/list_records': ResourcePage,
    'kit/manage_records': ResourcePage,
    'kit/create_record': ResourcePage,
    'kit/edit_record': ResourcePage,
    'kit/view_record': ResourcePage,
    'kit/manage_related_records': ResourcePage,
    'kit/error': ResourcePage,
    'kit/history': ResourcePage,
    'kit/activity': ResourcePage,
    'kit/login': ResourcePage,
    'kit/profile': ResourcePage,
    'kit/forgot_password': ResourcePage,
    'kit/reset_password': ResourcePage,
    'kit/verify_email': ResourcePage,
    'kit/sign_up': ResourcePage,
    'kit/two_factor_challenge': ResourcePage,
    'kit/dashboard': ResourcePage,
  },
}

registerKitComponents(kitComponents)
