import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Account from '../app/app/models/account.ts'
import { mailbox, type SentMail } from '../app/app/mail/mailbox_transport.ts'
import { withDatabase } from '../helpers.ts'

const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a fresh new password'
const TABLE = 'kit_password_reset_tokens'

function account(email: string) {
  return Account.create({ email, fullName: 'Ada Lovelace', password: PASSWORD })
}

async function clearThrottle() {
  const limiter: { clear(): Promise<void> } = await app.container.make('limiter.manager' as any)
  await limiter.clear()
}

/**
 * The mail the messenger delivers after a request (mails go out after the
 * answer): waits until the inbox holds `count` mails.
 */
async function mailNumber(count: number): Promise<SentMail> {
  const started = Date.now()
  while (mailbox.length < count) {
    if (Date.now() - started > 10_000) throw new Error(`no mail number ${count}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return mailbox[count - 1]
}

/**
 * Ask for a reset link of an email (as the request form sends it).
 */
function requestLink(client: any, email: string) {
  return client
    .post('/console/forgot-password')
    .form({ email })
    .header('referer', '/console/forgot-password')
    .withCsrfToken()
    .redirects(0)
}

/**
 * Ask for a link for an account and read the token out of the mail.
 */
async function tokenFor(client: any, email: string): Promise<string> {
  const count = mailbox.length + 1
  const asked = await requestLink(client, email)
  asked.assertStatus(302)
  const mail = await mailNumber(count)
  const match = mail.text.match(/\/console\/reset-password\/(\S+)/)
  if (!match) throw new Error(`no link in ${mail.text}`)
  return match[1]
}

function reset(client: any, body: Record<string, unknown>) {
  return client.post('/console/reset-password').json(body).withCsrfToken().accept('json')
}

async function passwordHashOf(email: string) {
  const row = await db.from('users').where('email', email).select('password').first()
  return row.password as string
}

test.group('Password reset: asking for a link', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)
  group.each.setup(() => {
    mailbox.length = 0
  })

  test('the sign-in page links to the request form, an Inertia page', async ({
    client,
    assert,
  }) => {
    const signIn = await client.get('/console/login').withInertia()
    assert.equal(
      (signIn.inertiaProps as any).kitAccount.forgotPasswordUrl,
      '/console/forgot-password'
    )
    const page = await client.get('/console/forgot-password').withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('kit/forgot_password')
    assert.deepEqual((page.inertiaProps as any).kitAccount, {
      kind: 'forgotPassword',
      action: '/console/forgot-password',
      signInUrl: '/console/login',
      error: null,
      retryAfter: null,
    })
    assert.equal((page.inertiaProps as any).strings['account.sendLink'], 'Send the link')
  })

  test('a known email gets a mailed link, its token stored as a hash', async ({
    client,
    assert,
  }) => {
    const ada = await account('ada@example.com')
    const response = await requestLink(client, 'ada@example.com')
    response.assertStatus(302)
    response.assertHeader('location', '/console/forgot-password')
    assert.equal(
      response.flashMessage('success'),
      'If an account uses this email, a link to reset its password is on its way. Check your inbox.'
    )

    const mail = await mailNumber(1)
    assert.deepEqual(mail.to, [{ address: 'ada@example.com', name: '' }])
    assert.equal(mail.subject, 'Reset your password')
    assert.deepEqual(mail.from, { address: 'panel@example.com', name: 'Console' })
    /* the link starts with the application's URL (config/app.ts appUrl) */
    const link = mail.text.match(/http:\/\/\S+\/console\/reset-password\/(\S+)/)
    assert.isNotNull(link)
    assert.include(mail.text, 'The link works once, for 30 minutes.')
    assert.include(mail.html, `/console/reset-password/${link![1]}`)

    const rows = await db.from(TABLE).where('user_id', String(ada.id))
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].panel, 'console')
    /* the row holds the SHA-256 of the secret, never the token */
    const secret = Buffer.from(link![1].split('.')[1], 'base64url').toString()
    assert.equal(rows[0].hash, createHash('sha256').update(secret).digest('hex'))
    assert.notInclude(JSON.stringify(rows[0]), link![1].split('.')[1])
  })

  test('an unknown email gets the same answer, and no row nor mail', async ({ client, assert }) => {
    await account('known@example.com')
    const unknown = await requestLink(client, 'nobody@example.com')
    const known = await requestLink(client, 'known@example.com')
    for (const response of [unknown, known]) {
      response.assertStatus(302)
      response.assertHeader('location', '/console/forgot-password')
    }
    assert.deepEqual(unknown.flashMessages(), known.flashMessages())
    /* the known email's mail arrives; the unknown one had none (mails go in order) */
    await mailNumber(1)
    assert.lengthOf(mailbox, 1)
    assert.deepEqual(mailbox[0].to, [{ address: 'known@example.com', name: '' }])
    assert.lengthOf(await db.from(TABLE), 1)

    const json = (email: string) =>
      client.post('/console/forgot-password').json({ email }).withCsrfToken().accept('json')
    const [jsonKnown, jsonUnknown] = [await json('known@example.com'), await json('x@example.com')]
    jsonKnown.assertStatus(202)
    jsonUnknown.assertStatus(202)
    assert.deepEqual(jsonKnown.body(), jsonUnknown.body())
  })

  test('a new link replaces the earlier one', async ({ client, assert }) => {
    const ada = await account('twice@example.com')
    const first = await tokenFor(client, 'twice@example.com')
    const second = await tokenFor(client, 'twice@example.com')
    assert.notEqual(first, second)
    assert.lengthOf(await db.from(TABLE).where('user_id', String(ada.id)), 1)
    const refused = await reset(client, {
      token: first,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    })
    refused.assertStatus(422)
    assert.isTrue(await Account.verifyCredentials('twice@example.com', PASSWORD).then(() => true))
  })

  test('a forged Host header does not change the mailed link', async ({ client, assert }) => {
    await account('host@example.com')
    await client
      .post('/console/forgot-password')
      .form({ email: 'host@example.com' })
      .header('host', 'evil.test')
      .header('x-forwarded-host', 'evil.test')
      .withCsrfToken()
      .redirects(0)
    const mail = await mailNumber(1)
    assert.notInclude(mail.text, 'evil.test')
    assert.notInclude(mail.html, 'evil.test')
  })

  test('an invalid email is an error on its field, nothing stored', async ({ client, assert }) => {
    const response = await client
      .post('/console/forgot-password')
      .json({ email: 'not an email' })
      .withCsrfToken()
      .accept('json')
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'email')
    assert.include(response.body().errors[0].message, 'Email')
    assert.lengthOf(await db.from(TABLE), 0)
  })

  test('requests are throttled per email, whether it exists or not', async ({ client, assert }) => {
    await account('flood@example.com')
    for (const email of ['flood@example.com', 'ghost@example.com']) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const asked = await requestLink(client, email)
        asked.assertStatus(302)
      }
      const blocked = await client
        .post('/console/forgot-password')
        .json({ email })
        .withCsrfToken()
        .accept('json')
      blocked.assertStatus(429)
      assert.match(blocked.header('retry-after') ?? '', /^\d+$/)
      assert.match(
        blocked.body().errors[0].message,
        /^Too many requests\. Try again in \d+ seconds?\.$/
      )
    }
    await mailNumber(3)
    assert.lengthOf(mailbox, 3)
    /* one live token: each new link replaced the last */
    assert.lengthOf(await db.from(TABLE), 1)
  })

  test('requests are throttled per IP address across emails', async ({ client, assert }) => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const asked = await requestLink(client, `ip${attempt}@example.com`)
      asked.assertStatus(302)
    }
    const blocked = await requestLink(client, 'ip-last@example.com')
    blocked.assertStatus(429)
    const page = await client
      .post('/console/forgot-password')
      .form({ email: 'ip-last@example.com' })
      .withCsrfToken()
      .withInertia()
    page.assertStatus(429)
    page.assertInertiaComponent('kit/forgot_password')
    assert.match((page.inertiaProps as any).kitAccount.error, /^Too many requests/)
  })

  test('without the CSRF token no link is sent', async ({ client, assert }) => {
    await account('csrf@example.com')
    const response = await client
      .post('/console/forgot-password')
      .form({ email: 'csrf@example.com' })
      .redirects(0)
    response.assertStatus(302)
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.lengthOf(await db.from(TABLE), 0)
  })
})

test.group('Password reset: the reset form', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)
  group.each.setup(() => {
    mailbox.length = 0
  })

  test('a valid link shows the form, without Referer to other sites nor cache', async ({
    client,
    assert,
  }) => {
    await account('form@example.com')
    const token = await tokenFor(client, 'form@example.com')
    const page = await client.get(`/console/reset-password/${token}`).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('kit/reset_password')
    page.assertHeader('referrer-policy', 'same-origin')
    page.assertHeader('cache-control', 'no-store')
    assert.deepEqual((page.inertiaProps as any).kitAccount, {
      kind: 'resetPassword',
      action: '/console/reset-password',
      token,
      forgotPasswordUrl: '/console/forgot-password',
      signInUrl: '/console/login',
    })
  })

  test('a new password is set once; the used link is refused', async ({ client, assert }) => {
    const ada = await account('once@example.com')
    const token = await tokenFor(client, 'once@example.com')
    const response = await client
      .post('/console/reset-password')
      .form({ token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/console/login')
    assert.equal(
      response.flashMessage('success'),
      'Your password has been reset. Sign in with your new password.'
    )
    /* hashed by withAuthFinder; the old one no longer works; not signed in */
    await ada.refresh()
    assert.notEqual(ada.password, NEW_PASSWORD)
    assert.isTrue(await ada.verifyPassword(NEW_PASSWORD))
    assert.isFalse(await ada.verifyPassword(PASSWORD))
    assert.isUndefined(response.session('auth_panel'))
    assert.lengthOf(await db.from(TABLE), 0)

    /* used: the page says so, a second reset changes nothing */
    const hash = await passwordHashOf('once@example.com')
    const page = await client.get(`/console/reset-password/${token}`).withInertia()
    page.assertStatus(404)
    assert.isNull((page.inertiaProps as any).kitAccount.token)
    const again = await reset(client, {
      token,
      password: 'yet another password',
      passwordConfirmation: 'yet another password',
    })
    again.assertStatus(422)
    assert.deepEqual(again.body().errors, [
      {
        field: 'token',
        rule: 'resetToken',
        message: 'This link is invalid or has expired. Ask for a new one.',
      },
    ])
    assert.equal(await passwordHashOf('once@example.com'), hash)
  })

  test('an expired link is refused and changes nothing', async ({ client, assert }) => {
    await account('late@example.com')
    const token = await tokenFor(client, 'late@example.com')
    await db.from(TABLE).update({ expires_at: new Date(Date.now() - 1000) })
    const hash = await passwordHashOf('late@example.com')
    const page = await client.get(`/console/reset-password/${token}`).withInertia()
    page.assertStatus(404)
    assert.isNull((page.inertiaProps as any).kitAccount.token)
    const response = await reset(client, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    })
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'token')
    assert.equal(await passwordHashOf('late@example.com'), hash)
    assert.lengthOf(await db.from(TABLE), 1)
  })

  test('forged tokens are refused and change nothing', async ({ client, assert }) => {
    await account('forged@example.com')
    const token = await tokenFor(client, 'forged@example.com')
    const [id, secret] = token.split('.')
    const hash = await passwordHashOf('forged@example.com')
    const wrongSecret = Buffer.from('x'.repeat(40)).toString('base64url')
    const forgeries = [
      `${id}.${wrongSecret}`,
      `${id}.${secret.slice(0, -2)}`,
      `${Buffer.from('999999').toString('base64url')}.${secret}`,
      `${Buffer.from('1 or 1=1').toString('base64url')}.${secret}`,
      id,
      'not-a-token',
      '',
      'a'.repeat(600),
    ]
    for (const forged of forgeries) {
      const response = await reset(client, {
        token: forged,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'token', forged)
      if (forged) {
        const page = await client.get(`/console/reset-password/${forged}`).withInertia()
        page.assertStatus(404)
      }
    }
    assert.equal(await passwordHashOf('forged@example.com'), hash)
    assert.lengthOf(await db.from(TABLE), 1)
  })

  test("another user's token id with one's own secret is refused", async ({ client, assert }) => {
    await account('victim@example.com')
    await account('mallory@example.com')
    const victims = await tokenFor(client, 'victim@example.com')
    const mallorys = await tokenFor(client, 'mallory@example.com')
    const hash = await passwordHashOf('victim@example.com')
    const response = await reset(client, {
      token: `${victims.split('.')[0]}.${mallorys.split('.')[1]}`,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    })
    response.assertStatus(422)
    assert.equal(await passwordHashOf('victim@example.com'), hash)
    assert.lengthOf(await db.from(TABLE), 2)
  })

  test('a bad new password is an error on its field; the link stays usable', async ({
    client,
    assert,
  }) => {
    await account('short@example.com')
    const token = await tokenFor(client, 'short@example.com')
    const hash = await passwordHashOf('short@example.com')
    const response = await reset(client, {
      token,
      password: 'short',
      passwordConfirmation: 'other',
    })
    response.assertStatus(422)
    const fields = response.body().errors.map((error: { field: string }) => error.field)
    assert.include(fields, 'password')
    assert.include(response.body().errors[0].message, 'New password')
    assert.equal(await passwordHashOf('short@example.com'), hash)
    assert.lengthOf(await db.from(TABLE), 1)

    /* a bad token is refused before the form is looked at */
    const forged = await reset(client, { token: 'x.y', password: '' })
    assert.deepEqual(
      forged.body().errors.map((error: { field: string }) => error.field),
      ['token']
    )
  })

  test('a reset signs out every session and deletes remember-me tokens', async ({
    client,
    assert,
  }) => {
    const ada = await account('sessions@example.com')
    const signIn = await client
      .post('/console/login')
      .form({ uid: 'sessions@example.com', password: PASSWORD, remember: 'on' })
      .withCsrfToken()
      .redirects(0)
    signIn.assertStatus(302)
    const session = signIn.session() as Record<string, any>
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 1)
    const open = await client.get('/console/profile').withSession(session).redirects(0)
    open.assertStatus(200)

    const token = await tokenFor(client, 'sessions@example.com')
    const done = await reset(client, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    })
    done.assertStatus(204)

    const stale = await client.get('/console/profile').withSession(session).redirects(0)
    stale.assertStatus(302)
    assert.match(stale.header('location') ?? '', /^\/console\/login/)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 0)
  })

  test('without the CSRF token the password is not changed', async ({ client, assert }) => {
    await account('csrf-reset@example.com')
    const token = await tokenFor(client, 'csrf-reset@example.com')
    const hash = await passwordHashOf('csrf-reset@example.com')
    const response = await client
      .post('/console/reset-password')
      .form({ token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })
      .redirects(0)
    response.assertStatus(302)
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.equal(await passwordHashOf('csrf-reset@example.com'), hash)
    assert.lengthOf(await db.from(TABLE), 1)
  })
})
