import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Post from '../app/app/models/post.ts'
import { createPost, createUser, snapshot, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

const today = () => DateTime.utc().startOf('day')

/**
 * The deferred widgets of a dashboard page: the page lists them as one
 * deferred group and does not carry them; a partial reload asking for them
 * answers them.
 */
async function widgetsOf(client: any, response: any, user: any): Promise<Record<string, any>> {
  const page = response.body()
  if ('dashboardWidgets' in response.inertiaProps) {
    throw new Error('dashboardWidgets must be deferred')
  }
  if (
    JSON.stringify(page.deferredProps) !== JSON.stringify({ 'kit-dashboard': ['dashboardWidgets'] })
  ) {
    throw new Error(`unexpected deferred props: ${JSON.stringify(page.deferredProps)}`)
  }
  const reload = await client
    .get(page.url)
    .withInertiaPartialReload(page.component, ['dashboardWidgets'])
    .loginAs(user)
  reload.assertStatus(200)
  return reload.inertiaProps.dashboardWidgets
}

test.group('Dashboards | landing page and widgets', (group) => {
  withDatabase(group)

  test('the panel opens on its dashboard: slots with the page, content deferred', async ({
    client,
    assert,
  }) => {
    const alice = await createUser()
    const bob = await createUser()
    await createPost(alice, { status: 'published', title: 'Alpha' })
    await createPost(alice, { status: 'draft', title: 'Alice draft' })
    await createPost(bob, { status: 'draft', title: 'Bob draft' })

    const response = await client.get('/board').withInertia().loginAs(alice)
    response.assertStatus(200)
    const page = response.body()
    assert.equal(page.component, 'kit/dashboard')
    const dashboard = response.inertiaProps.kitDashboard
    assert.equal(dashboard.title, 'Dashboard')
    assert.equal(dashboard.columns, 2)
    assert.isNull(dashboard.poll)
    assert.deepEqual(
      dashboard.widgets.map((slot: any) => [slot.id, slot.type, slot.span]),
      [
        ['posts', 'stats', 2],
        ['posts-per-day', 'chart', 1],
        ['statuses', 'chart', 1],
        ['latest', 'table', 2],
      ]
    )
    assert.deepEqual(
      dashboard.filters.map((filter: any) => [filter.name, filter.label, filter.error]),
      [
        ['from', 'From', null],
        ['until', 'Until', null],
      ]
    )
    assert.equal(dashboard.filters[1].value, today().toISODate())
    assert.equal(dashboard.filters[0].value, today().minus({ days: 6 }).toISODate())
    /* the navigation starts with the dashboard, active; review is for admins */
    assert.deepEqual(response.inertiaProps.navigation[0], {
      label: 'Dashboard',
      icon: 'home',
      url: '/board',
      sort: null,
      group: null,
      active: true,
    })
    assert.notInclude(
      response.inertiaProps.navigation.map((item: any) => item.url),
      '/board/dashboards/review'
    )

    const widgets = await widgetsOf(client, response, alice)
    assert.sameMembers(Object.keys(widgets), ['posts', 'posts-per-day', 'statuses', 'latest'])
    /* alice reads published posts and her own drafts: 2 of 3 */
    assert.equal(widgets.posts.stats[0].label, 'All posts')
    assert.equal(widgets.posts.stats[0].value, 2)
    assert.equal(widgets.posts.stats[1].value, 2)
    assert.lengthOf(widgets.posts.stats[1].trend, 7)
    assert.equal(widgets.posts.stats[1].trend[6], 2)
    assert.equal(widgets['posts-per-day'].chart, 'line')
    assert.lengthOf(widgets['posts-per-day'].labels, 7)
    assert.deepEqual(widgets['posts-per-day'].datasets[0].data.slice(-1), [2])
    assert.deepEqual(widgets.statuses.labels, ['Draft', 'Published'])
    assert.deepEqual(widgets.statuses.datasets[0].data, [1, 1])
    assert.sameMembers(
      widgets.latest.rows.map((row: any) => row.title),
      ['Alpha', 'Alice draft']
    )
    assert.deepEqual(
      widgets.latest.columns.map((column: any) => column.name),
      ['title', 'status']
    )
    assert.equal(widgets.latest.url, '/board/posts')
    /* no hidden attribute in any prop */
    assert.notInclude(JSON.stringify(widgets), 'secret')
  })

  test('widgets a user may not see are absent from the page and from the deferred answer', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const user = await createUser()
    await createPost(user, { status: 'draft' })
    await createPost(admin, { status: 'draft' })

    const asUser = await client.get('/board').withInertia().loginAs(user)
    const userSlots = asUser.inertiaProps.kitDashboard.widgets.map((slot: any) => slot.id)
    assert.notIncludeMembers(userSlots, ['admin-only', 'notes', 'orphan'])
    const userWidgets = await widgetsOf(client, asUser, user)
    assert.notProperty(userWidgets, 'admin-only')
    assert.notProperty(userWidgets, 'notes')
    assert.notProperty(userWidgets, 'orphan')

    const asAdmin = await client.get('/board').withInertia().loginAs(admin)
    const adminSlots = asAdmin.inertiaProps.kitDashboard.widgets.map((slot: any) => slot.id)
    assert.include(adminSlots, 'admin-only')
    assert.notIncludeMembers(adminSlots, ['notes', 'orphan'])
    const adminWidgets = await widgetsOf(client, asAdmin, admin)
    /* the admin reads every post (modifyQuery lets admins see all) */
    assert.equal(adminWidgets['admin-only'].stats[0].value, 2)
    assert.equal(adminWidgets.posts.stats[0].value, 2)
    assert.equal(userWidgets.posts.stats[0].value, 1)
    assert.include(
      asAdmin.inertiaProps.navigation.map((item: any) => item.url),
      '/board/dashboards/review'
    )
  })

  test('a dashboard a user may not open answers 403; guests are sent away', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const user = await createUser()
    await createPost(user, { status: 'draft' })

    const denied = await client.get('/board/dashboards/review').accept('json').loginAs(user)
    denied.assertStatus(403)
    assert.notProperty(denied.body(), 'widgets')
    const deniedInertia = await client
      .get('/board/dashboards/review')
      .withInertiaPartialReload('kit/dashboard' as never, ['dashboardWidgets'])
      .loginAs(user)
    deniedInertia.assertStatus(403)
    assert.notInclude(JSON.stringify(deniedInertia.body()), 'Drafts')

    const allowed = await client.get('/board/dashboards/review').accept('json').loginAs(admin)
    allowed.assertStatus(200)
    assert.equal(allowed.body().dashboard.poll, 30)
    assert.equal(allowed.body().dashboard.title, 'Review')
    assert.deepEqual(allowed.body().widgets.drafts.stats[0], {
      label: 'Drafts',
      value: 1,
      description: null,
    })

    const guest = await client.get('/board').accept('json')
    assert.oneOf(guest.status(), [401, 302])
    assert.notProperty(guest.body() ?? {}, 'widgets')
  })

  test('the date range narrows every widget; bad values get field errors, never a 500', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await createPost(user, { createdAt: DateTime.fromISO('2026-01-10T10:00:00Z') } as never)
    await createPost(user, { createdAt: DateTime.fromISO('2026-01-12T10:00:00Z') } as never)
    await createPost(user, { createdAt: DateTime.fromISO('2026-01-20T10:00:00Z') } as never)
    const before = await snapshot(Post)

    const range = await client
      .get('/board?from=2026-01-09&until=2026-01-15')
      .accept('json')
      .loginAs(user)
    range.assertStatus(200)
    const widgets = range.body().widgets
    assert.equal(widgets.posts.stats[1].value, 2)
    assert.deepEqual(widgets.posts.stats[1].trend, [0, 1, 0, 1, 0, 0, 0])
    assert.deepEqual(widgets['posts-per-day'].datasets[0].data, [0, 1, 0, 1, 0, 0, 0])
    assert.deepEqual(widgets.statuses.datasets[0].data, [0, 2])
    /* the previous period (2026-01-02 to 2026-01-08) had nothing: no change to show */
    assert.isNull(widgets.posts.stats[1].change)

    const later = await client
      .get('/board?from=2026-01-16&until=2026-01-22')
      .accept('json')
      .loginAs(user)
    const change = later.body().widgets.posts.stats[1]
    assert.equal(change.value, 1)
    assert.deepEqual(change.change, {
      percent: -50,
      direction: 'down',
      text: '-50% vs previous period',
    })

    const cases: [string, string, string][] = [
      ['from=yesterday', 'from', 'From must be a date (YYYY-MM-DD).'],
      ['from=2026-13-45', 'from', 'From must be a date (YYYY-MM-DD).'],
      ['from[]=2026-01-01', 'from', 'From must be a date (YYYY-MM-DD).'],
      ["until=2026-01-01'%20or%201=1", 'until', 'Until must be a date (YYYY-MM-DD).'],
      ['from=2026-01-10&until=2026-01-01', 'until', 'Until must not be before From.'],
      ['from=2010-01-01&until=2026-01-01', 'until', 'The period is at most 731 days.'],
    ]
    for (const [query, field, message] of cases) {
      const refused = await client.get(`/board?${query}`).accept('json').loginAs(user)
      refused.assertStatus(422)
      assert.deepEqual(refused.body().errors, [{ field, message }], query)
      /* the page still answers, over the default period */
      const page = await client.get(`/board?${query}`).withInertia().loginAs(user)
      page.assertStatus(200)
      const filter = page.inertiaProps.kitDashboard.filters.find((f: any) => f.name === field)
      assert.equal(filter.error, message)
    }
    assert.deepEqual(await snapshot(Post), before)
  })

  test('a French panel writes its labels, options and changes in French', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await createPost(user, { status: 'draft' })
    await createPost(user, { status: 'published' })
    const response = await client.get('/tableau').withInertia().loginAs(user)
    response.assertStatus(200)
    const dashboard = response.inertiaProps.kitDashboard
    assert.equal(dashboard.title, 'Tableau de bord')
    assert.deepEqual(
      dashboard.filters.map((filter: any) => filter.label),
      ['Du', 'Au']
    )
    const widgets = await widgetsOf(client, response, user)
    assert.equal(widgets.posts.label, 'Articles')
    assert.deepEqual(
      widgets.posts.stats.map((stat: any) => stat.label),
      ['Tous les articles', 'Nouveaux articles']
    )
    assert.deepEqual(widgets.statuses.labels, ['Brouillon', 'Publié'])
    assert.equal(widgets['posts-per-day'].datasets[0].label, 'Articles')
    assert.notInclude(JSON.stringify(widgets), 'Draft')
    assert.notInclude(JSON.stringify(widgets), 'Published')
    const refused = await client.get('/tableau?from=hier').accept('json').loginAs(user)
    refused.assertStatus(422)
    assert.deepEqual(refused.body().errors, [
      { field: 'from', message: '« Du » doit être une date (AAAA-MM-JJ).' },
    ])
  })
})

