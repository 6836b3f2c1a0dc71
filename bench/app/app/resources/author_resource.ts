import { ListRecords, Resource, TextColumn, type Table } from '../../../../index.ts'
import Author from '../models/author.ts'

/**
 * Authors: the belongs-to target of items.
 */
export default class AuthorResource extends Resource<typeof Author> {
  model = Author
  policy = () => import('../policies/author_policy.ts')

  getPages() {
    return { index: ListRecords.route('/') }
  }

  table(table: Table) {
    return table.columns([
      TextColumn.make('name').searchable().sortable(),
      TextColumn.make('email').searchable(),
    ])
  }
}
