import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Secret, TOTP } from 'otpauth'
import Account from '../app/app/models/account.ts'
import { withDatabase } from '../helpers.ts'

const PASSWORD = 'correct horse battery'
const SESSION_COOKIE = 'adonis-session'
const ENROLMENT = 'kit_two_factor_enrolment_console'
const PENDING = 'kit_two_factor_pending_console'

function account(email: string) {
  return Account.create({ email, fullName: 'Ada Lovelace', password: PASSWORD })
}

async function clearThrottle() {
  const limiter: { clear(): Promise<void> } = await app.container.make('limiter.manager' as any)
  await limiter.clear()
}

/** The code of the authenticator app `steps` time steps from now */
function codeOf(secret: string, steps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + steps * 30_000 })
}

/** A six-digit code valid in no step around now */
function wrongCode(secret: string) {
  const valid = new Set([-1, 0, 1, 2].map((steps) => codeOf(secret, steps)))
  let code = 123456
  while (valid.has(String(code))) code++
  return String(code)
}

/** The last time step used of a user's second factor */
async function stepOf(user: Account) {
  const row = await rowOf(user)
  return row.last_used_step
}

/** How many recovery codes a user has left */
async function codesLeft(user: Account) {
  const row = await rowOf(user)
  return JSON.parse(row.recovery_codes).length
}

function rowOf(user: Account) {
  return db
    .from('kit_two_factor')
    .where('user_table', 'users')
    .where('user_id', String(user.id))
    .first()
}

/**
 * Enrol a user through the profile's forms: the current password, the
 * secret read from the profile page, its first code. The secret and the
 * recovery codes.
 */
async function enrol(client: any, user: Account) {
  const begin = await client
    .post('/console/profile/two-factor')
    .json({ currentPassword: PASSWORD })
    .withGuard('panel')
    .loginAs(user)
    .withCsrfToken()
    .accept('json')
  begin.assertStatus(204)
  const session = { [ENROLMENT]: begin.session(ENROLMENT) }
  const page = await client
    .get('/console/profile')
    .withGuard('panel')
    .loginAs(user)
    .withSession(session)
    .withInertia()
  const secret: string = (page.inertiaProps as any).kitAccount.twoFactor.enrolment.secret
  const confirm = await client
    .post('/console/profile/two-factor/confirm')
    .json({ code: codeOf(secret) })
    .withGuard('panel')
    .loginAs(user)
    .withSession(session)
    .withCsrfToken()
    .accept('json')
  confirm.assertStatus(201)
  return { secret, codes: confirm.body().recoveryCodes as string[] }
}

/** Right credentials: the pending sign-in of the session */
async function firstStep(client: any, email: string, form: Record<string, unknown> = {}) {
  const response = await client
    .post('/console/login')
    .form({ uid: email, password: PASSWORD, ...form })
    .withCsrfToken()
    .redirects(0)
  response.assertStatus(302)
  response.assertHeader('location', '/console/login/two-factor')
  return { [PENDING]: response.session(PENDING) }
}

function secondStep(client: any, pending: Record<string, unknown>, factor: string, code: string) {
  return client
    .post('/console/login/two-factor')
    .form({ factor, code })
    .withSession(pending)
    .withCsrfToken()
    .redirects(0)
}

