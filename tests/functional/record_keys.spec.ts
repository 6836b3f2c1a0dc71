import { test } from '@japa/runner'
import { AuditLog, Ticket, createTicket, createUser, snapshot, withDatabase } from '../helpers.ts'
import { kit } from '../../src/testing/japa_plugin.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'

/**
 * The exported record functions (findRecord, updateRecord, deleteRecord) in
 * a hand-written JSON endpoint (tests/app/start/routes.ts): a key is a key,
 * whether the JSON carries it as a number or as a string.
 */
test.group('Record keys | numbers and numeric strings', (group) => {
  withDatabase(group)

  test('findRecord finds an existing row by a numeric key and by its string', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Printer jam' })

    for (const key of [ticket.id, String(ticket.id)]) {
      const response = await client
        .post('/json/tickets/find')
        .json({ key })
        .withCsrfToken()
        .loginAs(owner)
      response.assertStatus(200)
      assert.deepEqual(response.body(), { id: ticket.id, subject: 'Printer jam' })
    }
  })

  test('updateRecord updates the row a numeric key names', async ({ client, assert }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Printer jam', priority: 1 })
    const other = await createTicket(owner, { subject: 'Other', priority: 1 })

    const response = await client
      .post('/json/tickets/update')
      .json({ key: ticket.id, subject: 'Printer fixed', priority: 3 })
      .withCsrfToken()
      .loginAs(owner)
    response.assertStatus(200)
    assert.deepEqual(response.body(), { id: ticket.id, subject: 'Printer fixed' })

    await ticket.refresh()
    await other.refresh()
    assert.equal(ticket.subject, 'Printer fixed')
    assert.equal(ticket.priority, 3)
    assert.equal(other.subject, 'Other')
    const logs = await AuditLog.query().where('event', 'updated')
    assert.deepEqual(
      logs.map((log) => log.subject),
      ['Printer fixed']
    )
  })

  test('deleteRecord deletes the row a numeric key names, and only it', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const ticket = await createTicket(admin)
    const kept = await createTicket(admin)

    const response = await client
      .post('/json/tickets/delete')
      .json({ key: ticket.id })
      .withCsrfToken()
      .loginAs(admin)
    response.assertStatus(200)
    assert.isNull(await Ticket.find(ticket.id))
    const remaining = await Ticket.all()
    assert.deepEqual(
      remaining.map((row) => row.id),
      [kept.id]
    )
  })

  test('numbers are still checked against recordKeyType and the scope', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const stranger = await createUser()
    const ticket = await createTicket(owner, { subject: 'Mine' })
    const before = await snapshot(Ticket)

    /* of the wrong shape for an integer key: 404 before any SQL */
    for (const key of [0, -1, 1.5, 2_147_483_648, Number.NaN, null, true, [ticket.id], '']) {
      for (const path of ['find', 'update', 'delete']) {
        const response = await client
          .post(`/json/tickets/${path}`)
          .json({ key, subject: 'Changed' })
          .withCsrfToken()
          .loginAs(owner)
        assert.equal(response.status(), 404, `${path} ${JSON.stringify(key)}`)
      }
    }

    /* outside the scope (another owner's ticket): 404 as a string key is */
    for (const key of [ticket.id, String(ticket.id)]) {
      const response = await client
        .post('/json/tickets/update')
        .json({ key, subject: 'Taken over' })
        .withCsrfToken()
        .loginAs(stranger)
      response.assertStatus(404)
    }
    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('the kit() driver takes numbers and numeric strings as keys too', async ({ assert }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Printer jam', priority: 1 })
    const other = await createTicket(owner, { subject: 'Other', priority: 1 })

    await kit(TicketResource, { user: owner })
      .forEdit(ticket.id)
      .fillForm({ subject: 'Printer fixed' })
      .call('save')
      .assertHasNoFormErrors()
    await kit(TicketResource, { user: owner })
      .forEdit(String(other.id))
      .fillForm({ priority: 4 })
      .call('save')
      .assertHasNoFormErrors()

    await ticket.refresh()
    await other.refresh()
    assert.equal(ticket.subject, 'Printer fixed')
    assert.equal(other.priority, 4)
    assert.equal(other.subject, 'Other')
  })
})
