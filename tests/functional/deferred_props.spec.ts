import { test } from '@japa/runner'
import Post from '../app/app/models/post.ts'
import { createUser, recordStatements, withDatabase } from '../helpers.ts'

/*
 * Deferred props (the list page's tab badges) on a partial reload: the
 * reload that asks only for them computes them alone, not the page they
 * were deferred from (no page of rows, no pagination count, no navigation).
 * Every statement the request runs is recorded.
 */

function list(client: any, user: any, qs: Record<string, any> = {}) {
  return client.get('/admin/posts').qs(qs).withInertia().loginAs(user)
}

function reload(client: any, user: any, page: any, only: string[]) {
  return client.get(page.url).withInertiaPartialReload(page.component, only).loginAs(user)
}

/** The statements that read the posts table */
function onPosts(sql: string[]) {
  return sql.filter((statement) => /\bfrom ["`]?posts["`]?/.test(statement))
}

async function seed(authorId: number, otherId: number) {
  await Post.createMany([
    ...Array.from({ length: 3 }, (_, index) => ({
      title: `Draft ${index}`,
      body: 'b',
      status: 'draft' as const,
      authorId,
    })),
    ...Array.from({ length: 4 }, (_, index) => ({
      title: `Published ${index}`,
      body: 'b',
      status: 'published' as const,
      authorId,
    })),
    /* another author's drafts: outside a non-admin's scoped query */
    ...Array.from({ length: 2 }, (_, index) => ({
      title: `Other draft ${index}`,
      body: 'b',
      status: 'draft' as const,
      authorId: otherId,
    })),
  ])
}

test.group('Deferred props | a partial reload asking only for them', (group) => {
  withDatabase(group)

  test('tabBadges alone: one count for the deferred tab, nothing else of the list', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const other = await createUser()
    await seed(admin.id, other.id)

    let page: any
    const full = await recordStatements(async () => {
      const response = await list(client, admin)
      response.assertStatus(200)
      page = response.body()
    })
    /* the page: its rows, its count; the drafts badge deferred */
    assert.isAtLeast(onPosts(full).length, 2, full.join('; '))
    assert.deepInclude(Object.values(page.deferredProps).flat(), 'tabBadges')
    assert.notProperty(page.props, 'tabBadges')

    let response: any
    const partial = await recordStatements(async () => {
      response = await reload(client, admin, page, ['tabBadges'])
    })
    response.assertStatus(200)
    assert.deepEqual(response.inertiaProps.tabBadges, { drafts: { badge: 5 } })
    /* the badge's one count, and no other statement on posts */
    const statements = onPosts(partial)
    assert.lengthOf(statements, 1, statements.join('; '))
    assert.include(statements[0], 'count(')
    assert.include(statements[0], 'status')
    assert.isBelow(partial.length, full.length, `${partial.join('; ')}\n---\n${full.join('; ')}`)
    for (const prop of ['table', 'tabs', 'navigation', 'resource', 'breadcrumbs']) {
      assert.notProperty(response.inertiaProps, prop)
    }
  })

  test('the same badges as the page would compute: a search defers the active tab too', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const other = await createUser()
    await seed(admin.id, other.id)

    const first = await list(client, admin, { search: 'Draft' })
    first.assertStatus(200)
    const items = first.inertiaProps.tabs.items
    assert.deepEqual(
      items.filter((item: any) => item.badgeDeferred).map((item: any) => item.key),
      ['all', 'drafts']
    )

    let response: any
    const partial = await recordStatements(async () => {
      response = await reload(client, admin, first.body(), ['tabBadges'])
    })
    /* the tabs count the tab's records, as the page does (not the search) */
    assert.deepEqual(response.inertiaProps.tabBadges, {
      all: { badge: 9 },
      drafts: { badge: 5 },
    })
    assert.lengthOf(onPosts(partial), 2, partial.join('; '))

    /* a reload asking for the table too builds the page as before: same badges */
    const both = await reload(client, admin, first.body(), ['tabBadges', 'table'])
    assert.deepEqual(both.inertiaProps.tabBadges, response.inertiaProps.tabBadges)
    assert.property(both.inertiaProps, 'table')
  })

  test("the badges count the user's scoped query; a user who may not list gets 403 and no count", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const author = await createUser()
    await seed(admin.id, author.id)

    /* a non-admin's scope: the published posts and their own */
    const first = await list(client, author)
    first.assertStatus(200)
    const reloaded = await reload(client, author, first.body(), ['tabBadges'])
    reloaded.assertStatus(200)
    assert.deepEqual(reloaded.inertiaProps.tabBadges, { drafts: { badge: 2 } })

    /* the page's authorization runs first: a list the user may not see
       (campaigns: admins only) answers 403 before anything is read */
    const campaigns = await client.get('/marketing/campaigns').withInertia().loginAs(admin)
    campaigns.assertStatus(200)
    let refused: any
    const sql = await recordStatements(async () => {
      refused = await reload(client, author, campaigns.body(), ['tabBadges'])
    })
    assert.equal(refused.status(), 403)
    assert.isFalse(
      sql.some((statement) => /\bfrom ["`]?campaigns["`]?/.test(statement)),
      sql.join('; ')
    )
  })
})
