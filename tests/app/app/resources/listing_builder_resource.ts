import {
  BooleanConstraint,
  DateConstraint,
  DateRangeFilter,
  IconColumn,
  NumberConstraint,
  QueryBuilderFilter,
  SelectConstraint,
  SelectFilter,
  TextColumn,
  TextConstraint,
  type Table,
} from '../../../../index.ts'
import ListingResource from './listing_resource.ts'

/**
 * Listings with the query builder, icon columns, descriptions and a
 * column hidden by default; mounted at /builder in Europe/Paris, where the
 * date-range filter without a time zone counts the panel's days.
 */
export default class BuilderListingResource extends ListingResource {
  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').description('summary').sortable(),
        TextColumn.make('status').description((listing) => `#${listing.id}`),
        IconColumn.make('isActive'),
        IconColumn.make('isFeatured').trueIcon('star', 'warning'),
        TextColumn.make('website').toggleable({ hiddenByDefault: true }),
      ])
      .filters([
        SelectFilter.make('status')
          .multiple()
          .options({ draft: 'Draft', review: 'In review', published: 'Published' }),
        DateRangeFilter.make('publishedAt'),
        QueryBuilderFilter.make('advanced').constraints([
          TextConstraint.make('title'),
          NumberConstraint.make('priceCents').label('Price'),
          DateConstraint.make('publishedOn'),
          DateConstraint.make('publishedAt'),
          BooleanConstraint.make('isActive').label('Active'),
          SelectConstraint.make('status')
            .options({ draft: 'Draft', review: 'In review', published: 'Published' })
            .operators(['is', 'isNot']),
        ]),
      ])
      .defaultSort('title', 'asc')
  }
}

/**
 * The same listings grouped by status, their table state kept in the session,
 * the filters an always-open row.
 */
export class GroupedListingResource extends BuilderListingResource {
  slug = 'grouped-listings'

  table(table: Table) {
    return super
      .table(table)
      .groupBy('status', { label: 'Stage', labels: { draft: 'Draft', review: 'In review' } })
      .persistInSession()
      .filtersAlwaysOpen()
  }
}