test.group('Panel two-factor: enrolment', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('enrolment shows the QR code and the key once, confirmed by a first code', async ({
    client,
    assert,
  }) => {
    const ada = await account('ada@example.com')
    const { secret, codes } = await enrol(client, ada)
    assert.match(secret, /^[A-Z2-7]{32}$/)
    assert.lengthOf(codes, 8)
    assert.lengthOf(new Set(codes), 8)
    const row = await rowOf(ada)
    assert.isNotNull(row.confirmed_at)
    /* the secret stored encrypted, the codes hashed */
    assert.notInclude(row.secret, secret)
    const hashes = JSON.parse(row.recovery_codes)
    assert.lengthOf(hashes, 8)
    for (const code of codes) assert.notInclude(row.recovery_codes, code)

    /* the profile no longer sends the secret */
    const page = await client.get('/console/profile').withGuard('panel').loginAs(ada).withInertia()
    assert.deepInclude((page.inertiaProps as any).kitAccount.twoFactor, {
      enabled: true,
      recoveryCodesLeft: 8,
      enrolment: null,
      recoveryCodes: null,
    })
    assert.notInclude(JSON.stringify(page.inertiaProps), secret)
  })

  test('the enrolment page carries a QR code of the otpauth URI', async ({ client, assert }) => {
    const ada = await account('qr@example.com')
    const begin = await client
      .post('/console/profile/two-factor')
      .form({ currentPassword: PASSWORD })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .redirects(0)
    begin.assertStatus(302)
    begin.assertHeader('location', '/console/profile')
    const page = await client
      .get('/console/profile')
      .withGuard('panel')
      .loginAs(ada)
      .withSession({ [ENROLMENT]: begin.session(ENROLMENT) })
      .withInertia()
    const enrolment = (page.inertiaProps as any).kitAccount.twoFactor.enrolment
    assert.match(enrolment.uri, /^otpauth:\/\/totp\/Console:qr%40example\.com\?/)
    assert.include(enrolment.uri, `secret=${enrolment.secret}`)
    assert.match(enrolment.qrCode, /^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(enrolment.qrCode.split(',')[1], 'base64').toString()
    assert.match(svg, /^<svg /)
    /* another session of the user does not see the key */
    const other = await client.get('/console/profile').withGuard('panel').loginAs(ada).withInertia()
    assert.isNull((other.inertiaProps as any).kitAccount.twoFactor.enrolment)
    /* not on until confirmed */
    const pendingRow = await rowOf(ada)
    assert.isNull(pendingRow.confirmed_at)
  })

  test('enrolment without or with a wrong current password is refused', async ({
    client,
    assert,
  }) => {
    const ada = await account('nopass@example.com')
    const begin = (body: Record<string, unknown>) =>
      client
        .post('/console/profile/two-factor')
        .json(body)
        .withGuard('panel')
        .loginAs(ada)
        .withCsrfToken()
        .accept('json')
    const missing = await begin({})
    missing.assertStatus(422)
    missing.assertBodyContains({ errors: [{ field: 'currentPassword' }] })
    const wrong = await begin({ currentPassword: 'not my password' })
    wrong.assertStatus(422)
    wrong.assertBodyContains({
      errors: [{ field: 'currentPassword', message: 'The current password is incorrect.' }],
    })
    assert.isNull(await rowOf(ada))
  })

  test('a wrong first code does not turn it on', async ({ client, assert }) => {
    const ada = await account('firstcode@example.com')
    const begin = await client
      .post('/console/profile/two-factor')
      .json({ currentPassword: PASSWORD })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    const session = { [ENROLMENT]: begin.session(ENROLMENT) }
    const page = await client
      .get('/console/profile')
      .withGuard('panel')
      .loginAs(ada)
      .withSession(session)
      .withInertia()
    const secret = (page.inertiaProps as any).kitAccount.twoFactor.enrolment.secret
    const confirm = (code: string, withSession = true) => {
      const request = client
        .post('/console/profile/two-factor/confirm')
        .json({ code })
        .withGuard('panel')
        .loginAs(ada)
        .withCsrfToken()
        .accept('json')
      return withSession ? request.withSession(session) : request
    }
    const wrong = await confirm(wrongCode(secret))
    wrong.assertStatus(422)
    wrong.assertBodyContains({
      errors: [{ field: 'code', message: 'This code is invalid or has already been used.' }],
    })
    /* the right code from a session that did not begin the enrolment */
    const elsewhere = await confirm(codeOf(secret), false)
    elsewhere.assertStatus(422)
    const row = await rowOf(ada)
    assert.isNull(row.confirmed_at)
    assert.isNull(row.recovery_codes)
  })

  test('new recovery codes and turning it off need the current password', async ({
    client,
    assert,
  }) => {
    const ada = await account('manage@example.com')
    const { codes } = await enrol(client, ada)
    const before = await rowOf(ada)
    const form = (method: 'post' | 'delete', path: string, body: Record<string, unknown>) =>
      client[method](path).json(body).withGuard('panel').loginAs(ada).withCsrfToken().accept('json')
    const wrong = await form('post', '/console/profile/two-factor/recovery-codes', {
      currentPassword: 'nope',
    })
    wrong.assertStatus(422)
    const keep = await form('delete', '/console/profile/two-factor', {})
    keep.assertStatus(422)
    assert.deepEqual(await rowOf(ada), before)

    const renewed = await form('post', '/console/profile/two-factor/recovery-codes', {
      currentPassword: PASSWORD,
    })
    renewed.assertStatus(201)
    const fresh: string[] = renewed.body().recoveryCodes
    assert.lengthOf(fresh, 8)
    assert.notDeepEqual(fresh, codes)
    const renewedRow = await rowOf(ada)
    assert.notEqual(renewedRow.recovery_codes, before.recovery_codes)

    /* an old code no longer works, a new one does */
    await clearThrottle()
    const pending = await firstStep(client, 'manage@example.com')
    const old = await secondStep(client, pending, 'recovery', codes[0]).accept('json')
    old.assertStatus(422)
    const used = await secondStep(client, pending, 'recovery', fresh[0])
    used.assertStatus(302)
    assert.equal(used.session('auth_panel'), ada.id)

    const off = await form('delete', '/console/profile/two-factor', { currentPassword: PASSWORD })
    off.assertStatus(204)
    assert.isNull(await rowOf(ada))
  })

  test('the profile page is throttled on the current password', async ({ client, assert }) => {
    const ada = await account('throttle.profile@example.com')
    const attempt = (currentPassword: string) =>
      client
        .put('/console/profile')
        .json({ name: 'Ada', email: 'changed@example.com', currentPassword })
        .withGuard('panel')
        .loginAs(ada)
        .withCsrfToken()
        .accept('json')
    for (let i = 0; i < 3; i++) {
      const refused = await attempt(`guess ${i}`)
      refused.assertStatus(422)
    }
    const blocked = await attempt(PASSWORD)
    blocked.assertStatus(429)
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    blocked.assertBody({
      errors: [
        {
          field: 'currentPassword',
          rule: 'throttled',
          message: `Too many attempts. Try again in ${retryAfter} seconds.`,
        },
      ],
    })
    /* the enrolment form shares the count */
    const enrolment = await client
      .post('/console/profile/two-factor')
      .json({ currentPassword: PASSWORD })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    enrolment.assertStatus(429)
    const row = await Account.findOrFail(ada.id)
    assert.equal(row.email, 'throttle.profile@example.com')
    assert.isNull(await rowOf(ada))

    /* a browser goes back to the form with the wait on the field */
    const page = await client
      .put('/console/profile')
      .form({ name: 'Ada', email: 'changed@example.com', currentPassword: PASSWORD })
      .header('referer', '/console/profile')
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include([302, 303], page.status())
    const bag = page.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.match(bag.currentPassword[0], /^Too many attempts\. Try again in \d+ seconds?\.$/)
  })

  test('every two-factor form checks the CSRF token', async ({ client, assert }) => {
    const ada = await account('csrf2fa@example.com')
    await enrol(client, ada)
    const before = await rowOf(ada)
    for (const [method, path] of [
      ['post', '/console/profile/two-factor'],
      ['post', '/console/profile/two-factor/confirm'],
      ['post', '/console/profile/two-factor/recovery-codes'],
      ['delete', '/console/profile/two-factor'],
    ] as const) {
      const response = await client[method](path)
        .json({ currentPassword: PASSWORD, code: '123456' })
        .withGuard('panel')
        .loginAs(ada)
        .accept('json')
        .redirects(0)
      response.assertStatus(302)
      assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN', path)
    }
    const pending = await firstStep(client, 'csrf2fa@example.com')
    const challenge = await client
      .post('/console/login/two-factor')
      .form({ factor: 'totp', code: '123456' })
      .withSession(pending)
      .redirects(0)
    challenge.assertStatus(302)
    assert.property(challenge.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.isUndefined(challenge.session('auth_panel'))
    assert.deepEqual(await rowOf(ada), before)
  })
})

test.group('Panel two-factor: the second step of sign-in', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('right credentials do not sign in a user with a second factor; the code does, with a new session id', async ({
    client,
    assert,
  }) => {
    const ada = await account('step@example.com')
    const { secret } = await enrol(client, ada)
    const login = await client
      .post('/console/login')
      .form({ uid: 'step@example.com', password: PASSWORD, redirect: '/console/notes' })
      .withCsrfToken()
      .redirects(0)
    login.assertStatus(302)
    login.assertHeader('location', '/console/login/two-factor')
    assert.isUndefined(login.session('auth_panel'))
    const pending = { [PENDING]: login.session(PENDING) }

    /* the panel stays closed to the pending sign-in */
    const closed = await client.get('/console/notes').withSession(pending).redirects(0)
    closed.assertStatus(302)
    assert.match(closed.header('location') ?? '', /^\/console\/login/)

    const page = await client.get('/console/login/two-factor').withSession(pending).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('kit/two_factor_challenge')
    assert.deepEqual((page.inertiaProps as any).kitAccount, {
      kind: 'twoFactorChallenge',
      action: '/console/login/two-factor',
      factors: ['totp', 'recovery'],
      signInUrl: '/console/login',
      error: null,
      retryAfter: null,
    })

    const request = secondStep(client, pending, 'totp', codeOf(secret, 1))
    const before = request.sessionClient.sessionId
    const response = await request
    response.assertStatus(302)
    response.assertHeader('location', '/console/notes')
    assert.equal(response.session('auth_panel'), ada.id)
    assert.isUndefined(response.session(PENDING))
    const after = response.cookie(SESSION_COOKIE)?.value
    assert.isString(after)
    assert.notEqual(after, before)
  })

  test('a wrong code and a replayed code are refused', async ({ client, assert }) => {
    const ada = await account('replay@example.com')
    const { secret } = await enrol(client, ada)
    const pending = await firstStep(client, 'replay@example.com')
    const wrong = await secondStep(client, pending, 'totp', wrongCode(secret)).header(
      'referer',
      '/console/login/two-factor'
    )
    wrong.assertStatus(302)
    wrong.assertHeader('location', '/console/login/two-factor')
    assert.deepEqual(wrong.flashMessage('inputErrorsBag'), {
      code: ['This code is invalid or has already been used.'],
    })
    assert.isUndefined(wrong.session('auth_panel'))

    const code = codeOf(secret, 1)
    const first = await secondStep(client, pending, 'totp', code)
    assert.equal(first.session('auth_panel'), ada.id)
    const step = Number(await stepOf(ada))

    /* the same code again, within its window */
    const again = await firstStep(client, 'replay@example.com')
    const replayed = await secondStep(client, again, 'totp', code).accept('json')
    replayed.assertStatus(422)
    assert.isUndefined(replayed.session('auth_panel'))
    assert.equal(Number(await stepOf(ada)), step)
  })

  test('a recovery code works once', async ({ client, assert }) => {
    const ada = await account('recovery@example.com')
    const { codes } = await enrol(client, ada)
    const pending = await firstStep(client, 'recovery@example.com')
    const used = await secondStep(client, pending, 'recovery', ` ${codes[3].toUpperCase()} `)
    used.assertStatus(302)
    assert.equal(used.session('auth_panel'), ada.id)
    assert.equal(await codesLeft(ada), 7)

    const again = await firstStep(client, 'recovery@example.com')
    const twice = await secondStep(client, again, 'recovery', codes[3]).accept('json')
    twice.assertStatus(422)
    assert.isUndefined(twice.session('auth_panel'))
    assert.equal(await codesLeft(ada), 7)
    /* a code of the authenticator app is not a recovery code, nor an unknown factor */
    const unknown = await secondStep(client, again, 'sms', codes[4]).accept('json')
    unknown.assertStatus(422)
  })

  test("another user's codes do not work", async ({ client, assert }) => {
    await account('alice@example.com')
    const bob = await account('bob@example.com')
    const alice = await Account.findByOrFail('email', 'alice@example.com')
    await enrol(client, alice)
    const bobs = await enrol(client, bob)
    const pending = await firstStep(client, 'alice@example.com')
    const totp = await secondStep(client, pending, 'totp', codeOf(bobs.secret, 1)).accept('json')
    totp.assertStatus(422)
    const recovery = await secondStep(client, pending, 'recovery', bobs.codes[0]).accept('json')
    recovery.assertStatus(422)
    assert.isUndefined(recovery.session('auth_panel'))
    assert.equal(await codesLeft(bob), 8)
  })

  test('the second step is throttled per account, even with the right code', async ({
    client,
    assert,
  }) => {
    const ada = await account('brute2fa@example.com')
    const { secret } = await enrol(client, ada)
    const step = await stepOf(ada)
    const pending = await firstStep(client, 'brute2fa@example.com')
    for (let i = 0; i < 3; i++) {
      const refused = await secondStep(client, pending, 'totp', wrongCode(secret)).accept('json')
      refused.assertStatus(422)
    }
    const blocked = await secondStep(client, pending, 'totp', codeOf(secret, 1)).accept('json')
    blocked.assertStatus(429)
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    blocked.assertBody({
      errors: [{ message: `Too many attempts. Try again in ${retryAfter} seconds.` }],
    })
    assert.isUndefined(blocked.session('auth_panel'))
    /* the code was not used */
    assert.equal(await stepOf(ada), step)
    const page = await secondStep(client, pending, 'totp', codeOf(secret, 1)).withInertia()
    page.assertStatus(429)
    page.assertInertiaComponent('kit/two_factor_challenge')
    assert.match(
      (page.inertiaProps as any).kitAccount.error,
      /^Too many attempts\. Try again in \d+ seconds?\.$/
    )
  })

  test('the challenge without a pending sign-in, or an expired one, goes to the sign-in page', async ({
    client,
    assert,
  }) => {
    const ada = await account('expired@example.com')
    const { secret } = await enrol(client, ada)
    const before = await rowOf(ada)
    const none = await client.get('/console/login/two-factor').redirects(0)
    none.assertStatus(302)
    none.assertHeader('location', '/console/login')
    const post = await secondStep(client, {}, 'totp', codeOf(secret, 1))
    post.assertStatus(302)
    post.assertHeader('location', '/console/login')
    assert.isUndefined(post.session('auth_panel'))

    const expired = {
      [PENDING]: { userId: String(ada.id), remember: false, back: null, expiresAt: Date.now() - 1 },
    }
    const page = await client.get('/console/login/two-factor').withSession(expired).redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/console/login')
    assert.equal(page.flashMessage('error'), 'Your sign-in has expired. Sign in again.')
    const late = await secondStep(client, expired, 'totp', codeOf(secret, 1))
    late.assertStatus(302)
    late.assertHeader('location', '/console/login')
    assert.isUndefined(late.session('auth_panel'))
    assert.isUndefined(late.session(PENDING))
    /* the code was not used */
    assert.deepEqual(await rowOf(ada), before)
  })

  test('remember me is carried over to the second step', async ({ client, assert }) => {
    const ada = await account('remember2fa@example.com')
    const { secret } = await enrol(client, ada)
    const pending = await firstStep(client, 'remember2fa@example.com', { remember: 'on' })
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 0)
    const response = await secondStep(client, pending, 'totp', codeOf(secret, 1))
    response.assertStatus(302)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 1)
  })

  test('a second factor turned off is no longer asked for', async ({ client, assert }) => {
    const ada = await account('off@example.com')
    await enrol(client, ada)
    const off = await client
      .delete('/console/profile/two-factor')
      .json({ currentPassword: PASSWORD })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    off.assertStatus(204)
    const login = await client
      .post('/console/login')
      .form({ uid: 'off@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    login.assertStatus(302)
    login.assertHeader('location', '/console')
    assert.equal(login.session('auth_panel'), ada.id)
    assert.isUndefined(login.session(PENDING))
  })
})

