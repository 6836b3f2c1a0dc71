import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import { GroupedListingResource } from '../app/app/resources/listing_builder_resource.ts'
import GizmoBoardResource from '../app/app/resources/gizmo_board_resource.ts'
import Listing from '../app/app/models/listing.ts'
import Gizmo from '../app/app/models/gizmo.ts'
import { createUser, withDatabase } from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | query builder, indicators, groups, editable kinds, reorder', (group) => {
  withDatabase(group)
  group.each.timeout(20_000)

  test('filter with the query builder, assert indicators and groups', async ({ assert }) => {
    const user = await createUser()
    const alpha = await Listing.create({ title: 'Alpha', status: 'draft', priceCents: 100 })
    const bravo = await Listing.create({ title: 'Bravo', status: 'review', priceCents: 900 })
    const charlie = await Listing.create({ title: 'Charlie', status: 'draft', priceCents: 500 })

    await kit(GroupedListingResource, { user })
      .assertTableGroups(['Draft', 'In review'])
      .filterTable('advanced', [
        { column: 'priceCents', operator: 'greaterThan', value: 200 },
        { column: 'title', operator: 'isFilled' },
      ])
      .assertCanSeeTableRecords([bravo, charlie])
      .assertCanNotSeeTableRecords([alpha])
      .assertTableIndicators(['Price is greater than 200', 'Title is filled'])

    const failure = await failureOf(
      kit(GroupedListingResource, { user }).filterTable('advanced', [
        { column: 'isFlagged', operator: 'isTrue' },
      ])
    )
    assert.include(failure, 'is not a list of rules of filter "advanced"')
  })

  test('toggle, select and text-input columns; reorder', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    const a = await Gizmo.create({ name: 'A', position: 1, isActive: false })
    const b = await Gizmo.create({ name: 'B', position: 2, isActive: false })

    await kit(GizmoBoardResource, { user: admin })
      .toggleTableColumn('isActive', a, true)
      .assertHasNoFormErrors()
      .selectTableColumn('shelf', a, 'b')
      .typeInTableColumn('name', b, 'Bee')
      .assertTableColumnStateSet('isActive', true, a)
      .selectTableColumn('shelf', b, 'nowhere')
      .assertHasFormErrors(['shelf'])
      .reorderTable([b, a])
      .assertHasNoFormErrors()
      .assertCanSeeTableRecords([b, a], { inOrder: true })

    await a.refresh()
    await b.refresh()
    assert.deepEqual(
      [a.name, Boolean(a.isActive), a.shelf, a.position, b.name, b.shelf, b.position],
      ['A', true, 'b', 2, 'Bee', null, 1]
    )
  })
})
