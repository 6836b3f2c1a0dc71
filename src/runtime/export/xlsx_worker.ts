/*
 * The XLSX writer of exports, in a worker thread (see `workbook_writer.ts`):
 * exceljs' streaming writer makes a few objects per cell, and in a thread
 * with a small heap they are collected as they die instead of piling up in
 * the web or queue process. It receives the export's parts (one JSON array
 * of cells a line), answers `ready` after each once the zip's compressor
 * has caught up, and `finished` once the workbook is written to `filename`.
 * Measured with `BENCH_EXPORT_FORMAT=xlsx npm run bench -- export`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import ExcelJS from 'exceljs'
import { neutralizeFormula } from './csv.ts'

type Message = { part: string } | { done: true }

const { filename, header } = workerData as { filename: string; header: string[] }
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: false })
const sheet = workbook.addWorksheet('Export')
sheet.addRow(header).commit()

/**
 * The bytes the sheet wrote that the zip's compressor has not taken yet.
 * exceljs writes each row into the zip entry without waiting (no
 * backpressure), so the part is answered only once the compressor caught
 * up: a million rows never pile up ahead of it.
 */
function pendingBytes(): number {
  type Pipe = { writableLength?: number; _writableState?: { length?: number } }
  const pipes = (sheet as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? []
  return pipes.reduce(
    (total, pipe) => total + (pipe.writableLength ?? pipe._writableState?.length ?? 0),
    0
  )
}

async function compressorCaughtUp(limit = 512 * 1024) {
  for (let waited = 0; pendingBytes() > limit && waited < 60_000; waited += 2) {
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

parentPort!.on('message', async (message: Message) => {
  try {
    if ('done' in message) {
      sheet.commit()
      await workbook.commit()
      parentPort!.postMessage({ finished: true })
      return
    }
    for (const line of message.part.split('\n')) {
      if (!line) continue
      const cells = JSON.parse(line) as (string | null)[]
      /* text cells only, neutralized: a formula never reaches the sheet */
      sheet.addRow(cells.map((cell) => neutralizeFormula(cell ?? ''))).commit()
    }
    await compressorCaughtUp()
    parentPort!.postMessage({ ready: true })
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) })
  }
})
