import { test } from '@japa/runner'
import { keepUntouchedNulls } from '../../src/runtime/form/empty_values.ts'
import { KeyValue, TagsInput, TextInput } from '../../index.ts'
import Post from '../app/app/models/post.ts'

test.group('Form values | untouched empty fields', () => {
  test('an empty list or map submitted over a null attribute is left out', ({ assert }) => {
    const record = new Post()
    record.$attributes = { title: 'x', tags: null, settings: null, meta: ['a'], note: null }
    const fields = [
      TagsInput.make('tags'),
      KeyValue.make('settings'),
      TagsInput.make('meta'),
      TextInput.make('note'),
      /* not an attribute of the record (a relationship's select): kept */
      TagsInput.make('labels'),
    ]
    const data = { tags: [], settings: {}, meta: [], note: '', labels: [] }
    assert.deepEqual(keepUntouchedNulls(fields, record, data), { meta: [], note: '', labels: [] })
    /* something entered is written */
    assert.deepEqual(keepUntouchedNulls(fields, record, { tags: ['vip'] }), { tags: ['vip'] })
    /* the submitted data is left as it was */
    assert.deepEqual(Object.keys(data), ['tags', 'settings', 'meta', 'note', 'labels'])
  })
})
