import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { writeWorkbook } from '../../src/runtime/export/workbook_writer.ts'

async function* parts(...texts: string[]) {
  yield* texts
}

async function sheetRows(file: string) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(file)
  const rows: string[][] = []
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? '')))
  })
  return rows
}

test.group('XLSX writer thread', (group) => {
  /* each test starts a worker thread: slow to start on a loaded machine */
  group.each.timeout(60_000)
  let directory: string
  group.each.setup(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kit-xlsx-'))
    return () => rm(directory, { recursive: true, force: true })
  })

  test('writes the parts row by row, text cells only, formulas neutralized', async ({ assert }) => {
    const file = join(directory, 'out.xlsx')
    await writeWorkbook(
      file,
      ['id', 'title'],
      parts(
        `${JSON.stringify(['1', 'Plain'])}\n${JSON.stringify(['2', '=HYPERLINK("x")'])}\n`,
        `${JSON.stringify(['3', null])}\n`
      )
    )
    assert.deepEqual(await sheetRows(file), [
      ['id', 'title'],
      ['1', 'Plain'],
      ['2', `'=HYPERLINK("x")`],
      /* an empty cell is no cell */
      ['3'],
    ])
  })

  test('a part it cannot read fails the write with a message; the thread is gone', async ({
    assert,
  }) => {
    const file = join(directory, 'broken.xlsx')
    await assert.rejects(
      () => writeWorkbook(file, ['id'], parts(`${JSON.stringify(['1'])}\n`, 'not json\n')),
      /the XLSX writer failed/
    )
    /* the next export still works */
    const next = join(directory, 'next.xlsx')
    await writeWorkbook(next, ['id'], parts(`${JSON.stringify(['7'])}\n`))
    assert.isTrue(existsSync(next))
    assert.deepEqual(await sheetRows(next), [['id'], ['7']])
  })
})