test.group('Dashboards | tenants', (group) => {
  withDatabase(group)

  test('a tenant dashboard reads the current team only; other teams are 404', async ({
    client,
    assert,
  }) => {
    const { alice, bob } = await twoTenants()
    const acme = await client.get('/acme/desk').withInertia().loginAs(alice)
    acme.assertStatus(200)
    assert.equal(acme.inertiaProps.navigation[0].url, '/acme/desk')
    const widgets = await widgetsOf(client, acme, alice)
    assert.equal(widgets.boards.stats[0].value, 2)
    assert.deepEqual(
      widgets['board-list'].rows.map((row: any) => row.title),
      ['Apollo', 'Gemini']
    )

    const globex = await client.get('/globex/desk').accept('json').loginAs(bob)
    globex.assertStatus(200)
    assert.equal(globex.body().widgets.boards.stats[0].value, 1)
    assert.deepEqual(
      globex.body().widgets['board-list'].rows.map((row: any) => row.title),
      ['Hammock']
    )

    /* alice is not a member of globex: the same 404 as an unknown team */
    const foreign = await client.get('/globex/desk').accept('json').loginAs(alice)
    foreign.assertStatus(404)
    assert.notInclude(JSON.stringify(foreign.body()), 'Hammock')
    const partial = await client
      .get('/globex/desk')
      .withInertiaPartialReload('kit/dashboard' as never, ['dashboardWidgets'])
      .loginAs(alice)
    partial.assertStatus(404)
    assert.notInclude(JSON.stringify(partial.body()), 'Hammock')
  })
})
