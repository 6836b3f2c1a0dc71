import { contextTranslator } from '../../i18n/translator.ts'
import { KitBuilderException } from '../../support/errors.ts'
import { Table } from './table.ts'
import { Form } from '../form/form.ts'
import { SelectFilter } from './filters/select_filter.ts'
import { TextColumn } from './columns/text_column.ts'
import { BadgeColumn } from './columns/badge_column.ts'
import type { ValueFormat } from '../../support/value_format.ts'
import type { Field } from '../form/fields/field.ts'
import {
  DeleteBulkAction,
  ForceDeleteBulkAction,
  RestoreBulkAction,
  type BulkAction,
} from './actions/bulk_action.ts'

/**
 * Name of the soft-delete preset's filter.
 */
export const TRASHED_FILTER = 'trashed'

/**
 * The trashed filter of the soft-delete preset: without (default), with or
 * only trashed records. The scoped query applies it.
 */
export function trashedFilter() {
  /* in the request's language (tables are built per request) */
  const t = contextTranslator()
  return SelectFilter.make(TRASHED_FILTER)
    .label(t.t('table.trashedFilter'))
    .options({
      without: t.t('table.trashedFilter.without'),
      with: t.t('table.trashedFilter.with'),
      only: t.t('table.trashedFilter.only'),
    })
    .query(() => {})
}

/**
 * What declares a table and a form: a resource or a relation manager.
 */
export interface BuilderOwner {
  table(table: Table): Table
  form(form: Form): Form
  softDeletes?: boolean
  /**
   * Resources: the bulk actions the soft-delete preset adds to the table
   * (relation managers serve their own preset).
   */
  softDeleteBulkActions?(): BulkAction[]
}

/**
 * Names of the soft-delete preset's bulk actions.
 */
export const SOFT_DELETE_BULK_ACTIONS = ['delete', 'restore', 'forceDelete']

/**
 * Whether a bulk action is one of the record lifecycle ones (by class or by
 * a preset name): a table that declares one of them declares its own.
 */
function isLifecycleBulkAction(action: BulkAction) {
  return (
    action instanceof DeleteBulkAction ||
    action instanceof RestoreBulkAction ||
    action instanceof ForceDeleteBulkAction ||
    SOFT_DELETE_BULK_ACTIONS.includes(action.name)
  )
}

/**
 * Hand a fresh table builder to `resource.table()` and insist on getting the
 * same builder back: a cached or replacement builder could carry state from
 * another request.
 */
export function buildTable(resource: BuilderOwner): Table {
  const table = new Table()
  const returned = resource.table(table)
  if (returned !== table) {
    throw new KitBuilderException(
      `${resource.constructor.name}.table() must configure and return the fresh Table it receives; it returned ${describe(returned)}`
    )
  }

  /* the soft-delete preset adds the trashed filter (a custom one wins) */
  if (resource.softDeletes && !table.getFilter(TRASHED_FILTER)) {
    table.filters([...table.getFilters(), trashedFilter()])
  }

  /* ... and, on a resource, the delete, restore and force-delete bulk
     actions, unless the table declares its own */
  if (resource.softDeletes && resource.softDeleteBulkActions) {
    const declared = table.getBulkActions()
    if (!declared.some(isLifecycleBulkAction)) {
      table.bulkActions([...declared, ...resource.softDeleteBulkActions()])
    }
  }

  /* text and badge columns show the option labels of their form field */
  const shown = table
    .getColumns()
    .filter((column) => column instanceof TextColumn || column instanceof BadgeColumn)
  if (shown.length) {
    followFieldOptions(buildForm(resource).getFields(), shown)
  }
  return table
}

/**
 * Values (columns, view-page entries) over an attribute whose form field declares options show the options' labels, unless
 * they declare options of their own.
 */
export function followFieldOptions(
  fields: readonly Field[],
  values: readonly (ValueFormat & { name: string })[]
) {
  for (const value of values) {
    const options = fields.find((field) => field.name === value.name)?.displayOptions()
    if (options) {
      value.followOptions(options)
    }
  }
}

/**
 * Hand a fresh form builder to `resource.form()` and insist on getting the
 * same builder back.
 */
export function buildForm(resource: BuilderOwner): Form {
  const form = new Form()
  const returned = resource.form(form)
  if (returned !== form) {
    throw new KitBuilderException(
      `${resource.constructor.name}.form() must configure and return the fresh Form it receives; it returned ${describe(returned)}`
    )
  }
  return form
}

function describe(value: unknown) {
  if (value instanceof Table || value instanceof Form) {
    return 'another (cached or replacement) builder'
  }
  return value === undefined ? 'undefined' : `a ${typeof value}`
}
