import { test } from '@japa/runner'
import { panel } from '../../index.ts'
import { accountOf, assertAccountPathsFree } from '../../src/runtime/account/panel_account.ts'
import { assertVerificationColumn } from '../../src/runtime/account/email_verification.ts'

const model = () => import('../app/app/models/account.ts') as any

test.group('Email verification and sign-up: configuration', () => {
  test('emailVerification() and signUp() check their options and need login()', ({ assert }) => {
    assert.throws(
      () => accountOf(panel('a').emailVerification()),
      'Panel "a": emailVerification() needs login()'
    )
    assert.throws(() => accountOf(panel('a').signUp()), 'Panel "a": signUp() needs login()')
    assert.throws(
      () => panel('a').emailVerification({ column: 'email_verified_at; drop' }),
      'Panel "a": emailVerification() column must be a property name'
    )
    assert.throws(
      () => panel('a').emailVerification({ url: 'javascript:alert(1)' }),
      'Panel "a": emailVerification() url must be an absolute http(s) URL ("https://example.com")'
    )
    assert.throws(
      () => panel('a').emailVerification({ expiresIn: 'later' }),
      'Panel "a": emailVerification() expiresIn must be a positive duration ("1 hour")'
    )
    assert.throws(
      () => panel('a').signUp({ throttle: { perIp: { requests: 0, duration: 60 } } }),
      'Panel "a": signUp() throttle.perIp: requests must be a positive integer'
    )
    assert.throws(
      () => panel('a').signUp({ beforeCreate: 'x' as any }),
      'Panel "a": signUp() beforeCreate must be a function'
    )
    const verification = panel('a').emailVerification().getEmailVerification()!
    assert.equal(verification.column, 'email_verified_at')
    assert.equal(verification.expiresIn, 86_400)
    assert.deepEqual(verification.throttle.perAccount, { requests: 3, duration: '10 mins' })
    /* off by default */
    const plain = accountOf(panel('b').path('/b').login({ model }))!
    assert.isUndefined(plain.signUp)
    assert.isUndefined(plain.emailVerification)
    const account = accountOf(panel('c').path('/c').login({ model }).signUp().emailVerification())!
    assert.equal(account.paths.signUp, '/c/sign-up')
    assert.equal(account.paths.verifyEmail, '/c/verify-email')
  })

  test('a resource at the sign-up or verification path is refused, only when they are on', ({
    assert,
  }) => {
    const mount = (path: string) => ({ basePath: () => path, resource: new (class Clash {})() })
    const on = accountOf(panel('a').path('/a').login({ model }).signUp().emailVerification())!
    assert.throws(
      () => assertAccountPathsFree(on, [mount('/a/sign-up')]),
      'Clash is mounted at /a/sign-up, an account path of panel "a"; give it another slug'
    )
    assert.throws(() => assertAccountPathsFree(on, [mount('/a/verify-email')]))
    const off = accountOf(panel('a').path('/a').login({ model }))!
    assert.doesNotThrow(() => assertAccountPathsFree(off, [mount('/a/sign-up')]))
  })

  test('a model without the verification column is refused at boot', async ({ assert }) => {
    await assert.rejects(
      () =>
        assertVerificationColumn(
          panel('a').login({ model }).emailVerification({ column: 'confirmed_at' })
        ),
      /Panel "a": emailVerification\(\) needs the column "confirmed_at" on Account/
    )
    /* by its column or its property name */
    await assertVerificationColumn(panel('a').login({ model }).emailVerification())
    await assertVerificationColumn(
      panel('a').login({ model }).emailVerification({ column: 'emailVerifiedAt' })
    )
  })
})
