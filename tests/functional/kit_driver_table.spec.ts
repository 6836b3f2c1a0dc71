import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import NoteResource from '../app/app/resources/note_resource.ts'
import {
  AuditLog,
  Ticket,
  createPost,
  createTicket,
  createUser,
  snapshot,
  withDatabase,
} from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | table', (group) => {
  withDatabase(group)

  test('sees what the scoped query allows, and fails naming what it saw', async ({ assert }) => {
    const author = await createUser()
    const reader = await createUser()
    const post = await createPost(author, { title: 'Adonis tips', status: 'published' })
    const draft = await createPost(author, { title: 'Adonis draft', status: 'draft' })

    await kit(PostResource, { user: reader })
      .assertCanSeeTableRecords([post])
      .assertCanNotSeeTableRecords([draft])
    await kit(PostResource, { user: author }).assertCanSeeTableRecords([post, draft])

    const notSeen = await failureOf(
      kit(PostResource, { user: reader }).assertCanSeeTableRecords([post, draft])
    )
    assert.equal(
      notSeen,
      `kit(PostResource).assertCanSeeTableRecords(2 records): expected to see Post #${draft.id} "Adonis draft", but the table (page 1 of 1) shows #${post.id} "Adonis tips"`
    )
    const seen = await failureOf(
      kit(PostResource, { user: author }).assertCanNotSeeTableRecords([draft])
    )
    assert.include(seen, `expected not to see Post #${draft.id} "Adonis draft"`)
    assert.include(seen, `shows #${post.id} "Adonis tips", #${draft.id} "Adonis draft"`)
  })

  test('keys work as well as records; a guest is denied the list page', async ({ assert }) => {
    const author = await createUser()
    const post = await createPost(author)
    await kit(PostResource, { user: author }).assertCanSeeTableRecords([post.id])
    await kit(PostResource, { user: author }).assertCanNotSeeTableRecords([String(post.id + 1000)])

    assert.equal(
      await failureOf(kit(PostResource, { user: author }).assertCanSeeTableRecords([])),
      'kit(PostResource).assertCanSeeTableRecords(0 records): no records given; pass the records (or keys) to look for'
    )
    assert.include(
      await failureOf(kit(PostResource, { user: author }).assertCanNotSeeTableRecords([])),
      'no records given'
    )

    const denied = await failureOf(kit(PostResource).assertCanSeeTableRecords([post]))
    assert.equal(
      denied,
      'kit(PostResource).assertCanSeeTableRecords(1 record): the list page was denied for a guest (E_KIT_FORBIDDEN: This action is unauthorized)'
    )
  })

  test('searchTable and resetTable', async ({ assert }) => {
    const author = await createUser()
    const adonis = await createPost(author, { title: 'Adonis tips' })
    const other = await createPost(author, { title: 'Gardening' })

    await kit(PostResource, { user: author })
      .searchTable('adonis')
      .assertCanSeeTableRecords([adonis])
      .assertCanNotSeeTableRecords([other])
      .resetTable()
      .assertCanSeeTableRecords([adonis, other])

    /* a one-character term is ignored, as on the route */
    await kit(PostResource, { user: author })
      .searchTable('a')
      .assertCanSeeTableRecords([adonis, other])

    const message = await failureOf(
      kit(PostResource, { user: author }).searchTable('garden').assertCanSeeTableRecords([adonis])
    )
    assert.include(
      message,
      `but the table (page 1 of 1, search "garden") shows #${other.id} "Gardening"`
    )
  })

  test('searchTable needs a searchable column; resetTable clears the state', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    assert.equal(
      await failureOf(kit(NoteResource, { user: admin }).searchTable('anything')),
      'kit(NoteResource).searchTable("anything"): the table has no searchable column'
    )

    const owner = await createUser()
    const open = await createTicket(owner, { subject: 'Alpha', status: 'open' })
    const closed = await createTicket(owner, { subject: 'Beta', status: 'closed' })
    /* after a reset, the filtered-out record is back: asserting it is hidden fails */
    const reset = await failureOf(
      kit(TicketResource, { user: owner })
        .filterTable('status', 'open')
        .searchTable('alpha')
        .sortTable('subject', 'desc')
        .assertCanNotSeeTableRecords([closed])
        .resetTable()
        .assertCanNotSeeTableRecords([closed])
    )
    assert.equal(
      reset,
      `kit(TicketResource).assertCanNotSeeTableRecords(1 record): expected not to see Ticket #${closed.id} "Beta", but the table (page 1 of 1) shows #${open.id} "Alpha", #${closed.id} "Beta"`
    )
  })

  test('filterTable applies declared filters, refuses unknown ones and values', async ({
    assert,
  }) => {
    const author = await createUser()
    const open = await createTicket(author, { status: 'open' })
    const closed = await createTicket(author, { status: 'closed' })

    await kit(TicketResource, { user: author })
      .filterTable('status', 'closed')
      .assertCanSeeTableRecords([closed])
      .assertCanNotSeeTableRecords([open])
      .filterTable('status', null)
      .assertCanSeeTableRecords([open, closed])

    assert.equal(
      await failureOf(kit(TicketResource, { user: author }).filterTable('state', 'open')),
      'kit(TicketResource).filterTable("state", "open"): no filter "state"; the table has: status'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: author }).filterTable('status', 'pending')),
      'kit(TicketResource).filterTable("status", "pending"): "pending" is not an option of filter "status"; options: open, closed'
    )
    const filtered = await failureOf(
      kit(TicketResource, { user: author })
        .filterTable('status', 'open')
        .assertCanSeeTableRecords([closed])
    )
    assert.include(filtered, '(page 1 of 1, filters status=open)')
  })

  test('sortTable sorts and asserts the order of the records given', async ({ assert }) => {
    const owner = await createUser()
    const b = await createTicket(owner, { subject: 'Bravo', priority: 1 })
    const a = await createTicket(owner, { subject: 'Alpha', priority: 3 })
    const c = await createTicket(owner, { subject: 'Charlie', priority: 2 })

    await kit(TicketResource, { user: owner })
      .sortTable('subject', 'asc', [a, b, c])
      .sortTable('subject', 'desc', [c, b, a])
      .sortTable('priority', 'desc')
      .assertCanSeeTableRecords([a, c, b], { inOrder: true })

    const order = await failureOf(
      kit(TicketResource, { user: owner }).sortTable('subject', 'asc', [c, a])
    )
    assert.equal(
      order,
      `kit(TicketResource).sortTable("subject", "asc"): expected the records in the order #${c.id}, #${a.id}, but the table (page 1 of 1, sorted by subject asc) shows them as #${a.id}, #${c.id}`
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).sortTable('status')),
      'kit(TicketResource).sortTable("status", "asc"): column "status" is not sortable; sortable columns: subject, priority'
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).sortTable('title')),
      'kit(TicketResource).sortTable("title", "asc"): no column "title"; sortable columns: subject, priority'
    )
  })

  test('assertTableColumnExists and assertTableFilterExists name what exists', async ({
    assert,
  }) => {
    const user = await createUser()
    await kit(PostResource, { user })
      .assertTableColumnExists('title')
      .assertTableColumnExists('author.fullName')
      .assertTableFilterExists('status')
      .assertTableFilterExists('author')

    assert.equal(
      await failureOf(kit(PostResource, { user }).assertTableColumnExists('secretNote')),
      'kit(PostResource).assertTableColumnExists("secretNote"): no column "secretNote"; the table has: title, body, status, author.fullName'
    )
    assert.equal(
      await failureOf(kit(PostResource, { user }).assertTableFilterExists('tag')),
      'kit(PostResource).assertTableFilterExists("tag"): no filter "tag"; the table has: status, author'
    )
  })

  test('editTableColumn runs the column update; assertTableColumnStateSet reads the row', async ({
    assert,
  }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Before' })

    await kit(TicketResource, { user: owner })
      .editTableColumn('subject', ticket, '  After  ')
      .assertHasNoFormErrors()
      .assertTableColumnStateSet('subject', 'After', ticket)
      .assertTableColumnStateSet('priority', 1, ticket)
    await ticket.refresh()
    assert.equal(ticket.subject, 'After')
    const [log] = await AuditLog.all()
    assert.deepEqual([log.event, log.subject], ['updated', 'After'])

    const state = await failureOf(
      kit(TicketResource, { user: owner }).assertTableColumnStateSet('subject', 'Before', ticket)
    )
    assert.equal(
      state,
      `kit(TicketResource).assertTableColumnStateSet("subject"): expected column "subject" of Ticket #${ticket.id} "After" to be "Before", but the table shows "After"`
    )
  })

  test('editTableColumn: invalid values are kept as errors, refusals are reported', async ({
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const ticket = await createTicket(owner, { subject: 'Stable' })
    const before = await snapshot(Ticket)

    await kit(TicketResource, { user: owner })
      .editTableColumn('subject', ticket, 'x')
      .assertHasFormErrors({ subject: 'minLength' })
    assert.deepEqual(await snapshot(Ticket), before)

    const wrongRule = await failureOf(
      kit(TicketResource, { user: owner })
        .editTableColumn('subject', ticket, 'x')
        .assertHasFormErrors({ subject: 'maxLength' })
    )
    assert.match(
      wrongRule,
      /^kit\(TicketResource\)\.assertHasFormErrors\(subject: maxLength\): expected "subject" to fail "maxLength", but it failed "minLength" \(.+\)$/
    )
    const noErrors = await failureOf(
      kit(TicketResource, { user: owner })
        .editTableColumn('subject', ticket, 'x')
        .assertHasNoFormErrors()
    )
    assert.match(noErrors, /editTableColumn\("subject"\) failed validation: subject \(minLength: /)

    /* another user's ticket is outside the scoped query */
    const outside = await failureOf(
      kit(TicketResource, { user: other }).editTableColumn('subject', ticket, 'Hijack')
    )
    assert.equal(
      outside,
      `kit(TicketResource).editTableColumn("subject"): editing column "subject" of Ticket #${ticket.id} "Stable" answered E_KIT_NOT_FOUND (Record not found): it is outside TicketResource's scoped query for user #${other.id}, or does not exist`
    )
    assert.equal(
      await failureOf(kit(TicketResource, { user: owner }).editTableColumn('status', ticket, 'x')),
      'kit(TicketResource).editTableColumn("status"): column "status" is not editable; editable columns: subject'
    )
    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('assertTableColumnStateSet refuses unknown columns and records off the table', async ({
    assert,
  }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Visible' })
    assert.equal(
      await failureOf(
        kit(TicketResource, { user: owner }).assertTableColumnStateSet('title', 'x', ticket)
      ),
      'kit(TicketResource).assertTableColumnStateSet("title"): no column "title"; the table has: subject, status, priority'
    )
    const off = await failureOf(
      kit(TicketResource, { user: owner })
        .filterTable('status', 'closed')
        .assertTableColumnStateSet('subject', 'Visible', ticket)
    )
    assert.equal(
      off,
      `kit(TicketResource).assertTableColumnStateSet("subject"): Ticket #${ticket.id} "Visible" is not on the table (page 1 of 1, filters status=closed); it shows no records`
    )
  })
})
