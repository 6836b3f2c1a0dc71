import {
  BadgeColumn,
  DeleteBulkAction,
  ForceDeleteBulkAction,
  RestoreBulkAction,
  Select,
  SelectFilter,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from '../../../../index.ts'

export const STATUS_OPTIONS = { draft: 'Draft', published: 'Published', archived: 'Archived' }
export const STATUS_COLORS = { draft: 'gray', published: 'green', archived: 'orange' }

/**
 * The table of the item resources: a searchable, sortable title, the
 * author's name (belongs-to), a status badge, two more sortable columns, a
 * status filter and the built-in bulk actions.
 */
export function itemTable(table: Table) {
  return table
    .columns([
      TextColumn.make('title').searchable().sortable(),
      TextColumn.make('author.name').label('Author'),
      BadgeColumn.make('status').colors(STATUS_COLORS),
      TextColumn.make('price').sortable(),
      TextColumn.make('createdAt').sortable(),
    ])
    .filters([SelectFilter.make('status').options(STATUS_OPTIONS)])
    .bulkActions([DeleteBulkAction.make(), RestoreBulkAction.make(), ForceDeleteBulkAction.make()])
    .paginationPageOptions([10, 25, 50, 100])
    .defaultPaginationPageOption(25)
}

/**
 * The form of the item resources.
 */
export function itemForm(form: Form) {
  return form
    .columns(2)
    .schema([
      TextInput.make('title').required().maxLength(255),
      Select.make('status').required().options(STATUS_OPTIONS),
      TextInput.make('price').numeric(),
      TextInput.make('authorId').numeric().label('Author id'),
    ])
}
