import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Account from '../app/app/models/account.ts'
import { mailbox, type SentMail } from '../app/app/mail/mailbox_transport.ts'
import { withDatabase } from '../helpers.ts'

const PASSWORD = 'correct horse battery'
const TABLE = 'kit_email_verification_tokens'

async function clearThrottle() {
  const limiter: { clear(): Promise<void> } = await app.container.make('limiter.manager' as any)
  await limiter.clear()
}

function account(email: string, verified = false) {
  return Account.create({
    email,
    fullName: 'Ada Lovelace',
    password: PASSWORD,
    emailVerifiedAt: verified ? DateTime.now() : null,
  })
}

/** The mail number `count`, once the messenger delivered it */
async function mailNumber(count: number): Promise<SentMail> {
  const started = Date.now()
  while (mailbox.length < count) {
    if (Date.now() - started > 10_000) throw new Error(`no mail number ${count}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return mailbox[count - 1]
}

/** Ask for a link (the resend button) and read its token out of the mail */
async function tokenFor(client: any, user: Account): Promise<string> {
  const count = mailbox.length + 1
  const asked = await client
    .post('/enrol/verify-email')
    .withGuard('panel')
    .loginAs(user)
    .withCsrfToken()
    .redirects(0)
  asked.assertStatus(302)
  const mail = await mailNumber(count)
  const match = mail.text.match(/\/enrol\/verify-email\/(\S+)/)
  if (!match) throw new Error(`no link in ${mail.text}`)
  return match[1]
}

function follow(client: any, user: Account, token: string) {
  return client.get(`/enrol/verify-email/${token}`).withGuard('panel').loginAs(user).redirects(0)
}

async function verifiedAt(user: Account) {
  const row = await db.from('users').where('id', user.id).select('email_verified_at').first()
  return row.email_verified_at
}

test.group('Email verification', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)
  group.each.setup(() => {
    mailbox.length = 0
  })

  test('an unverified user is sent to the notice from every panel page', async ({
    client,
    assert,
  }) => {
    const ada = await account('ada@example.com')
    const page = await client.get('/enrol/notes').withGuard('panel').loginAs(ada).redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/enrol/verify-email')
    const json = await client.get('/enrol/notes').withGuard('panel').loginAs(ada).accept('json')
    json.assertStatus(403)
    assert.equal(json.body().errors[0].message, 'Verify your email to continue.')
    /* mutations too: nothing written */
    const before = await db.from('notes').count('* as total')
    const store = await client
      .post('/enrol/notes')
      .json({ body: 'x' })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    store.assertStatus(403)
    assert.deepEqual(await db.from('notes').count('* as total'), before)

    const notice = await client
      .get('/enrol/verify-email')
      .withGuard('panel')
      .loginAs(ada)
      .withInertia()
    notice.assertStatus(200)
    notice.assertInertiaComponent('kit/verify_email')
    assert.deepEqual((notice.inertiaProps as any).kitAccount, {
      kind: 'verifyEmail',
      email: 'ada@example.com',
      resendUrl: '/enrol/verify-email',
      signOutUrl: '/enrol/logout',
      profileUrl: '/enrol/profile',
      error: null,
      retryAfter: null,
    })
    /* the profile stays open (to correct the email); signing out works */
    const profile = await client.get('/enrol/profile').withGuard('panel').loginAs(ada)
    profile.assertStatus(200)
    const out = await client
      .post('/enrol/logout')
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .redirects(0)
    out.assertStatus(302)
    out.assertHeader('location', '/enrol/login')

    /* a verified user passes the gate (the resource's own policy answers) */
    const grace = await account('grace@example.com', true)
    const passed = await client.get('/enrol/notes').withGuard('panel').loginAs(grace).redirects(0)
    assert.notEqual(passed.header('location'), '/enrol/verify-email')
    const home = await client
      .get('/enrol/verify-email')
      .withGuard('panel')
      .loginAs(grace)
      .redirects(0)
    home.assertHeader('location', '/enrol/notes')
    /* a panel without emailVerification(): no gate */
    const console = await client.get('/console/profile').withGuard('panel').loginAs(ada)
    console.assertStatus(200)
  })

  test('the link verifies once; the row keeps a hash bound to the user and email', async ({
    client,
    assert,
  }) => {
    const ada = await account('once@example.com')
    const token = await tokenFor(client, ada)
    const mail = mailbox[0]
    assert.deepEqual(mail.to, [{ address: 'once@example.com', name: '' }])
    assert.equal(mail.subject, 'Verify your email')
    assert.include(mail.text, 'The link works once, for 20 minutes.')
    assert.match(mail.text, /http:\/\/\S+\/enrol\/verify-email\//)
    const rows = await db.from(TABLE).where('user_id', String(ada.id))
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].email, 'once@example.com')
    const secret = Buffer.from(token.split('.')[1], 'base64url').toString()
    assert.equal(rows[0].hash, createHash('sha256').update(secret).digest('hex'))

    const used = await follow(client, ada, token)
    used.assertStatus(302)
    used.assertHeader('location', '/enrol/notes')
    used.assertFlashMessage('success', 'Your email is verified.')
    used.assertHeader('referrer-policy', 'same-origin')
    assert.isNotNull(await verifiedAt(ada))
    assert.lengthOf(await db.from(TABLE), 0)

    /* reused: refused, 404, the notice with the message */
    await ada.refresh()
    ada.emailVerifiedAt = null
    await ada.save()
    const reused = await follow(client, ada, token).withInertia()
    reused.assertStatus(404)
    reused.assertInertiaComponent('kit/verify_email')
    assert.equal(
      (reused.inertiaProps as any).kitAccount.error,
      'This link is invalid or has expired. Send a new one from this page.'
    )
    assert.isNull(await verifiedAt(ada))
  })

  test('an expired, forged or malformed link is refused, nothing changes', async ({
    client,
    assert,
  }) => {
    const ada = await account('forged@example.com')
    const token = await tokenFor(client, ada)
    const [id, secret] = token.split('.')
    const forgedSecret = Buffer.from('x'.repeat(40)).toString('base64url')
    /* one token's id with another's secret */
    const bob = await account('bob@example.com')
    const bobToken = await tokenFor(client, bob)
    const swapped = await follow(client, bob, `${bobToken.split('.')[0]}.${secret}`).accept('json')
    swapped.assertStatus(404)
    assert.isNull(await verifiedAt(bob))
    await db.from(TABLE).where('user_id', String(bob.id)).delete()
    for (const bad of [
      `${id}.${forgedSecret}`,
      'garbage',
      `${id}`,
      `${'9'.repeat(30)}.${secret}`,
    ]) {
      const response = await follow(client, ada, bad).accept('json')
      response.assertStatus(404)
      assert.equal(
        response.body().errors[0].message,
        'This link is invalid or has expired. Send a new one from this page.'
      )
    }
    assert.isNull(await verifiedAt(ada))
    assert.lengthOf(await db.from(TABLE), 1)

    /* expired */
    await db.from(TABLE).update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await follow(client, ada, token).accept('json')
    expired.assertStatus(404)
    assert.isNull(await verifiedAt(ada))
  })

  test("another user's link verifies nobody and stays usable by its owner", async ({
    client,
    assert,
  }) => {
    const ada = await account('owner@example.com')
    const eve = await account('eve@example.com')
    const token = await tokenFor(client, ada)
    const stolen = await follow(client, eve, token).accept('json')
    stolen.assertStatus(404)
    assert.isNull(await verifiedAt(eve))
    assert.isNull(await verifiedAt(ada))
    assert.lengthOf(await db.from(TABLE), 1)
    const own = await follow(client, ada, token)
    own.assertStatus(302)
    assert.isNotNull(await verifiedAt(ada))
  })

  test('a guest following the link signs in first and comes back to it', async ({ client }) => {
    const response = await client.get('/enrol/verify-email/1.abc').redirects(0)
    response.assertStatus(302)
    response.assertHeader(
      'location',
      `/enrol/login?redirect=${encodeURIComponent('/enrol/verify-email/1.abc')}`
    )
  })

  test('changing the email on the profile unverifies it; the old link is refused', async ({
    client,
    assert,
  }) => {
    /* a link of the old address (asked before the change) */
    const ada = await account('old@example.com')
    const oldToken = await tokenFor(client, ada)
    ada.emailVerifiedAt = DateTime.now()
    await ada.save()
    const oldRow = await db.from(TABLE).first()
    const oldRowHash = oldRow.hash

    const count = mailbox.length + 1
    const saved = await client
      .put('/enrol/profile')
      .json({ name: 'Ada', email: 'new@example.com', currentPassword: PASSWORD })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    saved.assertStatus(204)
    await ada.refresh()
    assert.equal(ada.email, 'new@example.com')
    assert.isNull(ada.emailVerifiedAt)
    const mail = await mailNumber(count)
    assert.deepEqual(mail.to, [{ address: 'new@example.com', name: '' }])
    const rows = await db.from(TABLE).where('user_id', String(ada.id))
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].email, 'new@example.com')
    assert.notEqual(rows[0].hash, oldRowHash)

    /* the old link: refused (replaced, and bound to the old address) */
    const old = await follow(client, ada, oldToken).accept('json')
    old.assertStatus(404)
    assert.isNull(await verifiedAt(ada))

    /* a link for the old address still stored: refused for the new email */
    const newToken = mail.text.match(/\/enrol\/verify-email\/(\S+)/)![1]
    await db.from(TABLE).where('user_id', String(ada.id)).update({ email: 'old@example.com' })
    const mismatched = await follow(client, ada, newToken).accept('json')
    mismatched.assertStatus(404)
    assert.isNull(await verifiedAt(ada))
    assert.lengthOf(await db.from(TABLE), 1)
  })

  test('resends are throttled per user, then 429', async ({ client, assert }) => {
    const ada = await account('flood@example.com')
    await tokenFor(client, ada)
    await tokenFor(client, ada)
    const blocked = await client
      .post('/enrol/verify-email')
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .accept('json')
    blocked.assertStatus(429)
    assert.match(blocked.header('retry-after') ?? '', /^\d+$/)
    const page = await client
      .post('/enrol/verify-email')
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .withInertia()
    page.assertStatus(429)
    page.assertInertiaComponent('kit/verify_email')
    assert.match((page.inertiaProps as any).kitAccount.error, /^Too many requests/)
    assert.lengthOf(mailbox, 2)
    assert.lengthOf(await db.from(TABLE), 1)
  })

  test('without the CSRF token no link is sent', async ({ client, assert }) => {
    const ada = await account('csrf@example.com')
    const response = await client
      .post('/enrol/verify-email')
      .withGuard('panel')
      .loginAs(ada)
      .redirects(0)
    response.assertStatus(302)
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.lengthOf(await db.from(TABLE), 0)
  })
})
