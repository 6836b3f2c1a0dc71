import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import { createUser, snapshot, withDatabase, versionedBody } from '../helpers.ts'
import Profile from '../app/app/models/profile.ts'

const VALID = {
  name: 'Ada',
  isPublic: true,
  channels: ['email', 'push', 'email'],
  plan: 'team',
  company: 'Analytical Engines',
  tags: [' math ', 'poetry', 'math', ''],
  settings: JSON.stringify([
    ['theme', 'dark'],
    ['lang', 'en'],
  ]),
  color: '#4F46E5',
  password: 'correct horse',
  password_confirmation: 'correct horse',
}

function createProfile(attributes: Partial<Profile> = {}) {
  return Profile.create({
    name: 'Grace',
    isPublic: false,
    channels: ['sms'],
    plan: 'free',
    company: null,
    tags: ['navy'],
    settings: { theme: 'light' },
    color: '#000000',
    password: 'original secret',
    lockedNote: 'locked',
    internalCode: 'X-1',
    archivedReason: 'none',
    ...attributes,
  })
}

test.group('Simple fields | create and edit', (group) => {
  withDatabase(group)

  test('a create normalizes and stores each field, the model hashes the password', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/admin/profiles')
      .json(VALID)
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
      .redirects(0)
    assert.equal(response.status(), 201, JSON.stringify(response.body()))

    const [profile] = await Profile.all()
    assert.equal(profile.name, 'Ada')
    assert.isTrue(profile.isPublic)
    assert.deepEqual(profile.channels, ['email', 'push'])
    assert.equal(profile.plan, 'team')
    assert.equal(profile.company, 'Analytical Engines')
    assert.deepEqual(profile.tags, ['math', 'poetry'])
    assert.deepEqual(profile.settings, { theme: 'dark', lang: 'en' })
    assert.equal(profile.color, '#4f46e5')
    assert.notEqual(profile.password, 'correct horse')
    assert.isTrue(await hash.verify(profile.password!, 'correct horse'))
  }).timeout(20_000)

  test('the form carries affordances and conditions as data, never the password', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const created = await client.get('/admin/profiles/create').withInertia().loginAs(user)
    const form = created.inertiaProps.form
    const names = form.fields.map((field: any) => field.name)
    assert.notInclude(names, 'internalCode')
    assert.equal(form.values.plan, 'free')
    assert.equal(form.values.color, '#4f46e5')
    assert.isFalse(form.values.isPublic)

    const field = (name: string) => form.fields.find((entry: any) => entry.name === name)
    assert.equal(field('name').placeholder, 'Ada Lovelace')
    assert.equal(field('name').hint, 'Shown publicly')
    assert.equal(field('isPublic').helperText, 'Listed in the directory')
    assert.isTrue(field('lockedNote').readOnly)
    assert.isTrue(field('archivedReason').disabled)
    assert.deepEqual(field('company').visibleWhen, [
      { field: 'plan', values: ['team', 'business'], initial: false },
    ])
    assert.deepEqual(field('company').requiredWhen, [
      { field: 'plan', values: ['business'], initial: false },
    ])
    assert.deepEqual(field('password').confirmation, { name: 'password_confirmation' })
    assert.isTrue(field('password').revealable)
    assert.deepEqual(field('channels').options, [
      { value: 'email', label: 'Email' },
      { value: 'sms', label: 'SMS' },
      { value: 'push', label: 'Push' },
    ])

    const profile = await createProfile()
    const edit = await client.get(`/admin/profiles/${profile.id}/edit`).withInertia().loginAs(user)
    const values = edit.inertiaProps.form.values
    assert.isNull(values.password)
    assert.notProperty(edit.inertiaProps.form.original, 'password')
    assert.notProperty(values, 'internalCode')
    assert.deepEqual(values.channels, ['sms'])
    assert.deepEqual(values.tags, ['navy'])
    assert.deepEqual(JSON.parse(values.settings), { theme: 'light' })
    const props = JSON.stringify(edit.inertiaProps)
    assert.notInclude(props, profile.password!)
    assert.notInclude(props, 'X-1')
  }).timeout(20_000)

  test('a blank password on edit keeps the stored one; a new one is hashed', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const profile = await createProfile()
    const stored = profile.password

    const kept = await client
      .patch(`/admin/profiles/${profile.id}`)
      .json(
        await versionedBody(`/admin/profiles/${profile.id}`, {
          name: 'Grace H.',
          password: '',
          password_confirmation: '',
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
      .redirects(0)
    kept.assertStatus(200)
    await profile.refresh()
    assert.equal(profile.name, 'Grace H.')
    assert.equal(profile.password, stored)

    const changed = await client
      .patch(`/admin/profiles/${profile.id}`)
      .json(
        await versionedBody(`/admin/profiles/${profile.id}`, {
          password: 'another secret',
          password_confirmation: 'another secret',
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
      .redirects(0)
    changed.assertStatus(200)
    await profile.refresh()
    assert.isTrue(await hash.verify(profile.password!, 'another secret'))
  }).timeout(20_000)
})

test.group('Simple fields | bad input', (group) => {
  withDatabase(group)

  test('posted values of read-only, disabled and hidden fields are ignored', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const profile = await createProfile()
    const response = await client
      .patch(`/admin/profiles/${profile.id}`)
      .json(
        await versionedBody(`/admin/profiles/${profile.id}`, {
          name: 'Changed',
          lockedNote: 'hacked',
          internalCode: 'hacked',
          archivedReason: 'hacked',
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
      .redirects(0)
    response.assertStatus(200)
    await profile.refresh()
    assert.equal(profile.name, 'Changed')
    assert.equal(profile.lockedNote, 'locked')
    assert.equal(profile.internalCode, 'X-1')
    assert.equal(profile.archivedReason, 'none')

    const created = await client
      .post('/admin/profiles')
      .json({ ...VALID, lockedNote: 'hacked', internalCode: 'hacked', archivedReason: 'hacked' })
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
      .redirects(0)
    created.assertStatus(201)
    const fresh = await Profile.query().where('name', 'Ada').firstOrFail()
    assert.isNull(fresh.lockedNote)
    assert.isNull(fresh.internalCode)
    assert.isNull(fresh.archivedReason)
  }).timeout(20_000)

  test('each malformed value is a field error and changes nothing', async ({ client, assert }) => {
    const user = await createUser()
    const profile = await createProfile()
    const before = await snapshot(Profile)
    const cases: [Record<string, unknown>, string][] = [
      [{ channels: ['email', 'fax'] }, 'channels'],
      [{ channels: [{ nested: true }] }, 'channels'],
      [{ plan: 'enterprise' }, 'plan'],
      [{ settings: '{"theme": ' }, 'settings'],
      [{ settings: '[1, 2]' }, 'settings'],
      [
        {
          settings: JSON.stringify([
            ['a', '1'],
            ['a', '2'],
          ]),
        },
        'settings',
      ],
      [{ settings: JSON.stringify([['', '1']]) }, 'settings'],
      [{ settings: { theme: { deep: 1 } } }, 'settings'],
      [{ color: 'red' }, 'color'],
      [{ color: '#12345' }, 'color'],
      [{ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'tags'],
      [{ tags: ['x'.repeat(21)] }, 'tags'],
      [{ tags: [1, 2] }, 'tags'],
      [{ password: 'long enough', password_confirmation: 'different' }, 'password'],
      [{ plan: 'business', company: '' }, 'company'],
    ]
    for (const [body, field] of cases) {
      for (const request of [
        client
          .patch(`/admin/profiles/${profile.id}`)
          .json(await versionedBody(`/admin/profiles/${profile.id}`, body)),
        client.post('/admin/profiles').json({ ...VALID, ...body }),
      ]) {
        const response = await request.withCsrfToken().accept('json').loginAs(user).redirects(0)
        assert.equal(response.status(), 422, JSON.stringify(body))
        const errors = response.body().errors.map((error: any) => error.field)
        assert.include(errors, field, JSON.stringify(body))
      }
    }
    assert.deepEqual(await snapshot(Profile), before)
  }).timeout(20_000)

  test('a field not visible for the submitted values is neither validated nor written', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const profile = await createProfile({ plan: 'free', company: null })
    const response = await client
      .patch(`/admin/profiles/${profile.id}`)
      .json(
        await versionedBody(`/admin/profiles/${profile.id}`, {
          plan: 'free',
          company: 'x'.repeat(500),
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
      .redirects(0)
    response.assertStatus(200)
    await profile.refresh()
    assert.isNull(profile.company)

    /* the stored plan counts when a partial PATCH omits it */
    const team = await createProfile({ plan: 'team' })
    const visible = await client
      .patch(`/admin/profiles/${team.id}`)
      .json(await versionedBody(`/admin/profiles/${team.id}`, { company: 'Navy' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
      .redirects(0)
    visible.assertStatus(200)
    await team.refresh()
    assert.equal(team.company, 'Navy')
  }).timeout(20_000)

  test('a refused form post never flashes the password back', async ({ client, assert }) => {
    const user = await createUser()
    const refused = await client
      .post('/admin/profiles')
      .form({ ...VALID, color: 'nope', password: 'hunter2-secret', password_confirmation: 'x' })
      .header('referer', '/admin/profiles/create')
      .withCsrfToken()
      .loginAs(user)
      .redirects(0)
    refused.assertStatus(302)
    const flashed: any = refused.flashMessages()
    assert.properties(flashed.inputErrorsBag, ['color', 'password'])
    assert.notInclude(JSON.stringify(flashed), 'hunter2-secret')
    assert.lengthOf(await Profile.all(), 0)
  }).timeout(20_000)
})
