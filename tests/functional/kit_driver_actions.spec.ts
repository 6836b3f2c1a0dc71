import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import ArticleResource from '../app/app/resources/article_resource.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import {
  Article,
  AuditLog,
  Ticket,
  createArticle,
  createTicket,
  createUser,
  snapshot,
  withDatabase,
} from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'
import { KitAssertionError } from '../../src/testing/kit_driver.ts'

test.group('kit() driver | row actions', (group) => {
  withDatabase(group)

  test('assertTableActionExists: declared actions, and the ones a row offers', async ({
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const article = await createArticle(owner, { title: 'Mine' })

    await kit(ArticleResource, { user: owner })
      .assertTableActionExists('publish')
      .assertTableActionExists('edit')
      .assertTableActionExists('forceDelete')
      .assertTableActionExists('publish', article)
    await kit(ArticleResource, { user: other }).assertTableActionExists('preview', article)

    assert.equal(
      await failureOf(kit(ArticleResource, { user: owner }).assertTableActionExists('approve')),
      'kit(ArticleResource).assertTableActionExists("approve"): no row action "approve"; the table has: edit, delete, restore, forceDelete, publish, preview, archive'
    )
    assert.equal(
      await failureOf(
        kit(ArticleResource, { user: other }).assertTableActionExists('publish', article)
      ),
      `kit(ArticleResource).assertTableActionExists("publish"): the row of Article #${article.id} "Mine" does not offer "publish" to user #${other.id}; it offers: preview`
    )
  })

  test('mount, fill and call a hosted action: validated, authorized, in a transaction', async ({
    assert,
  }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Jammed' })

    await kit(TicketResource, { user: owner })
      .mountTableAction('close', ticket)
      .fillTableActionForm({ reason: 'fixed' })
      .callMountedTableAction()
      .assertHasNoTableActionErrors()
      .assertTableActionSucceeded((result) => assert.equal(result, 'Closed Jammed'))
    await ticket.refresh()
    assert.equal(ticket.status, 'closed')
    const [log] = await AuditLog.all()
    assert.equal(log.subject, 'Jammed: fixed')
  })

  test('action data errors name the field and the rule; nothing changes', async ({ assert }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner)
    const before = await snapshot(Ticket)

    await kit(TicketResource, { user: owner })
      .mountTableAction('close', ticket)
      .fillTableActionForm({ reason: 'x' })
      .callMountedTableAction()
      .assertHasTableActionErrors({ reason: 'minLength' })
      .assertHasTableActionErrors(['reason'])
    assert.deepEqual(await snapshot(Ticket), before)
    assert.lengthOf(await AuditLog.all(), 0)

    const call = () =>
      kit(TicketResource, { user: owner })
        .mountTableAction('close', ticket)
        .fillTableActionForm({ reason: 'x' })
        .callMountedTableAction()
    assert.match(
      await failureOf(call().assertHasNoTableActionErrors()),
      /^kit\(TicketResource\)\.assertHasNoTableActionErrors\(\): action "close" failed validation: reason \(minLength: .+\)$/
    )
    assert.match(
      await failureOf(call().assertTableActionSucceeded()),
      /^kit\(TicketResource\)\.assertTableActionSucceeded\(\): action "close" failed validation: reason \(minLength/
    )
    assert.match(
      await failureOf(call().assertHasTableActionErrors({ reason: 'maxLength' })),
      /expected "reason" to fail "maxLength", but it failed "minLength"/
    )
    assert.equal(
      await failureOf(
        kit(TicketResource, { user: owner })
          .mountTableAction('close', ticket)
          .fillTableActionForm({ reason: 'fine' })
          .callMountedTableAction()
          .assertHasTableActionErrors(['reason'])
      ),
      'kit(TicketResource).assertHasTableActionErrors(reason): expected action "close" to fail validation, but it succeeded'
    )
  })

  test('halt() and cancel() roll back and are asserted as such', async ({ assert }) => {
    const owner = await createUser()
    const closed = await createTicket(owner, { subject: 'Done', status: 'closed' })
    const open = await createTicket(owner, { subject: 'Pending' })
    const before = await snapshot(Ticket)

    await kit(TicketResource, { user: owner })
      .mountTableAction('close', closed)
      .fillTableActionForm({ reason: 'again' })
      .callMountedTableAction()
      .assertHasNoTableActionErrors()
      .assertTableActionHalted()
      .assertTableActionHalted('Already closed')
      .mountTableAction('close', open)
      .fillTableActionForm({ reason: 'never mind' })
      .callMountedTableAction()
      .assertTableActionCancelled('Kept open')
    /* the cancelled action had written the ticket and a log: both rolled back */
    assert.deepEqual(await snapshot(Ticket), before)
    assert.lengthOf(await AuditLog.all(), 0)

    const halted = () =>
      kit(TicketResource, { user: owner })
        .mountTableAction('close', closed)
        .fillTableActionForm({ reason: 'again' })
        .callMountedTableAction()
    assert.equal(
      await failureOf(halted().assertTableActionSucceeded()),
      'kit(TicketResource).assertTableActionSucceeded(): action "close" was halted ("Already closed")'
    )
    assert.equal(
      await failureOf(halted().assertTableActionCancelled()),
      'kit(TicketResource).assertTableActionCancelled(): expected action "close" to be cancelled, but it was halted ("Already closed")'
    )
    assert.equal(
      await failureOf(halted().assertTableActionHalted('Closed')),
      'kit(TicketResource).assertTableActionHalted("Closed"): action "close" was halted with "Already closed", expected "Closed"'
    )
    assert.equal(
      await failureOf(
        kit(TicketResource, { user: owner })
          .mountTableAction('close', open)
          .fillTableActionForm({ reason: 'ok now' })
          .callMountedTableAction()
          .assertTableActionHalted()
      ),
      'kit(TicketResource).assertTableActionHalted(): expected action "close" to be halted, but it succeeded'
    )
  })

  test('a denied action reports the denial; nothing changes', async ({ assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const article = await createArticle(owner, { title: 'Theirs' })
    const before = await snapshot(Article)

    assert.equal(
      await failureOf(
        kit(ArticleResource, { user: other })
          .mountTableAction('publish', article)
          .callMountedTableAction()
      ),
      `kit(ArticleResource).callMountedTableAction(): action "publish" on Article #${article.id} "Theirs" was denied for user #${other.id} (E_KIT_FORBIDDEN: This action is unauthorized)`
    )
    /* fail-closed: a hosted action without authorizeUsing() never runs */
    assert.include(
      await failureOf(
        kit(ArticleResource, { user: owner })
          .mountTableAction('archive', article)
          .callMountedTableAction()
      ),
      `action "archive" on Article #${article.id} "Theirs" was denied for user #${owner.id}`
    )
    assert.deepEqual(await snapshot(Article), before)
  })

  test('built-in delete, restore and forceDelete run the lifecycle mutations', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const owner = await createUser()
    const article = await createArticle(owner, { title: 'Lifecycle' })

    await kit(ArticleResource, { user: owner })
      .mountTableAction('delete', article)
      .callMountedTableAction()
      .assertTableActionSucceeded()
    await article.refresh()
    assert.isNotNull(article.deletedAt)

    assert.include(
      await failureOf(
        kit(ArticleResource, { user: owner })
          .mountTableAction('restore', article)
          .callMountedTableAction()
      ),
      'was denied for user'
    )
    await kit(ArticleResource, { user: admin })
      .mountTableAction('restore', article)
      .callMountedTableAction()
      .assertTableActionSucceeded()
      .mountTableAction('forceDelete', article)
      .callMountedTableAction()
      .assertTableActionSucceeded()
    assert.isNull(await Article.find(article.id))
    const logs = await AuditLog.query().orderBy('id')
    assert.deepEqual(
      logs.map((log) => log.event),
      ['restored', 'forceDeleted']
    )
  })

  test('refusals name what exists', async ({ assert }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner)
    const article = await createArticle(owner)

    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).mountTableAction('archive', ticket)),
      'kit(TicketResource).mountTableAction("archive"): no row action "archive"; the table has: edit, delete, close, open'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).mountTableAction('open', ticket)),
      'kit(TicketResource).mountTableAction("open"): action "open" has its own url() and is not run by the kit'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).mountTableAction('edit', ticket)),
      'kit(TicketResource).mountTableAction("edit"): "edit" opens the edit page; use forEdit(record) and call("save")'
    )
    assert.equal(
      await failureOf(
        kit(TicketResource, { user: owner })
          .mountTableAction('close', ticket)
          .fillTableActionForm({ note: 'x' })
      ),
      'kit(TicketResource).fillTableActionForm(note): action "close" has no field "note"; its fields: reason'
    )
    assert.equal(
      await failureOf(
        kit(ArticleResource, { user: owner })
          .mountTableAction('archive', article)
          .fillTableActionForm({ note: 'x' })
      ),
      'kit(ArticleResource).fillTableActionForm(note): action "archive" has no validation() class: it takes no data'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).callMountedTableAction()),
      'kit(TicketResource).callMountedTableAction(): no action is mounted; call mountTableAction(name, record) first'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).assertTableActionSucceeded()),
      'kit(TicketResource).assertTableActionSucceeded(): no action was called; use callMountedTableAction(), callTableHeaderAction() or callTableBulkAction() first'
    )
  })
})

