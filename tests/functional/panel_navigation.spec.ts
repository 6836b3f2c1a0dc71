import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { createUser, withDatabase } from '../helpers.ts'

test.group('Panels | navigation, panel id and abilities', (group) => {
  withDatabase(group)

  test('every panel page carries the navigation of resources the user may list', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client.get('/admin/articles').withInertia().loginAs(user)
    response.assertStatus(200)
    /* sorted by navigationSort, then label; ungrouped items first, then each
       group; notes are denied, so hidden (books: any signed-in user may list them) */
    const item = (label: string, url: string, extra: Record<string, unknown> = {}) => ({
      label,
      icon: null,
      url,
      sort: null,
      group: null,
      active: false,
      ...extra,
    })
    assert.deepEqual(response.inertiaProps.navigation, [
      item('Articles', '/admin/articles', { active: true }),
      item('Books', '/admin/books'),
      item('Posts', '/admin/posts'),
      item('Profiles', '/admin/profiles'),
      item('All projects', '/admin/projects', { icon: 'folder', sort: 1, group: 'Directory' }),
      item('Contacts', '/admin/contacts', { icon: 'users', sort: 2, group: 'Directory' }),
    ])
    assert.deepEqual(response.inertiaProps.kitPanel, { id: 'admin', searchUrl: '/admin/search' })
  })

  test('a hidden navigation item is still authorized on its route', async ({ client }) => {
    const user = await createUser()
    const response = await client.get('/admin/notes').withInertia().loginAs(user)
    response.assertStatus(403)
  })

  test('pages mounted through the route facade carry no panel props', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client.get('/manage/tags').withInertia().loginAs(user)
    response.assertStatus(200)
    assert.notProperty(response.inertiaProps, 'navigation')
    assert.notProperty(response.inertiaProps, 'kitPanel')
    assert.notProperty(response.inertiaProps, 'brand')
  })

  test('the ability registry lists every resource operation with its policy ability', async ({
    assert,
  }) => {
    const kit = await app.container.make('kit')
    const registry = kit.abilities('admin')
    assert.deepEqual(
      registry.map((entry) => entry.slug),
      ['posts', 'notes', 'articles', 'books', 'projects', 'contacts', 'profiles']
    )
    const posts = registry.find((entry) => entry.slug === 'posts')!
    assert.deepEqual(posts.abilities, [
      { operation: 'viewAny', ability: 'viewAny' },
      { operation: 'view', ability: 'view' },
      { operation: 'create', ability: 'create' },
      { operation: 'edit', ability: 'update' },
      { operation: 'delete', ability: 'delete' },
      { operation: 'deleteAny', ability: 'deleteAny' },
    ])
    const articles = registry.find((entry) => entry.slug === 'articles')!
    assert.includeDeepMembers(articles.abilities, [
      { operation: 'restore', ability: 'restore' },
      { operation: 'restoreAny', ability: 'restoreAny' },
      { operation: 'forceDelete', ability: 'forceDelete' },
      { operation: 'forceDeleteAny', ability: 'forceDeleteAny' },
    ])
    assert.equal(registry[0].resource, 'PostResource')
    assert.throws(() => kit.abilities('missing'), /Panel "missing" is not declared/)
  })

  test('panel routes carry the panel namespace', async ({ assert }) => {
    const router = await app.container.make('router')
    const names = router.toJSON().root.map((route: any) => route.name)
    for (const name of [
      'kit.admin.projects.view',
      'kit.admin.projects.activity',
      'kit.admin.projects.report',
      'kit.admin.contacts.index',
      'kit.admin.contacts.store',
      'kit.admin.contacts.update',
      'kit.admin.search',
    ]) {
      assert.include(names, name)
    }
    assert.notInclude(names, 'kit.admin.contacts.create')
  })
})
