import { test } from '@japa/runner'
import {
  chosenKeys,
  dateFieldParts,
  filterOptions,
  globalSearchItems,
  joinDateField,
  parseIsoDate,
  calendarNames,
  dateInputLocale,
  DATE_INPUT_LOCALE,
  parseHexColor,
  pickedColor,
} from '../../src/renderers/shared.ts'
import { entryIcon, entryValue } from '../../src/renderers/values.ts'
import { safeColor } from '../../src/renderers/table_columns.ts'

test.group('Renderer field helpers', () => {
  test('date fields send the format the server reads, and null without a date', ({ assert }) => {
    assert.deepEqual(dateFieldParts('2026-03-01'), { date: '2026-03-01', time: '' })
    assert.deepEqual(dateFieldParts('2026-03-01T09:30'), { date: '2026-03-01', time: '09:30' })
    assert.deepEqual(dateFieldParts('2026-03-01T09:30:15'), { date: '2026-03-01', time: '09:30' })
    assert.deepEqual(dateFieldParts(null), { date: '', time: '' })
    assert.equal(joinDateField('2026-03-01', '', false), '2026-03-01')
    assert.equal(joinDateField('2026-03-01', '09:30', true), '2026-03-01T09:30')
    assert.equal(joinDateField('2026-03-01', '', true), '2026-03-01T00:00')
    assert.isNull(joinDateField('', '09:30', true))
    assert.isNull(joinDateField('', '', false))
  })

  test('only real calendar days in YYYY-MM-DD are read as dates', ({ assert }) => {
    assert.equal(parseIsoDate('2024-02-29'), '2024-02-29')
    assert.isNull(parseIsoDate('2026-02-29'))
    assert.isNull(parseIsoDate('2026-13-01'))
    assert.isNull(parseIsoDate('03/01/2026'))
    assert.isNull(parseIsoDate('20260301'))
    assert.isNull(parseIsoDate(''))
  })

  test("the calendar's names follow the panel's locale", ({ assert }) => {
    const april = { year: 2026, month: 4, day: 30 }
    const french = calendarNames('fr-FR')
    assert.equal(french.month(april), 'avril 2026')
    assert.equal(french.weekdayLong(april), 'jeudi')
    assert.equal(french.weekdayNarrow(april), 'J')
    assert.equal(french.day(april), 'jeudi 30 avril 2026')
    assert.equal(french.startOfWeek, 1, 'Monday')
    const english = calendarNames('en-US')
    assert.equal(english.month(april), 'April 2026')
    assert.equal(english.day(april), 'Thursday, April 30, 2026')
    assert.equal(english.startOfWeek, 0, 'Sunday')
  })

  test("the picker's locale: the panel's language, with a short date that reads YYYY-MM-DD", ({
    assert,
  }) => {
    const locale = dateInputLocale('fr-FR')
    assert.equal(locale, 'fr-FR-u-ca-iso8601')
    const christmas = Date.UTC(2000, 11, 25)
    assert.equal(
      new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(christmas),
      '2000-12-25'
    )
    /* what the picker announces by itself is French */
    assert.equal(
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'full',
        calendar: 'gregory',
        timeZone: 'UTC',
      }).format(christmas),
      'lundi 25 décembre 2000'
    )
    /* a locale whose digits are not ASCII keeps the fallback */
    assert.equal(dateInputLocale('ar-EG'), DATE_INPUT_LOCALE)
    assert.equal(dateInputLocale('not a locale'), DATE_INPUT_LOCALE)
  })

  test('a color typed in hex is sent as the color picker sends it', ({ assert }) => {
    assert.equal(parseHexColor('#FF0000'), '#ff0000')
    assert.equal(parseHexColor(' 7c3aed '), '#7c3aed')
    assert.equal(parseHexColor('#f00'), '#ff0000')
    assert.isNull(parseHexColor('#ff00'))
    assert.isNull(parseHexColor('red'))
    assert.isNull(parseHexColor(''))
  })

  test('a color picker sends only a color the person chose', ({ assert }) => {
    /* the default black, committed when an empty field loses the focus: nothing */
    assert.isUndefined(pickedColor('#000000', null, false))
    assert.isUndefined(pickedColor('#000000', '', false))
    /* typed or picked on an empty field */
    assert.equal(pickedColor('#FF0000', null, true), '#ff0000')
    /* a change of a set color, chosen or committed */
    assert.equal(pickedColor('#00ff00', '#ff0000', true), '#00ff00')
    assert.equal(pickedColor('#00ff00', '#ff0000', false), '#00ff00')
    /* the same color again: nothing */
    assert.isUndefined(pickedColor('#FF0000', '#ff0000', true))
  })

  test('tags offer the options not chosen yet whose label holds the term', ({ assert }) => {
    const options = [
      { value: '1', label: 'AdonisJS' },
      { value: '2', label: 'Lucid' },
      { value: '3', label: 'Inertia' },
    ]
    assert.deepEqual(
      filterOptions(options, '', ['2']).map((option) => option.value),
      ['1', '3']
    )
    assert.deepEqual(
      filterOptions(options, ' ADO ', []).map((option) => option.value),
      ['1']
    )
    assert.deepEqual(filterOptions(options, 'i', ['1', '2', '3']), [])
    assert.deepEqual(chosenKeys([1, '2']), ['1', '2'])
    assert.deepEqual(chosenKeys(null), [])
    assert.deepEqual(chosenKeys(''), [])
    assert.deepEqual(chosenKeys(7), ['7'])
  })

  test('global search items keep the groups order with values unique across resources', ({
    assert,
  }) => {
    const items = globalSearchItems([
      { resource: 'posts', label: 'Posts', results: [{ key: 1, title: 'A', url: '/p/1' }] },
      {
        resource: 'authors',
        label: 'Authors',
        results: [
          { key: 1, title: 'B', url: '/a/1' },
          { key: 2, title: 'C', url: '/a/2' },
        ],
      },
    ] as any)
    assert.deepEqual(
      items.map((item) => [item.value, item.group, item.result.title]),
      [
        ['posts:1', 'posts', 'A'],
        ['authors:1', 'authors', 'B'],
        ['authors:2', 'authors', 'C'],
      ]
    )
  })
})

