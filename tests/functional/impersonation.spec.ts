import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Account from '../app/app/models/account.ts'
import { withDatabase } from '../helpers.ts'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import AccountResource from '../app/app/resources/account_resource.ts'

const SESSION_COOKIE = 'adonis-session'
const KEY = 'kit_impersonation_panel'

let sequence = 0

/**
 * An account of the backstage panel (login() over the `panel` guard).
 */
function account(attributes: Partial<Account> = {}) {
  sequence++
  return Account.create({
    email: `imp${sequence}@example.com`,
    fullName: `Person ${sequence}`,
    password: 'correct horse battery',
    isAdmin: false,
    ...attributes,
  })
}

/**
 * The audit rows of the impersonations, oldest first.
 */
async function auditRows() {
  const rows = await db
    .from('kit_audit_entries')
    .whereIn('operation', ['impersonate', 'stopImpersonating'])
    .orderBy('id')
  return rows.map((row) => ({
    operation: row.operation,
    userId: String(row.user_id),
    panel: row.panel,
    resource: row.resource,
    recordKey: String(row.record_key),
  }))
}

const url = (target: Account, slug = 'accounts') =>
  `/backstage/${slug}/${target.id}/actions/impersonate`

test.group('Impersonation: starting', (group) => {
  withDatabase(group)

  test('an admin signs in as a user: new session, original remembered, audit row', async ({
    client,
    assert,
  }) => {
    const admin = await account({ isAdmin: true, fullName: 'Ada Admin' })
    const target = await account({ fullName: 'Bob Target' })
    const request = client
      .post(url(target))
      .withGuard('panel')
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    const before = request.sessionClient.sessionId
    const response = await request
    response.assertStatus(302)
    /* the target's first page of the panel */
    response.assertHeader('location', '/backstage/accounts')
    assert.equal(response.session('auth_panel'), target.id)
    assert.deepEqual(response.session(KEY), {
      by: String(admin.id),
      target: String(target.id),
      resource: 'accounts',
      back: '/backstage/accounts',
    })
    assert.notEqual(response.cookie(SESSION_COOKIE)?.value, before)
    assert.equal(response.flashMessage('success'), 'You are now signed in as ' + target.email)
    assert.deepEqual(await auditRows(), [
      {
        operation: 'impersonate',
        userId: String(admin.id),
        panel: 'backstage',
        resource: 'accounts',
        recordKey: String(target.id),
      },
    ])
  })

  test('the row offers it only where the policy allows, never on oneself', async ({
    client,
    assert,
  }) => {
    const admin = await account({ isAdmin: true })
    const other = await account({ isAdmin: true })
    const target = await account()
    const page = await client
      .get('/backstage/accounts')
      .withGuard('panel')
      .loginAs(admin)
      .withInertia()
    page.assertStatus(200)
    const rows = (page.inertiaProps as any).table.rows as { key: number; actions: string[] }[]
    const actionsOf = (user: Account) => rows.find((row) => row.key === user.id)?.actions ?? []
    assert.include(actionsOf(target), 'impersonate')
    assert.notInclude(actionsOf(admin), 'impersonate')
    assert.notInclude(actionsOf(other), 'impersonate')
    /* no banner: nobody is impersonated */
    assert.notProperty((page.inertiaProps as any).kitPanel.userMenu, 'impersonation')

    /* a policy without the ability offers it on no row */
    const staff = await client
      .get('/backstage/staff')
      .withGuard('panel')
      .loginAs(admin)
      .withInertia()
    staff.assertStatus(200)
    for (const row of (staff.inertiaProps as any).table.rows) {
      assert.notInclude(row.actions, 'impersonate')
    }
  })

  test('refused by the policy: 403 and nothing changes', async ({ client, assert }) => {
    const admin = await account({ isAdmin: true })
    const otherAdmin = await account({ isAdmin: true })
    const user = await account()
    const target = await account()
    const attempts = [
      /* the policy refuses an admin as target */
      { by: admin, path: url(otherAdmin) },
      /* the policy refuses a user who is not an admin */
      { by: user, path: url(target) },
      /* a policy without an impersonate ability refuses (fail-closed) */
      { by: admin, path: url(target, 'staff') },
    ]
    for (const attempt of attempts) {
      const response = await client
        .post(attempt.path)
        .withGuard('panel')
        .loginAs(attempt.by)
        .withCsrfToken()
        .accept('json')
      response.assertStatus(403)
      assert.equal(response.session('auth_panel'), attempt.by.id, attempt.path)
      assert.isUndefined(response.session(KEY))
    }
    assert.deepEqual(await auditRows(), [])
  })

  test('a target outside the scoped query is a 404, an unknown one too', async ({
    client,
    assert,
  }) => {
    const admin = await account({ isAdmin: true })
    const hidden = await account({ email: 'hidden-imp@example.com' })
    for (const path of [url(hidden), '/backstage/accounts/999999/actions/impersonate']) {
      const response = await client
        .post(path)
        .withGuard('panel')
        .loginAs(admin)
        .withCsrfToken()
        .accept('json')
      response.assertStatus(404)
      assert.equal(response.session('auth_panel'), admin.id)
      assert.isUndefined(response.session(KEY))
    }
    assert.deepEqual(await auditRows(), [])
  })

  test('oneself is refused', async ({ client, assert }) => {
    const admin = await account({ isAdmin: true })
    const response = await client
      .post(url(admin))
      .withGuard('panel')
      .loginAs(admin)
      .withCsrfToken()
      .accept('json')
    response.assertStatus(403)
    assert.isUndefined(response.session(KEY))
    assert.deepEqual(await auditRows(), [])
  })

  test('nested impersonation is refused', async ({ client, assert }) => {
    const admin = await account({ isAdmin: true })
    const first = await account()
    const second = await account()
    /* first is impersonated, and (policy aside) tries a second step */
    const state = {
      by: String(admin.id),
      target: String(first.id),
      resource: 'accounts',
      back: '/backstage/accounts',
    }
    await first.merge({ isAdmin: true }).save()
    const response = await client
      .post(url(second))
      .withGuard('panel')
      .loginAs(first)
      .withSession({ [KEY]: state })
      .withCsrfToken()
      .accept('json')
    response.assertStatus(403)
    assert.equal(response.session('auth_panel'), first.id)
    assert.deepEqual(response.session(KEY), state)
    assert.deepEqual(await auditRows(), [])
  })

  test('without the CSRF token nothing happens', async ({ client, assert }) => {
    const admin = await account({ isAdmin: true })
    const target = await account()
    const response = await client
      .post(url(target))
      .withGuard('panel')
      .loginAs(admin)
      .accept('json')
      .redirects(0)
    assert.notEqual(response.status(), 200)
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.equal(response.session('auth_panel'), admin.id)
    assert.isUndefined(response.session(KEY))
    assert.deepEqual(await auditRows(), [])
  })
})

