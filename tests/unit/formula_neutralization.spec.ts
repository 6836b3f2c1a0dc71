import { test } from '@japa/runner'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { csvField, csvLine, neutralizeFormula, parseCsv } from '../../src/runtime/export/csv.ts'
import { writeWorkbook } from '../../src/runtime/export/workbook_writer.ts'

/**
 * Cells a spreadsheet reads as a formula once it skips what stands before
 * the formula's first character.
 */
const FORMULAS = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(A1)',
  '  =HYPERLINK("http://x","y")',
  ' +1+1',
  '\u00a0=1+1',
  '\u2000=1',
  '\u2005+1',
  '\u200a-1',
  '\u200b=1',
  '\u3000@x',
  '\t=1',
  '\r=1',
  '\n=1',
  '\r\n+1',
  '\u0000=1',
  '\u0007=1',
  '\u001f-1',
  '\u007f=1',
  '\u0085=1',
  '\u2028=1',
  '\ufeff=1',
  '\u200e=1',
  ' \u00a0\t\u3000=1',
  '\uff1d1+1',
  ' \uff0b1',
  '\uff0d1',
  '\uff20x',
  /* the former set: a tab or a carriage return first, whatever follows */
  '\tplain',
  '\rplain',
]

/**
 * Cells that are no formula: kept as they are.
 */
const PLAIN = ['plain', 'a=b', '1-2', 'x@y.z', ' text', '\u00a0text', '', ' ', '1e5', '(=1)']

test.group('Formula neutralization', () => {
  test('a formula after any leading white space, control or format character gets a quote', ({
    assert,
  }) => {
    for (const cell of FORMULAS) {
      assert.equal(neutralizeFormula(cell), `'${cell}`, JSON.stringify(cell))
    }
  })

  test('other cells are kept as they are', ({ assert }) => {
    for (const cell of PLAIN) {
      assert.equal(neutralizeFormula(cell), cell, JSON.stringify(cell))
    }
  })

  test('a CSV line neutralizes each field and reads back as written', ({ assert }) => {
    const cells = [...FORMULAS, ...PLAIN]
    const [row] = parseCsv(csvLine(cells))
    assert.deepEqual(
      row,
      cells.map((cell) => (FORMULAS.includes(cell) ? `'${cell}` : cell))
    )
    assert.equal(csvField('  =HYPERLINK("x")'), `"'  =HYPERLINK(""x"")"`)
    assert.equal(csvField(null), '')
  })

  test('an XLSX sheet holds the neutralized text of every formula cell', async ({ assert }) => {
    const directory = await mkdtemp(join(tmpdir(), 'kit-formula-'))
    try {
      const file = join(directory, 'out.xlsx')
      const cells = [...FORMULAS, 'plain', 'a=b']
      async function* parts() {
        yield `${JSON.stringify(cells)}\n`
      }
      await writeWorkbook(
        file,
        cells.map((_, index) => `c${index}`),
        parts()
      )
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.readFile(file)
      const row = workbook.worksheets[0].getRow(2)
      cells.forEach((cell, index) => {
        const written = row.getCell(index + 1)
        /* a text cell, never a formula */
        assert.equal(written.type, ExcelJS.ValueType.String, JSON.stringify(cell))
        /* the writer drops the controls XML cannot hold, and XML reads a
           carriage return back as a line feed: compared without them */
        const comparable = (text: string) =>
          text.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\t\n]/gu, '')
        const expected = FORMULAS.includes(cell) ? `'${cell}` : cell
        assert.equal(comparable(String(written.value)), comparable(expected), JSON.stringify(cell))
        if (FORMULAS.includes(cell)) assert.isTrue(String(written.value).startsWith("'"))
      })
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  }).timeout(60_000)
})
