import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Ledger from '../app/app/models/ledger.ts'
import LedgerResource, {
  TimestampLedgerResource,
  ledgerBumps,
} from '../app/app/resources/ledger_resource.ts'
import {
  Genre,
  createArticle,
  createUser,
  expectStatus,
  versionAt,
  withDatabase,
} from '../helpers.ts'
import { createProject } from '../page_helpers.ts'
import type { User } from '../helpers.ts'
import { kit } from '../../src/testing/japa_plugin.ts'
import {
  checkVersions,
  versionKind,
  versionPrecisionWarning,
} from '../../src/runtime/mutation/record_version.ts'
import { onKitDebug, type KitDebugEntry } from '../../src/support/debug.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { en } from '../../src/i18n/en.ts'

/**
 * Optimistic locking with the default version (a signed digest of the
 * stored row): nothing is lost whatever the clock's precision, a stale
 * form is merged field by field or refused, and a write without a usable
 * version is refused.
 */

const URL = '/safety/ledgers'

async function seedLedger() {
  const drama = await Genre.create({ name: 'Drama', archived: false })
  const poetry = await Genre.create({ name: 'Poetry', archived: false })
  const essays = await Genre.create({ name: 'Essays', archived: false })
  const ledger = await Ledger.create({
    title: 'Shared ledger',
    tally: 0,
    notes: '',
    keywords: ['alpha', 'beta'],
    dueOn: DateTime.fromISO('2026-12-01'),
  })
  await ledger.related('genres').attach([drama.id, poetry.id])
  return { ledger, drama, poetry, essays }
}

/**
 * The edit form as the browser received it.
 */
async function loadForm(client: any, user: User, ledger: Ledger, base = URL) {
  const page = await client.get(`${base}/${ledger.id}/edit`).withInertia().loginAs(user)
  page.assertStatus(200)
  return page.inertiaProps.form
}

/**
 * A JSON write as a signed-in client sends it.
 */
function patch(client: any, user: User, url: string, body: object) {
  return client.patch(url).json(body).withCsrfToken().accept('json').loginAs(user)
}

/**
 * Submit the form as the renderers do: its values with the person's
 * changes, the values it was rendered with and its version.
 */
function save(client: any, user: User, ledger: Ledger, form: any, changes: object, base = URL) {
  return patch(client, user, `${base}/${ledger.id}`, {
    ...form.values,
    ...changes,
    _kit_original: form.original,
    _kit_version: form.version,
  })
}

async function row(ledger: Ledger) {
  const stored = await db.from('ledgers').where('id', ledger.id).first()
  return { ...stored }
}

async function tallyOf(ledger: Ledger) {
  const stored = await row(ledger)
  return Number(stored.tally)
}

async function titleOf(ledger: Ledger) {
  const stored = await row(ledger)
  return stored.title
}

async function genreIds(ledger: Ledger) {
  const rows = await db.from('ledger_genre').where('ledger_id', ledger.id)
  return rows.map((entry: any) => Number(entry.genre_id)).sort((a: number, b: number) => a - b)
}

function auditRows() {
  return db.from('kit_audit_entries').where('resource', 'ledgers')
}

function errorsOf(response: any): [string, string][] {
  return response
    .body()
    .errors.map((error: any) => [error.field, error.rule])
    .sort()
}

/**
 * Committed writes (concurrent requests): the group removes what it wrote.
 */
function committedLedgers(group: Group) {
  group.each.timeout(120_000)
  const users: number[] = []
  group.each.teardown(async () => {
    await db.from('ledger_genre').delete()
    await db.from('ledgers').delete()
    await db.from('genres').delete()
    await db.from('kit_audit_entries').delete()
    if (users.length) {
      await db.from('users').whereIn('id', users.splice(0)).delete()
    }
  })
  return async () => {
    const user = await createUser({ isAdmin: true })
    users.push(user.id)
    return user
  }
}