test.group('Impersonation: the banner and the way back', (group) => {
  withDatabase(group)

  /**
   * An admin who impersonates a user, as the start leaves the session.
   */
  async function impersonating() {
    const admin = await account({ isAdmin: true, fullName: 'Ada Admin' })
    const target = await account({ fullName: 'Bob Target' })
    const state = {
      by: String(admin.id),
      target: String(target.id),
      resource: 'accounts',
      back: '/backstage/accounts',
    }
    return { admin, target, state }
  }

  test('every panel page of the impersonated session carries the banner', async ({
    client,
    assert,
  }) => {
    const { target, state } = await impersonating()
    const page = await client
      .get('/backstage/accounts')
      .withGuard('panel')
      .loginAs(target)
      .withSession({ [KEY]: state })
      .withInertia()
    page.assertStatus(200)
    const props = page.inertiaProps as any
    assert.deepEqual(props.kitPanel.userMenu.impersonation, {
      leaveUrl: '/backstage/impersonation/leave',
    })
    assert.equal(props.kitPanel.userMenu.user.name, 'Bob Target')
    assert.equal(props.strings['impersonation.leave'], 'Return to my account')
    /* no second step from the impersonated session */
    for (const row of props.table.rows) {
      assert.notInclude(row.actions, 'impersonate')
    }
  })

  test('return signs back in as the original user, on the users list, with an audit row', async ({
    client,
    assert,
  }) => {
    const { admin, target, state } = await impersonating()
    const request = client
      .post('/backstage/impersonation/leave')
      .withGuard('panel')
      .loginAs(target)
      .withSession({ [KEY]: state })
      .withCsrfToken()
      .redirects(0)
    const before = request.sessionClient.sessionId
    const response = await request
    response.assertStatus(302)
    response.assertHeader('location', '/backstage/accounts')
    assert.equal(response.session('auth_panel'), admin.id)
    assert.isUndefined(response.session(KEY))
    assert.notEqual(response.cookie(SESSION_COOKIE)?.value, before)
    assert.equal(response.flashMessage('success'), 'You are back in your own account')
    assert.deepEqual(await auditRows(), [
      {
        operation: 'stopImpersonating',
        userId: String(admin.id),
        panel: 'backstage',
        resource: 'accounts',
        recordKey: String(target.id),
      },
    ])
  })

  test('return without impersonating changes nothing', async ({ client, assert }) => {
    const admin = await account({ isAdmin: true })
    const browser = await client
      .post('/backstage/impersonation/leave')
      .withGuard('panel')
      .loginAs(admin)
      .withCsrfToken()
      .redirects(0)
    browser.assertStatus(302)
    browser.assertHeader('location', '/backstage/login')
    assert.equal(browser.session('auth_panel'), admin.id)

    const json = await client
      .post('/backstage/impersonation/leave')
      .withGuard('panel')
      .loginAs(admin)
      .withCsrfToken()
      .accept('json')
    json.assertStatus(409)
    json.assertBody({ errors: [{ message: 'You are not signed in as another user.' }] })
    assert.equal(json.session('auth_panel'), admin.id)

    /* a guest neither */
    const guest = await client.post('/backstage/impersonation/leave').withCsrfToken().accept('json')
    guest.assertStatus(409)
    assert.isUndefined(guest.session('auth_panel'))
    assert.deepEqual(await auditRows(), [])
  })

  test('return without the CSRF token changes nothing', async ({ client, assert }) => {
    const { target, state } = await impersonating()
    const response = await client
      .post('/backstage/impersonation/leave')
      .withGuard('panel')
      .loginAs(target)
      .withSession({ [KEY]: state })
      .redirects(0)
    assert.property(response.flashMessage('errorsBag'), 'E_BAD_CSRF_TOKEN')
    assert.equal(response.session('auth_panel'), target.id)
    assert.deepEqual(response.session(KEY), state)
    assert.deepEqual(await auditRows(), [])
  })

  test('the original user deleted meanwhile: return signs out', async ({ client, assert }) => {
    const { admin, target, state } = await impersonating()
    await admin.delete()
    const response = await client
      .post('/backstage/impersonation/leave')
      .withGuard('panel')
      .loginAs(target)
      .withSession({ [KEY]: state })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/backstage/login')
    response.assertSessionMissing('auth_panel')
    assert.isUndefined(response.session(KEY))
    assert.equal(
      response.flashMessage('success'),
      'Your own account no longer exists: you have been signed out.'
    )
    assert.deepEqual(await auditRows(), [
      {
        operation: 'stopImpersonating',
        userId: String(admin.id),
        panel: 'backstage',
        resource: 'accounts',
        recordKey: String(target.id),
      },
    ])
  })

  test('sign-out while impersonating ends both', async ({ client, assert }) => {
    const { admin, target, state } = await impersonating()
    const response = await client
      .post('/backstage/logout')
      .withGuard('panel')
      .loginAs(target)
      .withSession({ [KEY]: state })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/backstage/login')
    response.assertSessionMissing('auth_panel')
    assert.isUndefined(response.session(KEY))
    assert.deepEqual(await auditRows(), [
      {
        operation: 'stopImpersonating',
        userId: String(admin.id),
        panel: 'backstage',
        resource: 'accounts',
        recordKey: String(target.id),
      },
    ])
  })

  test('a session whose signed-in user is not the impersonated one cannot return', async ({
    client,
    assert,
  }) => {
    const { admin, state } = await impersonating()
    const stranger = await account()
    const response = await client
      .post('/backstage/impersonation/leave')
      .withGuard('panel')
      .loginAs(stranger)
      .withSession({ [KEY]: state })
      .withCsrfToken()
      .accept('json')
    response.assertStatus(409)
    assert.equal(response.session('auth_panel'), stranger.id)
    assert.notEqual(response.session('auth_panel'), admin.id)
    assert.deepEqual(await auditRows(), [])
  })
})

