import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { TextColumn, TextEntry } from '../../index.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { isLinkTarget, type Presentation } from '../../src/support/value_format.ts'

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
