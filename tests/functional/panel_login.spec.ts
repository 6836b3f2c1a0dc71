import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Account from '../app/app/models/account.ts'
import { snapshot, User, withDatabase } from '../helpers.ts'

const PASSWORD = 'correct horse battery'
const SESSION_COOKIE = 'adonis-session'

/**
 * An account of the console panel (login() over the `panel` guard), its
 * password hashed by withAuthFinder.
 */
function account(email: string, attributes: Partial<Account> = {}) {
  return Account.create({ email, fullName: 'Ada Lovelace', password: PASSWORD, ...attributes })
}

async function clearThrottle() {
  const limiter: { clear(): Promise<void> } = await app.container.make('limiter.manager' as any)
  await limiter.clear()
}

test.group('Panel login: the sign-in page', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('a guest of the panel is sent to its sign-in page with the page asked for', async ({
    client,
  }) => {
    const response = await client.get('/console/notes?page=2').redirects(0)
    response.assertStatus(302)
    response.assertHeader(
      'location',
      `/console/login?redirect=${encodeURIComponent('/console/notes?page=2')}`
    )
  })

  test('JSON clients get a 401, not a redirect', async ({ client }) => {
    const response = await client.get('/console/notes').accept('json').redirects(0)
    response.assertStatus(401)
    response.assertBody({ errors: [{ message: 'Sign in to continue.' }] })
  })

  test('the sign-in page is an Inertia page carrying the safe return path', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/console/login?redirect=/console/notes').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('kit/login')
    const props = response.inertiaProps as any
    assert.deepInclude(props.kitAccount, {
      kind: 'signIn',
      action: '/console/login',
      redirect: '/console/notes',
      rememberMe: true,
      error: null,
    })
    assert.equal(props.strings['account.signIn'], 'Sign in')
    assert.equal(props.kitPanel.id, 'console')
  })

  test('a panel without login() keeps the application login', async ({ client }) => {
    const response = await client.get('/admin/posts').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })
})

test.group('Panel login: signing in', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('right credentials sign in with a new session id and go to the page asked for', async ({
    client,
    assert,
  }) => {
    const ada = await account('ada@example.com')
    const request = client
      .post('/console/login')
      .form({ uid: 'ada@example.com', password: PASSWORD, redirect: '/console/notes?page=2' })
      .withCsrfToken()
      .redirects(0)
    const before = request.sessionClient.sessionId
    const response = await request
    response.assertStatus(302)
    response.assertHeader('location', '/console/notes?page=2')
    /* session fixation: the session the request came with is not the signed-in one */
    const after = response.cookie(SESSION_COOKIE)?.value
    assert.isString(after)
    assert.notEqual(after, before)
    assert.equal(response.session('auth_panel'), ada.id)
    /* no remember-me token without the box ticked */
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 0)
  })

  test('an unknown account and a wrong password get the same answer', async ({
    client,
    assert,
  }) => {
    await account('grace@example.com')
    const attempt = (uid: string, password: string) =>
      client
        .post('/console/login')
        .form({ uid, password })
        .header('referer', '/console/login')
        .withCsrfToken()
        .redirects(0)
    const wrong = await attempt('grace@example.com', 'wrong password')
    const unknown = await attempt('nobody@example.com', 'wrong password')
    for (const response of [wrong, unknown]) {
      response.assertStatus(302)
      response.assertHeader('location', '/console/login')
      assert.deepEqual(response.flashMessage('inputErrorsBag'), {
        uid: ['These credentials do not match our records.'],
      })
      /* the uid is kept for the form, the password never */
      assert.equal(response.flashMessage('password'), undefined)
      assert.isUndefined(response.session('auth_panel'))
    }
    /* the same flash but for the uid typed, kept for the form */
    const { uid: typed, ...rest } = unknown.flashMessages() as Record<string, unknown>
    assert.equal(typed, 'nobody@example.com')
    assert.deepEqual(wrong.flashMessages(), { ...rest, uid: 'grace@example.com' })

    const json = (uid: string) =>
      client
        .post('/console/login')
        .json({ uid, password: 'wrong password' })
        .withCsrfToken()
        .accept('json')
    const [jsonWrong, jsonUnknown] = [await json('grace@example.com'), await json('x@example.com')]
    jsonWrong.assertStatus(422)
    jsonUnknown.assertStatus(422)
    assert.deepEqual(jsonWrong.body(), jsonUnknown.body())
  })

  test('an unknown account takes about as long as a wrong password (the password is hashed)', async ({
    client,
    assert,
  }) => {
    await account('timing@example.com')
    const time = async (uid: string) => {
      const started = process.hrtime.bigint()
      await client
        .post('/console/login')
        .json({ uid, password: 'nope' })
        .withCsrfToken()
        .accept('json')
      return Number(process.hrtime.bigint() - started) / 1e6
    }
    /* warm up, then the median of three of each */
    await time('timing@example.com')
    await clearThrottle()
    const wrong: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 3; i++) {
      wrong.push(await time('timing@example.com'))
      unknown.push(await time(`ghost${i}@example.com`))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]
    const [a, b] = [median(wrong), median(unknown)]
    /* a lookup without hashing answers in a few ms; scrypt takes tens */
    assert.isAbove(Math.min(a, b) / Math.max(a, b), 0.4, `wrong ${a} ms, unknown ${b} ms`)
  })

  test('remember me stores a token and sets its cookie', async ({ client, assert }) => {
    const ada = await account('remember@example.com')
    const response = await client
      .post('/console/login')
      .form({ uid: 'remember@example.com', password: PASSWORD, remember: 'on' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 1)
    assert.isDefined(response.cookie('remember_panel'))
  })

  test('open redirects through the return path are refused', async ({ client, assert }) => {
    await account('safe@example.com')
    for (const target of [
      '//evil.test/steal',
      'https://evil.test/',
      '/\\evil.test',
      '\\\\evil.test',
      '/%2F%2Fevil.test',
      '/%5Cevil.test',
      'javascript:alert(1)',
      '/console/notes\r\nLocation: https://evil.test',
    ]) {
      await clearThrottle()
      const response = await client
        .post('/console/login')
        .form({ uid: 'safe@example.com', password: PASSWORD, redirect: target })
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
      /* the panel's home: its first page the user may open (none here) or its path */
      assert.equal(response.header('location'), '/console', target)
      const page = await client
        .get(`/console/login?redirect=${encodeURIComponent(target)}`)
        .withInertia()
      assert.isNull((page.inertiaProps as any).kitAccount.redirect, target)
    }
  })

  test('a sign-in without the CSRF token is refused and signs nobody in', async ({
    client,
    assert,
  }) => {
    await account('csrf@example.com')
    const response = await client
      .post('/console/login')
      .json({ uid: 'csrf@example.com', password: PASSWORD })
      .accept('json')
      .redirects(0)
    /* shield answers a missing token by going back with its error */
    response.assertStatus(302)
    response.assertHeader('location', '/')
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.isUndefined(response.session('auth_panel'))

    const ada = await Account.findByOrFail('email', 'csrf@example.com')
    const signOut = await client
      .post('/console/logout')
      .withGuard('panel')
      .loginAs(ada)
      .redirects(0)
    signOut.assertStatus(302)
    signOut.assertHeader('location', '/')
    assert.property(signOut.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    /* still signed in */
    assert.equal(signOut.session('auth_panel'), ada.id)
  })

  test('missing fields get per-field errors, never a 500', async ({ client }) => {
    const response = await client
      .post('/console/login')
      .json({ uid: ['a'], password: { x: 1 } })
      .withCsrfToken()
      .accept('json')
    response.assertStatus(422)
    response.assertBodyContains({ errors: [{ field: 'uid' }, { field: 'password' }] })
  })

  test('sign-out (POST, CSRF) ends the session and goes back to the sign-in page', async ({
    client,
  }) => {
    const ada = await account('out@example.com')
    const response = await client
      .post('/console/logout')
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/console/login')
    response.assertSessionMissing('auth_panel')
  })
})