test.group('Impersonation: a stale session value', (group) => {
  withDatabase(group)

  test('left by another sign-in: no banner, no refusal, and a sign-in clears it', async ({
    client,
    assert,
  }) => {
    const admin = await account({ isAdmin: true })
    const target = await account()
    const stale = {
      by: '999999',
      target: '999998',
      resource: 'accounts',
      back: '/backstage/accounts',
    }
    const page = await client
      .get('/backstage/accounts')
      .withGuard('panel')
      .loginAs(admin)
      .withSession({ [KEY]: stale })
      .withInertia()
    page.assertStatus(200)
    const props = page.inertiaProps as any
    assert.notProperty(props.kitPanel.userMenu, 'impersonation')
    const row = props.table.rows.find((candidate: any) => candidate.key === target.id)
    assert.include(row.actions, 'impersonate')

    const signIn = await client
      .post('/backstage/login')
      .form({ uid: admin.email, password: 'correct horse battery' })
      .withSession({ [KEY]: stale })
      .withCsrfToken()
      .redirects(0)
    signIn.assertStatus(302)
    assert.equal(signIn.session('auth_panel'), admin.id)
    assert.isUndefined(signIn.session(KEY))
  })
})

test.group('Impersonation: configuration', () => {
  test('a resource with ImpersonateAction is refused at boot where no panel signs in', ({
    assert,
  }) => {
    const options: MountOptions = {
      panelId: 'x',
      prefix: '/x',
      name: 'kit.x',
      middleware: [],
      mutationMiddleware: [],
      resolveUser: () => null,
    }
    assert.throws(() => new ResourceMount(new AccountResource(), options))
    try {
      new ResourceMount(new AccountResource(), options)
    } catch (error) {
      assert.instanceOf(error, KitConfigurationException)
      assert.include(
        (error as Error).message,
        'AccountResource.table(): action "impersonate" (ImpersonateAction) needs a panel with login()'
      )
    }
  })
})
