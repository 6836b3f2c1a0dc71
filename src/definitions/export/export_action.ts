import { Action } from '../table/actions/action.ts'
import { BulkAction } from '../table/actions/bulk_action.ts'
import { ExportSettings, forwardExportSetters, type ExportSetters } from './export_settings.ts'

/**
 * A header action that exports what the table shows (the scoped query with
 * the submitted search, filters, sort and tab) to a CSV or XLSX file, as a
 * background job. Fail-closed like every hosted action: it runs only when
 * `authorizeUsing()` returns true, at dispatch and again when the job runs.
 *
 * @example
 * ```ts
 * ExportAction.make('export')
 *   .authorizeUsing(({ user }) => user?.isAdmin === true)
 *   .columns([ExportColumn.make('title'), ExportColumn.make('createdAt').date()])
 * ```
 */
export class ExportAction extends Action {
  readonly exportSettings = new ExportSettings(`ExportAction "${this.name}"`)

  constructor(name: string) {
    super(name)
    /* the kit's operation starts the export job; this callback never runs */
    this.action(() => null)
  }
}

/* the export setters, declared on the class and forwarded to its settings */
export interface ExportAction extends ExportSetters {}
forwardExportSetters(ExportAction)

/**
 * A bulk action that exports the selected records (or, query-wide, every
 * record the table matches) as a background job; each record is authorized
 * with `authorizeUsing()` when the job runs, refused ones are counted.
 *
 * @example
 * ```ts
 * ExportBulkAction.make('export')
 *   .authorizeUsing(({ user }) => Boolean(user))
 *   .columns([ExportColumn.make('title')])
 * ```
 */
export class ExportBulkAction extends BulkAction {
  readonly exportSettings = new ExportSettings(`ExportBulkAction "${this.name}"`)

  constructor(name: string) {
    super(name)
    /* the kit's operation starts the export job; this callback never runs */
    this.eachRecord(() => null)
  }
}

/* the export setters, declared on the class and forwarded to its settings */
export interface ExportBulkAction extends ExportSetters {}
forwardExportSetters(ExportBulkAction)