test.group('Panel login: throttling', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  const attempt = (client: any, uid: string, password: string) =>
    client.post('/console/login').json({ uid, password }).withCsrfToken().accept('json')

  test('an account is throttled after its attempts, even with the right password', async ({
    client,
    assert,
  }) => {
    await account('brute@example.com')
    await account('other@example.com')
    for (let i = 0; i < 3; i++) {
      const refused = await attempt(client, 'BRUTE@example.com', `guess ${i}`)
      refused.assertStatus(422)
    }
    const blocked = await attempt(client, 'brute@example.com', PASSWORD)
    blocked.assertStatus(429)
    const retryAfter = Number(blocked.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 60)
    blocked.assertBody({
      errors: [{ message: `Too many sign-in attempts. Try again in ${retryAfter} seconds.` }],
    })
    assert.isUndefined(blocked.session('auth_panel'))
    /* another account from the same address still signs in */
    const other = await client
      .post('/console/login')
      .form({ uid: 'other@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    other.assertStatus(302)
    assert.isDefined(other.session('auth_panel'))
  })

  test('an address is throttled across accounts; the page says when to try again', async ({
    client,
    assert,
  }) => {
    await account('fresh@example.com')
    for (let i = 0; i < 8; i++) {
      const refused = await attempt(client, `spray${i}@example.com`, 'guess')
      refused.assertStatus(422)
    }
    const blocked = await client
      .post('/console/login')
      .form({ uid: 'fresh@example.com', password: PASSWORD })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    blocked.assertStatus(429)
    blocked.assertInertiaComponent('kit/login')
    const props = blocked.inertiaProps as any
    assert.match(
      props.kitAccount.error,
      /^Too many sign-in attempts\. Try again in \d+ seconds?\.$/
    )
    assert.equal(props.kitAccount.uid, 'fresh@example.com')
    assert.isUndefined(blocked.session('auth_panel'))
  })

  test('the wait speaks the panel language with its plural', async ({ assert }) => {
    const { translatorFor } = await import('../../src/i18n/translator.ts')
    assert.equal(
      translatorFor('fr-FR').t('account.throttled', { seconds: 1 }),
      'Trop de tentatives de connexion. Réessayez dans 1 seconde.'
    )
    assert.equal(
      translatorFor('en-US').t('account.throttled', { seconds: 42 }),
      'Too many sign-in attempts. Try again in 42 seconds.'
    )
  })

  test('a refused sign-in changes no row', async ({ client, assert }) => {
    await account('rows@example.com')
    const before = await snapshot(User)
    await attempt(client, 'rows@example.com', 'bad')
    assert.deepEqual(await snapshot(User), before)
  })
})