test.group('Renderer infolist helpers', () => {
  test('entries: Markdown HTML from the server, icon labels, safe colors', ({ assert }) => {
    const markdown = entryValue({
      name: 'notes',
      label: 'Notes',
      value: '**a**',
      format: { kind: 'markdown', wrap: true, copyable: false, link: false },
      formatted: '<p><strong>a</strong></p>',
    })
    assert.equal(markdown.html, '<p><strong>a</strong></p>')
    assert.equal(markdown.value, '**a**')
    /* a formatted text of another kind is never inserted as HTML */
    const text = entryValue({
      name: 'title',
      label: 'Title',
      value: '<b>x</b>',
      format: { kind: 'text', wrap: false, copyable: false, link: false },
      formatted: '<b>x</b>',
    })
    assert.isNull(text.html)

    const icon = { icon: 'check-circle', color: 'success' }
    assert.deepEqual(entryIcon({ name: 'a', label: 'A', value: true, icon }), {
      ...icon,
      label: 'table.yes',
    })
    assert.deepEqual(
      entryIcon({ name: 'a', label: 'A', value: 'todo', icon: { ...icon, label: 'To do' } }),
      { ...icon, label: 'To do' }
    )
    assert.isNull(entryIcon({ name: 'a', label: 'A', value: 'other', icon: null }))

    assert.equal(safeColor(' #1d4ed8 '), '#1d4ed8')
    assert.equal(safeColor('oklch(0.7 0.1 200)'), 'oklch(0.7 0.1 200)')
    assert.isNull(safeColor('red;background:url(x)'))
    assert.isNull(safeColor('url(https://x)'))
    assert.isNull(safeColor(12))
  })
})
