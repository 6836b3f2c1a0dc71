import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import Board from '../app/app/models/board.ts'
import Task from '../app/app/models/task.ts'
import Sticker from '../app/app/models/sticker.ts'
import Charter from '../app/app/models/charter.ts'
import { expectStatus, snapshot, tableRows, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

function send(client: any, user: any, method: string, url: string, body?: unknown) {
  const request = client[method](url).accept('json').loginAs(user)
  return method === 'get' ? request : request.json(body ?? {}).withCsrfToken()
}

test.group('Nesting | routes and props', (group) => {
  withDatabase(group)

  test('nested URLs, route names, parent props and breadcrumbs', async ({ client, assert }) => {
    const { alice, apollo, acmeTask } = await twoTenants()
    const base = `/acme/app/boards/${apollo.id}/tasks`

    assert.isTrue(router.has('kit.teams.boards.tasks.index'))
    assert.isTrue(router.has('kit.teams.boards.tasks.edit'))
    assert.isTrue(router.has('kit.teams.boards.stickers.index'))

    const list = await client.get(base).withInertia().loginAs(alice)
    list.assertStatus(200)
    const props = list.inertiaProps
    assert.deepEqual(
      props.table.rows.map((row: any) => row.title),
      ['Launch']
    )
    assert.equal(props.table.rows[0].url, `${base}/${acmeTask.id}/edit`)
    assert.equal(props.resource.urls.create, `${base}/create`)
    assert.deepEqual(props.resource.parent, {
      slug: 'boards',
      label: 'Board',
      pluralLabel: 'Boards',
      parameter: 'board',
      urls: { index: '/acme/app/boards' },
    })
    assert.deepEqual(props.parentRecord, {
      key: apollo.id,
      title: 'Apollo',
      url: `/acme/app/boards/${apollo.id}/edit`,
    })
    assert.deepEqual(props.breadcrumbs, [
      { label: 'Boards', url: '/acme/app/boards', current: false },
      { label: 'Apollo', url: `/acme/app/boards/${apollo.id}/edit`, current: false },
      { label: 'Tasks', url: base, current: false },
      { label: 'List', url: null, current: true },
    ])
    assert.include(
      props.table.actions.find((action: any) => action.name === 'complete').url,
      `${base}/{record}/actions/complete`
    )
  })

  test('creation writes the parent and tenant keys; forged ones are ignored', async ({
    client,
    assert,
  }) => {
    const { alice, acme, globex, apollo, hammock } = await twoTenants()
    const base = `/acme/app/boards/${apollo.id}/tasks`
    const response = await send(client, alice, 'post', base, {
      title: 'Fuel',
      boardId: hammock.id,
      teamId: globex.id,
      board_id: hammock.id,
    }).redirects(0)
    response.assertStatus(201)
    const task = await Task.findByOrFail('title', 'Fuel')
    assert.equal(task.boardId, apollo.id)
    assert.equal(task.teamId, acme.id)
    assert.equal(response.body().redirect, `${base}/${task.id}/edit`)
    assert.equal(response.body().record.key, task.id)

    /* an update never moves the task to another parent */
    await expectStatus(
      send(client, alice, 'patch', `${base}/${task.id}`, {
        title: 'Refuel',
        boardId: hammock.id,
      }),
      200
    )
    await task.refresh()
    assert.equal(task.boardId, apollo.id)
    assert.equal(task.title, 'Refuel')
  })

  test('the parent is resolved through its scoped query and authorized on every request', async ({
    client,
    assert,
  }) => {
    const { alice, hammock, acme } = await twoTenants()
    const archived = await Board.create({ teamId: acme.id, name: 'Old', archived: true })
    await Task.create({ teamId: acme.id, boardId: archived.id, title: 'Stale', done: false })
    const before = await snapshot(Task)

    for (const parent of [hammock.id, 999_999, 'abc']) {
      for (const [method, suffix] of [
        ['get', ''],
        ['get', '/create'],
        ['post', ''],
      ]) {
        const response = await send(
          client,
          alice,
          method,
          `/acme/app/boards/${parent}/tasks${suffix}`,
          { title: 'Sneak' }
        )
        response.assertStatus(404)
      }
    }
    for (const [method, suffix] of [
      ['get', ''],
      ['post', ''],
    ]) {
      const response = await send(
        client,
        alice,
        method,
        `/acme/app/boards/${archived.id}/tasks${suffix}`,
        { title: 'Sneak' }
      )
      response.assertStatus(403)
    }
    assert.deepEqual(await snapshot(Task), before)
  })

  test('many-to-many parent: the child is attached through the pivot', async ({
    client,
    assert,
  }) => {
    const { alice, apollo, gemini } = await twoTenants()
    const urgent = await Sticker.create({ name: 'urgent' })
    const later = await Sticker.create({ name: 'later' })
    await apollo.related('stickers').attach([urgent.id])
    await gemini.related('stickers').attach([later.id])

    const base = `/acme/app/boards/${apollo.id}/stickers`
    const list = await client.get(base).withInertia().loginAs(alice)
    assert.deepEqual(
      list.inertiaProps.table.rows.map((row: any) => row.title),
      ['urgent']
    )
    await expectStatus(send(client, alice, 'get', `${base}/${later.id}/edit`), 404)

    await expectStatus(send(client, alice, 'post', base, { name: 'blocked' }), 201)
    const blocked = await Sticker.findByOrFail('name', 'blocked')
    const pivots = await tableRows('board_sticker')
    assert.deepInclude(
      pivots.map((row) => [Number(row.board_id), Number(row.sticker_id)]),
      [apollo.id, blocked.id]
    )
  })

  test('has-one parent: the foreign key comes from the parent', async ({ client, assert }) => {
    const { alice, apollo, gemini } = await twoTenants()
    const base = `/acme/app/boards/${apollo.id}/charters`
    await expectStatus(
      send(client, alice, 'post', base, { body: 'Reach orbit', boardId: gemini.id }),
      201
    )
    const charter = await Charter.findByOrFail('body', 'Reach orbit')
    assert.equal(charter.boardId, apollo.id)
    const other = await Charter.create({ boardId: gemini.id, body: 'Dock' })
    await expectStatus(send(client, alice, 'get', `${base}/${other.id}/edit`), 404)
  })
})

test.group(
  'Nesting and tenancy | every route refuses records of another tenant or parent',
  (group) => {
    withDatabase(group)

    test('a member of tenant A reaches nothing of tenant B, nor of another parent', async ({
      client,
      assert,
    }) => {
      const { alice, apollo, hammock, globexTask, geminiTask, acmeTask, globexMember } =
        await twoTenants()
      const tasksBefore = await snapshot(Task)
      const projectsBefore = await snapshot(Board)

      const routes = (base: string, key: number) =>
        [
          ['get', `${base}/${key}/edit`, undefined],
          ['patch', `${base}/${key}`, { title: 'Hijacked' }],
          ['delete', `${base}/${key}`, undefined],
          ['post', `${base}/${key}/actions/complete`, {}],
          ['patch', `${base}/${key}/columns/title`, { value: 'Hijacked' }],
        ] as const

      /* another tenant's task under the member's own parent, and another
       parent's task of the same tenant */
      for (const key of [globexTask.id, geminiTask.id]) {
        for (const [method, url, body] of routes(`/acme/app/boards/${apollo.id}/tasks`, key)) {
          const response = await send(client, alice, method, url, body)
          response.assertStatus(404)
        }
      }
      /* the other tenant's URLs, and the other tenant's parent under the own tenant */
      for (const base of [
        `/globex/app/boards/${hammock.id}/tasks`,
        `/acme/app/boards/${hammock.id}/tasks`,
      ]) {
        for (const [method, url, body] of routes(base, globexTask.id)) {
          await expectStatus(send(client, alice, method, url, body), 404)
        }
        await expectStatus(send(client, alice, 'get', base), 404)
        await expectStatus(
          send(client, alice, 'post', `${base}/bulk-actions/complete`, { selectAll: true }),
          404
        )
      }
      for (const [method, url, body] of [
        ['get', `/acme/app/boards/${hammock.id}/edit`, undefined],
        ['patch', `/acme/app/boards/${hammock.id}`, { name: 'Hijacked' }],
        ['delete', `/acme/app/boards/${hammock.id}`, undefined],
      ] as const) {
        await expectStatus(send(client, alice, method, url, body), 404)
      }

      /* bulk actions: selected foreign keys are not reached; query-wide mode
       walks the parent's tasks in the tenant only */
      const base = `/acme/app/boards/${apollo.id}/tasks`
      const selected = await send(client, alice, 'post', `${base}/bulk-actions/complete`, {
        records: [globexTask.id, geminiTask.id],
      })
      selected.assertStatus(200)
      assert.equal(selected.body().affected, 0)
      const deleted = await send(client, alice, 'post', `${base}/bulk-actions/delete`, {
        records: [globexTask.id, geminiTask.id],
      })
      assert.equal(deleted.body().affected, 0)

      /* option search and select verification stay inside the tenant */
      const search = await send(
        client,
        alice,
        'get',
        `${base}/create?_kit_select=assigneeId&_kit_search=hank`
      )
      search.assertStatus(200)
      assert.deepEqual(search.body().options, [])
      const forged = await send(client, alice, 'post', base, {
        title: 'Assigned away',
        assigneeId: globexMember.id,
      })
      forged.assertStatus(422)
      assert.equal(forged.body().errors[0].rule, 'select')

      assert.deepEqual(await snapshot(Task), tasksBefore)
      assert.deepEqual(await snapshot(Board), projectsBefore)

      const everything = await send(client, alice, 'post', `${base}/bulk-actions/complete`, {
        selectAll: true,
      })
      assert.equal(everything.body().affected, 1)
      const after = await Task.query().where('done', true)
      assert.deepEqual(
        after.map((task) => task.id),
        [acmeTask.id]
      )
    })
  }
)

test.group('Nesting and tenancy | relation endpoints', (group) => {
  withDatabase(group)

  test('relation endpoints under a tenant-scoped owner stay inside the tenant', async ({
    client,
    assert,
  }) => {
    const { alice, acme, apollo, hammock, globexTask, geminiTask } = await twoTenants()
    const tasksBefore = await snapshot(Task)

    /* another tenant's owner, under the member's own tenant or the other's URL */
    for (const base of [
      `/acme/app/boards/${hammock.id}/relations/tasks`,
      `/globex/app/boards/${hammock.id}/relations/tasks`,
    ]) {
      await expectStatus(send(client, alice, 'get', base), 404)
      await expectStatus(send(client, alice, 'post', base, { title: 'Sneak' }), 404)
      await expectStatus(
        send(client, alice, 'patch', `${base}/${globexTask.id}`, { title: 'x' }),
        404
      )
      await expectStatus(send(client, alice, 'delete', `${base}/${globexTask.id}`), 404)
    }

    /* the member's own owner: another tenant's or another board's task is not its record */
    const base = `/acme/app/boards/${apollo.id}/relations/tasks`
    for (const key of [globexTask.id, geminiTask.id]) {
      await expectStatus(send(client, alice, 'patch', `${base}/${key}`, { title: 'x' }), 404)
      await expectStatus(send(client, alice, 'delete', `${base}/${key}`), 404)
    }

    /* the associate chooser and its submission reach the tenant's tasks only */
    const search = await send(client, alice, 'get', `${base}/options/associate?search=doom`)
    search.assertStatus(200)
    assert.deepEqual(search.body().options, [])
    const own = await send(client, alice, 'get', `${base}/options/associate?search=do`)
    assert.deepEqual(
      own.body().options.map((option: any) => option.label),
      ['Dock']
    )
    const forged = await send(client, alice, 'post', `${base}/associate`, { record: globexTask.id })
    forged.assertStatus(422)
    assert.deepEqual(await snapshot(Task), tasksBefore)

    /* the relations prop carries filled URLs (tenant segment included) */
    const edit = await client.get(`/acme/app/boards/${apollo.id}/edit`).withInertia().loginAs(alice)
    const manager = edit.inertiaProps.relations[0]
    assert.equal(manager.urls.index, base)
    assert.equal(manager.associate.optionsUrl, `${base}/options/associate`)

    /* a task created through the manager belongs to the owner and the tenant */
    const created = await send(client, alice, 'post', base, { title: 'Countdown', teamId: 999 })
    created.assertStatus(201)
    const task = await Task.findByOrFail('title', 'Countdown')
    assert.equal(task.boardId, apollo.id)
    assert.equal(task.teamId, acme.id)
  })
})
