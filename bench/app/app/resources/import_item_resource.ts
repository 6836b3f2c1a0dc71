import vine from '@vinejs/vine'
import {
  ImportAction,
  ImportColumn,
  ListRecords,
  Resource,
  Rules,
  TextColumn,
  type Table,
} from '../../../../index.ts'
import ImportItem from '../models/import_item.ts'

class ImportItemRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().minLength(1).maxLength(120),
      status: vine.enum(['draft', 'published']),
      price: vine.number().min(0).max(1_000_000),
    }
  }
}

/**
 * The list page of the import benchmark: one CSV import of three columns.
 */
class ListImportItems extends ListRecords {
  headerActions() {
    return [
      ImportAction.make('import')
        .authorizeUsing(({ user }) => Boolean(user))
        .columns([
          ImportColumn.make('title'),
          ImportColumn.make('status'),
          ImportColumn.make('price'),
        ]),
    ]
  }
}

/**
 * The resource of the import benchmark: each written row runs the
 * `afterCreate` hook, which counts it (the benchmark checks one call per
 * valid row).
 */
export default class ImportItemResource extends Resource<typeof ImportItem> {
  static hookCalls = 0
  model = ImportItem
  slug = 'import-items'
  policy = () => import('../policies/item_policy.ts')

  getPages() {
    return { index: ListImportItems.route('/') }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('title'), TextColumn.make('status')])
  }

  validation() {
    return ImportItemRules
  }

  async afterCreate() {
    ImportItemResource.hookCalls++
  }
}
