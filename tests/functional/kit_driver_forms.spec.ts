import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import {
  AuditLog,
  Post,
  Ticket,
  createPost,
  createTicket,
  createUser,
  snapshot,
  withDatabase,
} from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | forms', (group) => {
  withDatabase(group)

  test('assertFormFieldExists names the fields of the form', async ({ assert }) => {
    const user = await createUser()
    await kit(TicketResource, { user })
      .assertFormFieldExists('subject')
      .assertFormFieldExists('priority')
    assert.equal(
      await failureOf(kit(TicketResource, { user }).assertFormFieldExists('ownerId')),
      'kit(TicketResource).assertFormFieldExists("ownerId"): no field "ownerId"; the form has: subject, status, priority'
    )
  })

  test('call("create") validates, runs the hooks in a transaction, and record() returns it', async ({
    assert,
  }) => {
    const user = await createUser()
    const ticket = await kit(TicketResource, { user })
      .fillForm({ subject: '  Printer on fire  ', status: 'open', priority: 3 })
      .call('create')
      .assertHasNoFormErrors()
      .record<Ticket>()

    assert.instanceOf(ticket, Ticket)
    assert.equal(ticket.subject, 'Printer on fire')
    assert.equal(ticket.ownerId, user.id)
    const [row] = await Ticket.all()
    assert.deepEqual([row.id, row.subject, row.priority], [ticket.id, 'Printer on fire', 3])
    const [log] = await AuditLog.all()
    assert.deepEqual([log.event, log.subject], ['created', 'Printer on fire'])
  })

  test('assertHasFormErrors: which field failed which rule; nothing is written', async ({
    assert,
  }) => {
    const user = await createUser()
    await kit(TicketResource, { user })
      .fillForm({ subject: 'x', priority: 9 })
      .call('create')
      .assertHasFormErrors({ subject: 'minLength', status: 'required', priority: 'max' })
      .assertHasFormErrors(['subject'])
      .assertHasFormErrors({ priority: true })
    assert.lengthOf(await Ticket.all(), 0)
    assert.lengthOf(await AuditLog.all(), 0)

    const passed = await failureOf(
      kit(TicketResource, { user })
        .fillForm({ subject: 'Fine subject', status: 'open', priority: 9 })
        .call('create')
        .assertHasFormErrors({ subject: 'required' })
    )
    assert.match(
      passed,
      /^kit\(TicketResource\)\.assertHasFormErrors\(subject: required\): expected "subject" to fail "required", but it passed; call\("create"\) failed: priority \(max: .+\)$/
    )
    const noErrors = await failureOf(
      kit(TicketResource, { user })
        .fillForm({ subject: 'x', status: 'open', priority: 2 })
        .call('create')
        .assertHasNoFormErrors()
    )
    assert.match(
      noErrors,
      /^kit\(TicketResource\)\.assertHasNoFormErrors\(\): call\("create"\) failed validation: subject \(minLength: .+\)$/
    )
    const record = await failureOf(
      kit(TicketResource, { user }).fillForm({ subject: 'x' }).call('create').record()
    )
    assert.match(
      record,
      /^kit\(TicketResource\)\.record\(\): call\("create"\) did not write a record: subject \(minLength/
    )
    assert.lengthOf(await Ticket.all(), 0)
  })

  test('a select value outside the options is refused before persistence', async ({ assert }) => {
    const user = await createUser()
    const before = await snapshot(Post)
    await kit(PostResource, { user })
      .fillForm({ title: 'Hello', status: 'archived' })
      .call('create')
      .assertHasFormErrors(['status'])
    assert.deepEqual(await snapshot(Post), before)
  })

  test('forEdit then call("save") updates through the mutation sequence', async ({ assert }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { subject: 'Old subject', priority: 2 })

    const saved = await kit(TicketResource, { user: owner })
      .forEdit(ticket)
      .fillForm({ subject: 'New subject' })
      .call('save')
      .assertHasNoFormErrors()
      .record<Ticket>()
    assert.equal(saved.id, ticket.id)
    await ticket.refresh()
    /* the fields left alone keep the record's values */
    assert.deepEqual(
      [ticket.subject, ticket.priority, ticket.ownerId],
      ['New subject', 2, owner.id]
    )
    const [log] = await AuditLog.all()
    assert.deepEqual([log.event, log.subject], ['updated', 'New subject'])

    const before = await snapshot(Ticket)
    await kit(TicketResource, { user: owner })
      .forEdit(ticket.id)
      .fillForm({ priority: 0 })
      .call('save')
      .assertHasFormErrors({ priority: 'min' })
    assert.deepEqual(await snapshot(Ticket), before)
  })

  test('refusals: outside the scoped query, denied, wrong order of steps', async ({ assert }) => {
    const author = await createUser()
    const reader = await createUser()
    const post = await createPost(author, { title: 'Published', status: 'published' })
    const draft = await createPost(author, { title: 'Hidden', status: 'draft' })
    const before = await snapshot(Post)

    assert.equal(
      await failureOf(kit(PostResource, { user: reader }).forEdit(post)),
      `kit(PostResource).forEdit(#${post.id}): the edit page of Post #${post.id} "Published" was denied for user #${reader.id} (E_KIT_FORBIDDEN: This action is unauthorized)`
    )
    assert.equal(
      await failureOf(kit(PostResource, { user: reader }).forEdit(draft)),
      `kit(PostResource).forEdit(#${draft.id}): the edit page of Post #${draft.id} "Hidden" answered E_KIT_NOT_FOUND (Record not found): it is outside PostResource's scoped query for user #${reader.id}, or does not exist`
    )
    assert.equal(
      await failureOf(kit(PostResource).fillForm({ title: 'Guest' }).call('create')),
      'kit(PostResource).call("create"): the create page was denied for a guest (E_KIT_FORBIDDEN: This action is unauthorized)'
    )
    assert.equal(
      await failureOf(kit(PostResource, { user: author }).call('save')),
      'kit(PostResource).call("save"): no record to save; open one with forEdit(record) first'
    )
    assert.equal(
      await failureOf(kit(PostResource, { user: author }).forEdit(post).call('create')),
      'kit(PostResource).call("create"): the form was opened with forEdit(); submit it with call("save")'
    )
    assert.equal(
      await failureOf(kit(PostResource, { user: author }).fillForm({ title: 'x', authorId: 1 })),
      'kit(PostResource).fillForm(title, authorId): no field "authorId"; the form has: title, body, status, secretNote'
    )
    assert.equal(
      await failureOf(kit(PostResource, { user: author }).assertHasNoFormErrors()),
      'kit(PostResource).assertHasNoFormErrors(): no form was submitted; call("create"), call("save") or editTableColumn() first'
    )
    assert.equal(
      await failureOf(kit(PostResource, { user: author }).record()),
      'kit(PostResource).record(): no form was submitted; call("create") or call("save") first'
    )
    assert.deepEqual(await snapshot(Post), before)
  })

  test('the driver keeps its state between awaits', async ({ assert }) => {
    const user = await createUser()
    const driver = kit(TicketResource, { user })
    await driver.fillForm({ subject: 'Step one', status: 'open' })
    await driver.fillForm({ priority: 4 })
    await driver.call('create').assertHasNoFormErrors()
    const ticket = await driver.record<Ticket>()
    assert.deepEqual([ticket.subject, ticket.priority], ['Step one', 4])
  })
})