test.group('Optimistic locking | twenty editors', (group) => {
  const committedAdmin = committedLedgers(group)

  test('twenty editors saving as the renderer does lose nothing: every save answered "saved" is in the row', async ({
    client,
    assert,
  }) => {
    const user = await committedAdmin()
    const { ledger, drama, poetry } = await seedLedger()
    const EDITORS = 20
    const SAVES = 4

    /* each editor, SAVES times: load the edit page, add one to the tally
       (half of them also add their own token to the notes), submit the form
       as loaded */
    const saved: string[] = []
    const noted: string[] = []
    const refused: [string, string][][] = []
    const other: string[] = []
    await Promise.all(
      Array.from({ length: EDITORS }, async (_, editor) => {
        for (let attempt = 0; attempt < SAVES; attempt++) {
          const form = await loadForm(client, user, ledger)
          const token = `E${editor}.${attempt}`
          const notes = editor % 2 === 0
          const response = await save(client, user, ledger, form, {
            tally: Number(form.values.tally) + 1,
            ...(notes ? { notes: `${form.values.notes ?? ''} ${token}`.trim() } : {}),
          })
          if (response.status() === 200) {
            saved.push(token)
            if (notes) noted.push(token)
          } else if (response.status() === 422) {
            refused.push(errorsOf(response))
          } else {
            other.push(`${response.status()} ${response.text().slice(0, 200)}`)
          }
        }
      })
    )

    assert.deepEqual(other, [])
    assert.equal(saved.length + refused.length, EDITORS * SAVES)
    assert.isAbove(saved.length, 0)
    /* every refusal is a conflict on the tally (and the notes, when they
       changed meanwhile too), never on a field nobody touched (genres,
       keywords, dueOn, title) */
    for (const errors of refused) {
      assert.deepInclude(errors, ['tally', 'conflict'])
      assert.includeDeepMembers(
        [
          ['notes', 'conflict'],
          ['tally', 'conflict'],
        ],
        errors
      )
    }
    /* zero lost: the tally counts every accepted save, the notes hold each token */
    const stored = await row(ledger)
    const lost = saved.length - Number(stored.tally)
    assert.equal(lost, 0, `${saved.length} saves answered "saved", tally ${stored.tally}`)
    const tokens = String(stored.notes ?? '')
      .split(' ')
      .filter(Boolean)
    assert.sameMembers(tokens, noted)
    /* the untouched fields as they were */
    assert.equal(stored.title, 'Shared ledger')
    assert.deepEqual(JSON.parse(stored.keywords), ['alpha', 'beta'])
    assert.deepEqual(
      await genreIds(ledger),
      [drama.id, poetry.id].sort((a, b) => a - b)
    )
    /* one audit row per accepted save */
    assert.lengthOf(await auditRows().where('operation', 'update'), saved.length)
  }).timeout(180_000)
})

