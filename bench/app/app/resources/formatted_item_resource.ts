import { TextColumn, type Table } from '../../../../index.ts'
import ItemResource from './item_resource.ts'

/**
 * The same items listed with formatted columns: money with two summaries,
 * numbers, date-times and relative times (the formatted-list memory
 * scenario of `npm run bench`: 100 rows of five formatted cells a page).
 */
export default class FormattedItemResource extends ItemResource {
  slug = 'formatted-items'
  label = 'Formatted item'

  globallySearchableAttributes() {
    return []
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title'),
        TextColumn.make('price')
          .money('EUR', { divideBy: 100 })
          .summarize('sum')
          .summarize('average'),
        TextColumn.make('authorId').number(2),
        TextColumn.make('id').number(),
        TextColumn.make('createdAt').dateTime('long'),
        TextColumn.make('updatedAt').since(),
      ])
      .paginationPageOptions([25, 100])
      .defaultPaginationPageOption(100)
  }
}
