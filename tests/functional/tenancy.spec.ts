import { test } from '@japa/runner'
import Board from '../app/app/models/board.ts'
import Document from '../app/app/models/document.ts'
import { expectStatus, snapshot, tableRows, withDatabase, versionedBody } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

function names(response: any) {
  return response.inertiaProps.table.rows.map((row: any) => row.title)
}

test.group('Tenancy | tenant routing', (group) => {
  withDatabase(group)

  test('a member lists only the tenant records; the URL carries the tenant segment', async ({
    client,
    assert,
  }) => {
    const { alice } = await twoTenants()
    const response = await client.get('/acme/app/boards').withInertia().loginAs(alice)
    response.assertStatus(200)
    assert.sameMembers(names(response), ['Apollo', 'Gemini'])
    assert.equal(response.inertiaProps.resource.urls.create, '/acme/app/boards/create')
    assert.equal(
      response.inertiaProps.table.rows[0].url,
      '/acme/app/boards/1/edit'.replace('1', String(response.inertiaProps.table.rows[0].key))
    )
  })

  test('unknown tenants, malformed slugs and non-members get the same 404', async ({
    client,
    assert,
  }) => {
    const { alice } = await twoTenants()
    const bodies = []
    for (const slug of ['globex', 'nope', 'ac%20me', 'acme..', '-'.repeat(300)]) {
      const response = await client.get(`/${slug}/app/boards`).accept('json').loginAs(alice)
      response.assertStatus(404)
      bodies.push(JSON.stringify(response.body()))
    }
    assert.lengthOf(new Set(bodies.slice(0, 2)), 1)
    const guest = await client.get('/acme/app/boards').accept('json')
    assert.oneOf(guest.status(), [401, 404])
  })

  test('created records receive the tenant server-side; forged tenant keys are overwritten', async ({
    client,
    assert,
  }) => {
    const { alice, acme, globex } = await twoTenants()
    const response = await client
      .post('/acme/app/boards')
      .json({ name: 'Mercury', teamId: globex.id, team_id: globex.id })
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    response.assertStatus(201)
    const created = await Board.findByOrFail('name', 'Mercury')
    assert.equal(created.teamId, acme.id)

    /* an update never moves a record to another tenant */
    const moved = await client
      .patch(`/acme/app/boards/${created.id}`)
      .json(
        await versionedBody(`/acme/app/boards/${created.id}`, {
          name: 'Mercury 2',
          teamId: globex.id,
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    moved.assertStatus(200)
    await created.refresh()
    assert.equal(created.teamId, acme.id)
    assert.equal(created.name, 'Mercury 2')
  })

  test('uniqueness rules stay inside the tenant', async ({ client, assert }) => {
    const { alice, bob, apollo } = await twoTenants()
    const taken = await client
      .post('/acme/app/boards')
      .json({ name: 'Hammock' })
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    taken.assertStatus(201)
    const duplicate = await client
      .post('/acme/app/boards')
      .json({ name: 'Apollo' })
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    duplicate.assertStatus(422)
    assert.equal(duplicate.body().errors[0].field, 'name')
    const sameName = await client
      .post('/globex/app/boards')
      .json({ name: 'Apollo' })
      .withCsrfToken()
      .accept('json')
      .loginAs(bob)
    sameName.assertStatus(201)
    const renamed = await client
      .patch(`/acme/app/boards/${apollo.id}`)
      .json(await versionedBody(`/acme/app/boards/${apollo.id}`, { name: 'Apollo' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    renamed.assertStatus(200)
  })

  test('many-to-many tenancy: only shared documents, new ones shared with the tenant', async ({
    client,
    assert,
  }) => {
    const { alice, acme, globex } = await twoTenants()
    const shared = await Document.create({ title: 'Shared' })
    await shared.related('teams').attach([acme.id, globex.id])
    const secret = await Document.create({ title: 'Globex only' })
    await secret.related('teams').attach([globex.id])

    const list = await client.get('/acme/app/documents').withInertia().loginAs(alice)
    assert.deepEqual(names(list), ['Shared'])
    await expectStatus(
      client.get(`/acme/app/documents/${secret.id}/edit`).withInertia().loginAs(alice),
      404
    )

    const created = await client
      .post('/acme/app/documents')
      .json({ title: 'Acme plan' })
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    created.assertStatus(201)
    const document = await Document.findByOrFail('title', 'Acme plan')
    const pivots = await tableRows('document_team')
    assert.deepEqual(
      pivots
        .filter((row) => Number(row.document_id) === document.id)
        .map((row) => Number(row.team_id)),
      [acme.id]
    )
  })

  test('a tenant-scoped resource with no current tenant refuses to read', async ({
    client,
    assert,
  }) => {
    const { alice, acme } = await twoTenants()
    const document = await Document.create({ title: 'Shared' })
    await document.related('teams').attach([acme.id])
    const before = await snapshot(Document)

    for (const [method, url] of [
      ['get', '/loose/loose-documents'],
      ['get', `/loose/loose-documents/${document.id}/edit`],
      ['patch', `/loose/loose-documents/${document.id}`],
      ['delete', `/loose/loose-documents/${document.id}`],
      ['post', '/loose/loose-documents'],
    ] as const) {
      const response = await (client as any)
        [method](url)
        .json({ title: 'x' })
        .withCsrfToken()
        .accept('json')
        .loginAs(alice)
      response.assertStatus(403)
      assert.equal(response.body().errors[0].code, 'E_KIT_NO_TENANT', `${method} ${url}`)
    }
    assert.deepEqual(await snapshot(Document), before)
  })

  test('interleaved requests of two tenants never see each other', async ({ client, assert }) => {
    const { alice, bob } = await twoTenants()
    const requests = Array.from({ length: 24 }, (_, index) =>
      index % 2 === 0
        ? client.get('/acme/app/boards').withInertia().loginAs(alice)
        : client.get('/globex/app/boards').withInertia().loginAs(bob)
    )
    const responses = await Promise.all(requests)
    responses.forEach((response, index) => {
      assert.sameMembers(
        names(response),
        index % 2 === 0 ? ['Apollo', 'Gemini'] : ['Hammock'],
        `request ${index}`
      )
    })
  })

  test('global search and navigation of a tenant panel stay inside the tenant', async ({
    client,
    assert,
  }) => {
    const { alice } = await twoTenants()
    const own = await client.get('/acme/app/search').qs({ q: 'apo' }).accept('json').loginAs(alice)
    own.assertStatus(200)
    assert.deepEqual(
      own.body().groups.map((found: any) => found.results.map((result: any) => result.title)),
      [['Apollo']]
    )
    const other = await client
      .get('/acme/app/search')
      .qs({ q: 'hammock' })
      .accept('json')
      .loginAs(alice)
    assert.deepEqual(other.body().groups, [])
    await expectStatus(
      client.get('/globex/app/search').qs({ q: 'hammock' }).accept('json').loginAs(alice),
      404
    )

    /* nested resources are left out of the navigation */
    const page = await client.get('/acme/app/boards').withInertia().loginAs(alice)
    assert.deepEqual(page.inertiaProps.kitPanel, {
      id: 'teams',
      searchUrl: '/acme/app/search',
      notifications: {
        url: '/acme/app/_notifications',
        channel: `kit/notifications/${alice.id}`,
        pollSeconds: 5,
      },
      /* the switcher: Alice's one team (tenant_switcher.spec.ts) */
      tenants: {
        current: 'Acme',
        items: [{ name: 'Acme', url: '/acme/app/boards', current: true }],
      },
    })
    assert.deepEqual(
      page.inertiaProps.navigation.map((item: any) => item.url),
      ['/acme/app/boards', '/acme/app/documents']
    )
  })
})
