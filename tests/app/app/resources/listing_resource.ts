import {
  DatePicker,
  Filter,
  Select,
  Toggle,
  NumericRangeFilter,
  ViewRecord,
  TextEntry,
  type Infolist,
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

/**
 * Listings with formatted values: mounted at /pricing in fr-FR and
 * Europe/Paris (start/routes.ts), with a view page whose entries format
 * the same values.
 */
export class PricedListingResource extends ListingResource {
  getPages() {
    return { index: ListRecords.route('/'), view: ViewRecord.route('/:record') }
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').limit(6).copyable().searchable().summarize('count', 'Listings'),
        TextColumn.make('priceCents')
          .label('Price')
          .money('EUR', { divideBy: 100 })
          .summarize('sum', 'Total')
          .summarize('average'),
        TextColumn.make('rating').number(1).suffix(' / 5').summarize('min').summarize('max'),
        TextColumn.make('publishedOn').date('long'),
        TextColumn.make('publishedAt').dateTime(),
        TextColumn.make('website').url().wrap(),
        TextColumn.make('summary'),
      ])
      .filters([
        NumericRangeFilter.make('price').attribute('priceCents').scale(100),
        NumericRangeFilter.make('rating').boundLabels('At least', 'At most'),
      ])
      .paginationPageOptions([2, 10])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title'),
      TextEntry.make('priceCents').money('EUR', { divideBy: 100 }),
      TextEntry.make('publishedAt').since(),
      TextEntry.make('publishedOn').date('short'),
      TextEntry.make('website').url().copyable(),
    ])
  }
}

/**
 * Listings filtered by form filters (mounted at /form-filters): a date
 * range with its own query, and a status and a toggle without one (each set
 * field narrows the attribute of its name).
 */
export class FormFilteredListingResource extends ListingResource {
  table(table: Table) {
    return table.columns([TextColumn.make('title')]).filters([
      Filter.make('published')
        .form([DatePicker.make('from'), DatePicker.make('until').label('Until')])
        .query((query, data) => {
          if (data.from) query.where('published_on', '>=', data.from)
          if (data.until) query.where('published_on', '<=', data.until)
        }),
      Filter.make('state')
        .label('State')
        .form([
          Select.make('status').options({
            draft: 'Draft',
            review: 'In review',
            published: 'Published',
          }),
          Toggle.make('isActive').label('Active'),
        ]),
    ])
  }
}
