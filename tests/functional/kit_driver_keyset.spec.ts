import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TicketResource from '../app/app/resources/ticket_resource.ts'
import { createTicket, createUser, withDatabase } from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | keyset cursors', (group) => {
  withDatabase(group)

  test('followTableCursor walks the pages of a keyset table both ways', async ({ assert }) => {
    const owner = await createUser()
    const tickets = []
    for (let index = 0; index < 13; index++) {
      /* priorities repeat: the key breaks the ties */
      tickets.push(await createTicket(owner, { priority: index % 4 }))
    }
    const ordered = [...tickets].sort((a, b) => b.priority - a.priority || b.id - a.id)
    const [firstPage, secondPage] = [ordered.slice(0, 10), ordered.slice(10)]

    await kit(TicketResource, { user: owner })
      .sortTable('priority', 'desc')
      .assertCanSeeTableRecords(firstPage)
      .followTableCursor()
      .assertCanSeeTableRecords(secondPage)
      .assertCanNotSeeTableRecords(firstPage)
      .followTableCursor('previous')
      .assertCanSeeTableRecords(firstPage)
      .assertCanNotSeeTableRecords(secondPage)

    assert.match(
      await failureOf(kit(TicketResource, { user: owner }).followTableCursor().followTableCursor()),
      /followTableCursor\("next"\): the table \(page 2 of 2\) has no next page$/
    )
  })

  test('followTableCursor fails on a table without keyset pagination', async ({ assert }) => {
    const user = await createUser({ isAdmin: true })
    assert.equal(
      await failureOf(kit(PostResource, { user }).followTableCursor()),
      'kit(PostResource).followTableCursor("next"): the table has no keyset cursors (see Table.keysetPagination())'
    )
  })
})