test.group('Optimistic locking | stale forms are merged or refused', (group) => {
  withDatabase(group)

  test('two editors of one version: fields changed by one each are both kept', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const first = await loadForm(client, admin, ledger)
    const second = await loadForm(client, admin, ledger)
    assert.equal(first.version, second.version)

    await expectStatus(save(client, admin, ledger, first, { title: 'Renamed' }), 200)
    await expectStatus(save(client, admin, ledger, second, { notes: 'Noted' }), 200)
    const stored = await row(ledger)
    assert.equal(stored.title, 'Renamed')
    assert.equal(stored.notes, 'Noted')
    assert.lengthOf(await auditRows(), 2)
  })

  test('both change one field, even to the same value: a conflict naming it; nothing written', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const first = await loadForm(client, admin, ledger)
    const second = await loadForm(client, admin, ledger)

    /* within one second: updated_at keeps whole seconds here */
    await expectStatus(save(client, admin, ledger, first, { tally: 1 }), 200)
    const before = await row(ledger)
    const refused = await save(client, admin, ledger, second, { tally: 1, title: 'Mine' })
    refused.assertStatus(422)
    assert.deepEqual(errorsOf(refused), [['tally', 'conflict']])
    assert.equal(refused.body().errors[0].message, en['field.error.conflict'])
    assert.deepEqual(await row(ledger), before)
    assert.lengthOf(await auditRows(), 1)
  })

  test('conflicts name only fields that differ: untouched genres, keywords and dates never', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger, drama, poetry, essays } = await seedLedger()
    const first = await loadForm(client, admin, ledger)
    const second = await loadForm(client, admin, ledger)
    const third = await loadForm(client, admin, ledger)
    assert.sameMembers(first.values.genres, [drama.id, poetry.id])

    /* the first editor changes the title and adds a genre */
    await expectStatus(
      save(client, admin, ledger, first, {
        title: 'First',
        genres: [drama.id, poetry.id, essays.id],
      }),
      200
    )

    /* the second changes the title too: only the title conflicts */
    const refused = await save(client, admin, ledger, second, { title: 'Second' })
    refused.assertStatus(422)
    assert.deepEqual(errorsOf(refused), [['title', 'conflict']])

    /* the third changes the notes only: merged, the genre added stays */
    await expectStatus(save(client, admin, ledger, third, { notes: 'Third' }), 200)
    const stored = await row(ledger)
    assert.equal(stored.title, 'First')
    assert.equal(stored.notes, 'Third')
    assert.deepEqual(JSON.parse(stored.keywords), ['alpha', 'beta'])
    assert.deepEqual(
      await genreIds(ledger),
      [drama.id, poetry.id, essays.id].sort((a, b) => a - b)
    )
  })

  test('a stale request without the values it was rendered with is a conflict on what it changes', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const form = await loadForm(client, admin, ledger)
    await expectStatus(save(client, admin, ledger, form, { title: 'Meanwhile' }), 200)
    const before = await row(ledger)
    const refused = await patch(client, admin, `${URL}/${ledger.id}`, {
      title: 'Meanwhile',
      notes: 'Mine',
      _kit_version: form.version,
    })
    refused.assertStatus(422)
    assert.deepEqual(errorsOf(refused), [['notes', 'conflict']])
    assert.deepEqual(await row(ledger), before)
  })

  test('kit(): a form opened before another save is merged or refused the same way', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const editor = kit(LedgerResource, { user: admin }).forEdit(ledger)
    await editor
    await kit(LedgerResource, { user: admin })
      .forEdit(ledger)
      .fillForm({ tally: 5 })
      .call('save')
      .assertHasNoFormErrors()
    await editor.fillForm({ tally: 5 }).call('save').assertConflict(['tally'])
    await editor.fillForm({ tally: 0, notes: 'Merged' }).call('save').assertHasNoFormErrors()
    const stored = await row(ledger)
    assert.equal(Number(stored.tally), 5)
    assert.equal(stored.notes, 'Merged')
  })
})

/**
 * The bodies a version check must refuse: empty, too long, a list, an
 * object, null, a boolean, and no version at all.
 */
const MALFORMED: [string, Record<string, unknown>][] = [
  ['missing', {}],
  ['empty', { _kit_version: '' }],
  ['too long', { _kit_version: 'v'.repeat(101) }],
  ['an array', { _kit_version: ['1'] }],
  ['an object', { _kit_version: { version: '1' } }],
  ['null', { _kit_version: null }],
  ['true', { _kit_version: true }],
]

