/**
 * What may stand before a formula's first character and still leave it a
 * formula to a spreadsheet that trims or skips it: Unicode white space
 * (spaces of every width, NBSP U+00A0, U+2000–U+200A, U+3000, tabs, line
 * breaks), control characters (U+0000–U+001F, U+007F–U+009F) and invisible
 * format characters (U+200B zero-width space, bidi marks, U+FEFF).
 */
const FORMULA_LEAD = /^[\s\p{Cc}\p{Cf}]*/u

/**
 * The characters that start a formula (or a DDE call): `=`, `+`, `-`, `@`
 * and their full-width forms.
 */
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u

/**
 * Neutralize a cell a spreadsheet could read as a formula (OWASP "CSV
 * injection"): a value whose first character after any leading white
 * space, control or format characters is `=`, `+`, `-` or `@` (or a
 * full-width `＝`, `＋`, `－`, `＠`), or that starts with a tab or a
 * carriage return, gets a `'` in front; the value itself is kept
 * (`'  =HYPERLINK(...)`).
 *
 * @example
 * ```ts
 * neutralizeFormula('\u00a0=1+1') // "'\u00a0=1+1"
 * neutralizeFormula('a=b') // 'a=b'
 * ```
 */
export function neutralizeFormula(value: string): string {
  if (/^[\t\r]/.test(value)) return `'${value}`
  const lead = FORMULA_LEAD.exec(value)![0].length
  return FORMULA_START.test(value.slice(lead)) ? `'${value}` : value
}

/**
 * One CSV field: neutralized, quoted when it holds a comma, a quote or a
 * line break (RFC 4180).
 */
export function csvField(value: string | null): string {
  if (value === null) return ''
  const safe = neutralizeFormula(value)
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/**
 * One CSV line (CRLF-terminated).
 */
export function csvLine(values: (string | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`
}

/**
 * Parse CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into
 * rows of strings. A leading byte-order mark is dropped.
 */
export function parseCsv(text: string): string[][] {
  const parser = new CsvParser()
  const rows = parser.push(text)
  for (const row of parser.end()) rows.push(row)
  return rows
}

/**
 * An incremental CSV parser (RFC 4180, as `parseCsv`): text is pushed in
 * pieces of any size, complete rows come out; a quoted field, a doubled
 * quote or a CRLF may be split between two pieces. Fields are slices of
 * the pushed text, never built a character at a time.
 */
export class CsvParser {
  #row: string[] = []
  #field = ''
  #quoted = false
  /* a quote was the last character of a piece, inside a quoted field */
  #quoteAtEnd = false
  /* a CR ended the last piece: a LF starting the next one belongs to it */
  #crAtEnd = false
  #started = false

  /**
   * Parse the next piece of text; answers the rows it completed.
   */
  push(text: string): string[][] {
    const rows: string[][] = []
    const length = text.length
    let index = 0
    if (!this.#started && length) {
      this.#started = true
      if (text.charCodeAt(0) === 0xfeff) index = 1
    }
    if (this.#crAtEnd && length) {
      this.#crAtEnd = false
      if (text.charCodeAt(index) === 10) index++
    }
    if (this.#quoteAtEnd && index < length) {
      this.#quoteAtEnd = false
      if (text.charCodeAt(index) === 34) {
        this.#field += '"'
        index++
      } else {
        this.#quoted = false
      }
    }
    while (index < length) {
      if (this.#quoted) {
        const quote = text.indexOf('"', index)
        if (quote === -1) {
          this.#field += text.slice(index)
          index = length
        } else {
          this.#field += text.slice(index, quote)
          if (quote + 1 === length) {
            this.#quoteAtEnd = true
            index = length
          } else if (text.charCodeAt(quote + 1) === 34) {
            this.#field += '"'
            index = quote + 2
          } else {
            this.#quoted = false
            index = quote + 1
          }
        }
        continue
      }
      /* unquoted: up to the next comma or line break */
      const start = index
      let code = 0
      for (; index < length; index++) {
        code = text.charCodeAt(index)
        if (code === 44 || code === 10 || code === 13) break
        if (code === 34 && index === start && this.#field === '') break
      }
      if (index > start) this.#field += text.slice(start, index)
      if (index === length) break
      if (code === 34) {
        this.#quoted = true
        index++
      } else if (code === 44) {
        this.#row.push(this.#field)
        this.#field = ''
        index++
      } else {
        this.#row.push(this.#field)
        rows.push(this.#row)
        this.#row = []
        this.#field = ''
        index++
        if (code === 13) {
          if (index === length) this.#crAtEnd = true
          else if (text.charCodeAt(index) === 10) index++
        }
      }
    }
    return rows
  }

  /**
   * The end of the text: the last row when it has no line break.
   */
  end(): string[][] {
    this.#quoteAtEnd = false
    this.#quoted = false
    const rows: string[][] = []
    if (this.#field !== '' || this.#row.length) {
      this.#row.push(this.#field)
      rows.push(this.#row)
    }
    this.#row = []
    this.#field = ''
    return rows
  }
}

/**
 * The rows of a CSV byte (or text) stream, in batches (the rows each piece
 * completed), decoded as UTF-8 (a character split between two pieces
 * included): one piece in memory at a time.
 */
export async function* csvBatches(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>
): AsyncGenerator<string[][]> {
  const parser = new CsvParser()
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  for await (const piece of source) {
    const rows = parser.push(
      typeof piece === 'string' ? piece : decoder.decode(piece, { stream: true })
    )
    if (rows.length) yield rows
  }
  const rows = parser.push(decoder.decode())
  rows.push(...parser.end())
  if (rows.length) yield rows
}

/**
 * The rows of a CSV stream, one at a time (csvBatches).
 */
export async function* csvRows(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>
): AsyncGenerator<string[]> {
  for await (const rows of csvBatches(source)) yield* rows
}

/**
 * Pieces of a string, for the stream functions above.
 */
export function* textPieces(text: string, size = 64 * 1024): Generator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size)
}
