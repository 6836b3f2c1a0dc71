import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import { kit } from '../../src/testing/japa_plugin.ts'
import ProfileResource from '../app/app/resources/profile_resource.ts'
import Profile from '../app/app/models/profile.ts'
import { createUser, snapshot, withDatabase } from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | choice, list, JSON, color and password fields', (group) => {
  withDatabase(group)

  test('fills every field, the password with its confirmation, and stores the row', async ({
    assert,
  }) => {
    const user = await createUser()
    const profile = (await kit(ProfileResource, { user })
      .fillForm({
        name: 'Ada',
        isPublic: true,
        channels: ['sms', 'email'],
        plan: 'business',
        company: 'Engines',
        tags: ['a', ' b '],
        settings: { theme: 'dark' },
        color: '#ABCDEF',
      })
      .fillPassword('password', 'correct horse')
      .call('create')
      .assertHasNoFormErrors()
      .record()) as Profile
    await profile.refresh()
    assert.deepEqual(profile.channels, ['sms', 'email'])
    assert.deepEqual(profile.tags, ['a', 'b'])
    assert.deepEqual(profile.settings, { theme: 'dark' })
    assert.equal(profile.color, '#abcdef')
    assert.equal(profile.company, 'Engines')
    assert.isTrue(await hash.verify(profile.password!, 'correct horse'))

    await kit(ProfileResource, { user }).forEdit(profile).assertPasswordNotInProps('correct horse')
    await kit(ProfileResource, { user })
      .forEdit(profile)
      .assertPasswordNotInProps(profile.password!)
  }).timeout(20_000)

  test('asserts visibility, disabled and read-only states and hints', async ({ assert }) => {
    const user = await createUser()
    await kit(ProfileResource, { user })
      .assertFieldVisible('company', false)
      .fillForm({ plan: 'team' })
      .assertFieldVisible('company')
      .assertFieldVisible('internalCode', false)
      .assertFieldDisabled('archivedReason')
      .assertFieldReadOnly('lockedNote')
      .assertFieldDisabled('name', false)
      .assertFieldHint('name', 'Shown publicly')
      .assertFieldHint('isPublic', 'Listed in the directory', 'helper')
    assert.equal(
      await failureOf(kit(ProfileResource, { user }).assertFieldVisible('company')),
      'kit(ProfileResource).assertFieldVisible("company", true): the field "company" is not visible'
    )
  })

  test('a posted read-only value is ignored, a bad option is a field error', async ({ assert }) => {
    const user = await createUser()
    const before = await snapshot(Profile)
    await kit(ProfileResource, { user })
      .fillForm({ name: 'Ada', plan: 'gold', channels: ['fax'], settings: '{oops' })
      .fillPassword('password', 'correct horse', 'other horse')
      .call('create')
      .assertHasFormErrors({
        plan: 'radio',
        channels: 'checkboxList',
        settings: 'json',
        password: 'confirmed',
      })
    assert.deepEqual(await snapshot(Profile), before)
  }).timeout(20_000)
})
