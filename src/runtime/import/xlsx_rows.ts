import type { Readable } from 'node:stream'
import { KitConfigurationException } from '../../support/errors.ts'

/**
 * The text of one cell as an import reads it, the same as the CSV of the
 * sheet would hold: numbers in JavaScript's notation, booleans as `true`
 * and `false`, a date without a time of day as `YYYY-MM-DD` (others as an
 * ISO date-time in UTC), the result of a formula, the text of rich text
 * and of a hyperlink, and nothing for an empty or error cell.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return ''
    const iso = value.toISOString()
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso
  }
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text?: unknown }[]
      text?: unknown
      result?: unknown
      formula?: unknown
      sharedFormula?: unknown
      error?: unknown
    }
    if (Array.isArray(cell.richText))
      return cell.richText.map((part) => cellText(part.text)).join('')
    if ('formula' in cell || 'sharedFormula' in cell) return cellText(cell.result)
    if ('error' in cell) return ''
    if ('text' in cell) return cellText(cell.text)
  }
  return ''
}

/**
 * The rows of the first worksheet of an XLSX workbook, read as a stream
 * with exceljs (one row in memory at a time; the workbook's shared strings
 * are kept while it is read), each as the text of its cells from the first
 * column. The stream is closed when the reading stops, even early (the
 * header of an upload is its first row only).
 */
export async function* xlsxRows(stream: Readable): AsyncGenerator<string[]> {
  let ExcelJS: typeof import('exceljs')
  try {
    const module = await import('exceljs')
    ExcelJS = module.default
  } catch {
    stream.destroy()
    throw new KitConfigurationException('Importing an XLSX file needs exceljs: npm install exceljs')
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  })
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const values = row.values as unknown[]
        const cells: string[] = []
        /* values[0] is unused: cells are numbered from 1, gaps left as holes */
        for (let column = 1; column < values.length; column++) {
          cells.push(cellText(values[column]))
        }
        yield cells
      }
      /* the first worksheet only */
      return
    }
  } finally {
    stream.destroy()
  }
}
