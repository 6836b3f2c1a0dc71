import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Account from '../app/app/models/account.ts'
import { withDatabase } from '../helpers.ts'
import { SoftPasskey } from '../passkey_authenticator.ts'

const PASSWORD = 'correct horse battery'
const TABLE = 'kit_passkeys'

function account(email: string) {
  return Account.create({ email, fullName: 'Ada Lovelace', password: PASSWORD })
}

async function clearThrottle() {
  const limiter: { clear(): Promise<void> } = await app.container.make('limiter.manager' as any)
  await limiter.clear()
}

type Session = Record<string, any>

/**
 * Ask for the options of a new passkey (the current password given): the
 * options and the session holding their challenge.
 */
async function registrationOptions(client: any, user: Account, session: Session = {}) {
  const response = await client
    .post('/keyring/profile/passkeys/options')
    .json({ passkeyName: 'Laptop', currentPassword: PASSWORD })
    .withGuard('panel')
    .loginAs(user)
    .withSession(session)
    .withCsrfToken()
    .accept('json')
  response.assertStatus(200)
  return { options: response.body(), session: response.session() as Session }
}

function storePasskey(client: any, user: Account, session: Session, body: Record<string, any>) {
  return client
    .post('/keyring/profile/passkeys')
    .json(body)
    .withGuard('panel')
    .loginAs(user)
    .withSession(session)
    .withCsrfToken()
    .accept('json')
}

/**
 * Register a software passkey for a user, through the profile's routes.
 */
async function register(client: any, user: Account, name = 'Laptop') {
  const passkey = new SoftPasskey()
  const { options, session } = await registrationOptions(client, user)
  const response = await storePasskey(client, user, session, {
    passkeyName: name,
    response: passkey.register(options),
  })
  response.assertStatus(201)
  return passkey
}

/**
 * Ask for the options of a passkey sign-in (as a guest).
 */
async function signInOptions(client: any, session: Session = {}) {
  const response = await client
    .post('/keyring/login/passkey/options')
    .withSession(session)
    .withCsrfToken()
    .accept('json')
  response.assertStatus(200)
  return { options: response.body(), session: response.session() as Session }
}

function signInWith(client: any, session: Session, answer: unknown, redirect?: string) {
  return client
    .post('/keyring/login/passkey')
    .json({ response: answer, redirect })
    .withSession(session)
    .withCsrfToken()
    .accept('json')
    .redirects(0)
}

async function rowsOf(user: Account) {
  return db.from(TABLE).where('user_id', String(user.id)).orderBy('id')
}

