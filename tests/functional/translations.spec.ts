import { test } from '@japa/runner'
import Tag from '../app/app/models/tag.ts'
import Profile from '../app/app/models/profile.ts'
import { createUser, pageOf, withDatabase } from '../helpers.ts'
import { en } from '../../src/i18n/en.ts'

test.group('Translations | over HTTP, in the mount locale', (group) => {
  withDatabase(group)

  test('pages carry the locale and every kit string in it', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const french = await client.get('/fr/tags/create').withInertia().loginAs(admin)
    french.assertStatus(200)
    assert.equal(french.inertiaProps.locale, 'fr-FR')
    assert.sameMembers(Object.keys(french.inertiaProps.strings), Object.keys(en))
    assert.equal(french.inertiaProps.strings['action.cancel'], 'Annuler')
    assert.equal(french.inertiaProps.page.heading, 'Créer : Tag')

    const english = await client.get('/manage/tags/create').withInertia().loginAs(admin)
    assert.equal(english.inertiaProps.locale, 'en-US')
    assert.equal(english.inertiaProps.strings['action.cancel'], 'Cancel')
    assert.equal(english.inertiaProps.page.heading, 'Create Tag')
  })

  test('page titles and built-in action labels speak the locale', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const french = await client.get('/fr/tags').withInertia().loginAs(admin)
    french.assertStatus(200)
    assert.equal(french.inertiaProps.page.title, 'Liste')
    const labels = Object.fromEntries(
      french.inertiaProps.table.actions.map((action: any) => [action.name, action.label])
    )
    assert.include(labels, { edit: 'Modifier', delete: 'Supprimer' })

    const english = await client.get('/manage/tags').withInertia().loginAs(admin)
    assert.equal(english.inertiaProps.page.title, 'List')
    assert.include(
      Object.fromEntries(
        english.inertiaProps.table.actions.map((action: any) => [action.name, action.label])
      ),
      { edit: 'Edit', delete: 'Delete' }
    )
  })

  test('validation errors speak the locale and nothing is written', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/fr/tags')
      .json({ name: 'x', slug: 'Not A Slug' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(422)
    const errors = Object.fromEntries(
      response.body().errors.map((error: any) => [error.field, error.message])
    )
    assert.deepEqual(errors, {
      name: 'Le champ name doit contenir au moins 2 caractères',
      slug: 'Le format du champ slug est invalide',
    })
    assert.equal(
      await Tag.query()
        .count('* as total')
        .first()
        .then((r: any) => Number(r.$extras.total)),
      0
    )
  })

  test('success messages speak the locale', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const created = await client
      .post('/fr/tags')
      .json({ name: 'Nouvelles', slug: 'nouvelles' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    created.assertStatus(201)
    assert.equal(created.body().message, 'Tag « nouvelles » créé')
    const tag = await Tag.findByOrFail('slug', 'nouvelles')

    const deleted = await client
      .delete(`/fr/tags/${tag.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    deleted.assertStatus(200)
    assert.equal(deleted.body().message, 'Tag « nouvelles » supprimé')
    assert.isNull(await Tag.find(tag.id))
  })

  test('the error page of a direct load speaks the locale', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .get('/fr/tags/999999/edit')
      .header('accept', 'text/html')
      .loginAs(admin)
    response.assertStatus(404)
    const page = pageOf(response)
    assert.equal(page.component, 'kit/error')
    assert.equal(page.props.kitError.title, 'Introuvable')
    assert.equal(page.props.kitError.back.label, 'Retour : tags')
    assert.equal(page.props.locale, 'fr-FR')
    assert.equal(page.props.strings['action.back'], 'Retour')
  })
})

test.group('Translations | the fields’ own validation messages', (group) => {
  withDatabase(group)

  test('a French panel answers the field errors in French; English stays English', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const body = {
      name: 'Ada',
      plan: 'business',
      company: '',
      channels: ['email', 'fax'],
      tags: ['a', 'b', 'c', 'd', 'e', 'f'],
      settings: '{"broken"',
      color: 'red',
      password: 'long enough',
      password_confirmation: 'different',
    }
    const french = await client
      .post('/fr-profiles/profiles')
      .json(body)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    french.assertStatus(422)
    const messages = Object.fromEntries(
      french.body().errors.map((error: any) => [error.field, error.message])
    )
    assert.deepEqual(messages, {
      channels: 'Les valeurs choisies ne font pas partie des options',
      company: 'Ce champ est obligatoire',
      tags: 'Au plus 5 étiquettes sont acceptées',
      settings: 'La valeur doit être du JSON valide',
      color: 'La valeur doit être une couleur hexadécimale, par exemple #4f46e5',
      password: 'La confirmation du mot de passe ne correspond pas',
    })

    /* a key-value row without a key, a radio outside its options */
    const rows = await client
      .post('/fr-profiles/profiles')
      .json({
        name: 'Ada',
        plan: 'gold',
        settings: { ' ': 'x' },
        password: 'long enough',
        password_confirmation: 'long enough',
      })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    rows.assertStatus(422)
    assert.deepEqual(
      Object.fromEntries(rows.body().errors.map((error: any) => [error.field, error.message])),
      {
        settings: 'Chaque ligne doit avoir une clé',
        plan: 'La valeur choisie ne fait pas partie des options',
      }
    )

    const english = await client
      .post('/admin/profiles')
      .json(body)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    english.assertStatus(422)
    const englishMessages = Object.fromEntries(
      english.body().errors.map((error: any) => [error.field, error.message])
    )
    assert.equal(englishMessages.color, 'The value must be a hex color such as #4f46e5')
    assert.equal(englishMessages.company, 'This field is required')
    assert.lengthOf(await Profile.all(), 0)
  })
})
