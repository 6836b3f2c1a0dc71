import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { Ticket, createTicket, createUser, snapshot, withDatabase } from '../helpers.ts'
import type User from '../app/app/models/user.ts'

/* the live tickets of tests/app (live_ticket_resource.ts), mounted at /live */
const STATE = '/live/live-tickets/state'
const STORE = '/live/live-tickets'

function postJson(client: ApiClient, user: User, body: unknown, url = STATE) {
  return client.post(url).json(body).accept('json').withCsrfToken().loginAs(user)
}

function field(body: any, name: string) {
  return body.fields.find((entry: { name: string }) => entry.name === name)
}

test.group('Live fields: the form state endpoint', (group) => {
  withDatabase(group)

  test("runs the changed field's hook, answers its values and every field's state, writes nothing", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const ticket = await createTicket(user, { subject: 'Kept', priority: 1 })
    const before = await snapshot(Ticket)

    const response = await postJson(client, user, {
      values: { subject: 'URGENT printer', status: 'open', priority: '' },
      changed: 'subject',
      old: '',
    })
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.values, { priority: '5' })
    assert.deepEqual(
      field(body, 'priority').options.map((option: { value: string }) => option.value),
      ['1', '2', '3', '4', '5']
    )
    assert.isFalse(field(body, 'priority').required)
    assert.deepEqual(field(body, 'subject').live, { onBlur: true, debounce: 300 })

    /* the status decides: closed offers two priorities and requires one */
    const closed = await postJson(client, user, {
      values: { subject: 'Printer', status: 'closed', priority: '' },
      changed: 'status',
    })
    closed.assertStatus(200)
    assert.deepEqual(closed.body().values, {})
    const priority = field(closed.body(), 'priority')
    assert.deepEqual(
      priority.options.map((option: { value: string }) => option.value),
      ['1', '2']
    )
    assert.isTrue(priority.required)
    assert.deepInclude(priority.visibleWhen, { field: 'priority', values: null, initial: true })

    /* held hides it */
    const held = await postJson(client, user, {
      values: { subject: 'Printer', status: 'held' },
      changed: 'status',
    })
    assert.deepInclude(field(held.body(), 'priority').visibleWhen, {
      field: 'priority',
      values: null,
      initial: false,
    })

    /* the edit form's state: the record is the hook's */
    const edit = await postJson(
      client,
      user,
      { values: { subject: 'Edited', status: 'open' }, changed: 'subject' },
      `${STATE}?_kit_record=${ticket.id}`
    )
    edit.assertStatus(200)
    assert.deepEqual(edit.body().values, { priority: '3' })

    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('fields the form does not have, hidden ones and non-live ones are ignored', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const before = await snapshot(Ticket)

    /* the hook sees neither the hidden ownerId nor an unknown field, and
       its set() of them is dropped */
    const response = await postJson(client, user, {
      values: { subject: 'Printer', status: 'open', ownerId: 42, bogus: 'yes' },
      changed: 'subject',
    })
    response.assertStatus(200)
    assert.deepEqual(response.body().values, { priority: '2' })
    assert.notExists(field(response.body(), 'ownerId'))

    /* a field the form does not have, a hidden one, a field that is not live:
       no hook runs */
    for (const changed of ['bogus', 'ownerId', 'priority']) {
      const ignored = await postJson(client, user, {
        values: { subject: 'URGENT', status: 'open', [changed]: 'x' },
        changed,
      })
      ignored.assertStatus(200)
      assert.deepEqual(ignored.body().values, {})
    }

    /* a value posted for a field hidden by its closure: the hook does not run */
    const hiddenChange = await postJson(client, user, {
      values: { subject: 'URGENT', status: 'held', priority: '4' },
      changed: 'priority',
    })
    assert.deepEqual(hiddenChange.body().values, {})

    /* malformed bodies: 422 with field errors */
    const malformed = await postJson(client, user, { values: ['a'], changed: 3 })
    malformed.assertStatus(422)
    assert.sameMembers(
      malformed.body().errors.map((error: { field: string }) => error.field),
      ['values', 'changed']
    )
    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('a form the user may not open is a 403, a record outside the scope a 404', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const reader = await createUser({ fullName: 'Read Only' })
    const ticket = await createTicket(owner, { subject: 'Mine' })
    const before = await snapshot(Ticket)
    const body = { values: { subject: 'URGENT', status: 'open' }, changed: 'subject' }

    const create = await postJson(client, reader, body)
    create.assertStatus(403)
    assert.notProperty(create.body(), 'values')

    /* outside the scope: another owner's ticket, a key that does not exist */
    for (const key of [ticket.id, 999_999, 'abc']) {
      const response = await postJson(client, other, body, `${STATE}?_kit_record=${key}`)
      response.assertStatus(404)
    }

    /* the owner who may not update it: 403 */
    await Ticket.query().where('id', ticket.id).update({ owner_id: reader.id })
    const edit = await postJson(client, reader, body, `${STATE}?_kit_record=${ticket.id}`)
    edit.assertStatus(403)
    await Ticket.query().where('id', ticket.id).update({ owner_id: owner.id })

    /* without the CSRF token: refused, nothing answered */
    const forged = await client.post(STATE).json(body).accept('json').loginAs(owner)
    assert.notEqual(forged.status(), 200)
    assert.notProperty(forged.body() ?? {}, 'fields')

    /* a guest */
    const guest = await client.post(STATE).json(body).accept('json').withCsrfToken()
    assert.include([401, 302, 403], guest.status())

    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('the save validates against the resolved state: hidden is not written, required is required', async ({
    client,
    assert,
  }) => {
    const user = await createUser()

    /* held: the priority is hidden by its closure, a posted one is not written */
    const held = await postJson(
      client,
      user,
      { subject: 'Held ticket', status: 'held', priority: 4 },
      STORE
    )
    held.assertStatus(201)
    const saved = await Ticket.findByOrFail('subject', 'Held ticket')
    assert.equal(saved.priority, 1)

    /* closed: the priority is required, and must be one of the closed options */
    const before = await snapshot(Ticket)
    const missing = await postJson(
      client,
      user,
      { subject: 'Closed ticket', status: 'closed' },
      STORE
    )
    missing.assertStatus(422)
    assert.deepInclude(missing.body().errors, {
      field: 'priority',
      rule: 'required',
      message: 'This field is required',
    })
    const outside = await postJson(
      client,
      user,
      { subject: 'Closed ticket', status: 'closed', priority: 5 },
      STORE
    )
    outside.assertStatus(422)
    assert.equal(
      outside.body().errors.find((error: { field: string }) => error.field === 'priority').rule,
      'select'
    )
    assert.deepEqual(await snapshot(Ticket), before)

    /* open: optional, any of the five */
    const open = await postJson(
      client,
      user,
      { subject: 'Open ticket', status: 'open', priority: 5 },
      STORE
    )
    open.assertStatus(201)
    const openTicket = await Ticket.findByOrFail('subject', 'Open ticket')
    assert.equal(openTicket.priority, 5)
  })

  test('the form carries the state URL and the reactive state of its fields', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const ticket = await createTicket(user, { status: 'closed', priority: 2 })
    const create = await client
      .get('/live/live-tickets/create')
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .loginAs(user)
    create.assertStatus(200)
    const form = create.body().props.form
    assert.equal(form.stateUrl, STATE)
    const edit = await client
      .get(`/live/live-tickets/${ticket.id}/edit`)
      .header('x-inertia', 'true')
      .header('x-inertia-version', '1')
      .loginAs(user)
    const editForm = edit.body().props.form
    assert.equal(editForm.stateUrl, `${STATE}?_kit_record=${ticket.id}`)
    const priority = editForm.fields.find((entry: { name: string }) => entry.name === 'priority')
    assert.isTrue(priority.required)
    assert.lengthOf(priority.options, 2)
  })
})
