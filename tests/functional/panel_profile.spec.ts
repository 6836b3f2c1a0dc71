import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Account from '../app/app/models/account.ts'
import { snapshot, User, withDatabase } from '../helpers.ts'

const PASSWORD = 'correct horse battery'

function account(email: string, attributes: Partial<Account> = {}) {
  return Account.create({ email, fullName: 'Ada Lovelace', password: PASSWORD, ...attributes })
}

/**
 * Sign in through the panel's sign-in page: the session it gives (with the
 * fingerprint of the password signed in with).
 */
async function signIn(client: any, email: string) {
  const response = await client
    .post('/console/login')
    .form({ uid: email, password: PASSWORD })
    .withCsrfToken()
    .redirects(0)
  response.assertStatus(302)
  return response.session() as Record<string, any>
}

function update(client: any, ada: Account, body: Record<string, unknown>) {
  return client
    .put('/console/profile')
    .json(body)
    .withGuard('panel')
    .loginAs(ada)
    .withCsrfToken()
    .accept('json')
}

test.group('Panel profile', (group) => {
  withDatabase(group)

  test('the profile page carries the values and the user menu', async ({ client, assert }) => {
    const ada = await account('ada@example.com')
    const page = await client.get('/console/profile').withGuard('panel').loginAs(ada).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('kit/profile')
    const props = page.inertiaProps as any
    assert.deepEqual(props.kitAccount, {
      kind: 'profile',
      action: '/console/profile',
      values: { name: 'Ada Lovelace', email: 'ada@example.com' },
      twoFactor: {
        action: '/console/profile/two-factor',
        confirmAction: '/console/profile/two-factor/confirm',
        recoveryCodesAction: '/console/profile/two-factor/recovery-codes',
        enabled: false,
        required: false,
        recoveryCodesLeft: 0,
        enrolment: null,
        recoveryCodes: null,
      },
    })
    assert.deepEqual(props.kitPanel.userMenu, {
      user: { name: 'Ada Lovelace', email: 'ada@example.com', initials: 'AL', avatarUrl: null },
      profileUrl: '/console/profile',
      items: [{ label: 'Help', url: '/help', icon: 'question-mark-circle' }],
      signOutUrl: '/console/logout',
    })
    const guest = await client.get('/console/profile').redirects(0)
    guest.assertHeader(
      'location',
      `/console/login?redirect=${encodeURIComponent('/console/profile')}`
    )
  })

  test('the name changes without the current password', async ({ client, assert }) => {
    const ada = await account('name@example.com')
    const response = await client
      .put('/console/profile')
      .form({ name: 'Ada King', email: 'name@example.com' })
      .withGuard('panel')
      .loginAs(ada)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/console/profile')
    response.assertFlashMessage('success', 'Profile saved')
    await ada.refresh()
    assert.equal(ada.fullName, 'Ada King')
  })

  test('a wrong current password leaves the row unchanged', async ({ client, assert }) => {
    const ada = await account('wrong@example.com')
    const before = await snapshot(User)
    const response = await update(client, ada, {
      name: 'Mallory',
      email: 'mallory@example.com',
      currentPassword: 'not it',
      password: 'a new password',
      passwordConfirmation: 'a new password',
    })
    response.assertStatus(422)
    response.assertBody({
      errors: [
        {
          field: 'currentPassword',
          rule: 'currentPassword',
          message: 'The current password is incorrect.',
        },
      ],
    })
    assert.deepEqual(await snapshot(User), before)
    const missing = await update(client, ada, { name: 'Ada', email: 'changed@example.com' })
    missing.assertStatus(422)
    missing.assertBodyContains({ errors: [{ field: 'currentPassword', rule: 'required' }] })
    assert.deepEqual(await snapshot(User), before)
  })

  test('an email of another account is refused on its field', async ({ client, assert }) => {
    const ada = await account('first@example.com')
    await account('taken@example.com')
    const before = await snapshot(User)
    const response = await update(client, ada, {
      name: 'Ada',
      email: 'taken@example.com',
      currentPassword: PASSWORD,
    })
    response.assertStatus(422)
    response.assertBody({
      errors: [
        {
          field: 'email',
          rule: 'unique',
          message: 'This email is already used by another account.',
        },
      ],
    })
    assert.deepEqual(await snapshot(User), before)
  })

  test('rules answer per field with the labels', async ({ client, assert }) => {
    const ada = await account('rules@example.com')
    const before = await snapshot(User)
    const response = await update(client, ada, {
      name: '',
      email: 'not an email',
      currentPassword: PASSWORD,
      password: 'short',
      passwordConfirmation: 'other',
    })
    response.assertStatus(422)
    const fields = (response.body().errors as { field: string; message: string }[]).map((error) => [
      error.field,
      error.message,
    ])
    assert.deepInclude(fields, ['email', 'The Email field must be a valid email address'])
    assert.deepInclude(fields, [
      'password',
      'The New password field must have at least 8 characters',
    ])
    assert.deepEqual(await snapshot(User), before)
  })

  test('a new password is hashed, signs out the other sessions and keeps this one', async ({
    client,
    assert,
  }) => {
    const ada = await account('pw@example.com')
    const other = await signIn(client, 'pw@example.com')
    /* a remember-me token of another browser */
    await client
      .post('/console/login')
      .form({ uid: 'pw@example.com', password: PASSWORD, remember: 'on' })
      .withCsrfToken()
      .redirects(0)
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 1)

    const mine = await signIn(client, 'pw@example.com')
    const response = await client
      .put('/console/profile')
      .json({
        name: 'Ada',
        email: 'pw@example.com',
        currentPassword: PASSWORD,
        password: 'a brand new password',
        passwordConfirmation: 'a brand new password',
      })
      .withSession(mine)
      .withCsrfToken()
      .accept('json')
    response.assertStatus(204)
    await ada.refresh()
    assert.notEqual(ada.password, 'a brand new password')
    assert.isTrue(await ada.verifyPassword('a brand new password'))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', ada.id), 0)

    /* the other session is signed out; this one (its fingerprint renewed) stays */
    const stale = await client.get('/console/profile').withSession(other).redirects(0)
    stale.assertStatus(302)
    assert.match(stale.header('location') ?? '', /^\/console\/login/)
    const fresh = await client
      .get('/console/profile')
      .withSession(response.session() as Record<string, any>)
      .withInertia()
    fresh.assertStatus(200)
    fresh.assertInertiaComponent('kit/profile')
  })

  test('without the CSRF token the profile is not changed', async ({ client, assert }) => {
    const ada = await account('csrf2@example.com')
    const response = await client
      .put('/console/profile')
      .json({ name: 'Eve', email: 'csrf2@example.com' })
      .withGuard('panel')
      .loginAs(ada)
      .accept('json')
      .redirects(0)
    response.assertStatus(302)
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    await ada.refresh()
    assert.equal(ada.fullName, 'Ada Lovelace')
  })
})
