import { test } from '@japa/runner'
import { diffSnapshots, isRedacted } from '../../src/runtime/audit/audit_writer.ts'
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
