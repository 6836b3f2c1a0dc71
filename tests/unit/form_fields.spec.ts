import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { TextInput } from '../../src/definitions/form/fields/text_input.ts'
import { Textarea } from '../../src/definitions/form/fields/textarea.ts'
import { DatePicker, DateTimePicker } from '../../src/definitions/form/fields/date_picker.ts'
import { Toggle } from '../../src/definitions/form/fields/toggle.ts'
import { Select } from '../../src/definitions/form/fields/select.ts'
import { Form } from '../../src/definitions/form/form.ts'

test.group('Form fields | contracts', () => {
  test('each field serializes its type and options', ({ assert }) => {
    assert.deepEqual(TextInput.make('price').numeric().required().toContract(), {
      type: 'text',
      name: 'price',
      label: 'Price',
      required: true,
      inputType: 'number',
      maxLength: null,
      placeholder: null,
    })
    assert.deepEqual(Textarea.make('body').maxLength(500).toContract(), {
      type: 'textarea',
      name: 'body',
      label: 'Body',
      required: false,
      rows: 4,
      maxLength: 500,
    })
    assert.equal(DatePicker.make('publishedOn').toContract().type, 'date')
    assert.equal(DateTimePicker.make('publishedAt').toContract().type, 'datetime')
    assert.deepEqual(Toggle.make('isFeatured').default(true).toContract(), {
      type: 'toggle',
      name: 'isFeatured',
      label: 'Is featured',
      required: false,
      default: true,
    })
    assert.deepEqual(Select.make('tags').multiple().options({ a: 'A' }).toContract(), {
      type: 'select',
      name: 'tags',
      label: 'Tags',
      required: false,
      options: [{ value: 'a', label: 'A' }],
      multiple: true,
      searchable: false,
      preload: false,
      searchDebounce: 500,
      search: null,
      relationship: null,
      createOption: null,
      editOption: null,
    })
  })

  test('form values: toggles become booleans, dates travel as yyyy-MM-dd', ({ assert }) => {
    const toggle = Toggle.make('isFeatured').default(true)
    assert.isTrue(toggle.defaultValue())
    assert.isTrue(toggle.formValue(1))
    assert.isFalse(toggle.formValue(0))
    assert.isNull(toggle.formValue(null))

    const date = DatePicker.make('publishedOn')
    assert.equal(
      date.formValue(DateTime.fromISO('2026-11-22T10:30:00Z', { zone: 'utc' })),
      '2026-11-22'
    )
    assert.isNull(date.formValue(DateTime.invalid('bad')))
    assert.isUndefined(date.formValue('2026-11-22'))
    assert.isNull(TextInput.make('title').defaultValue())
  })
})

test.group('Form fields | select options', () => {
  test('only declared options pass; multiple selects take lists of them', ({ assert }) => {
    const single = Select.make('status').options({ 'draft': 'Draft', '1': 'One' })
    for (const value of ['draft', '1', 1, null, undefined]) {
      assert.isTrue(single.accepts(value), String(value))
    }
    for (const value of ['Draft', 'toString', '__proto__', ['draft'], { draft: 1 }, true, '']) {
      assert.isFalse(single.accepts(value), JSON.stringify(value))
    }

    const multiple = Select.make('tags').multiple().options({ a: 'A', b: 'B' })
    assert.isTrue(multiple.accepts(['a', 'b']))
    assert.isTrue(multiple.accepts([]))
    assert.isFalse(multiple.accepts(['a', 'c']))
    assert.isFalse(multiple.accepts([['a']]))
  })

  test('Form.columns() takes 1 to 12', ({ assert }) => {
    assert.equal(new Form().columns(12).getColumns(), 12)
    for (const columns of [0, 13, 1.5, -1]) {
      assert.throws(() => new Form().columns(columns), /from 1 to 12/)
    }
  })
})
