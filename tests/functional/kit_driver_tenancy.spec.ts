import { test } from '@japa/runner'
import { kit } from '../../src/testing/japa_plugin.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import {
  BoardResource,
  DocumentResource,
  LooseDocumentResource,
  TaskResource,
} from '../app/app/resources/tenancy_resources.ts'
import Board from '../app/app/models/board.ts'
import Document from '../app/app/models/document.ts'
import Task from '../app/app/models/task.ts'
import { snapshot, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'
import { failureOf } from '../kit_failures.ts'

test.group('kit() driver | tenancy', (group) => {
  withDatabase(group)

  test('forTenant: the scoped query reads the tenant records only; tenant() returns it', async ({
    assert,
  }) => {
    const { alice, acme, apollo, gemini, hammock } = await twoTenants()

    const driver = kit(BoardResource, { user: alice, panel: 'teams' })
      .forTenant(acme)
      .assertCanSeeTableRecords([apollo, gemini])
      .assertCanNotSeeTableRecords([hammock])
    const current = await driver.tenant()
    assert.equal(current?.$primaryKeyValue, acme.id)
    assert.isNull(await kit(BoardResource, { user: alice }).tenant())

    /* the table's URLs carry the tenant segment, as the routes build them */
    const table = await kit(BoardResource, { user: alice, tenant: acme }).table()
    assert.sameMembers(
      table.rows.map((row) => row.url),
      [apollo, gemini].map((board) => `/acme/app/boards/${board.id}/edit`)
    )

    assert.equal(
      await failureOf(
        kit(BoardResource, { user: alice }).forTenant(acme).assertCanSeeTableRecords([hammock])
      ),
      `kit(BoardResource).assertCanSeeTableRecords(1 record): expected to see Board #${hammock.id} "Hammock", but the table (page 1 of 1, tenant Team #${acme.id}) shows #${apollo.id} "Apollo", #${gemini.id} "Gemini"`
    )
  })

  test('forTenant: the user must be allowed in, and the tenant must be of the routed model', async ({
    assert,
  }) => {
    const { alice, globex, apollo } = await twoTenants()
    assert.equal(
      await failureOf(
        kit(BoardResource, { user: alice }).forTenant(globex).assertCanSeeTableRecords([apollo])
      ),
      `kit(BoardResource).forTenant(Team #${globex.id}): user #${alice.id} may not access tenant Team #${globex.id} (canAccessTenant() did not return true); its routes answer E_KIT_NOT_FOUND (Tenant not found)`
    )
    assert.equal(
      await failureOf(kit(BoardResource, { user: alice, tenant: globex }).table()),
      `kit(BoardResource).table(): user #${alice.id} may not access tenant Team #${globex.id} (canAccessTenant() did not return true); its routes answer E_KIT_NOT_FOUND (Tenant not found)`
    )
    assert.equal(
      await failureOf(kit(BoardResource, { user: alice }).forTenant(apollo)),
      `kit(BoardResource).forTenant(Board #${apollo.id}): the tenant is a Board, but BoardResource's routes take a Team`
    )
    assert.equal(
      await failureOf(kit(BoardResource, { user: alice }).forTenant('acme' as any)),
      'kit(BoardResource).forTenant("acme"): the tenant must be a Lucid model instance (the tenant record)'
    )
  })

  test('without a tenant: tenant-routed resources and tenant-scoped queries refuse', async ({
    assert,
  }) => {
    const { alice, acme, apollo } = await twoTenants()
    const shared = await Document.create({ title: 'Shared' })
    await shared.related('teams').attach([acme.id])

    assert.equal(
      await failureOf(kit(BoardResource, { user: alice }).assertCanSeeTableRecords([apollo])),
      `kit(BoardResource).assertCanSeeTableRecords(1 record): BoardResource is mounted with tenant routing (its URLs start with the Team segment) and the driver has no tenant; call forTenant(team) or pass { tenant }`
    )
    assert.include(
      await failureOf(
        kit(BoardResource, { user: alice })
          .forTenant(acme)
          .assertCanSeeTableRecords([apollo])
          .withoutTenant()
          .assertCanSeeTableRecords([apollo])
      ),
      'kit(BoardResource).assertCanSeeTableRecords(1 record): BoardResource is mounted with tenant routing'
    )

    /* mounted without tenant routing: the scoped query itself refuses */
    assert.equal(
      await failureOf(
        kit(LooseDocumentResource, { user: alice }).assertCanSeeTableRecords([shared])
      ),
      'kit(LooseDocumentResource).assertCanSeeTableRecords(1 record): LooseDocumentResource is tenant-scoped (tenantRelationship "teams") and the driver has no tenant, so reading is refused (E_KIT_NO_TENANT: No tenant is selected for this request); call forTenant(tenant) or pass { tenant }'
    )
    await kit(LooseDocumentResource, { user: alice })
      .forTenant(acme)
      .assertCanSeeTableRecords([shared])
  })

  test('drivers of two tenants run interleaved and never see each other', async ({ assert }) => {
    const { alice, bob, acme, globex } = await twoTenants()
    const tables = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? kit(BoardResource, { user: alice, tenant: acme }).searchTable(null).table()
          : kit(BoardResource, { user: bob, tenant: globex }).searchTable(null).table()
      )
    )
    for (const [index, table] of tables.entries()) {
      assert.sameMembers(
        table.rows.map((row) => row.title),
        index % 2 === 0 ? ['Apollo', 'Gemini'] : ['Hammock']
      )
      assert.isTrue(
        table.rows.every((row) =>
          row.url!.startsWith(index % 2 === 0 ? '/acme/app/boards/' : '/globex/app/boards/')
        )
      )
    }
  })

  test('assertTenantScoped: tenant-scoped resources pass, others fail naming why', async ({
    assert,
  }) => {
    const { alice } = await twoTenants()
    await kit(BoardResource, { user: alice }).assertTenantScoped()
    await kit(DocumentResource, { user: alice }).assertTenantScoped()
    await kit(LooseDocumentResource, { user: alice }).assertTenantScoped()

    assert.equal(
      await failureOf(kit(PostResource, { user: alice }).assertTenantScoped()),
      'kit(PostResource).assertTenantScoped(): PostResource declares no tenantRelationship: its records are not scoped to a tenant, every user reads them all'
    )
  })

  test('assertRecordOutsideTenant: another tenant record passes; the tenant own records fail', async ({
    assert,
  }) => {
    const { alice, bob, acme, globex, apollo, hammock, geminiTask } = await twoTenants()
    const secret = await Document.create({ title: 'Globex only' })
    await secret.related('teams').attach([globex.id])

    await kit(BoardResource, { user: alice, tenant: acme }).assertRecordOutsideTenant(hammock)
    await kit(BoardResource, { user: bob, tenant: globex }).assertRecordOutsideTenant(apollo.id)
    await kit(DocumentResource, { user: alice, tenant: acme }).assertRecordOutsideTenant(secret)

    assert.equal(
      await failureOf(
        kit(BoardResource, { user: alice, tenant: acme }).assertRecordOutsideTenant(apollo)
      ),
      `kit(BoardResource).assertRecordOutsideTenant(#${apollo.id}): Board #${apollo.id} "Apollo" is reachable through BoardResource's scoped query for user #${alice.id} in tenant Team #${acme.id}: it belongs to the tenant`
    )
    assert.equal(
      await failureOf(
        kit(BoardResource, { user: alice, tenant: acme }).assertRecordOutsideTenant(999999)
      ),
      'kit(BoardResource).assertRecordOutsideTenant(999999): Board #999999 does not exist in "boards"; pass a record of another tenant'
    )
    assert.equal(
      await failureOf(kit(BoardResource, { user: alice }).assertRecordOutsideTenant(hammock)),
      `kit(BoardResource).assertRecordOutsideTenant(#${hammock.id}): the driver has no tenant; call forTenant(tenant) first`
    )
    assert.equal(
      await failureOf(kit(PostResource, { user: alice }).assertRecordOutsideTenant(1)),
      'kit(PostResource).assertRecordOutsideTenant(1): PostResource declares no tenantRelationship: no record is outside a tenant'
    )

    /* hidden by the parent, not by the tenant: the assertion says so */
    assert.equal(
      await failureOf(
        kit(TaskResource, { user: alice, tenant: acme, parent: apollo }).assertRecordOutsideTenant(
          geminiTask
        )
      ),
      `kit(TaskResource).assertRecordOutsideTenant(#${geminiTask.id}): Task #${geminiTask.id} "Dock" belongs to tenant Team #${acme.id}; the scoped query hides it for another reason (modifyQuery(), the parent or soft deletes), not the tenant`
    )
  })

  test('forms in a tenant: the tenant key is written server-side, uniqueness stays in the tenant', async ({
    assert,
  }) => {
    const { alice, bob, acme, globex } = await twoTenants()
    const board = await kit(BoardResource, { user: alice, tenant: acme })
      .fillForm({ name: 'Mercury' })
      .call('create')
      .assertHasNoFormErrors()
      .record<Board>()
    assert.equal(board.teamId, acme.id)
    const stored = await Board.findOrFail(board.id)
    assert.equal(stored.teamId, acme.id)

    const before = await snapshot(Board)
    await kit(BoardResource, { user: alice, tenant: acme })
      .fillForm({ name: 'Apollo' })
      .call('create')
      .assertHasFormErrors(['name'])
    assert.deepEqual(await snapshot(Board), before)

    await kit(BoardResource, { user: bob, tenant: globex })
      .fillForm({ name: 'Apollo' })
      .call('create')
      .assertHasNoFormErrors()

    /* another tenant's record cannot be opened for editing */
    assert.include(
      await failureOf(
        kit(BoardResource, { user: bob, tenant: globex })
          .forEdit(board)
          .fillForm({ name: 'Hijack' })
          .call('save')
      ),
      `the edit page of Board #${board.id} "Mercury" answered E_KIT_NOT_FOUND (Record not found): it is outside BoardResource's scoped query for user #${bob.id} in tenant Team #${globex.id}, or does not exist`
    )
    await stored.refresh()
    assert.equal(stored.name, 'Mercury')
  })
})

