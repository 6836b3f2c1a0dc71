import { Action } from '../table/actions/action.ts'
import { BulkAction } from '../table/actions/bulk_action.ts'
import type { ExportColumn } from './export_column.ts'
import { ExportSettings, type ExportFormat } from './export_settings.ts'

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

  /**
   * The exported columns, in file order.
   */
  columns(columns: ExportColumn[]): this {
    this.exportSettings.setColumns(columns)
    return this
  }

  /**
   * The file format (default: csv).
   */
  format(format: ExportFormat): this {
    this.exportSettings.setFormat(format)
    return this
  }

  /**
   * Records read per chunk (default 1000).
   */
  chunkSize(size: number): this {
    this.exportSettings.setChunkSize(size)
    return this
  }

  /**
   * The downloaded file's base name (default: the resource slug).
   */
  fileName(name: string): this {
    this.exportSettings.setFileName(name)
    return this
  }
}

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

  /**
   * The exported columns, in file order.
   */
  columns(columns: ExportColumn[]): this {
    this.exportSettings.setColumns(columns)
    return this
  }

  /**
   * The file format (default: csv).
   */
  format(format: ExportFormat): this {
    this.exportSettings.setFormat(format)
    return this
  }

  /**
   * Records read per chunk (default 1000).
   */
  chunkSize(size: number): this {
    this.exportSettings.setChunkSize(size)
    return this
  }

  /**
   * The downloaded file's base name (default: the resource slug).
   */
  fileName(name: string): this {
    this.exportSettings.setFileName(name)
    return this
  }
}
