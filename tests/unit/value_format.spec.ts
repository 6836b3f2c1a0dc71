import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { TextColumn, TextEntry } from '../../index.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { isLinkTarget, type Presentation } from '../../src/support/value_format.ts'
import { formatSummary } from '../../src/definitions/table/summaries.ts'
import { translate } from '../../src/contracts/strings.ts'
import { calendarNames } from '../../src/renderers/shared.ts'
import {
  INTL_FORMATS_LIMIT,
  cachedIntlFormats,
  numberFormat,
} from '../../src/contracts/intl_formats.ts'

const US: Presentation = { locale: 'en-US', timeZone: 'UTC' }
const FR: Presentation = { locale: 'fr-FR', timeZone: 'Europe/Paris' }
const NOW = DateTime.fromISO('2026-11-25T12:00:00Z')
/* French grouping and currency spacing use narrow and plain no-break spaces */
const NNBSP = '\u202f'
const NBSP = '\u00a0'

function show(column: TextColumn | TextEntry, value: unknown, presentation = US, dateOnly = false) {
  return column.present(value, {}, presentation, NOW, dateOnly).formatted
}

test.group('Value formats | formatting on the server', () => {
  test('dates and date-times follow the locale and the time zone', ({ assert }) => {
    const late = DateTime.fromISO('2026-01-31T23:30:00Z')
    assert.equal(show(TextColumn.make('at').dateTime(), late), 'Jan 31, 2026, 11:30 PM')
    assert.equal(show(TextColumn.make('at').dateTime(), late, FR), `1 févr. 2026, 00:30`)
    /* a date-time shown as a date takes the day of the panel's time zone */
    assert.equal(show(TextColumn.make('at').date(), late), 'Jan 31, 2026')
    assert.equal(show(TextColumn.make('at').date('long'), late, FR), '1 février 2026')
    /* a calendar date is never shifted, whatever the time zone */
    const day = DateTime.fromISO('2026-01-10', { zone: 'Pacific/Kiritimati' })
    assert.equal(show(TextColumn.make('on').date('long'), day, FR, true), '10 janvier 2026')
    assert.equal(
      show(TextColumn.make('on').date(), DateTime.fromISO('2026-01-10T00:00:00-10:00'), US, true),
      'Jan 10, 2026'
    )
    /* strings from drivers that return them, and JS dates */
    assert.equal(
      show(TextColumn.make('at').dateTime(), '2026-01-31 23:30:00'),
      'Jan 31, 2026, 11:30 PM'
    )
    assert.equal(
      show(TextColumn.make('at').date(), new Date('2026-03-01T10:00:00Z')),
      'Mar 1, 2026'
    )
    /* what is not a date is shown as it is */
    assert.equal(show(TextColumn.make('at').date(), 'soon'), 'soon')
  })

  test('since() says how long ago in the locale', ({ assert }) => {
    const column = TextColumn.make('at').since()
    assert.equal(show(column, NOW.minus({ days: 3 })), '3 days ago')
    assert.equal(show(column, NOW.minus({ days: 3 }), FR), 'il y a 3 jours')
    assert.equal(show(column, NOW.plus({ hours: 2 })), 'in 2 hours')
    assert.equal(show(column, NOW.minus({ seconds: 20 })), '20 seconds ago')
    assert.equal(show(column, NOW.minus({ days: 1 })), 'yesterday')
  })

  test('numbers and money use the locale; cents are divided', ({ assert }) => {
    assert.equal(show(TextColumn.make('n').number(), 12345.678), '12,345.678')
    assert.equal(show(TextColumn.make('n').number(1), '4.25', FR), '4,3')
    assert.equal(show(TextColumn.make('n').number(0), 10n), '10')
    assert.equal(show(TextColumn.make('p').money('usd'), 1234.5), '$1,234.50')
    assert.equal(
      show(TextColumn.make('p').money('EUR', { divideBy: 100 }), 123450, FR),
      `1${NNBSP}234,50${NBSP}€`
    )
    /* a value that is not a number is shown as it is */
    assert.equal(show(TextColumn.make('n').number(), 'n/a'), 'n/a')
  })

  test('limit, prefix and suffix shape the shown text; null stays null', ({ assert }) => {
    assert.equal(show(TextColumn.make('t').limit(5), 'Validating input'), 'Valid…')
    assert.equal(show(TextColumn.make('t').limit(5), 'Short'), 'Short')
    /* characters, not UTF-16 units: an emoji is never cut in half */
    assert.equal(show(TextColumn.make('t').limit(2), '😀😀😀'), '😀😀…')
    assert.equal(show(TextColumn.make('n').number(1).suffix(' / 5'), 4), '4.0 / 5')
    assert.equal(show(TextColumn.make('n').prefix('#'), 42), '#42')
    assert.isNull(show(TextColumn.make('n').money('EUR'), null))
    assert.isNull(show(TextColumn.make('n').prefix('#'), undefined))
  })

  test('markdown() renders sanitized HTML on the server, whatever the source holds', ({
    assert,
  }) => {
    const entry = TextEntry.make('notes').markdown().prefix('#').limit(3)
    assert.deepEqual(entry.formatContract(), {
      kind: 'markdown',
      wrap: true,
      copyable: false,
      link: false,
    })
    assert.equal(
      show(entry, '# Hi\n\n**bold** [a](https://adonisjs.com)')!.trim(),
      '<h1>Hi</h1>\n<p><strong>bold</strong> <a href="https://adonisjs.com">a</a></p>'
    )
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x](javascript&#58;alert(1))',
      '<a href="javascript:alert(1)">x</a>',
      '<svg onload=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '![x](https://evil.example/x.png)',
      '<p style="background:url(javascript:alert(1))">x</p>',
    ]
    for (const payload of payloads) {
      const html = show(TextColumn.make('notes').markdown(), payload)!
      assert.notMatch(html, /<script|<img|<svg|<iframe|onerror|onload|javascript|style=/i, payload)
    }
    assert.isNull(show(TextColumn.make('notes').markdown(), null))
  })

  test('url() links only safe targets; copyable() and wrap() reach the contract', ({ assert }) => {
    const column = TextColumn.make('website').url().copyable().wrap()
    const link = (value: unknown) => column.present(value, {}, US, NOW).link
    assert.equal(link('https://example.test/a?b=1'), 'https://example.test/a?b=1')
    assert.equal(link('/admin/posts'), '/admin/posts')
    assert.equal(link('mailto:team@example.test'), 'mailto:team@example.test')
    assert.isNull(link('javascript:alert(1)'))
    assert.isNull(link('JaVaScRiPt:alert(1)'))
    assert.isNull(link('data:text/html,<script>alert(1)</script>'))
    assert.isNull(link('//evil.test/x'))
    assert.isNull(link('https://example.test/\u0000'))
    assert.isNull(link(null))
    assert.isFalse(isLinkTarget('tel:'))
    assert.deepEqual(column.toContract().format, {
      kind: 'text',
      wrap: true,
      copyable: true,
      link: true,
    })

    const computed = TextEntry.make('name').url((record: { id: number }) => `/people/${record.id}`)
    assert.equal(computed.present('Ada', { id: 7 }, US, NOW).link, '/people/7')
    /* a column without any format carries none */
    assert.isUndefined(TextColumn.make('plain').toContract().format)
    assert.isFalse(TextColumn.make('plain').hasFormat())
  })

  test('configuration mistakes are refused when the resource is built', ({ assert }) => {
    assert.throws(() => TextColumn.make('p').money('euro'), /ISO 4217 currency code, got "euro"/)
    assert.throws(() => TextColumn.make('p').money('EUR', { divideBy: 0 }), /divideBy/)
    assert.throws(() => TextColumn.make('n').number(-1), /0 to 20 decimals/)
    assert.throws(() => TextColumn.make('t').limit(0), /positive integer/)
    assert.throws(() => TextEntry.make('t').limit(1.5), KitConfigurationException as any)
  })
})

