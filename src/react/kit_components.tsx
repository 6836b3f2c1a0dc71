/*
 * adonis-kit/react
 *
 * The kit's own components, registered by contract type through the same
 * `registerKitComponents` a plugin uses. The map has the full
 * `KitReactComponents` type: a contract type without a component here is a
 * compile error.
 */

import { StatsWidget } from './content.tsx'
import { ChartWidget, TableWidget } from './dashboard_page.tsx'
import {
  BadgeEntry,
  ColorEntry,
  HtmlEntry,
  IconEntry,
  ImageEntry,
  KeyValueEntry,
  RepeatableEntry,
  TextEntry,
} from './entries.tsx'
import { CheckboxField } from './fields/checkbox.tsx'
import { CheckboxListField } from './fields/checkbox_list.tsx'
import {
  ColorControl,
  DateControl,
  PasswordControl,
  RepeaterControl,
  RichTextControl,
  SelectControl,
  TextareaControl,
  TextInputControl,
  ToggleControl,
} from './fields/controls.tsx'
import { FileUploadField } from './fields/file_upload.tsx'
import { KeyValueField } from './fields/key_value.tsx'
import { MarkdownEditorField } from './fields/markdown_editor.tsx'
import { RadioField } from './fields/radio.tsx'
import { TagsInputField } from './fields/tags_input.tsx'
import {
  LayoutFieldset,
  LayoutGridNode,
  LayoutLeaf,
  LayoutSection,
  LayoutTabsNode,
} from './form/layout.tsx'
import { Wizard } from './form/wizard.tsx'
import { registerKitComponents, type KitReactComponents } from './registry.tsx'
import { ResourcePage } from './resource_page.tsx'
import {
  BadgeCell,
  ColorCell,
  IconCell,
  ImageCell,
  SelectCell,
  TextCell,
  ToggleCell,
} from './table/cells.tsx'
import { FilterSelect } from './table/filter_select.tsx'
import { QueryBuilder } from './table/query_builder.tsx'
import { FormFilter } from './table/form_filter.tsx'
import { DateRangeFilter, NumericRangeFilter } from './table/range_filters.tsx'

export const kitComponents: KitReactComponents = {
  fields: {
    text: TextInputControl,
    textarea: TextareaControl,
    date: DateControl,
    datetime: DateControl,
    toggle: ToggleControl,
    select: SelectControl,
    checkbox: CheckboxField,
    checkboxList: CheckboxListField,
    radio: RadioField,
    tags: TagsInputField,
    keyValue: KeyValueField,
    color: ColorControl,
    password: PasswordControl,
    repeater: RepeaterControl,
    file: FileUploadField,
    richText: RichTextControl,
    markdown: MarkdownEditorField,
  },
  columns: {
    text: TextCell,
    badge: BadgeCell,
    image: ImageCell,
    icon: IconCell,
    color: ColorCell,
    toggle: ToggleCell,
    select: SelectCell,
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
    wizard: Wizard,
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
