import { KitConfigurationException } from '../../support/errors.ts'
import type { ExportColumn } from './export_column.ts'

/**
 * The file formats an export writes.
 */
export type ExportFormat = 'csv' | 'xlsx'

/**
 * What an export declares: its columns, its file format, its chunk size
 * and its file name. `ExportAction` and `ExportBulkAction` share it.
 */
export class ExportSettings {
  columns: ExportColumn[] = []
  format: ExportFormat = 'csv'
  chunkSize = 1000
  fileName: string | null = null

  constructor(readonly where: string) {}

  setColumns(columns: ExportColumn[]) {
    const names = new Set<string>()
    for (const column of columns) {
      if (names.has(column.name)) {
        throw new KitConfigurationException(
          `${this.where}: column "${column.name}" is declared twice`
        )
      }
      names.add(column.name)
    }
    this.columns = [...columns]
  }

  setFormat(format: ExportFormat) {
    if (format !== 'csv' && format !== 'xlsx') {
      throw new KitConfigurationException(`${this.where}: format() takes "csv" or "xlsx"`)
    }
    this.format = format
  }

  setChunkSize(size: number) {
    if (!Number.isInteger(size) || size < 1 || size > 50_000) {
      throw new KitConfigurationException(`${this.where}: chunkSize() takes 1 to 50000`)
    }
    this.chunkSize = size
  }

  setFileName(name: string) {
    if (typeof name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,100}$/.test(name)) {
      throw new KitConfigurationException(`${this.where}: fileName() takes letters, digits, _ . -`)
    }
    this.fileName = name
  }
}

/**
 * The chainable setters of an export action (`ExportAction`,
 * `ExportBulkAction`): each one forwards to the action's
 * {@link ExportSettings} and returns the action.
 */
export interface ExportSetters {
  /**
   * The exported columns, in file order.
   */
  columns(columns: ExportColumn[]): this

  /**
   * The file format (default: csv).
   */
  format(format: ExportFormat): this

  /**
   * Records read per chunk (default 1000).
   */
  chunkSize(size: number): this

  /**
   * The downloaded file's base name (default: the resource slug).
   */
  fileName(name: string): this
}

/**
 * Each export setter and the settings' method it forwards to.
 */
const FORWARDED = {
  columns: 'setColumns',
  format: 'setFormat',
  chunkSize: 'setChunkSize',
  fileName: 'setFileName',
} as const satisfies Record<keyof ExportSetters, keyof ExportSettings>

/**
 * Give an action class that holds `exportSettings` the export setters
 * (declared on the class by merging {@link ExportSetters} into it): one
 * definition serves the header action and the bulk action, whatever their
 * base classes.
 *
 * @example
 * ```ts
 * export interface ExportAction extends ExportSetters {}
 * export class ExportAction extends Action {
 *   readonly exportSettings = new ExportSettings('ExportAction')
 * }
 * forwardExportSetters(ExportAction)
 * ```
 */
export function forwardExportSetters(
  target: abstract new (...args: any[]) => { readonly exportSettings: ExportSettings }
) {
  for (const [name, setter] of Object.entries(FORWARDED)) {
    Object.defineProperty(target.prototype, name, {
      configurable: true,
      writable: true,
      value(this: { exportSettings: ExportSettings }, value: never) {
        this.exportSettings[setter](value)
        return this
      },
    })
  }
}
