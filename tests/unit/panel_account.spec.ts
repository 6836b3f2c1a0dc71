import { test } from '@japa/runner'
import { panel } from '../../index.ts'
import { accountOf, initialsOf, returnPath } from '../../src/runtime/account/panel_account.ts'

const model = () => import('../app/app/models/account.ts') as any

test.group('Panel account: configuration', () => {
  test('login() checks its options at boot, naming the panel', ({ assert }) => {
    assert.throws(() => panel('a').login({} as any), 'Panel "a": login() needs the user model')
    assert.throws(
      () => panel('a').login({ model, uid: 'email; drop' }),
      'Panel "a": login() uid must be a property name'
    )
    assert.throws(
      () => panel('a').login({ model, home: '//evil.test' }),
      'Panel "a": login() home must be a path ("/admin/posts")'
    )
    assert.throws(
      () => panel('a').login({ model, throttle: { perIp: { requests: 0, duration: 60 } } }),
      'Panel "a": login() throttle.perIp: requests must be a positive integer'
    )
    const settings = panel('a').login({ model }).getLogin()!
    assert.deepInclude(settings, { uid: 'email', name: 'fullName', password: 'password' })
    assert.deepEqual(settings.throttle.perAccount, {
      requests: 5,
      duration: '1 min',
      blockDuration: '5 mins',
    })
  })

  test('passwordReset() checks its options and needs login()', ({ assert }) => {
    assert.throws(
      () => accountOf(panel('a').passwordReset()),
      'Panel "a": passwordReset() needs login()'
    )
    assert.throws(
      () => panel('a').passwordReset({ url: '//evil.test' }),
      'Panel "a": passwordReset() url must be an absolute http(s) URL ("https://example.com")'
    )
    assert.throws(
      () => panel('a').passwordReset({ expiresIn: 'soon' }),
      'Panel "a": passwordReset() expiresIn must be a positive duration ("1 hour")'
    )
    assert.throws(
      () => panel('a').passwordReset({ throttle: { perAccount: { requests: 0, duration: 60 } } }),
      'Panel "a": passwordReset() throttle.perAccount: requests must be a positive integer'
    )
    const settings = panel('a').passwordReset({ url: 'https://example.com/' }).getPasswordReset()!
    assert.equal(settings.expiresIn, 3600)
    assert.equal(settings.url, 'https://example.com')
    const account = accountOf(panel('a').path('/a').login({ model }).passwordReset())!
    assert.equal(account.paths.forgotPassword, '/a/forgot-password')
    assert.equal(account.paths.resetPassword, '/a/reset-password')
    /* without passwordReset() the paths stay free for resources */
    assert.isUndefined(accountOf(panel('b').login({ model }))!.passwordReset)
  })

  test('user menu items need a label and a safe URL', ({ assert }) => {
    assert.throws(
      () => panel('a').userMenuItems([{ label: 'Bad', url: 'javascript:alert(1)' }]),
      'Panel "a": user menu item "Bad" has a refused URL "javascript:alert(1)" (only paths and http(s) URLs)'
    )
    assert.throws(
      () => panel('a').userMenuItems([{ label: ' ', url: '/x' }]),
      'Panel "a": user menu item 1 needs a label'
    )
    assert.deepEqual(
      panel('a')
        .userMenuItems([{ label: 'Docs', url: 'https://docs.test/' }])
        .getUserMenuItems(),
      [{ label: 'Docs', url: 'https://docs.test/' }]
    )
  })
})

test.group('Panel account: return paths and initials', () => {
  test('only same-origin paths come back', ({ assert }) => {
    assert.equal(returnPath('/admin/posts?page=2'), '/admin/posts?page=2')
    for (const refused of [
      '//evil.test',
      '/\\evil.test',
      'https://evil.test/',
      '/%2F%2Fevil.test',
      '/%5Cevil.test',
      '/%E0%A4%A',
      '/a\nb',
      'admin',
      42,
      null,
      `/${'a'.repeat(3000)}`,
    ]) {
      assert.isNull(returnPath(refused), String(refused))
    }
  })

  test('initials of the first and last words', ({ assert }) => {
    assert.equal(initialsOf('Ada Lovelace'), 'AL')
    assert.equal(initialsOf('  grace  brewster murray hopper '), 'GH')
    assert.equal(initialsOf('émile'), 'É')
    assert.equal(initialsOf(''), '')
  })
})