test.group('kit() driver | the documented tenant example', (group) => {
  withDatabase(group)

  test('members see their team boards only', async ({ kit: kitFromContext, assert }) => {
    const { alice, acme, globex, apollo, hammock } = await twoTenants()

    await kitFromContext(BoardResource, { user: alice })
      .assertTenantScoped()
      .forTenant(acme)
      .assertCanSeeTableRecords([apollo])
      .assertCanNotSeeTableRecords([hammock])
      .assertRecordOutsideTenant(hammock)

    const board = await kitFromContext(BoardResource, { user: alice })
      .forTenant(acme)
      .fillForm({ name: 'Mercury' })
      .call('create')
      .record()
    assert.equal(board.teamId, acme.id)

    await assert.rejects(
      () => kitFromContext(BoardResource, { user: alice }).forTenant(globex),
      /may not access tenant Team/
    )
  })
})

test.group('kit() driver | nested resources', (group) => {
  withDatabase(group)

  test('a parent: the table lists its children only; forParent switches parent', async ({
    assert,
  }) => {
    const { alice, acme, apollo, gemini, acmeTask, geminiTask, globexTask } = await twoTenants()

    await kit(TaskResource, { user: alice, tenant: acme, parent: apollo })
      .assertCanSeeTableRecords([acmeTask])
      .assertCanNotSeeTableRecords([geminiTask, globexTask])
      .forParent(gemini)
      .assertCanSeeTableRecords([geminiTask])
      .assertCanNotSeeTableRecords([acmeTask])

    const table = await kit(TaskResource, { user: alice, tenant: acme })
      .forParent(apollo.id)
      .table()
    assert.deepEqual(
      table.rows.map((row) => row.url),
      [`/acme/app/boards/${apollo.id}/tasks/${acmeTask.id}/edit`]
    )

    assert.equal(
      await failureOf(
        kit(TaskResource, { user: alice, tenant: acme, parent: apollo }).assertCanSeeTableRecords([
          geminiTask,
        ])
      ),
      `kit(TaskResource).assertCanSeeTableRecords(1 record): expected to see Task #${geminiTask.id} "Dock", but the table (page 1 of 1, tenant Team #${acme.id}, under Board #${apollo.id} "Apollo") shows #${acmeTask.id} "Launch"`
    )
  })

  test('forms and actions run through the parent relationship', async ({ assert }) => {
    const { alice, acme, apollo, acmeTask, geminiTask } = await twoTenants()

    const task = await kit(TaskResource, { user: alice, tenant: acme, parent: apollo })
      .fillForm({ title: 'Fuel' })
      .call('create')
      .assertHasNoFormErrors()
      .record<Task>()
    assert.deepEqual([task.boardId, task.teamId], [apollo.id, acme.id])

    await kit(TaskResource, { user: alice, tenant: acme, parent: apollo })
      .mountTableAction('complete', acmeTask)
      .callMountedTableAction()
      .assertTableActionSucceeded()
    await acmeTask.refresh()
    assert.isTrue(acmeTask.done)

    /* a task of another board is outside the nested scoped query */
    const before = await snapshot(Task)
    assert.equal(
      await failureOf(
        kit(TaskResource, { user: alice, tenant: acme, parent: apollo })
          .mountTableAction('complete', geminiTask)
          .callMountedTableAction()
      ),
      `kit(TaskResource).callMountedTableAction(): action "complete" on Task #${geminiTask.id} "Dock" answered E_KIT_NOT_FOUND (Record not found): it is outside TaskResource's scoped query for user #${alice.id} in tenant Team #${acme.id} under Board #${apollo.id} "Apollo", or does not exist`
    )
    assert.deepEqual(await snapshot(Task), before)

    /* select all: the parent's children only */
    await kit(TaskResource, { user: alice, tenant: acme, parent: apollo })
      .selectAllTableRecords()
      .callTableBulkAction('complete')
      .assertTableActionSucceeded(({ affected }) => assert.equal(affected, 2))
    await geminiTask.refresh()
    assert.isFalse(geminiTask.done)
  })

  test('a parent outside the scope, denied, missing or of the wrong model fails clearly', async ({
    assert,
  }) => {
    const { alice, acme, apollo, hammock, acmeTask } = await twoTenants()
    const before = await snapshot(Task)

    assert.equal(
      await failureOf(
        kit(TaskResource, { user: alice, tenant: acme }).forParent(hammock).fillForm({ title: 'x' })
      ),
      `kit(TaskResource).forParent(#${hammock.id}): the parent Board #${hammock.id} "Hammock" answered E_KIT_NOT_FOUND (Record not found): it is outside BoardResource's scoped query for user #${alice.id} in tenant Team #${acme.id}, or does not exist`
    )
    assert.include(
      await failureOf(
        kit(TaskResource, { user: alice, tenant: acme, parent: hammock })
          .fillForm({ title: 'Sneak' })
          .call('create')
      ),
      `kit(TaskResource).call("create"): the parent Board #${hammock.id} "Hammock" answered E_KIT_NOT_FOUND`
    )

    apollo.archived = true
    await apollo.save()
    assert.equal(
      await failureOf(
        kit(TaskResource, { user: alice, tenant: acme, parent: apollo }).assertCanSeeTableRecords([
          acmeTask,
        ])
      ),
      `kit(TaskResource).assertCanSeeTableRecords(1 record): viewing the parent Board #${apollo.id} "Apollo" was denied for user #${alice.id} (E_KIT_FORBIDDEN: This action is unauthorized); the nested routes refuse it`
    )

    assert.equal(
      await failureOf(
        kit(TaskResource, { user: alice, tenant: acme }).assertCanSeeTableRecords([acmeTask])
      ),
      'kit(TaskResource).assertCanSeeTableRecords(1 record): TaskResource is nested under BoardResource; pass { parent } to kit() or call forParent(record) first'
    )
    assert.equal(
      await failureOf(kit(TaskResource, { user: alice, tenant: acme }).forParent(acmeTask)),
      `kit(TaskResource).forParent(#${acmeTask.id}): the parent must be a Board (or its key); got Task`
    )
    assert.equal(
      await failureOf(kit(BoardResource, { user: alice, tenant: acme }).forParent(apollo)),
      `kit(BoardResource).forParent(#${apollo.id}): BoardResource is not nested (it has no parent resource), so it takes no parent`
    )
    assert.equal(
      await failureOf(kit(BoardResource, { user: alice, tenant: acme, parent: apollo }).table()),
      'kit(BoardResource): BoardResource is not nested (it has no parent resource), so it takes no parent'
    )
    assert.deepEqual(await snapshot(Task), before)
  })
})