test.group('Optimistic locking | a write without a usable version is refused', (group) => {
  withDatabase(group)

  for (const [name, version] of MALFORMED) {
    test(`an edit form whose version is ${name}: 422 asking to reload, the row unchanged`, async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      const { ledger } = await seedLedger()
      const form = await loadForm(client, admin, ledger)
      const before = await row(ledger)
      const response = await patch(client, admin, `${URL}/${ledger.id}`, {
        ...form.values,
        title: 'Overwritten',
        _kit_original: form.original,
        ...version,
      })
      response.assertStatus(422)
      assert.deepEqual(response.body().errors, [
        { field: '_kit_version', rule: 'version', message: en['record.error.version'] },
      ])
      assert.deepEqual(await row(ledger), before)
      assert.lengthOf(await auditRows(), 0)
    })

    test(`an editable cell whose version is ${name}: 422, the row unchanged`, async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      const { ledger } = await seedLedger()
      const before = await row(ledger)
      const response = await patch(client, admin, `${URL}/${ledger.id}/columns/title`, {
        value: 'Overwritten',
        ...version,
      })
      response.assertStatus(422)
      assert.deepEqual(response.body().errors, [
        { field: '_kit_version', rule: 'version', message: en['record.error.version'] },
      ])
      assert.deepEqual(await row(ledger), before)
      assert.lengthOf(await auditRows(), 0)
    })

    if (name !== 'missing') {
      test(`a resource accepting unversioned writes still refuses a version ${name}`, async ({
        client,
        assert,
      }) => {
        const admin = await createUser({ isAdmin: true })
        const { ledger } = await seedLedger()
        const before = await row(ledger)
        const response = await patch(client, admin, `/safety/api-ledgers/${ledger.id}`, {
          title: 'Overwritten',
          ...version,
        })
        response.assertStatus(422)
        assert.equal(response.body().errors[0].rule, 'version')
        assert.deepEqual(await row(ledger), before)
      })
    }
  }

  test('an Inertia form without a version goes back with the message above the form', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const before = await row(ledger)
    const response = await client
      .patch(`${URL}/${ledger.id}`)
      .json({ title: 'Overwritten' })
      .header('referer', `${URL}/${ledger.id}/edit`)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(303)
    response.assertHeader('location', `${URL}/${ledger.id}/edit`)
    response.assertFlashMessage('inputErrorsBag', { _kit_version: [en['record.error.version']] })
    assert.deepEqual(await row(ledger), before)
  })

  test('a resource that accepts unversioned writes applies a request without one', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const response = await patch(client, admin, `/safety/api-ledgers/${ledger.id}`, {
      title: 'From an API client',
    })
    response.assertStatus(200)
    assert.equal(await titleOf(ledger), 'From an API client')
  })

  test('an editable cell sent with the version its row was drawn with writes; a stale one is a conflict', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const page = await client.get(URL).withInertia().loginAs(admin)
    page.assertStatus(200)
    const drawn = page.inertiaProps.table.rows.find((entry: any) => entry.key === ledger.id)
    assert.isString(drawn.version)

    const cell = (value: string) =>
      patch(client, admin, `${URL}/${ledger.id}/columns/title`, {
        value,
        _kit_version: drawn.version,
      })
    await expectStatus(cell('First'), 200)
    const stale = await cell('Second')
    stale.assertStatus(422)
    assert.deepEqual(errorsOf(stale), [['title', 'conflict']])
    assert.equal(await titleOf(ledger), 'First')
  })

  test('kit(): editTableColumn() sends the version of the row as a table drawn now shows it', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    await kit(LedgerResource, { user: admin }).editTableColumn('title', ledger, 'Driven')
    assert.equal(await titleOf(ledger), 'Driven')
  })
})

/**
 * A row action as the list page sends it (JSON).
 */