/**
 * Count the `Intl` formatters constructed while `run` runs (the four
 * constructors are wrapped, then put back).
 */
function countConstructions(run: () => void): Record<string, number> {
  const names = ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'PluralRules'] as const
  const counts: Record<string, number> = {}
  const originals = names.map((name) => [name, Intl[name]] as const)
  for (const [name, Original] of originals) {
    counts[name] = 0
    ;(Intl as any)[name] = new Proxy(Original, {
      construct(target, args) {
        counts[name]++
        return Reflect.construct(target, args)
      },
    })
  }
  try {
    run()
  } finally {
    for (const [name, Original] of originals) (Intl as any)[name] = Original
  }
  return counts
}

test.group('Value formats | formatters built once', () => {
  test('a thousand formatted cells, summaries and plural strings build each formatter once per locale, zone and options', ({
    assert,
  }) => {
    const columns = [
      TextColumn.make('price').money('EUR', { divideBy: 100 }),
      TextColumn.make('stock').number(2),
      TextColumn.make('at').dateTime(),
      TextColumn.make('on').date('long'),
      TextColumn.make('seen').since(),
    ]
    const at = DateTime.fromISO('2026-01-31T23:30:00Z')
    const values = [123_456, 12.5, at, at, at]
    const render = () => {
      for (let row = 0; row < 1000; row++) {
        for (const presentation of [US, FR]) {
          columns.forEach((column, index) => show(column, values[index], presentation))
          formatSummary(columns[0], 'sum', row, presentation, NOW)
          formatSummary(columns[1], 'count', row, presentation, NOW)
          translate({ 'n.one': 'one', 'n.other': 'many' }, presentation.locale, 'n', {
            count: row,
          })
          calendarNames(presentation.locale).month({ year: 2026, month: 11, day: 1 })
        }
      }
    }
    /* the first round may build them (they are shared across tests) */
    render()
    const counts = countConstructions(render)
    assert.deepEqual(counts, {
      NumberFormat: 0,
      DateTimeFormat: 0,
      RelativeTimeFormat: 0,
      PluralRules: 0,
    })
    /* the time zone is part of a date format's key */
    assert.equal(show(columns[2], at), 'Jan 31, 2026, 11:30 PM')
    assert.equal(
      show(columns[2], at, { locale: 'en-US', timeZone: 'Europe/Paris' }),
      'Feb 1, 2026, 12:30 AM'
    )
  })

  test('the cache is bounded, reuses a formatter and caches no refused locale', ({ assert }) => {
    assert.strictEqual(
      numberFormat('de-DE', { minimumIntegerDigits: 3 }),
      numberFormat('de-DE', { minimumIntegerDigits: 3 })
    )
    assert.notStrictEqual(numberFormat('de-DE'), numberFormat('de-CH'))
    for (let digits = 1; digits <= 21; digits++) {
      for (const locale of [
        'en-US',
        'fr-FR',
        'de-DE',
        'es-ES',
        'it-IT',
        'ja-JP',
        'nl-NL',
        'pt-BR',
        'sv-SE',
        'pl-PL',
        'da-DK',
        'fi-FI',
        'nb-NO',
        'cs-CZ',
      ]) {
        numberFormat(locale, { minimumIntegerDigits: digits })
      }
    }
    assert.equal(cachedIntlFormats(), INTL_FORMATS_LIMIT)
    const size = cachedIntlFormats()
    assert.throws(() => numberFormat('not a locale!'), RangeError)
    assert.equal(cachedIntlFormats(), size)
  })
})
