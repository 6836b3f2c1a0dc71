import { test } from '@japa/runner'
import Ticket from '../app/app/models/ticket.ts'
import { DeskTicketResource } from '../app/app/plugins/desk_plugin.ts'
import { createTicket, createUser, snapshot, withDatabase, withVersion } from '../helpers.ts'

/*
 * The test app's `plugged` panel holds nothing but a plugin
 * (tests/app/app/plugins/desk_plugin.ts): its resource, its page, its link
 * and its words, over real HTTP.
 */
test.group('Plugins | what a plugin adds to a panel', (group) => {
  withDatabase(group)

  test("the plugin's resource is mounted; its link and its page join the navigation", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client.get('/plugged/desk-tickets').withInertia().loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(
      response.inertiaProps.navigation.map((item: any) => [item.label, item.url, item.icon]),
      [
        ['Summary', '/plugged/summary', 'chart-bar'],
        ['Help', 'https://example.com/help', null],
        ['Desk tickets', '/plugged/desk-tickets', null],
      ]
    )
    /* the plugin's words reach the renderers with the kit's */
    assert.equal(response.inertiaProps.strings['desk.summary'], 'Summary')
    assert.equal(response.inertiaProps.strings['table.yes'], 'Yes')
  })

  test('a page the user may not open is left out of the navigation and answers 403', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const list = await client.get('/plugged/desk-tickets').withInertia().loginAs(user)
    list.assertStatus(200)
    assert.notInclude(
      list.inertiaProps.navigation.map((item: any) => item.url),
      '/plugged/summary'
    )
    const page = await client.get('/plugged/summary').withInertia().loginAs(user)
    page.assertStatus(403)
    const json = await client.get('/plugged/summary').accept('json').loginAs(user)
    json.assertStatus(403)
    assert.deepEqual(json.body().errors[0].message, 'You may not do this')
  })

  test("the page renders the plugin's component with its handler's props and the panel's", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createTicket(admin)
    await createTicket(admin, { status: 'closed' })
    const response = await client.get('/plugged/summary').withInertia().loginAs(admin)
    response.assertStatus(200)
    response.assertInertiaComponent('desk/summary')
    assert.equal(response.inertiaProps.open, 1)
    assert.deepEqual(response.inertiaProps.kitPluginPage, {
      plugin: 'desk',
      title: 'Summary',
      url: '/plugged/summary',
    })
    assert.deepEqual(response.inertiaProps.kitPanel, {
      id: 'plugged',
      searchUrl: '/plugged/search',
    })
    const summary = response.inertiaProps.navigation.find(
      (item: any) => item.url === '/plugged/summary'
    )
    assert.isTrue(summary.active)

    const json = await client.get('/plugged/summary').accept('json').loginAs(admin)
    json.assertStatus(200)
    assert.deepEqual(json.body(), { open: 1 })

    /* a guest meets the panel's authentication first */
    const guest = await client.get('/plugged/summary').accept('json')
    assert.oneOf(guest.status(), [401, 403])
  })

  test("a plugin's field checks its value in the field pipeline: refused input leaves the row", async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const ticket = await createTicket(owner, { priority: 2 })
    const before = await snapshot(Ticket)

    for (const priority of ['7', '0', 'three', 2.5, '']) {
      const response = await client
        .patch(`/plugged/desk-tickets/${ticket.id}`)
        .json(await withVersion(DeskTicketResource, ticket.id, { priority }))
        .withCsrfToken()
        .accept('json')
        .loginAs(owner)
        .redirects(0)
      response.assertStatus(422)
      const error = response.body().errors.find((entry: any) => entry.field === 'priority')
      assert.exists(error, JSON.stringify(priority))
      if (priority !== '') {
        assert.equal(error.message, 'Choose between 1 and 5 stars')
        assert.equal(error.rule, 'stars')
      }
    }
    assert.deepEqual(await snapshot(Ticket), before)

    const saved = await client
      .patch(`/plugged/desk-tickets/${ticket.id}`)
      .json(await withVersion(DeskTicketResource, ticket.id, { priority: '4' }))
      .withCsrfToken()
      .accept('json')
      .loginAs(owner)
      .redirects(0)
    saved.assertStatus(200)
    await ticket.refresh()
    assert.equal(ticket.priority, 4)
  })
})
