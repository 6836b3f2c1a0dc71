import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Board from '../app/app/models/board.ts'
import { panel, Cluster } from '../../index.ts'
import { assertNavigationGroups } from '../../src/runtime/mounts/navigation.ts'
import { createUser, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

/*
 * The navigation of the "signals" tenant panel (tests/app/config/kit.ts,
 * tests/app/app/resources/navigation_resources.ts): badges deferred and
 * counted through each resource's scoped query, groups, a cluster and
 * custom links.
 */

const BOARDS = '/acme/signals/boards'

async function tenantsWithBoards() {
  const tenants = await twoTenants()
  /* outside the badge: an archived board, a board the scoped query hides,
     and the other tenant's open boards */
  await Board.createMany([
    { teamId: tenants.acme.id, name: 'Mercury', archived: true },
    { teamId: tenants.acme.id, name: 'Secret', archived: false },
    { teamId: tenants.globex.id, name: 'Sunbed', archived: false },
  ])
  return tenants
}

function page(client: any, user: any, url = BOARDS) {
  return client.get(url).withInertia().loginAs(user)
}

function badgesOf(client: any, user: any, first: any) {
  return client
    .get(first.url)
    .withInertiaPartialReload(first.component, ['navigationBadges'])
    .loginAs(user)
}

test.group('Navigation | badges', (group) => {
  withDatabase(group)

  test('badges are deferred: absent from the page, counted in the one partial reload', async ({
    client,
    assert,
  }) => {
    const { alice } = await tenantsWithBoards()
    const first = await page(client, alice)
    first.assertStatus(200)
    const body = first.body()
    assert.notProperty(body.props, 'navigationBadges')
    assert.deepEqual(body.deferredProps, { kit: ['navigationBadges'] })
    /* the items that have a badge say so */
    const boards = first.inertiaProps.navigation.find((item: any) => item.url === BOARDS)
    assert.isTrue(boards.badge)

    const reload = await badgesOf(client, alice, body)
    reload.assertStatus(200)
    /* Apollo and Gemini: not the archived board, not "Secret" (modifyQuery),
       not globex's boards; the documents' badge threw and is left out, the
       folders' is zero, the archive is not listed for alice */
    assert.deepEqual(reload.inertiaProps.navigationBadges, {
      [BOARDS]: { text: '2', color: 'warning', tooltip: 'Open boards' },
    })
    assert.notProperty(reload.inertiaProps, 'navigation')
    assert.notProperty(reload.inertiaProps, 'table')
  })

  test('the other tenant counts its own rows; an admin sees the archive badge', async ({
    client,
    assert,
  }) => {
    const { bob, acme } = await tenantsWithBoards()
    const first = await page(client, bob, '/globex/signals/boards')
    first.assertStatus(200)
    const reload = await badgesOf(client, bob, first.body())
    assert.deepEqual(reload.inertiaProps.navigationBadges, {
      '/globex/signals/boards': { text: '2', color: 'warning', tooltip: 'Open boards' },
    })

    const admin = await createUser({ isAdmin: true })
    await db.table('team_user').insert({ team_id: acme.id, user_id: admin.id })
    const adminPage = await page(client, admin)
    const adminBadges = await badgesOf(client, admin, adminPage.body())
    assert.deepEqual(adminBadges.inertiaProps.navigationBadges, {
      [BOARDS]: { text: '2', color: 'warning', tooltip: 'Open boards' },
      '/acme/signals/archive': { text: 'new', color: 'success', tooltip: null },
    })
    /* the admin-only link, first by its sort */
    assert.equal(adminPage.inertiaProps.navigation[0].url, '/status')
  })

  test('a throwing badge leaves the page and the other badges whole', async ({
    client,
    assert,
  }) => {
    const { alice } = await tenantsWithBoards()
    const documents = await page(client, alice, '/acme/signals/documents')
    documents.assertStatus(200)
    const reload = await badgesOf(client, alice, documents.body())
    reload.assertStatus(200)
    assert.deepEqual(Object.keys(reload.inertiaProps.navigationBadges), [BOARDS])
  })
})

test.group('Navigation | groups, clusters, custom links', (group) => {
  withDatabase(group)

  test('declared groups first, in their order, with icon and collapsibility', async ({
    client,
    assert,
  }) => {
    const { alice } = await tenantsWithBoards()
    const response = await page(client, alice, '/acme/signals/papers')
    response.assertStatus(200)
    const navigation = response.inertiaProps.navigation
    assert.deepEqual(
      navigation.map((item: any) => [item.group, item.label]),
      [
        ['Reference', 'Help'],
        ['Reference', 'Library'],
        ['Work', 'Boards'],
        ['Work', 'Documents'],
      ]
    )
    const [help, library, boards] = navigation
    assert.deepInclude(help, {
      url: 'https://example.com/help',
      openInNewTab: true,
      groupIcon: 'book-open',
      groupCollapsible: true,
      groupCollapsed: true,
    })
    assert.deepInclude(boards, { groupIcon: 'briefcase', groupCollapsible: false })
    /* the cluster: one item, active on its resources' pages, linking to the
       first of them; its children are its sub-navigation */
    assert.deepInclude(library, {
      icon: 'book-open',
      url: '/acme/signals/folders',
      active: true,
    })
    assert.deepEqual(
      library.children.map((child: any) => [child.label, child.url, child.active]),
      [
        ['Folders', '/acme/signals/folders', false],
        ['Papers', '/acme/signals/papers', true],
      ]
    )
    /* hidden link (admins only) and hidden resource (archive) */
    assert.notInclude(
      navigation.map((item: any) => item.url),
      '/status'
    )
    assert.notInclude(
      navigation.map((item: any) => item.url),
      '/acme/signals/archive'
    )
  })

  test('a resource of a cluster keeps its own URL and authorization', async ({ client }) => {
    const { alice } = await tenantsWithBoards()
    const folders = await page(client, alice, '/acme/signals/folders')
    folders.assertStatus(200)
    const archive = await page(client, alice, '/acme/signals/archive')
    archive.assertStatus(403)
  })
})

test.group('Navigation | configuration refusals', () => {
  test('custom links: only paths and http(s) URLs', ({ assert }) => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      ' /admin',
      '',
    ]) {
      assert.throws(
        () => panel('x').navigationItems([{ label: 'Bad', url }]),
        /refused URL/,
        JSON.stringify(url)
      )
    }
    try {
      panel('x').navigationItems([{ label: 'Bad', url: 'javascript:alert(1)' }])
    } catch (error: any) {
      assert.equal(error.code, 'E_KIT_CONFIG')
    }
    assert.doesNotThrow(() =>
      panel('x').navigationItems([
        { label: 'Docs', url: 'https://docs.example.com' },
        { label: 'Home', url: '/' },
      ])
    )
    assert.throws(
      () => panel('x').navigationItems([{ label: '', url: '/a' }]),
      /navigation item 1 needs a label/
    )
    assert.throws(
      () => panel('x').navigationItems([{ label: 'A', url: '/a', visible: true as never }]),
      /visible must be a function/
    )
  })

  test('groups: unknown group names and duplicates are refused', ({ assert }) => {
    assert.throws(
      () =>
        panel('x')
          .navigationGroups([{ label: 'Work' }])
          .navigationItems([{ label: 'A', url: '/a', group: 'Wrok' }]),
      /the navigation group "Wrok" is not one of the panel's navigationGroups\(\) \("Work"\)/
    )
    /* declared after the links: checked too */
    assert.throws(
      () =>
        panel('x')
          .navigationItems([{ label: 'A', url: '/a', group: 'Wrok' }])
          .navigationGroups([{ label: 'Work' }]),
      /"Wrok" is not one/
    )
    assert.throws(
      () =>
        panel('x').navigationGroups([{ label: 'Work' }, { label: { en: 'Work', fr: 'Travail' } }]),
      /"Work" is declared twice/
    )
    assert.throws(() => panel('x').navigationGroups([{ label: '' }]), /needs a label/)
    /* a resource naming an undeclared group fails the boot */
    const mount = (navigationGroup: string) =>
      ({
        options: { navigationGroups: [{ label: 'Work' }] },
        resource: { constructor: { name: 'PostResource' }, navigationGroup },
      }) as never
    assert.throws(
      () => assertNavigationGroups('admin', [mount('Settings')]),
      /Panel "admin": PostResource.navigationGroup: the navigation group "Settings"/
    )
    assert.doesNotThrow(() => assertNavigationGroups('admin', [mount('Work')]))
    assert.throws(() => new Cluster({ label: '' }), /A Cluster needs a label/)
  })
})
