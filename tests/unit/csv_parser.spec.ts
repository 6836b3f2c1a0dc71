import { test } from '@japa/runner'
import { CsvParser, csvRows, parseCsv, textPieces } from '../../src/runtime/export/csv.ts'

/* quoted fields with commas, doubled quotes, line breaks (LF and CRLF) inside quotes,
   multibyte characters (2, 3 and 4 bytes), an empty quoted field, CRLF and LF lines, a BOM */
const TEXT =
  '\uFEFFname,note,city\r\n' +
  '"Smith, John","He said ""hi""",Zürich\r\n' +
  '"multi\r\nline","a\nb",東京\r\n' +
  'plain,"",😀 emoji\n' +
  '"""quoted""",x,"end ""q"""\r\n' +
  'last,row,no break'

const EXPECTED = [
  ['name', 'note', 'city'],
  ['Smith, John', 'He said "hi"', 'Zürich'],
  ['multi\r\nline', 'a\nb', '東京'],
  ['plain', '', '😀 emoji'],
  ['"quoted"', 'x', 'end "q"'],
  ['last', 'row', 'no break'],
]

async function* bytePieces(bytes: Uint8Array, cuts: number[]) {
  let start = 0
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(start, cut)
    start = cut
  }
}

async function collect(source: AsyncIterable<Uint8Array | string> | Iterable<string>) {
  const rows: string[][] = []
  for await (const row of csvRows(source)) rows.push(row)
  return rows
}

test.group('CSV parser | incremental', () => {
  test('the whole text at once equals parseCsv', ({ assert }) => {
    assert.deepEqual(parseCsv(TEXT), EXPECTED)
  })

  test('text split at every position gives the same rows (two pieces)', ({ assert }) => {
    for (let cut = 0; cut <= TEXT.length; cut++) {
      const parser = new CsvParser()
      const rows = [...parser.push(TEXT.slice(0, cut)), ...parser.push(TEXT.slice(cut))]
      rows.push(...parser.end())
      assert.deepEqual(rows, EXPECTED, `cut at ${cut}`)
    }
  })

  test('one character at a time', ({ assert }) => {
    const parser = new CsvParser()
    const rows: string[][] = []
    for (const char of TEXT.split('')) rows.push(...parser.push(char))
    rows.push(...parser.end())
    assert.deepEqual(rows, EXPECTED)
  })

  test('a piece boundary inside a quoted field, between doubled quotes, between CR and LF', ({
    assert,
  }) => {
    const cases: Array<[string[], string[][]]> = [
      [['a,"b,', 'c"\r\n'], [['a', 'b,c']]],
      [['a,"b"', '"c"\r\n'], [['a', 'b"c']]],
      [['a,"b"', ',c\r\n'], [['a', 'b', 'c']]],
      [
        ['a,b\r', '\nc,d\r\n'],
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
      ],
      [
        ['a,b\r', 'c,d'],
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
      ],
      [['"x\r', '\ny"\r', '\n'], [['x\r\ny']]],
      [['a,"', '"'], [['a', '']]],
    ]
    for (const [pieces, expected] of cases) {
      const parser = new CsvParser()
      const rows = pieces.flatMap((piece) => parser.push(piece))
      rows.push(...parser.end())
      assert.deepEqual(rows, expected, JSON.stringify(pieces))
    }
  })

  test('bytes split at every position, inside multibyte characters too', async ({ assert }) => {
    const bytes = new TextEncoder().encode(TEXT)
    for (let cut = 0; cut <= bytes.length; cut++) {
      assert.deepEqual(await collect(bytePieces(bytes, [cut])), EXPECTED, `cut at byte ${cut}`)
    }
  })

  test('bytes in pieces of 1 to 7 bytes', async ({ assert }) => {
    const bytes = new TextEncoder().encode(TEXT)
    for (let size = 1; size <= 7; size++) {
      const cuts: number[] = []
      for (let cut = size; cut < bytes.length; cut += size) cuts.push(cut)
      assert.deepEqual(await collect(bytePieces(bytes, cuts)), EXPECTED, `pieces of ${size}`)
    }
  })

  test('text pieces of a string', async ({ assert }) => {
    for (const size of [1, 2, 3, 5, 64 * 1024]) {
      assert.deepEqual(await collect(textPieces(TEXT, size)), EXPECTED, `size ${size}`)
    }
  })

  test('empty text, blank lines and a trailing line break', ({ assert }) => {
    assert.deepEqual(parseCsv(''), [])
    assert.deepEqual(parseCsv('\uFEFF'), [])
    assert.deepEqual(parseCsv('a\r\n\r\nb\n'), [['a'], [''], ['b']])
    assert.deepEqual(parseCsv('a,b,'), [['a', 'b', '']])
  })
})
