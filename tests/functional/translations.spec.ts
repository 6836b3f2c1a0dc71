import { test } from '@japa/runner'
import Tag from '../app/app/models/tag.ts'
import Profile from '../app/app/models/profile.ts'
import { createUser, pageOf, versionedBody, withDatabase } from '../helpers.ts'
import { en } from '../../src/i18n/en.ts'

test.group('Translations | over HTTP, in the mount locale', (group) => {
  withDatabase(group)

  test('pages carry the locale and every kit string in it', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const french = await client.get('/fr/tags/create').withInertia().loginAs(admin)
    french.assertStatus(200)
    assert.equal(french.inertiaProps.locale, 'fr-FR')
    /* every key of the kit, and the words of the application's plugins (the test app's desk plugin) */
    const keys = Object.keys(french.inertiaProps.strings)
    assert.includeMembers(keys, Object.keys(en))
    assert.sameMembers(
      keys.filter((key) => !Object.hasOwn(en, key)),
      ['desk.stars.range', 'desk.summary']
    )
    assert.equal(french.inertiaProps.strings['desk.summary'], 'Résumé')
    assert.equal(french.inertiaProps.strings['action.cancel'], 'Annuler')
    assert.equal(french.inertiaProps.page.heading, 'Créer : Étiquette')

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
      name: 'Le champ Nom doit contenir au moins 2 caractères',
      slug: 'Le format du champ Identifiant est invalide',
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
    assert.equal(created.body().message, 'Étiquette « nouvelles » créée')
    const tag = await Tag.findByOrFail('slug', 'nouvelles')

    const deleted = await client
      .delete(`/fr/tags/${tag.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    deleted.assertStatus(200)
    assert.equal(deleted.body().message, 'Étiquette « nouvelles » supprimée')
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
    assert.equal(page.props.kitError.back.label, 'Retour : étiquettes')
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

test.group('Translations | words a person reads: labels, plurals, sentences', (group) => {
  withDatabase(group)

  const tagCount = () =>
    Tag.query()
      .count('* as total')
      .first()
      .then((r: any) => Number(r.$extras.total))

  test('create and edit errors name the field by its label, in English and French', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const messages = (response: any) =>
      Object.fromEntries(response.body().errors.map((error: any) => [error.field, error.message]))

    /* English: the default label (the property in sentence case), not the key */
    const english = await client
      .post('/manage/tags')
      .json({ name: 'x', slug: '' })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    english.assertStatus(422)
    assert.match(messages(english).name, /^The Name field /)
    assert.notMatch(messages(english).name, /\bname\b/)

    /* French: the label declared for French */
    const tag = await Tag.create({ name: 'Existante', slug: 'existante' })
    const edited = await client
      .patch(`/fr/tags/${tag.id}`)
      .json(await versionedBody(`/fr/tags/${tag.id}`, { name: 'y', slug: 'Pas Valide' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    edited.assertStatus(422)
    assert.deepEqual(messages(edited), {
      name: 'Le champ Nom doit contenir au moins 2 caractères',
      slug: 'Le format du champ Identifiant est invalide',
    })
    await tag.refresh()
    assert.equal(tag.name, 'Existante')
    assert.equal(tag.slug, 'existante')
    assert.equal(await tagCount(), 1)
  })

  test('a browser form gets the labelled French messages flashed, nothing written', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const refused = await client
      .post('/fr/tags')
      .form({ name: '', slug: '' })
      .header('referer', '/fr/tags/create')
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(302)
    const flashed = refused.flashMessages().inputErrorsBag as Record<string, string[]>
    assert.deepEqual(flashed.name, ['Le champ Nom est obligatoire'])
    assert.deepEqual(flashed.slug, ['Le champ Identifiant est obligatoire'])
    assert.equal(await tagCount(), 0)
  })

  test('an editable cell names its column in the panel language', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const tag = await Tag.create({ name: 'Cellule', slug: 'cellule' })
    const refused = await client
      .patch(`/fr/tags/${tag.id}/columns/slug`)
      .json(await versionedBody(`/fr/tags/${tag.id}/columns/slug`, { value: 'Pas Valide' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
      .redirects(0)
    refused.assertStatus(422)
    assert.equal(refused.body().errors[0].message, 'Le format du champ Identifiant est invalide')
    await tag.refresh()
    assert.equal(tag.slug, 'cellule')
  })

  test('the labels, filters and sentences of a French list', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const french = await client.get('/fr/tags').withInertia().loginAs(admin)
    french.assertStatus(200)
    const props = french.inertiaProps
    assert.equal(props.page.heading, 'Étiquettes')
    assert.deepEqual(
      props.table.columns.map((column: any) => column.label),
      ['Nom', 'Identifiant']
    )
    assert.deepEqual(props.table.records, {
      singular: 'étiquette',
      plural: 'étiquettes',
      gender: 'feminine',
    })
    assert.equal(props.strings['action.new'], 'Créer : {label}')
    /* the bulk delete is offered, and its sentence is a plural ICU message */
    assert.include(
      props.table.bulkActions.map((action: any) => action.name),
      'delete'
    )
    assert.match(props.strings['confirm.bulk.delete'], /\{count, plural, one \{/)

    const english = await client.get('/manage/tags').withInertia().loginAs(admin)
    assert.deepEqual(english.inertiaProps.table.records, {
      singular: 'tag',
      plural: 'tags',
      gender: 'masculine',
    })
  })

  test('a bulk delete answers a sentence with the count and the French label', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const one = await Tag.create({ name: 'Une', slug: 'une' })
    const two = await Tag.create({ name: 'Deux', slug: 'deux' })
    const three = await Tag.create({ name: 'Trois', slug: 'trois' })
    const bulk = (records: unknown[]) =>
      client
        .post('/fr/tags/bulk-actions/delete')
        .json({ records })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
        .redirects(0)

    const plural = await bulk([one.id, two.id])
    plural.assertStatus(200)
    assert.equal(plural.body().message, '2 étiquettes supprimées.')
    assert.equal(await tagCount(), 1)

    /* one record, and a refused one (already gone) phrased only then */
    const single = await bulk([three.id, one.id])
    single.assertStatus(200)
    assert.equal(single.body().affected, 1)
    assert.equal(await tagCount(), 0)
    assert.match(single.body().message, /^1 étiquette supprimée\./)
  })
})