test.group('kit() driver | header actions', (group) => {
  withDatabase(group)

  test('assertTableHeaderActionExists and callTableHeaderAction', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    await kit(TicketResource, { user: admin })
      .assertTableHeaderActionExists('announce')
      .assertTableHeaderActionExists('export')
      .callTableHeaderAction('announce', { message: 'Hello desk' })
      .assertTableActionSucceeded((result) => assert.equal(result, 'Announced: Hello desk'))
    const [log] = await AuditLog.all()
    assert.deepEqual([log.event, log.subject], ['announce', 'Hello desk'])

    assert.equal(
      await failureOf(kit(TicketResource, { user: admin }).assertTableHeaderActionExists('import')),
      'kit(TicketResource).assertTableHeaderActionExists("import"): no header action "import"; the list page has: announce, export'
    )
  })

  test('header action errors, halts and denials', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    const user = await createUser()

    await kit(TicketResource, { user: admin })
      .callTableHeaderAction('announce', { message: 'x' })
      .assertHasTableActionErrors({ message: 'minLength' })
      .callTableHeaderAction('announce', { message: 'stop' })
      .assertTableActionHalted('Nothing to announce')
    assert.lengthOf(await AuditLog.all(), 0)

    assert.equal(
      await failureOf(
        kit(TicketResource, { user }).callTableHeaderAction('announce', { message: 'Hello' })
      ),
      `kit(TicketResource).callTableHeaderAction("announce"): header action "announce" was denied for user #${user.id} (E_KIT_FORBIDDEN: This action is unauthorized)`
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: admin }).callTableHeaderAction('export')),
      'kit(TicketResource).callTableHeaderAction("export"): header action "export" has its own url() and is not run by the kit'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: admin }).callTableHeaderAction('import')),
      'kit(TicketResource).callTableHeaderAction("import"): no header action "import"; the list page has: announce, export'
    )
    assert.lengthOf(await AuditLog.all(), 0)
  })
})

