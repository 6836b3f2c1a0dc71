import { Resource, type Table } from '../../../../index.ts'
import { BulkItem } from '../models/item.ts'
import ListItems from '../pages/list_items.ts'
import { itemTable } from './item_columns.ts'

/**
 * The item resource on the table that the bulk-action runs rewrite.
 */
export default class BulkItemResource extends Resource<typeof BulkItem> {
  model = BulkItem
  slug = 'bulk-items'
  softDeletes = true
  policy = () => import('../policies/item_policy.ts')

  getPages() {
    return { index: ListItems.route('/') }
  }

  table(table: Table) {
    return itemTable(table)
  }
}
