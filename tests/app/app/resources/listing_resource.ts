import {
  BulkAction,
  DateRangeFilter,
  ListRecords,
  Resource,
  SelectFilter,
  TernaryFilter,
  TextColumn,
  type Form,
  type Table,
} from '../../../../index.ts'
import Listing from '../models/listing.ts'

/**
 * Listings: one filter of each kind (multiple select, ternary with and
 * without nullable(), date ranges on a date and on a datetime column in
 * Europe/Paris). Any signed-in user may list them.
 */
export default class ListingResource extends Resource<typeof Listing> {
  model = Listing

  getPages() {
    return { index: ListRecords.route('/') }
  }

  recordTitleAttribute() {
    return 'title'
  }

  async canAccess() {
    return true
  }

  table(table: Table) {
    return table
      .columns([TextColumn.make('title'), TextColumn.make('status')])
      .filters([
        SelectFilter.make('status')
          .multiple()
          .options({ draft: 'Draft', review: 'In review', published: 'Published' }),
        TernaryFilter.make('isActive').nullable().trueLabel('Active').falseLabel('Inactive'),
        TernaryFilter.make('featured').attribute('isFeatured'),
        DateRangeFilter.make('publishedOn'),
        DateRangeFilter.make('publishedAt').timezone('Europe/Paris'),
      ])
      .bulkActions([
        BulkAction.make('flag')
          .authorizeUsing(() => true)
          .eachRecord(async ({ record }) => {
            const listing = record as Listing
            listing.isFlagged = true
            await listing.save()
          }),
      ])
  }

  form(form: Form) {
    return form.schema([])
  }
}
