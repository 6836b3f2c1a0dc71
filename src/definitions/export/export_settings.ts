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

  /**
   * Fail at boot when nothing would be exported.
   */
  assertComplete() {
    if (!this.columns.length) {
      throw new KitConfigurationException(
        `${this.where}: declare columns([...ExportColumn.make()])`
      )
    }
  }
}
