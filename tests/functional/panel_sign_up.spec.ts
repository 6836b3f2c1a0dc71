import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Account from '../app/app/models/account.ts'
import { mailbox } from '../app/app/mail/mailbox_transport.ts'
import { withDatabase } from '../helpers.ts'

const PASSWORD = 'correct horse battery'
const FORM = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  password: PASSWORD,
  passwordConfirmation: PASSWORD,
}

async function clearThrottle() {
  const limiter: { clear(): Promise<void> } = await app.container.make('limiter.manager' as any)
  await limiter.clear()
}

function signUp(client: any, body: Record<string, unknown>) {
  return client.post('/enrol/sign-up').json(body).withCsrfToken().accept('json')
}

async function users() {
  return db.from('users').orderBy('id').select('id', 'email', 'full_name', 'password')
}

test.group('Sign-up', (group) => {
  withDatabase(group)
  group.each.setup(clearThrottle)
  group.each.setup(() => {
    mailbox.length = 0
  })

  test('the sign-up page, linked from the sign-in page', async ({ client, assert }) => {
    const signIn = await client.get('/enrol/login').withInertia()
    assert.equal((signIn.inertiaProps as any).kitAccount.signUpUrl, '/enrol/sign-up')
    const page = await client.get('/enrol/sign-up').withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('kit/sign_up')
    assert.deepEqual((page.inertiaProps as any).kitAccount, {
      kind: 'signUp',
      action: '/enrol/sign-up',
      signInUrl: '/enrol/login',
      error: null,
      retryAfter: null,
    })
    assert.equal((page.inertiaProps as any).strings['account.signUpSubmit'], 'Create the account')
    /* a panel without signUp(): no link, no route */
    const console = await client.get('/console/login').withInertia()
    assert.isNull((console.inertiaProps as any).kitAccount.signUpUrl)
  })

  test('without signUp() the routes do not exist and nothing is created', async ({
    client,
    assert,
  }) => {
    const before = await users()
    const page = await client.get('/console/sign-up').accept('json')
    page.assertStatus(404)
    const post = await client.post('/console/sign-up').json(FORM).withCsrfToken().accept('json')
    post.assertStatus(404)
    assert.deepEqual(await users(), before)
  })

  test('creates the user through the model, signs in with a new session, mails the link', async ({
    client,
    assert,
  }) => {
    const page = await client.get('/enrol/sign-up')
    const before = page.cookie('adonis-session')?.value
    const response = await client
      .post('/enrol/sign-up')
      .form(FORM)
      .withCsrfToken()
      .withCookie('adonis-session', before)
      .redirects(0)
    response.assertStatus(302)
    /* unverified: the verification notice */
    response.assertHeader('location', '/enrol/verify-email')
    const after = response.cookie('adonis-session')?.value
    assert.exists(after)
    assert.notEqual(after, before)

    const created = await Account.findByOrFail('email', 'grace@example.com')
    assert.equal(created.fullName, 'Grace Hopper')
    assert.isFalse(created.isAdmin)
    assert.isNull(created.emailVerifiedAt)
    /* hashed by withAuthFinder */
    assert.notEqual(created.password, PASSWORD)
    assert.isTrue(await Account.verifyCredentials('grace@example.com', PASSWORD).then(() => true))
    const rows = await db.from('kit_email_verification_tokens').where('user_id', String(created.id))
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].email, 'grace@example.com')
    assert.equal(rows[0].panel, 'enrol')
  })

  test('the beforeCreate hook sets defaults', async ({ client, assert }) => {
    const response = await signUp(client, { ...FORM, email: 'hook@example.com', isAdmin: true })
    response.assertStatus(201)
    assert.deepEqual(response.body(), { redirect: '/enrol/verify-email' })
    const created = await Account.findByOrFail('email', 'hook@example.com')
    assert.isFalse(created.isAdmin)
  })

  test('an existing email is an error on its field, no row', async ({ client, assert }) => {
    await Account.create({ email: 'taken@example.com', fullName: 'T', password: PASSWORD })
    const before = await users()
    const response = await signUp(client, { ...FORM, email: 'taken@example.com' })
    response.assertStatus(422)
    assert.deepEqual(response.body().errors, [
      {
        field: 'email',
        rule: 'unique',
        message: 'This email is already used by another account.',
      },
    ])
    assert.deepEqual(await users(), before)
    assert.lengthOf(await db.from('kit_email_verification_tokens'), 0)
  })

  test('empty strings and a mismatched confirmation: errors by field label, no row', async ({
    client,
    assert,
  }) => {
    const before = await users()
    const empty = await signUp(client, {
      name: '',
      email: '',
      password: '',
      passwordConfirmation: '',
    })
    empty.assertStatus(422)
    const fields = empty.body().errors.map((error: { field: string }) => error.field)
    assert.includeMembers(fields, ['name', 'email', 'password'])
    const messages = Object.fromEntries(
      empty
        .body()
        .errors.map((error: { field: string; message: string }) => [error.field, error.message])
    )
    assert.include(messages.name, 'Name')
    assert.include(messages.email, 'Email')
    assert.include(messages.password, 'Password')

    const mismatch = await signUp(client, { ...FORM, passwordConfirmation: 'something else' })
    mismatch.assertStatus(422)
    assert.deepEqual(
      mismatch.body().errors.map((error: { field: string }) => error.field),
      ['passwordConfirmation']
    )
    assert.include(mismatch.body().errors[0].message, 'Confirm the password')
    const short = await signUp(client, {
      ...FORM,
      password: 'short',
      passwordConfirmation: 'short',
    })
    short.assertStatus(422)
    const invalid = await signUp(client, { ...FORM, email: 'not an email' })
    invalid.assertStatus(422)
    assert.equal(invalid.body().errors[0].field, 'email')
    assert.deepEqual(await users(), before)
    assert.lengthOf(mailbox, 0)
  })

  test('a browser sees the errors on the form, the password never kept', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/enrol/sign-up')
      .form({ ...FORM, passwordConfirmation: 'nope' })
      .header('referer', '/enrol/sign-up')
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/enrol/sign-up')
    assert.property(response.flashMessage('inputErrorsBag') ?? {}, 'passwordConfirmation')
    assert.notInclude(JSON.stringify(response.flashMessages()), PASSWORD)
  })

  test('sign-ups are throttled per IP address, then 429 with no row', async ({
    client,
    assert,
  }) => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await signUp(client, { ...FORM, email: `flood${attempt}@example.com` })
      response.assertStatus(201)
    }
    const before = await users()
    const blocked = await signUp(client, { ...FORM, email: 'flood-last@example.com' })
    blocked.assertStatus(429)
    assert.match(blocked.header('retry-after') ?? '', /^\d+$/)
    assert.match(
      blocked.body().errors[0].message,
      /^Too many attempts\. Try again in \d+ seconds?\.$/
    )
    const page = await client
      .post('/enrol/sign-up')
      .form({ ...FORM, email: 'flood-page@example.com' })
      .withCsrfToken()
      .withInertia()
    page.assertStatus(429)
    page.assertInertiaComponent('kit/sign_up')
    assert.match((page.inertiaProps as any).kitAccount.error, /^Too many attempts/)
    assert.deepEqual(await users(), before)
  })

  test('attempts are throttled per email, refused ones too', async ({ client, assert }) => {
    await Account.create({ email: 'probe@example.com', fullName: 'P', password: PASSWORD })
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await signUp(client, { ...FORM, email: 'probe@example.com' })
      response.assertStatus(422)
    }
    const blocked = await signUp(client, { ...FORM, email: 'probe@example.com' })
    blocked.assertStatus(429)
    assert.lengthOf(await db.from('users').where('email', 'probe@example.com'), 1)
  })

  test('without the CSRF token nothing is created', async ({ client, assert }) => {
    const before = await users()
    const response = await client.post('/enrol/sign-up').form(FORM).redirects(0)
    response.assertStatus(302)
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.deepEqual(await users(), before)
  })

  test('a signed-in user is sent home from the sign-up page', async ({ client }) => {
    const ada = await Account.create({
      email: 'signed@example.com',
      fullName: 'S',
      password: PASSWORD,
    })
    const response = await client.get('/enrol/sign-up').withGuard('panel').loginAs(ada).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/enrol/notes')
  })
})