test.group('Passkeys: registration on the profile', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('a new passkey is stored and listed on the profile', async ({ client, assert }) => {
    const ada = await account('ada@example.com')
    const { options, session } = await registrationOptions(client, ada)
    /* a discoverable credential with user verification, for this host */
    assert.equal(options.rp.id, '127.0.0.1')
    assert.equal(options.user.name, 'ada@example.com')
    assert.deepInclude(options.authenticatorSelection, {
      residentKey: 'required',
      userVerification: 'required',
    })
    assert.equal(session.kit_passkey_keyring_register.challenge, options.challenge)

    const passkey = new SoftPasskey()
    const stored = await storePasskey(client, ada, session, {
      passkeyName: 'Work laptop',
      response: passkey.register(options),
    })
    stored.assertStatus(201)
    assert.deepEqual(stored.body(), { message: 'Passkey added' })

    const rows = await rowsOf(ada)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].panel, 'keyring')
    assert.equal(rows[0].name, 'Work laptop')
    assert.equal(rows[0].credential_id, passkey.id)
    assert.equal(Number(rows[0].counter), 0)
    assert.equal(rows[0].transports, 'internal')
    assert.isNull(rows[0].last_used_at)
    assert.equal(rows[0].user_handle, options.user.id)

    const page = await client.get('/keyring/profile').withGuard('panel').loginAs(ada).withInertia()
    const passkeys = (page.inertiaProps as any).kitAccount.passkeys
    assert.equal(passkeys.optionsUrl, '/keyring/profile/passkeys/options')
    assert.equal(passkeys.action, '/keyring/profile/passkeys')
    assert.lengthOf(passkeys.items, 1)
    assert.deepInclude(passkeys.items[0], {
      id: String(rows[0].id),
      name: 'Work laptop',
      lastUsedAt: null,
      url: `/keyring/profile/passkeys/${rows[0].id}`,
    })
    assert.match(passkeys.items[0].createdAt, /\d{4}/)
    /* a second passkey of the user shares the user handle, excludes the first */
    const second = await registrationOptions(client, ada)
    assert.equal(second.options.user.id, options.user.id)
    assert.deepEqual(
      second.options.excludeCredentials.map((entry: any) => entry.id),
      [passkey.id]
    )
  })

  test('without the current password, no options and no passkey', async ({ client, assert }) => {
    const ada = await account('nopass@example.com')
    const missing = await client
      .post('/keyring/profile/passkeys/options')
      .json({})
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    missing.assertStatus(422)
    assert.sameMembers(
      missing.body().errors.map((error: any) => error.field),
      ['passkeyName', 'currentPassword']
    )
    assert.isUndefined(missing.session('kit_passkey_keyring_register'))

    const wrong = await client
      .post('/keyring/profile/passkeys/options')
      .json({ passkeyName: 'Laptop', currentPassword: 'not the password' })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    wrong.assertStatus(422)
    assert.deepEqual(wrong.body().errors, [
      {
        field: 'currentPassword',
        rule: 'currentPassword',
        message: 'The current password is incorrect.',
      },
    ])
    assert.isUndefined(wrong.session('kit_passkey_keyring_register'))

    /* an answer without a challenge of the session is refused */
    const passkey = new SoftPasskey()
    const forged = {
      rp: { id: '127.0.0.1' },
      user: { id: 'AAAA' },
      challenge: 'Y2hhbGxlbmdl',
    }
    const stored = await storePasskey(
      client,
      ada,
      {},
      {
        passkeyName: 'Forged',
        response: passkey.register(forged),
      }
    )
    stored.assertStatus(422)
    assert.deepEqual(stored.body().errors, [
      { field: 'passkey', rule: 'passkey', message: 'This passkey could not be added. Try again.' },
    ])
    assert.lengthOf(await rowsOf(ada), 0)
  })

  test('a name is required; another user’s challenge and a reused one are refused', async ({
    client,
    assert,
  }) => {
    const ada = await account('name@example.com')
    const bob = await account('bob@example.com')
    const { options, session } = await registrationOptions(client, ada)
    const passkey = new SoftPasskey()
    const nameless = await storePasskey(client, ada, session, {
      passkeyName: '  ',
      response: passkey.register(options),
    })
    nameless.assertStatus(422)
    assert.equal(nameless.body().errors[0].field, 'passkeyName')
    assert.include(nameless.body().errors[0].message, 'Passkey name')

    /* Ada's challenge answered in a session of Bob's */
    const fresh = await registrationOptions(client, ada)
    const challenge = { kit_passkey_keyring_register: fresh.session.kit_passkey_keyring_register }
    const asBob = await storePasskey(client, bob, challenge, {
      passkeyName: 'Stolen',
      response: new SoftPasskey().register(fresh.options),
    })
    asBob.assertStatus(422)
    assert.lengthOf(await rowsOf(bob), 0)

    /* once answered, the challenge is spent: the same session again is refused */
    const again = await registrationOptions(client, ada)
    const answer = passkey.register(again.options)
    const one = await storePasskey(client, ada, again.session, {
      passkeyName: 'One',
      response: answer,
    })
    one.assertStatus(201)
    const replay = await storePasskey(client, ada, again.session, {
      passkeyName: 'Two',
      response: new SoftPasskey().register(again.options),
    })
    replay.assertStatus(422)
    const rows = await rowsOf(ada)
    assert.deepEqual(
      rows.map((row: any) => row.name),
      ['One']
    )
  })

  test('a registration from another origin is refused', async ({ client, assert }) => {
    const ada = await account('origin@example.com')
    const { options, session } = await registrationOptions(client, ada)
    const evil = new SoftPasskey('https://evil.example')
    const response = await storePasskey(client, ada, session, {
      passkeyName: 'Evil',
      response: evil.register(options),
    })
    response.assertStatus(422)
    assert.lengthOf(await rowsOf(ada), 0)
  })
})

