import {
  DatePicker,
  RelationManager,
  type RelationOperation,
  Resource,
  ResourceOperation,
  Select,
  TextColumn,
  TextInput,
  Toggle,
  type Form,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import Book from '../models/book.ts'
import BookRules from '../rules/book_rules.ts'
import PublisherRules from '../rules/publisher_rules.ts'
import { maybeFail } from '../hook_faults.ts'

/**
 * Countries offered by a remote select with its own search and label
 * callbacks (no relationship).
 */
export const COUNTRIES: Record<string, string> = {
  FR: 'France',
  DE: 'Germany',
  NL: 'Netherlands',
  NO: 'Norway',
  PT: 'Portugal',
  ES: 'Spain',
}

/**
 * Switches the tests flip to exercise both kinds of pivot data.
 */
export const bookSettings = { staticPivot: false }

/**
 * The genres of a book as a relation manager (attach and detach) next to
 * the form's many-to-many `genres` select on the same edit page.
 */
export class BookGenresRelationManager extends RelationManager<typeof Book> {
  relationship = 'genres'
  recordTitleAttribute = 'name'

  table(table: Table) {
    return table.columns([TextColumn.make('name')])
  }

  async canAccess(_operation: RelationOperation, _genre: unknown, user: KitUser | null) {
    return user?.isAdmin === true
  }
}

/**
 * Books: relationship selects (belongsTo publisher, manyToMany genres with
 * pivot data), a remote select with callbacks, option forms. Admins manage
 * books; other users may only list and view them.
 */
export default class BookResource extends Resource<typeof Book> {
  model = Book

  async canAccess(operation: ResourceOperation, _record: Book | null, user: KitUser | null) {
    if (!user) {
      return false
    }
    return (
      user.isAdmin === true ||
      [ResourceOperation.ViewAny, ResourceOperation.View].includes(operation)
    )
  }

  getRelations() {
    return [BookGenresRelationManager]
  }

  table(table: Table) {
    return table.columns([
      TextColumn.make('title').searchable().sortable(),
      TextColumn.make('publisher.name').label('Publisher').sortable(),
      TextColumn.make('publishedOn'),
    ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('title').required().maxLength(120),
      Select.make('publisherId')
        .label('Publisher')
        .relationship('publisher', 'name', (query) => query.where('active', true))
        .searchDebounce(300)
        .createOptionForm([TextInput.make('name').required()], PublisherRules)
        .editOptionForm([TextInput.make('name').required()], PublisherRules),
      Select.make('genres')
        .relationship('genres', 'name', (query) => query.where('archived', false))
        .preload()
        .pivotData(
          bookSettings.staticPivot
            ? { added_by: 'static' }
            : (genreId, book) => ({
                added_by: `book-${book.$primaryKeyValue}`,
                weight: Number(genreId) * 10,
              })
        ),
      Select.make('country')
        .getSearchResultsUsing((search) =>
          Object.fromEntries(
            Object.entries(COUNTRIES).filter(([, name]) =>
              name.toLowerCase().includes(search.toLowerCase())
            )
          )
        )
        .getOptionLabelUsing((value) => COUNTRIES[String(value)] ?? null),
      DatePicker.make('publishedOn'),
      TextInput.make('pages').numeric(),
      Toggle.make('isFeatured'),
    ])
  }

  validation() {
    return BookRules
  }

  async afterCreate() {
    maybeFail('bookAfterSave')
  }

  async afterUpdate() {
    maybeFail('bookAfterSave')
  }
}
