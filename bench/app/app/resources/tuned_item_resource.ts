import type { Table } from '../../../../index.ts'
import ItemResource from './item_resource.ts'
import { itemTable } from './item_columns.ts'

/**
 * The same items, pages and policy, with the table options for large
 * tables: the pagination total estimated by PostgreSQL over 50,000 rows
 * (`countStrategy('estimate')`, an exact count below and on SQLite) and
 * keyset cursors for the next and previous pages (`keysetPagination()`).
 */
export default class TunedItemResource extends ItemResource {
  slug = 'tuned-items'
  label = 'Tuned item'

  /* the global search scenario searches the items once */
  globallySearchableAttributes() {
    return []
  }

  table(table: Table) {
    return itemTable(table).countStrategy('estimate', { threshold: 50_000 }).keysetPagination()
  }
}