test.group('Panel two-factor: required', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('a user who must enrol is sent to the profile before any other page', async ({
    client,
    assert,
  }) => {
    const eve = await account('eve@secure.test')
    const page = await client.get('/console/notes').withGuard('panel').loginAs(eve).redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/console/profile')
    const json = await client.get('/console/notes').withGuard('panel').loginAs(eve).accept('json')
    json.assertStatus(403)
    json.assertBody({
      errors: [
        { message: 'This panel requires two-factor authentication: set it up to continue.' },
      ],
    })
    const profile = await client
      .get('/console/profile')
      .withGuard('panel')
      .loginAs(eve)
      .withInertia()
    profile.assertStatus(200)
    assert.isTrue((profile.inertiaProps as any).kitAccount.twoFactor.required)

    /* enrolled: the panel's own answer (the notes deny everyone: 403, not a redirect) */
    await enrol(client, eve)
    const open = await client.get('/console/notes').withGuard('panel').loginAs(eve).redirects(0)
    open.assertStatus(403)

    /* a user the function does not require is not sent anywhere */
    const ada = await account('ada.free@example.com')
    const free = await client.get('/console/notes').withGuard('panel').loginAs(ada).redirects(0)
    free.assertStatus(403)
  })
})

test.group('Panel two-factor: words', () => {
  test('the waits and the counts speak the panel language with their plurals', async ({
    assert,
  }) => {
    const { translatorFor } = await import('../../src/i18n/translator.ts')
    const fr = translatorFor('fr-FR')
    const en = translatorFor('en-US')
    assert.equal(
      fr.t('account.throttledAttempts', { seconds: 1 }),
      'Trop de tentatives. Réessayez dans 1 seconde.'
    )
    assert.equal(
      en.t('account.throttledAttempts', { seconds: 42 }),
      'Too many attempts. Try again in 42 seconds.'
    )
    assert.equal(fr.t('account.twoFactor.codesLeft', { count: 1 }), '1 code de secours restant.')
    assert.equal(fr.t('account.twoFactor.codesLeft', { count: 7 }), '7 codes de secours restants.')
    assert.equal(
      en.t('account.twoFactor.codesLeft', { count: 0 }),
      'No recovery code left: make new ones.'
    )
    assert.equal(fr.t('account.twoFactor.title'), 'Authentification à deux facteurs')
  })
})