function bump(client: any, user: User, ledger: Ledger, body: object, base = URL) {
  return client
    .post(`${base}/${ledger.id}/actions/bump`)
    .json(body)
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

/**
 * The version of a ledger's row as the list page draws it.
 */
async function drawnVersion(client: any, user: User, ledger: Ledger): Promise<string> {
  const page = await client.get(URL).withInertia().loginAs(user)
  page.assertStatus(200)
  return page.inertiaProps.table.rows.find((entry: any) => entry.key === ledger.id).version
}

test.group('Optimistic locking | row actions run on the row as it was drawn', (group) => {
  withDatabase(group)
  group.each.setup(() => {
    ledgerBumps.length = 0
  })

  for (const [name, version] of MALFORMED) {
    test(`a row action whose version is ${name}: 422 asking to reload, not run, the row unchanged`, async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      const { ledger } = await seedLedger()
      const before = await row(ledger)
      const response = await bump(client, admin, ledger, { by: 2, ...version })
      response.assertStatus(422)
      assert.deepEqual(response.body().errors, [
        { field: '_kit_version', rule: 'version', message: en['record.error.version'] },
      ])
      assert.deepEqual(ledgerBumps, [])
      assert.deepEqual(await row(ledger), before)
      assert.lengthOf(await auditRows(), 0)
    })

    if (name !== 'missing') {
      test(`a resource accepting unversioned writes still refuses a row action whose version is ${name}`, async ({
        client,
        assert,
      }) => {
        const admin = await createUser({ isAdmin: true })
        const { ledger } = await seedLedger()
        const before = await row(ledger)
        const response = await bump(
          client,
          admin,
          ledger,
          { by: 2, ...version },
          '/safety/api-ledgers'
        )
        response.assertStatus(422)
        assert.deepEqual(errorsOf(response), [['_kit_version', 'version']])
        assert.deepEqual(ledgerBumps, [])
        assert.deepEqual(await row(ledger), before)
      })
    }
  }

  test('the version is checked after authorization and before the action’s data', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const reader = await createUser()
    const { ledger } = await seedLedger()
    const before = await row(ledger)
    /* a user the action refuses: 403, whatever the version */
    await expectStatus(bump(client, reader, ledger, { by: 99 }), 403)
    /* invalid data without a version: only the version is answered */
    const refused = await bump(client, admin, ledger, { by: 99 })
    refused.assertStatus(422)
    assert.deepEqual(errorsOf(refused), [['_kit_version', 'version']])
    /* invalid data with the drawn version: the data's own error */
    const invalid = await bump(client, admin, ledger, {
      by: 99,
      _kit_version: await drawnVersion(client, admin, ledger),
    })
    invalid.assertStatus(422)
    assert.deepEqual(errorsOf(invalid), [['by', 'max']])
    assert.deepEqual(ledgerBumps, [])
    assert.deepEqual(await row(ledger), before)
  })

  test('a row action sent with the version its row was drawn with runs; on a row written since it is refused', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const drawn = await drawnVersion(client, admin, ledger)
    assert.isString(drawn)

    const run = await bump(client, admin, ledger, { by: 2, _kit_version: drawn })
    run.assertStatus(200)
    run.assertBody({ action: 'bump', message: 'Bumped Shared ledger' })
    assert.equal(await tallyOf(ledger), 2)
    assert.deepEqual(ledgerBumps, [ledger.id])

    /* the same drawn version again: the row was written since */
    const after = await row(ledger)
    const stale = await bump(client, admin, ledger, { by: 3, _kit_version: drawn })
    stale.assertStatus(422)
    assert.deepEqual(stale.body().errors, [
      { field: '_kit_version', rule: 'conflict', message: en['action.error.conflict'] },
    ])
    assert.deepEqual(ledgerBumps, [ledger.id])
    assert.deepEqual(await row(ledger), after)

    /* a row another person changed through an editable cell: refused too */
    const redrawn = await drawnVersion(client, admin, ledger)
    await expectStatus(
      patch(client, admin, `${URL}/${ledger.id}/columns/title`, {
        value: 'Renamed',
        _kit_version: redrawn,
      }),
      200
    )
    const afterCell = await row(ledger)
    await expectStatus(bump(client, admin, ledger, { by: 1, _kit_version: redrawn }), 422)
    assert.deepEqual(await row(ledger), afterCell)
    assert.deepEqual(ledgerBumps, [ledger.id])
  })

  test('over Inertia, a row action on a row written since goes back with the reload message', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const drawn = await drawnVersion(client, admin, ledger)
    await db.from('ledgers').where('id', ledger.id).update({ notes: 'Changed elsewhere' })
    const before = await row(ledger)
    const response = await client
      .post(`${URL}/${ledger.id}/actions/bump`)
      .json({ by: 1, _kit_version: drawn })
      .header('referer', URL)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', URL)
    response.assertFlashMessage('inputErrorsBag', { _kit_version: [en['action.error.conflict']] })
    assert.deepEqual(await row(ledger), before)
    assert.deepEqual(ledgerBumps, [])
  })

  test('a resource that accepts unversioned writes runs a row action sent without one', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const response = await bump(client, admin, ledger, { by: 4 }, '/safety/api-ledgers')
    response.assertStatus(200)
    assert.equal(await tallyOf(ledger), 4)
    assert.deepEqual(ledgerBumps, [ledger.id])
  })

  test('rows carry their version when the table has hosted row actions and no editable column', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const page = await client.get('/admin/articles').withInertia().loginAs(owner)
    page.assertStatus(200)
    const drawn = page.inertiaProps.table.rows.find((entry: any) => entry.key === article.id)
    assert.equal(drawn.version, await versionAt(`/admin/articles/${article.id}/actions/publish`))
  })

  test('a record page’s header action carries the page’s version: missing is refused, stale is a conflict', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const project = await createProject(owner, { visibility: 'public', summary: 'Original' })
    const url = `/admin/projects/actions/stamp?_kit_page=view&_kit_record=${project.id}`
    const view = await client.get(`/admin/projects/${project.id}`).withInertia().loginAs(owner)
    view.assertStatus(200)
    const drawn = view.inertiaProps.record.version
    assert.isString(drawn)
    const send = (body: object) =>
      client.post(url).json(body).withCsrfToken().accept('json').loginAs(owner)

    const missing = await send({})
    missing.assertStatus(422)
    assert.deepEqual(errorsOf(missing), [['_kit_version', 'version']])
    await project.refresh()
    assert.equal(project.summary, 'Original')

    /* the project written since the page was drawn */
    await db.from('projects').where('id', project.id).update({ name: 'Renamed elsewhere' })
    const stale = await send({ _kit_version: drawn })
    stale.assertStatus(422)
    assert.deepEqual(errorsOf(stale), [['_kit_version', 'conflict']])
    await project.refresh()
    assert.equal(project.summary, 'Original')

    /* the page drawn again: its version runs the action */
    const redrawn = await client.get(`/admin/projects/${project.id}`).withInertia().loginAs(owner)
    await expectStatus(send({ _kit_version: redrawn.inertiaProps.record.version }), 200)
    await project.refresh()
    assert.equal(project.summary, 'Stamped')
  })

  test('kit(): callTableAction() sends the version of the row as the chain last drew it', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    await kit(LedgerResource, { user: admin })
      .callTableAction('bump', ledger, { by: 2 })
      .assertTableActionSucceeded()
    assert.equal(await tallyOf(ledger), 2)

    /* a table drawn, then the row written elsewhere: the action is refused */
    const chain = kit(LedgerResource, { user: admin }).assertCanSeeTableRecords([ledger])
    await chain
    await db.from('ledgers').where('id', ledger.id).update({ notes: 'Changed elsewhere' })
    await chain
      .callTableAction('bump', ledger, { by: 2 })
      .assertHasTableActionErrors({ _kit_version: 'conflict' })
    assert.equal(await tallyOf(ledger), 2)
    assert.deepEqual(ledgerBumps, [ledger.id])
  })
})