test.group('kit() driver | bulk actions', (group) => {
  withDatabase(group)

  test('selected records: each authorized on its own', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    const owner = await createUser()
    const mine = await createTicket(admin, { status: 'closed' })
    const theirs = await createTicket(owner, { status: 'closed' })

    await kit(TicketResource, { user: admin })
      .assertTableBulkActionExists('reopen')
      .assertTableBulkActionExists('delete')
      .selectTableRecords([mine, theirs])
      .callTableBulkAction('reopen')
      .assertTableActionSucceeded((result) =>
        assert.deepEqual(result, { action: 'reopen', affected: 1, refused: 1 })
      )
    await mine.refresh()
    await theirs.refresh()
    assert.deepEqual([mine.status, theirs.status], ['open', 'closed'])
  })

  test('select all: the table query with its filters, minus the exceptions', async ({ assert }) => {
    const owner = await createUser()
    const a = await createTicket(owner, { status: 'closed' })
    const b = await createTicket(owner, { status: 'closed' })
    const c = await createTicket(owner, { status: 'closed' })
    const open = await createTicket(owner, { status: 'open', subject: 'Untouched' })

    await kit(TicketResource, { user: owner })
      .filterTable('status', 'closed')
      .selectAllTableRecords([c])
      .callTableBulkAction('reopen')
      .assertTableActionSucceeded((result) => assert.include(result, { affected: 2, refused: 0 }))
    const tickets = await Ticket.query().orderBy('id')
    const statuses = tickets.map((ticket) => [ticket.id, ticket.status])
    assert.deepEqual(statuses, [
      [a.id, 'open'],
      [b.id, 'open'],
      [c.id, 'closed'],
      [open.id, 'open'],
    ])
  })

  test('a selection reaches only what the scoped query and the search reach', async ({
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const mine = await createTicket(owner, { subject: 'Printer', status: 'closed' })
    const alsoMine = await createTicket(owner, { subject: 'Screen', status: 'closed' })
    const theirs = await createTicket(other, { status: 'closed' })

    /* another user's ticket is outside the scoped query: not affected, not even refused */
    await kit(TicketResource, { user: owner })
      .selectTableRecords([mine, theirs])
      .callTableBulkAction('reopen')
      .assertTableActionSucceeded((result) => assert.include(result, { affected: 1, refused: 0 }))
    await theirs.refresh()
    assert.equal(theirs.status, 'closed')

    /* select all follows the search: a test expecting every record fails */
    await mine.merge({ status: 'closed' }).save()
    const selectAll = await failureOf(
      kit(TicketResource, { user: owner })
        .searchTable('printer')
        .selectAllTableRecords()
        .callTableBulkAction('reopen')
        .assertTableActionSucceeded((result) => {
          if (result.affected !== 2) {
            throw new KitAssertionError({ message: `affected ${result.affected}` })
          }
        })
    )
    assert.equal(selectAll, 'affected 1')
    await alsoMine.refresh()
    assert.equal(alsoMine.status, 'closed')

    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).selectTableRecords([])),
      'kit(TicketResource).selectTableRecords(0 records): no records given; to select every record the table matches, use selectAllTableRecords()'
    )
  })

  test('refusals: denied, nothing selected, unknown bulk action', async ({ assert }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner)
    const before = await snapshot(Ticket)

    assert.equal(
      await failureOf(
        kit(TicketResource, { user: owner })
          .selectTableRecords([ticket])
          .callTableBulkAction('delete')
      ),
      `kit(TicketResource).callTableBulkAction("delete"): bulk action "delete" was denied for user #${owner.id} (E_KIT_FORBIDDEN: This action is unauthorized)`
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).callTableBulkAction('reopen')),
      'kit(TicketResource).callTableBulkAction("reopen"): no records are selected; use selectTableRecords() or selectAllTableRecords()'
    )
    assert.equal(
      await failureOf(
        kit(TicketResource, { user: owner }).selectAllTableRecords().callTableBulkAction('archive')
      ),
      'kit(TicketResource).callTableBulkAction("archive"): no bulk action "archive"; the table has: delete, reopen'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).assertTableBulkActionExists('archive')),
      'kit(TicketResource).assertTableBulkActionExists("archive"): no bulk action "archive"; the table has: delete, reopen'
    )
    assert.deepEqual(await snapshot(Ticket), before)
  })
})
