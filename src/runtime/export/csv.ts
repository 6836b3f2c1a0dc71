/**
 * Neutralize a cell a spreadsheet would read as a formula: a value that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'`
 * in front (OWASP "CSV injection").
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
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
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (; index < text.length; index++) {
    const char = text[index]
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"'
          index++
        } else {
          quoted = false
        }
      } else {
        field += char
      }
    } else if (char === '"' && field === '') {
      quoted = true
    } else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else {
      field += char
    }
  }
  if (field !== '' || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}