test.group('Optimistic locking | versions', (group) => {
  withDatabase(group)

  test('the default version is a digest of the row: it moves with every write, within one second', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const versions = new Set<string>()
    for (let index = 1; index <= 3; index++) {
      const form = await loadForm(client, admin, ledger)
      versions.add(form.version)
      await expectStatus(save(client, admin, ledger, form, { tally: index }), 200)
    }
    assert.equal(versions.size, 3)
    assert.deepEqual(versionKind({ declaration: new LedgerResource(), model: Ledger, name: 'x' }), {
      kind: 'row',
    })
  })

  test('the digest tells nothing about the row: it is signed, and carries no value', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const { ledger } = await seedLedger()
    const form = await loadForm(client, admin, ledger)
    assert.match(form.version, /^[\w-]{43}$/)
    assert.notInclude(form.version, 'Shared')
  })

  test('a timestamp version on a connection that keeps whole seconds is a boot warning naming the resource and the fix', async ({
    assert,
  }) => {
    const resource = new TimestampLedgerResource()
    const source = { declaration: resource, model: Ledger, name: 'TimestampLedgerResource' }
    const message = versionPrecisionWarning(source)
    const dialect = Ledger.$adapter.modelConstructorClient(Ledger).dialect.name
    if (dialect === 'postgres') {
      assert.isNull(message)
      return
    }
    assert.include(message, 'TimestampLedgerResource.versionColumn "updatedAt" is a timestamp')
    assert.include(message, 'lock_version')

    const entries: KitDebugEntry[] = []
    const stop = onKitDebug((entry) => entries.push(entry))
    try {
      checkVersions({ resource, relations: { byName: new Map() } } as any)
    } finally {
      stop()
    }
    assert.deepEqual(
      entries.map((entry) => [entry.event, entry.message]),
      [['version-precision', message]]
    )
    /* the default version never warns */
    assert.isNull(
      versionPrecisionWarning({ declaration: new LedgerResource(), model: Ledger, name: 'x' })
    )
  })

  test('a versionColumn the model lacks fails at boot, naming the resource and the member', async ({
    assert,
  }) => {
    class Broken extends LedgerResource {
      versionColumn = 'lockVersion'
    }
    assert.throws(
      () => checkVersions({ resource: new Broken(), relations: { byName: new Map() } } as any),
      'Broken.versionColumn "lockVersion" is not a column of Ledger'
    )
    try {
      checkVersions({ resource: new Broken(), relations: { byName: new Map() } } as any)
    } catch (error) {
      assert.instanceOf(error, KitConfigurationException)
    }
  })
})
