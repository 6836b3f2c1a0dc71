import { test } from '@japa/runner'
import {
  diffSnapshots,
  isRedacted,
  itemsChange,
  sameAuditValue,
} from '../../src/runtime/audit/audit_writer.ts'
import { KeyValue, Repeater, TagsInput, TextInput } from '../../index.ts'
import { auditSettings } from '../../src/runtime/audit/audit_settings.ts'
import Post from '../app/app/models/post.ts'
import User from '../app/app/models/user.ts'

test.group('Audit writer | diff and redaction', () => {
  test('only changed attributes, with old and new values', ({ assert }) => {
    assert.deepEqual(
      diffSnapshots(Post, { title: 'a', status: 'draft' }, { title: 'b', status: 'draft' }),
      { title: { old: 'a', new: 'b' } }
    )
  })

  test('hidden attributes and password-like names are redacted', ({ assert }) => {
    assert.isTrue(isRedacted(User, 'password'))
    assert.isTrue(isRedacted(Post, 'secretNote'))
    assert.isTrue(isRedacted(Post, 'apiToken'))
    assert.isFalse(isRedacted(Post, 'title'))
    assert.deepEqual(diffSnapshots(User, null, { password: 'hash', email: 'a@b.c' }), {
      password: { old: null, new: '[redacted]' },
      email: { old: null, new: 'a@b.c' },
    })
  })

  test('audit settings: off by default, checked at boot', ({ assert }) => {
    assert.isFalse(auditSettings(undefined, 'x').enabled)
    assert.equal(auditSettings({ enabled: true, retentionDays: 7 }, 'x').retentionDays, 7)
    assert.throws(() => auditSettings({ retentionDays: 0 }, 'config/kit.ts'), /retentionDays/)
    assert.throws(() => auditSettings({ enabled: 'yes' as any }, 'config/kit.ts'), /enabled/)
    assert.throws(() => auditSettings({ userTitle: 3 as any }, 'config/kit.ts'), /userTitle/)
    /* a panel's userTitle refines the app's */
    const app = auditSettings({ enabled: true, userTitle: 'email' }, 'x')
    assert.equal(auditSettings({}, 'panel', app).userTitle, 'email')
    assert.equal(auditSettings({ userTitle: 'fullName' }, 'panel', app).userTitle, 'fullName')
  })
})

test.group('Audit writer | JSON compared by value', () => {
  test('JSON values compare parsed, whatever their key order or text form', ({ assert }) => {
    assert.isTrue(sameAuditValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }))
    assert.isTrue(sameAuditValue('{"b":2,"a":1}', { a: 1, b: 2 }))
    assert.isTrue(sameAuditValue('[1,2]', [1, 2]))
    assert.isFalse(sameAuditValue([1, 2], [2, 1]))
    assert.isFalse(sameAuditValue({ a: 1 }, { a: 2 }))
    assert.deepEqual(diffSnapshots(Post, { meta: { x: 1, y: 2 } }, { meta: '{"y":2,"x":1}' }), {})
  })

  test('null and an empty list or map are one value for the fields that show them so', ({
    assert,
  }) => {
    const fields = [
      TagsInput.make('tags'),
      KeyValue.make('settings'),
      Repeater.make('items').schema([TextInput.make('name')]),
      TextInput.make('note'),
    ]
    assert.deepEqual(
      diffSnapshots(
        Post,
        { tags: null, settings: null, items: null, note: null, raw: null },
        { tags: [], settings: '{}', items: [], note: '[]', raw: [] },
        fields
      ),
      {
        /* a text field and an attribute without a field: a change */
        note: { old: null, new: '[]' },
        raw: { old: null, new: [] },
      }
    )
    /* a real change is still one */
    assert.deepEqual(diffSnapshots(Post, { tags: null }, { tags: ['a'] }, fields), {
      tags: { old: null, new: ['a'] },
    })
    assert.deepEqual(diffSnapshots(Post, { tags: ['a'] }, { tags: [] }, fields), {
      tags: { old: ['a'], new: [] },
    })
  })
})

test.group('Audit writer | has-many repeater items', () => {
  test('items compare by value and in order; hidden and secret values are redacted', ({
    assert,
  }) => {
    const items = [
      { _key: 1, email: 'a@b.c', password: 'one' },
      { _key: 2, email: 'd@e.f', password: null },
    ]
    assert.isNull(itemsChange(User, items, [{ ...items[0] }, { ...items[1] }]))
    /* a secret that changed alone is a change, its values never stored */
    const change = itemsChange(User, items, [{ ...items[0], password: 'two' }, items[1]])
    assert.deepEqual(change, {
      old: [
        { _key: 1, email: 'a@b.c', password: '[redacted]' },
        { _key: 2, email: 'd@e.f', password: null },
      ],
      new: [
        { _key: 1, email: 'a@b.c', password: '[redacted]' },
        { _key: 2, email: 'd@e.f', password: null },
      ],
    })
    assert.notInclude(JSON.stringify(change), 'one')
    assert.deepEqual(itemsChange(User, items, [items[1], items[0]])?.new, [
      { _key: 2, email: 'd@e.f', password: null },
      { _key: 1, email: 'a@b.c', password: '[redacted]' },
    ])
  })
})
