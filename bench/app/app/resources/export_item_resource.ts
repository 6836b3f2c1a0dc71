import {
  ExportAction,
  ExportColumn,
  ListRecords,
  Resource,
  TextColumn,
  type Table,
} from '../../../../index.ts'
import ExportItem from '../models/export_item.ts'

const columns = () => [
  ExportColumn.make('id'),
  ExportColumn.make('title'),
  ExportColumn.make('status'),
  ExportColumn.make('price'),
]

/**
 * The list page of the export benchmark: a CSV and an XLSX export of the
 * same four columns.
 */
class ListExportItems extends ListRecords {
  headerActions() {
    return [
      ExportAction.make('export')
        .authorizeUsing(({ user }) => Boolean(user))
        .columns(columns()),
      ExportAction.make('exportXlsx')
        .format('xlsx')
        .authorizeUsing(({ user }) => Boolean(user))
        .columns(columns()),
    ]
  }
}

/**
 * The resource of the export benchmark (its own panel, so that the other
 * scenarios' navigation does not change).
 */
export default class ExportItemResource extends Resource<typeof ExportItem> {
  model = ExportItem
  slug = 'export-items'
  policy = () => import('../policies/item_policy.ts')

  getPages() {
    return { index: ListExportItems.route('/') }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('title'), TextColumn.make('status')])
  }
}