test.group('Passkeys: sign-in', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('a passkey signs in without a uid, once per challenge', async ({ client, assert }) => {
    const ada = await account('signin@example.com')
    const passkey = await register(client, ada)

    const page = await client.get('/keyring/login').withInertia()
    assert.deepEqual((page.inertiaProps as any).kitAccount.passkey, {
      optionsUrl: '/keyring/login/passkey/options',
      action: '/keyring/login/passkey',
    })

    const { options, session } = await signInOptions(client)
    /* usernameless: no credentials listed, user verification required */
    assert.isUndefined(options.allowCredentials?.[0])
    assert.equal(options.userVerification, 'required')
    const answer = passkey.authenticate(options)
    const response = await client
      .post('/keyring/login/passkey')
      .json({ response: answer, redirect: '/keyring/notes' })
      .withSession(session)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/keyring/notes')
    assert.equal(response.session('auth_panel'), ada.id)
    /* the challenge is gone from the session, the counter and the date stored */
    assert.isUndefined(response.session('kit_passkey_keyring_signIn'))
    const [row] = await rowsOf(ada)
    assert.equal(Number(row.counter), 1)
    assert.isNotNull(row.last_used_at)

    /* the same challenge again (the old session replayed): refused */
    const replay = await signInWith(client, session, passkey.authenticate(options))
    replay.assertStatus(422)
    assert.deepEqual(replay.body().errors, [
      {
        field: 'passkey',
        rule: 'passkey',
        message: 'This passkey could not be verified. Try again.',
      },
    ])
    assert.isUndefined(replay.session('auth_panel'))
    const [after] = await rowsOf(ada)
    assert.equal(Number(after.counter), 1)
  })

  test('a stale challenge is refused', async ({ client, assert }) => {
    const ada = await account('stale@example.com')
    const passkey = await register(client, ada)
    const { options, session } = await signInOptions(client)
    /* the test panel's challenges live 3 seconds */
    await new Promise((resolve) => setTimeout(resolve, 3300))
    const response = await signInWith(client, session, passkey.authenticate(options))
    response.assertStatus(422)
    assert.isUndefined(response.session('auth_panel'))
    const [row] = await rowsOf(ada)
    assert.equal(Number(row.counter), 0)
    assert.isNull(row.last_used_at)
  }).timeout(20_000)

  test('a challenge of another session is refused', async ({ client, assert }) => {
    const ada = await account('other@example.com')
    const passkey = await register(client, ada)
    const first = await signInOptions(client)
    const second = await signInOptions(client)
    assert.notEqual(first.options.challenge, second.options.challenge)
    /* signed over the first session's challenge, sent in the second session */
    const response = await signInWith(client, second.session, passkey.authenticate(first.options))
    response.assertStatus(422)
    assert.isUndefined(response.session('auth_panel'))
    /* a session without any challenge */
    const none = await signInWith(client, {}, passkey.authenticate(first.options))
    none.assertStatus(422)
    const [row] = await rowsOf(ada)
    assert.equal(Number(row.counter), 0)
    assert.isNull(row.last_used_at)
  })

  test('an unknown credential, a cloned counter, another origin and no user verification are refused', async ({
    client,
    assert,
  }) => {
    const ada = await account('unknown@example.com')
    const passkey = await register(client, ada)

    /* a passkey the panel does not know */
    const stranger = new SoftPasskey()
    stranger.userHandle = passkey.userHandle
    const unknown = await signInOptions(client)
    const refused = await signInWith(
      client,
      unknown.session,
      stranger.authenticate(unknown.options)
    )
    refused.assertStatus(422)
    assert.isUndefined(refused.session('auth_panel'))

    /* the counter moves to 5, then a clone answers with 5 again */
    const first = await signInOptions(client)
    const moved = await signInWith(
      client,
      first.session,
      passkey.authenticate(first.options, { counter: 5 })
    )
    moved.assertStatus(204)
    const clone = await signInOptions(client)
    const cloned = await signInWith(
      client,
      clone.session,
      passkey.authenticate(clone.options, { counter: 5 })
    )
    cloned.assertStatus(422)
    const [row] = await rowsOf(ada)
    assert.equal(Number(row.counter), 5)

    /* signed for another origin, or without user verification (the IP's count reset) */
    await clearThrottle()
    const evil = await signInOptions(client)
    const fromEvil = await signInWith(
      client,
      evil.session,
      passkey.authenticate(evil.options, { origin: 'https://evil.example' })
    )
    fromEvil.assertStatus(422)
    const unverified = await signInOptions(client)
    const noUv = await signInWith(
      client,
      unverified.session,
      passkey.authenticate(unverified.options, { userVerified: false })
    )
    noUv.assertStatus(422)
    /* malformed answers: 422, never 500 */
    for (const answer of [
      null,
      'text',
      { id: passkey.id },
      { id: passkey.id, type: 'public-key', response: {} },
    ]) {
      const malformed = await signInOptions(client)
      const refusal = await signInWith(client, malformed.session, answer)
      refusal.assertStatus(422)
    }
    const [after] = await rowsOf(ada)
    assert.equal(Number(after.counter), 5)
  })

  test('refused answers are throttled per IP address', async ({ client, assert }) => {
    const ada = await account('throttle@example.com')
    const passkey = await register(client, ada)
    const stranger = new SoftPasskey()
    /* the test panel allows 6 refused answers a minute */
    for (let attempt = 0; attempt < 6; attempt++) {
      const { options, session } = await signInOptions(client)
      const refusal = await signInWith(client, session, stranger.authenticate(options))
      refusal.assertStatus(422)
    }
    const blocked = await client
      .post('/keyring/login/passkey/options')
      .withCsrfToken()
      .accept('json')
    blocked.assertStatus(429)
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    /* even the right passkey waits */
    const late = await signInWith(client, {}, passkey.authenticate({ challenge: 'x' }))
    late.assertStatus(429)
    assert.match(late.body().errors[0].message, /Too many sign-in attempts/)
    assert.isUndefined(late.session('auth_panel'))
  })

  test('without the CSRF token nothing happens', async ({ client, assert }) => {
    const ada = await account('csrf@example.com')
    const passkey = await register(client, ada)
    const { options, session } = await signInOptions(client)
    const signIn = await client
      .post('/keyring/login/passkey')
      .json({ response: passkey.authenticate(options) })
      .withSession(session)
      .accept('json')
      .redirects(0)
    assert.notEqual(signIn.status(), 204)
    assert.isUndefined(signIn.session('auth_panel'))

    const noOptions = await client
      .post('/keyring/profile/passkeys/options')
      .json({ passkeyName: 'Laptop', currentPassword: PASSWORD })
      .withGuard('panel')
      .loginAs(ada)
      .accept('json')
      .redirects(0)
    assert.notEqual(noOptions.status(), 200)
    assert.isUndefined(noOptions.session('kit_passkey_keyring_register'))

    const [row] = await rowsOf(ada)
    const removal = await client
      .delete(`/keyring/profile/passkeys/${row.id}`)
      .withGuard('panel')
      .loginAs(ada)
      .accept('json')
      .redirects(0)
    assert.notEqual(removal.status(), 204)
    const rename = await client
      .put(`/keyring/profile/passkeys/${row.id}`)
      .json({ passkeyName: 'Renamed' })
      .withGuard('panel')
      .loginAs(ada)
      .accept('json')
      .redirects(0)
    assert.notEqual(rename.status(), 204)
    const rows = await rowsOf(ada)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].name, 'Laptop')
    assert.equal(Number(rows[0].counter), 0)
  })
})

