import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import { KitAssertionError } from '../../src/testing/kit_driver.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import {
  BoardResource,
  LooseDocumentResource,
  TaskResource,
} from '../app/app/resources/tenancy_resources.ts'
import Document from '../app/app/models/document.ts'
import Board from '../app/app/models/board.ts'
import Task from '../app/app/models/task.ts'
import { twoTenants } from '../fixtures/tenancy.ts'
import {
  AuditLog,
  Ticket,
  createPost,
  createTicket,
  createUser,
  snapshot,
  withDatabase,
  versionedBody,
} from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

/**
 * The errors a kit() submission failed with (read from the failure of
 * assertHasNoFormErrors, which carries them as `actual`).
 */
async function kitErrors(chain: PromiseLike<unknown>) {
  try {
    await chain
  } catch (error) {
    if (error instanceof KitAssertionError) return error.actual
    throw error
  }
  return []
}

/* a row action sends the version its row was drawn with */
async function post(client: any, user: any, url: string, body: Record<string, unknown> = {}) {
  return client
    .post(url)
    .json(await versionedBody(url, body))
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

function rowsWithoutKeys(rows: any[]) {
  return rows.map(({ id: _id, ...rest }) => rest)
}

test.group('kit() driver | same answers as the HTTP routes', (group) => {
  withDatabase(group)

  test('the table: same rows, columns, actions and pagination for each user and state', async ({
    client,
    assert,
  }) => {
    const author = await createUser({ fullName: 'Ada' })
    const reader = await createUser()
    const admin = await createUser({ isAdmin: true })
    await createPost(author, { title: 'Adonis tips', status: 'published' })
    await createPost(author, { title: 'Adonis draft', status: 'draft' })
    await createPost(reader, { title: 'Gardening', status: 'published' })

    const scenarios = [
      { qs: {}, apply: (driver: any) => driver },
      { qs: { search: 'adonis' }, apply: (driver: any) => driver.searchTable('adonis') },
      {
        qs: { filters: { status: 'draft' } },
        apply: (driver: any) => driver.filterTable('status', 'draft'),
      },
      {
        qs: { sort: 'title', direction: 'desc' },
        apply: (driver: any) => driver.sortTable('title', 'desc'),
      },
    ]
    for (const user of [author, reader, admin]) {
      for (const scenario of scenarios) {
        const response = await client
          .get('/admin/posts')
          .qs(scenario.qs)
          .withInertia()
          .loginAs(user)
        const table = await scenario.apply(kit(PostResource, { user })).table()
        assert.deepEqual(table, response.inertiaProps.table, JSON.stringify(scenario.qs))
      }
    }
  })

  test('a create: same errors for bad input, same rows and hooks for good input', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const bad = { subject: 'x', status: 'pending', priority: 9 }

    const refused = await post(client, user, '/desk/tickets', bad)
    refused.assertStatus(422)
    const errors = await kitErrors(
      kit(TicketResource, { user }).fillForm(bad).call('create').assertHasNoFormErrors()
    )
    assert.deepEqual(
      errors,
      refused.body().errors.map(({ field, rule, message }: any) => ({ field, rule, message }))
    )
    assert.lengthOf(errors as unknown[], 3)
    assert.lengthOf(await Ticket.all(), 0)

    const good = { subject: '  Same input  ', status: 'open', priority: 2 }
    const created = await post(client, user, '/desk/tickets', good)
    assert.equal(created.status(), 201)
    await kit(TicketResource, { user }).fillForm(good).call('create').assertHasNoFormErrors()

    const [overHttp, overKit] = rowsWithoutKeys(await snapshot(Ticket))
    assert.deepEqual(overKit, overHttp)
    assert.deepEqual(overHttp, {
      subject: 'Same input',
      status: 'open',
      priority: 2,
      ownerId: user.id,
    })
    const logs = await AuditLog.query().orderBy('id')
    assert.deepEqual(
      logs.map((log) => [log.event, log.subject]),
      [
        ['created', 'Same input'],
        ['created', 'Same input'],
      ]
    )
  })

  test('empty and blank strings: the same errors over HTTP and through kit() ({$i})')
    .with([
      { subject: '', status: 'open', priority: 2 },
      { subject: '   ', status: '', priority: '' },
      { subject: ' \t ', status: 'open', priority: 2 },
    ])
    .run(async ({ client, assert }, input) => {
      const user = await createUser()
      const refused = await post(client, user, '/desk/tickets', input)
      refused.assertStatus(422)
      const overHttp = refused
        .body()
        .errors.map(({ field, rule, message }: any) => ({ field, rule, message }))
      /* the body parser made "" and "   " null: `required`, not `minLength` */
      assert.deepInclude(overHttp, {
        field: 'subject',
        rule: 'required',
        message: 'The Subject field must be defined',
      })

      const overKit = await kitErrors(
        kit(TicketResource, { user }).fillForm(input).call('create').assertHasNoFormErrors()
      )
      assert.deepEqual(overKit, overHttp)
      assert.lengthOf(await Ticket.all(), 0)
    })

  test('an editable column normalizes input as HTTP does', async ({ client, assert }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Kept' })
    const before = await snapshot(Ticket)

    const overHttp = await client
      .patch(`/desk/tickets/${ticket.id}/columns/subject`)
      .json(await versionedBody(`/desk/tickets/${ticket.id}/columns/subject`, { value: '  ' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    overHttp.assertStatus(422)
    const overKit = await kitErrors(
      kit(TicketResource, { user: owner })
        .editTableColumn('subject', ticket, '  ')
        .assertHasNoFormErrors()
    )
    assert.deepEqual(
      overKit,
      overHttp.body().errors.map(({ field, rule, message }: any) => ({ field, rule, message }))
    )
    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('an update: same refusals, same writes', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const first = await createTicket(owner, { subject: 'First', priority: 1 })
    const second = await createTicket(owner, { subject: 'Second', priority: 1 })
    const before = await snapshot(Ticket)

    /* outside the scoped query: 404 over HTTP, "outside the scoped query" in kit() */
    const hidden = await client
      .patch(`/desk/tickets/${first.id}`)
      .json(await versionedBody(`/desk/tickets/${first.id}`, { subject: 'Hijack' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(other)
    hidden.assertStatus(404)
    assert.include(
      await failureOf(
        kit(TicketResource, { user: other })
          .forEdit(first)
          .fillForm({ subject: 'Hijack' })
          .call('save')
      ),
      "answered E_KIT_NOT_FOUND (Record not found): it is outside TicketResource's scoped query"
    )
    assert.deepEqual(await snapshot(Ticket), before)

    const patched = await client
      .patch(`/desk/tickets/${first.id}`)
      .json(
        await versionedBody(`/desk/tickets/${first.id}`, {
          subject: 'Renamed',
          status: 'closed',
          priority: 4,
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    assert.equal(patched.status(), 200)
    await kit(TicketResource, { user: owner })
      .forEdit(second)
      .fillForm({ subject: 'Renamed', status: 'closed', priority: 4 })
      .call('save')
      .assertHasNoFormErrors()
    const [a, b] = rowsWithoutKeys(await snapshot(Ticket))
    assert.deepEqual(a, b)
  })

  test('an editable column and a delete: same errors, same writes', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const owner = await createUser()
    const overHttp = await createTicket(owner, { subject: 'Twin' })
    const overKit = await createTicket(owner, { subject: 'Twin' })

    const invalid = await client
      .patch(`/desk/tickets/${overHttp.id}/columns/subject`)
      .json(await versionedBody(`/desk/tickets/${overHttp.id}/columns/subject`, { value: 'x' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    invalid.assertStatus(422)
    const errors = await kitErrors(
      kit(TicketResource, { user: owner })
        .editTableColumn('subject', overKit, 'x')
        .assertHasNoFormErrors()
    )
    assert.deepEqual(
      errors,
      invalid.body().errors.map(({ field, rule, message }: any) => ({ field, rule, message }))
    )

    const edited = await client
      .patch(`/desk/tickets/${overHttp.id}/columns/subject`)
      .json(
        await versionedBody(`/desk/tickets/${overHttp.id}/columns/subject`, { value: ' Renamed ' })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    edited.assertStatus(200)
    await kit(TicketResource, { user: owner })
      .editTableColumn('subject', overKit, ' Renamed ')
      .assertHasNoFormErrors()
    const [a, b] = rowsWithoutKeys(await snapshot(Ticket))
    assert.deepEqual(a, b)
    assert.equal(a.subject, 'Renamed')

    /* delete: refused for the owner on both paths, done for the admin on both */
    const before = await snapshot(Ticket)
    const refused = await client
      .delete(`/desk/tickets/${overHttp.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
    refused.assertStatus(403)
    assert.include(
      await failureOf(
        kit(TicketResource, { user: owner })
          .mountTableAction('delete', overKit)
          .callMountedTableAction()
      ),
      'was denied'
    )
    assert.deepEqual(await snapshot(Ticket), before)

    const deleted = await client
      .delete(`/desk/tickets/${overHttp.id}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    assert.equal(deleted.status(), 200)
    await kit(TicketResource, { user: admin })
      .mountTableAction('delete', overKit)
      .callMountedTableAction()
      .assertTableActionSucceeded()
    assert.lengthOf(await Ticket.all(), 0)
  })

  test('a row action: same result, same halt, same cancellation, same denial', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser({ isAdmin: false })
    const overHttp = await createTicket(owner, { subject: 'Twin' })
    const overKit = await createTicket(owner, { subject: 'Twin' })

    /* cancelled: both roll back and say so */
    const cancelled = await post(client, owner, `/desk/tickets/${overHttp.id}/actions/close`, {
      reason: 'never mind',
    })
    cancelled.assertStatus(200)
    cancelled.assertBody({ action: 'close', cancelled: true, message: 'Kept open' })
    await kit(TicketResource, { user: owner })
      .mountTableAction('close', overKit)
      .fillTableActionForm({ reason: 'never mind' })
      .callMountedTableAction()
      .assertTableActionCancelled('Kept open')
    const tickets = await Ticket.query().orderBy('id')
    assert.deepEqual(
      tickets.map((ticket) => ticket.status),
      ['open', 'open']
    )
    assert.lengthOf(await AuditLog.all(), 0)

    /* succeeded: same message, same writes */
    const closed = await post(client, owner, `/desk/tickets/${overHttp.id}/actions/close`, {
      reason: 'fixed',
    })
    closed.assertBody({ action: 'close', message: 'Closed Twin' })
    let result: unknown
    await kit(TicketResource, { user: owner })
      .mountTableAction('close', overKit)
      .fillTableActionForm({ reason: 'fixed' })
      .callMountedTableAction()
      .assertTableActionSucceeded((value) => (result = value))
    assert.equal(result, closed.body().message)
    const [a, b] = rowsWithoutKeys(await snapshot(Ticket))
    assert.deepEqual(a, b)

    /* halted: the ticket is already closed */
    const halted = await post(client, owner, `/desk/tickets/${overHttp.id}/actions/close`, {
      reason: 'again',
    })
    halted.assertBody({ action: 'close', halted: true, message: 'Already closed' })
    await kit(TicketResource, { user: owner })
      .mountTableAction('close', overKit)
      .fillTableActionForm({ reason: 'again' })
      .callMountedTableAction()
      .assertTableActionHalted('Already closed')

    /* denied and outside the scope: 404 over HTTP (the scoped query), the same in kit() */
    const before = await snapshot(Ticket)
    const outside = await post(client, other, `/desk/tickets/${overHttp.id}/actions/close`, {
      reason: 'mine now',
    })
    outside.assertStatus(404)
    assert.include(
      await failureOf(
        kit(TicketResource, { user: other })
          .mountTableAction('close', overKit)
          .fillTableActionForm({ reason: 'mine now' })
          .callMountedTableAction()
      ),
      'answered E_KIT_NOT_FOUND'
    )
    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('a halted or cancelled action over HTML redirects back with a warning', async ({
    client,
  }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { status: 'closed' })
    const response = await client
      .post(`/desk/tickets/${ticket.id}/actions/close`)
      .form(await versionedBody(`/desk/tickets/${ticket.id}/actions/close`, { reason: 'again' }))
      .withCsrfToken()
      .header('referer', '/desk/tickets')
      .redirects(0)
      .loginAs(owner)
    response.assertStatus(302)
    response.assertHeader('location', '/desk/tickets')
    response.assertFlashMessage('warning', 'Already closed')
  })

  test('header and bulk actions: same results, same denials', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const owner = await createUser()

    const announced = await post(client, admin, '/desk/tickets/actions/announce?_kit_page=index', {
      message: 'Hello',
    })
    let result: unknown
    await kit(TicketResource, { user: admin })
      .callTableHeaderAction('announce', { message: 'Hello' })
      .assertTableActionSucceeded((value) => (result = value))
    assert.equal(result, announced.body().message)

    const denied = await post(client, owner, '/desk/tickets/actions/announce?_kit_page=index', {
      message: 'Hello',
    })
    denied.assertStatus(403)
    assert.include(
      await failureOf(
        kit(TicketResource, { user: owner }).callTableHeaderAction('announce', { message: 'Hello' })
      ),
      '(E_KIT_FORBIDDEN: This action is unauthorized)'
    )
    assert.lengthOf(await AuditLog.all(), 2)

    const mine = await createTicket(admin, { status: 'closed' })
    const theirs = await createTicket(owner, { status: 'closed' })
    const bulk = await post(client, admin, '/desk/tickets/bulk-actions/reopen', {
      records: [mine.id, theirs.id],
    })
    await mine.merge({ status: 'closed' }).save()
    let summary: any
    await kit(TicketResource, { user: admin })
      .selectTableRecords([mine, theirs])
      .callTableBulkAction('reopen')
      .assertTableActionSucceeded((value) => (summary = value))
    assert.deepEqual(
      { action: summary.action, affected: summary.affected, refused: summary.refused },
      { action: 'reopen', affected: 1, refused: 1 }
    )
    assert.deepEqual(bulk.body(), { ...summary, message: '1 ticket processed. 1 refused.' })
  })
})

test.group(
  'kit() driver | same answers as the HTTP routes, in a tenant and under a parent',
  (group) => {
    withDatabase(group)

    test('a tenant-scoped table: same rows for each member; same refusals outside the tenant', async ({
      client,
      assert,
    }) => {
      const { alice, bob, acme, globex, hammock } = await twoTenants()

      for (const [user, tenant] of [
        [alice, acme],
        [bob, globex],
      ] as const) {
        for (const [qs, apply] of [
          [{}, (driver: any) => driver],
          [{ search: 'apo' }, (driver: any) => driver.searchTable('apo')],
          [{ sort: 'name', direction: 'desc' }, (driver: any) => driver.sortTable('name', 'desc')],
        ] as const) {
          const response = await client
            .get(`/${tenant.slug}/app/boards`)
            .qs(qs)
            .withInertia()
            .loginAs(user)
          response.assertStatus(200)
          const table = await apply(kit(BoardResource, { user }).forTenant(tenant)).table()
          assert.deepEqual(
            table,
            response.inertiaProps.table,
            `${tenant.slug} ${JSON.stringify(qs)}`
          )
          if (!('search' in qs)) assert.isAbove(table.rows.length, 0)
        }
      }

      /* another tenant's record: 404 over HTTP, E_KIT_NOT_FOUND in kit() */
      const before = await snapshot(Board)
      const hidden = await client
        .patch(`/acme/app/boards/${hammock.id}`)
        .json(await versionedBody(`/acme/app/boards/${hammock.id}`, { name: 'Hijack' }))
        .withCsrfToken()
        .accept('json')
        .loginAs(alice)
      hidden.assertStatus(404)
      assert.include(
        await failureOf(
          kit(BoardResource, { user: alice, tenant: acme })
            .forEdit(hammock)
            .fillForm({ name: 'Hijack' })
            .call('save')
        ),
        'answered E_KIT_NOT_FOUND (Record not found)'
      )
      await kit(BoardResource, { user: alice, tenant: acme }).assertRecordOutsideTenant(hammock)

      /* a tenant the user is not a member of: 404 over HTTP, refused in kit() */
      const outsider = await client.get('/globex/app/boards').accept('json').loginAs(alice)
      outsider.assertStatus(404)
      assert.include(
        await failureOf(kit(BoardResource, { user: alice }).forTenant(globex).table()),
        'its routes answer E_KIT_NOT_FOUND (Tenant not found)'
      )
      assert.deepEqual(await snapshot(Board), before)
    })

    test('a tenant-scoped resource without a tenant: E_KIT_NO_TENANT on both sides', async ({
      client,
      assert,
    }) => {
      const { alice, acme } = await twoTenants()
      const document = await Document.create({ title: 'Shared' })
      await document.related('teams').attach([acme.id])
      const before = await snapshot(Document)

      const list = await client.get('/loose/loose-documents').accept('json').loginAs(alice)
      list.assertStatus(403)
      assert.equal(list.body().errors[0].code, 'E_KIT_NO_TENANT')
      const created = await post(client, alice, '/loose/loose-documents', { title: 'x' })
      created.assertStatus(403)

      for (const chain of [
        kit(LooseDocumentResource, { user: alice }).assertCanSeeTableRecords([document]),
        kit(LooseDocumentResource, { user: alice }).forEdit(document),
        kit(LooseDocumentResource, { user: alice }).fillForm({ title: 'x' }).call('create'),
      ]) {
        assert.include(
          await failureOf(chain),
          'and the driver has no tenant, so reading is refused (E_KIT_NO_TENANT: No tenant is selected for this request)'
        )
      }
      assert.deepEqual(await snapshot(Document), before)
    })

    test('a tenant-scoped create: same errors inside the tenant, same rows written', async ({
      client,
      assert,
    }) => {
      const { alice, acme, globex } = await twoTenants()
      const duplicate = await post(client, alice, '/acme/app/boards', { name: 'Apollo' })
      duplicate.assertStatus(422)
      const errors = await kitErrors(
        kit(BoardResource, { user: alice, tenant: acme })
          .fillForm({ name: 'Apollo' })
          .call('create')
          .assertHasNoFormErrors()
      )
      assert.deepEqual(
        errors,
        duplicate.body().errors.map(({ field, rule, message }: any) => ({ field, rule, message }))
      )
      assert.lengthOf(errors as unknown[], 1)

      const boardsBefore = await snapshot(Board)
      const before = boardsBefore.length
      const created = await post(client, alice, '/acme/app/boards', {
        name: 'Mercury',
        teamId: globex.id,
      })
      assert.isBelow(created.status(), 400)
      await kit(BoardResource, { user: alice, tenant: acme })
        .fillForm({ name: 'Venus' })
        .call('create')
        .assertHasNoFormErrors()
      const boardsAfter = await snapshot(Board)
      const [overHttp, overKit] = boardsAfter
        .slice(before)
        .map(({ id: _id, name, ...rest }: any) => ({ ...rest, name }))
      assert.deepEqual({ ...overKit, name: 'Mercury' }, overHttp)
      assert.deepInclude(overHttp, { name: 'Mercury', teamId: acme.id })
      assert.equal(overKit.name, 'Venus')
    })

    test('a nested table: same rows under the parent; same refusals for other parents', async ({
      client,
      assert,
    }) => {
      const { alice, acme, apollo, gemini, hammock, geminiTask } = await twoTenants()
      const archived = await Board.create({ teamId: acme.id, name: 'Old', archived: true })

      for (const parent of [apollo, gemini]) {
        const response = await client
          .get(`/acme/app/boards/${parent.id}/tasks`)
          .withInertia()
          .loginAs(alice)
        response.assertStatus(200)
        const table = await kit(TaskResource, { user: alice, tenant: acme, parent }).table()
        assert.deepEqual(table, response.inertiaProps.table, parent.name)
        assert.lengthOf(table.rows, 1)
      }

      /* a parent of another tenant: 404; an archived parent: 403 (view denied) */
      const before = await snapshot(Task)
      const foreign = await post(client, alice, `/acme/app/boards/${hammock.id}/tasks`, {
        title: 'Sneak',
      })
      foreign.assertStatus(404)
      assert.include(
        await failureOf(
          kit(TaskResource, { user: alice, tenant: acme, parent: hammock })
            .fillForm({ title: 'Sneak' })
            .call('create')
        ),
        `the parent Board #${hammock.id} "Hammock" answered E_KIT_NOT_FOUND`
      )
      const denied = await post(client, alice, `/acme/app/boards/${archived.id}/tasks`, {
        title: 'Sneak',
      })
      denied.assertStatus(403)
      assert.include(
        await failureOf(
          kit(TaskResource, { user: alice, tenant: acme, parent: archived })
            .fillForm({ title: 'Sneak' })
            .call('create')
        ),
        `viewing the parent Board #${archived.id} "Old" was denied for user #${alice.id} (E_KIT_FORBIDDEN`
      )

      /* a child of another parent: 404 on the action route, E_KIT_NOT_FOUND in kit() */
      const action = await post(
        client,
        alice,
        `/acme/app/boards/${apollo.id}/tasks/${geminiTask.id}/actions/complete`
      )
      action.assertStatus(404)
      assert.include(
        await failureOf(
          kit(TaskResource, { user: alice, tenant: acme, parent: apollo })
            .mountTableAction('complete', geminiTask)
            .callMountedTableAction()
        ),
        'answered E_KIT_NOT_FOUND (Record not found)'
      )
      assert.deepEqual(await snapshot(Task), before)
    })

    test('a nested create: the same parent and tenant keys written, forged ones ignored', async ({
      client,
      assert,
    }) => {
      const { alice, acme, globex, apollo, hammock } = await twoTenants()
      const tasksBefore = await snapshot(Task)
      const before = tasksBefore.length
      const created = await post(client, alice, `/acme/app/boards/${apollo.id}/tasks`, {
        title: 'Fuel',
        boardId: hammock.id,
        teamId: globex.id,
      })
      assert.isBelow(created.status(), 400)
      await kit(TaskResource, { user: alice, tenant: acme, parent: apollo })
        .fillForm({ title: 'Fuel' })
        .call('create')
        .assertHasNoFormErrors()
      const [overHttp, overKit] = rowsWithoutKeys(
        await snapshot(Task).then((rows) => rows.slice(before))
      )
      assert.deepEqual(overKit, overHttp)
      assert.deepInclude(overHttp, { title: 'Fuel', boardId: apollo.id, teamId: acme.id })
    })
  }
)
