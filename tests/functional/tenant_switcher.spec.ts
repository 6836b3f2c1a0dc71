import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { panel } from '../../index.ts'
import Team from '../app/app/models/team.ts'
import Board from '../app/app/models/board.ts'
import { createUser, pageOf, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

/**
 * Alice in two teams (Acme and Initech), Bob in Globex only.
 */
async function threeTeams() {
  const fixture = await twoTenants()
  const initech = await Team.create({ slug: 'initech', name: 'Initech' })
  await db.table('team_user').insert({ team_id: initech.id, user_id: fixture.alice.id })
  return { ...fixture, initech }
}

async function snapshotTeams() {
  return {
    teams: await db.from('teams').orderBy('id'),
    members: await db.from('team_user').orderBy('id'),
    boards: await db.from('boards').orderBy('id'),
  }
}

test.group('Tenant switcher | the top bar lists the member tenants', (group) => {
  withDatabase(group)

  test("a member sees their own tenants, the current one marked, never another team's", async ({
    client,
    assert,
  }) => {
    const { alice, bob, apollo } = await threeTeams()
    const list = await client.get('/acme/app/boards').withInertia().loginAs(alice)
    list.assertStatus(200)
    assert.deepEqual(list.inertiaProps.kitPanel.tenants, {
      current: 'Acme',
      items: [
        { name: 'Acme', url: '/acme/app/boards', current: true },
        { name: 'Initech', url: '/initech/app/boards', current: false },
      ],
    })

    /* a page naming a record links to the other tenant's panel home instead */
    const edit = await client.get(`/acme/app/boards/${apollo.id}/edit`).withInertia().loginAs(alice)
    edit.assertStatus(200)
    assert.deepEqual(
      edit.inertiaProps.kitPanel.tenants.items.map((item: any) => item.url),
      ['/acme/app/boards', '/initech/app/boards']
    )

    /* Bob, in Globex only: one entry, no Acme nor Initech */
    const globex = await client.get('/globex/app/boards').withInertia().loginAs(bob)
    globex.assertStatus(200)
    assert.deepEqual(globex.inertiaProps.kitPanel.tenants.items, [
      { name: 'Globex', url: '/globex/app/boards', current: true },
    ])

    /* the dashboard of a tenant panel carries it too */
    const desk = await client.get('/initech/desk').withInertia().loginAs(alice)
    desk.assertStatus(200)
    assert.deepEqual(
      desk.inertiaProps.kitPanel.tenants.items.map((item: any) => item.url),
      ['/acme/desk', '/initech/desk']
    )
  })

  test('switching to a foreign tenant URL is the same 404 as an unknown one, and writes nothing', async ({
    client,
    assert,
  }) => {
    const { alice, hammock } = await threeTeams()
    const before = await snapshotTeams()
    for (const url of [
      '/globex/app/boards',
      '/nope/app/boards',
      `/globex/app/boards/${hammock.id}/edit`,
    ]) {
      const response = await client.get(url).withInertia().loginAs(alice)
      response.assertStatus(404)
      assert.equal(response.body().errors[0].code, 'E_KIT_NOT_FOUND')
    }
    const forged = await client
      .patch(`/globex/app/boards/${hammock.id}`)
      .json({ name: 'Taken over' })
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    forged.assertStatus(404)
    assert.deepEqual(await snapshotTeams(), before)
    const board = await Board.findOrFail(hammock.id)
    assert.equal(board.name, 'Hammock')
  })
})

test.group('Tenant switcher | the panel root sends a member to their tenant', (group) => {
  withDatabase(group)

  test('a member goes to their first tenant, or to defaultTenant(); a page without one otherwise', async ({
    client,
    assert,
  }) => {
    const { alice, bob } = await threeTeams()
    const before = await snapshotTeams()

    /* no dashboard: the first resource's list of the first tenant (by name) */
    const teams = await client.get('/app').redirects(0).loginAs(alice)
    teams.assertStatus(302)
    assert.equal(teams.header('location'), '/acme/app/boards')

    /* defaultTenant picks Initech for Alice; Bob is not in it: his first team */
    const desk = await client.get('/desk').redirects(0).loginAs(alice)
    desk.assertStatus(302)
    assert.equal(desk.header('location'), '/initech/desk')
    const bobDesk = await client.get('/desk').redirects(0).loginAs(bob)
    bobDesk.assertStatus(302)
    assert.equal(bobDesk.header('location'), '/globex/desk')

    /* a user of no team: a clear 403 page, JSON or HTML */
    const loner = await createUser()
    const json = await client.get('/app').accept('json').loginAs(loner)
    json.assertStatus(403)
    assert.equal(json.body().errors[0].code, 'E_KIT_NO_TENANT')
    const html = await client.get('/app').header('accept', 'text/html').loginAs(loner)
    html.assertStatus(403)
    const page = pageOf(html)
    assert.equal(page.component, 'kit/error')
    assert.equal(page.props.kitError.title, 'Nothing to open yet')
    assert.match(page.props.kitError.message, /does not belong to any team/)

    /* a guest is stopped by the panel's authentication */
    const guest = await client.get('/app').redirects(0).accept('json')
    assert.oneOf(guest.status(), [401, 302])
    assert.notEqual(guest.header('location'), '/acme/app/boards')

    /* a membership removed after the list was read: never redirected into it */
    await db.from('team_user').where('user_id', bob.id).delete()
    const left = await client.get('/desk').accept('json').loginAs(bob)
    left.assertStatus(403)
    const after = await snapshotTeams()
    assert.deepEqual(after.teams, before.teams)
    assert.deepEqual(after.boards, before.boards)
  })
})

test.group('Tenant panels | sign-in outside a tenant', () => {
  test('the sign-in page of a tenant panel carries its brand; a guest of the root signs in first', async ({
    client,
    assert,
  }) => {
    const login = await client.get('/club/login').withInertia()
    login.assertStatus(200)
    assert.deepEqual(login.inertiaProps.kitPanel, {
      id: 'club',
      searchUrl: '/club',
      brand: 'Club',
      logo: { light: '/brand/club.svg' },
    })
    const guest = await client.get('/club').redirects(0)
    guest.assertStatus(302)
    assert.equal(guest.header('location'), '/club/login?redirect=%2Fclub')
  })
})

test.group('Branding | logo and favicon', (group) => {
  withDatabase(group)

  test('the logo, its height and the favicon reach every page of the panel', async ({
    client,
    assert,
  }) => {
    const { alice } = await threeTeams()
    const desk = await client.get('/acme/desk').withInertia().loginAs(alice)
    desk.assertStatus(200)
    assert.deepEqual(desk.inertiaProps.kitPanel.logo, {
      light: '/brand/desk.svg',
      dark: 'https://cdn.example.com/desk-dark.svg',
      height: '2.5rem',
    })
    assert.equal(desk.inertiaProps.kitPanel.favicon, '/brand/desk.ico')
    const other = await client.get('/acme/app/boards').withInertia().loginAs(alice)
    assert.notProperty(other.inertiaProps.kitPanel, 'logo')
    assert.notProperty(other.inertiaProps.kitPanel, 'favicon')
  })

  test('logo and favicon URLs other than paths and https URLs are refused at boot', ({
    assert,
  }) => {
    const refused = [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://cdn.example.com/logo.svg',
      '//evil.example.com/logo.svg',
      ' /logo.svg',
      '/logo\n.svg',
      '',
    ]
    for (const url of refused) {
      assert.throws(() => panel('bad').brandLogo(url), /brandLogo\(\): URL .* is refused/)
      assert.throws(() => panel('bad').favicon(url), /favicon\(\): URL .* is refused/)
      assert.throws(
        () => panel('bad').brandLogo({ light: '/ok.svg', dark: url }),
        /brandLogo\(\) dark: URL .* is refused/
      )
    }
    assert.throws(
      () => panel('bad').brandLogo({ light: '/a.svg', night: '/b.svg' } as any),
      /unknown key "night"/
    )
    assert.throws(() => panel('bad').brandLogoHeight('2rem; color: red'), /must be a length/)
    assert.throws(
      () => panel('bad').tenant({ model: Team, tenantsOf: 'all' as any }),
      'Panel "bad": tenant(): tenantsOf must be a function'
    )
    assert.throws(
      () => panel('bad').tenant({ model: Team, defaultTenant: () => null }),
      /defaultTenant needs tenantsOf/
    )
    assert.doesNotThrow(() =>
      panel('good')
        .brandLogo({ light: '/logo.svg', dark: 'https://cdn.example.com/dark.svg' })
        .brandLogoHeight('40px')
        .favicon('/favicon.svg')
    )
  })
})