test.group('Passkeys: rename and remove', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)

  test('the owner renames and removes a passkey; another user gets 404', async ({
    client,
    assert,
  }) => {
    const ada = await account('owner@example.com')
    const bob = await account('intruder@example.com')
    await register(client, ada, 'Phone')
    const [row] = await rowsOf(ada)
    const url = `/keyring/profile/passkeys/${row.id}`

    /* Bob: 404 for Ada's passkey, the row kept as it was */
    const bobRenames = await client
      .put(url)
      .json({ passkeyName: 'Mine now' })
      .withGuard('panel')
      .loginAs(bob)
      .withCsrfToken()
      .accept('json')
    bobRenames.assertStatus(404)
    const bobRemoves = await client
      .delete(url)
      .withGuard('panel')
      .loginAs(bob)
      .withCsrfToken()
      .accept('json')
    bobRemoves.assertStatus(404)
    assert.equal(bobRemoves.body().errors[0].message, 'This passkey does not exist.')
    const kept = await rowsOf(ada)
    assert.lengthOf(kept, 1)
    assert.equal(kept[0].name, 'Phone')
    /* a key that is no number: 404 too */
    const odd = await client
      .delete('/keyring/profile/passkeys/1%20OR%201=1')
      .withGuard('panel')
      .loginAs(bob)
      .withCsrfToken()
      .accept('json')
    odd.assertStatus(404)
    assert.lengthOf(await rowsOf(ada), 1)

    /* Ada: an empty name is refused, a name is kept, then the passkey goes */
    const empty = await client
      .put(url)
      .json({ passkeyName: '' })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    empty.assertStatus(422)
    assert.equal(empty.body().errors[0].field, 'passkeyName')
    const renamed = await client
      .put(url)
      .form({ passkeyName: 'Old phone' })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .redirects(0)
    renamed.assertStatus(302)
    renamed.assertHeader('location', '/keyring/profile')
    renamed.assertFlashMessage('success', 'Passkey renamed')
    const [renamedRow] = await rowsOf(ada)
    assert.equal(renamedRow.name, 'Old phone')
    const removed = await client
      .delete(url)
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .redirects(0)
    removed.assertStatus(302)
    removed.assertFlashMessage('success', 'Passkey removed')
    assert.lengthOf(await rowsOf(ada), 0)
  })

  test('a guest reaches none of the profile’s passkey routes', async ({ client, assert }) => {
    const ada = await account('guest@example.com')
    await register(client, ada)
    const [row] = await rowsOf(ada)
    const removal = await client
      .delete(`/keyring/profile/passkeys/${row.id}`)
      .withCsrfToken()
      .accept('json')
    removal.assertStatus(401)
    const options = await client
      .post('/keyring/profile/passkeys/options')
      .json({ passkeyName: 'Laptop', currentPassword: PASSWORD })
      .withCsrfToken()
      .accept('json')
    options.assertStatus(401)
    assert.lengthOf(await rowsOf(ada), 1)
  })
})
