import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createPost, createUser, expectStatus, withDatabase, type User } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'
import { Notification, notify } from '../../index.ts'
import { NOTIFICATIONS_TABLE } from '../../src/runtime/notifications/notification_store.ts'
import { waitForJob } from '../../src/runtime/jobs/job_waiting.ts'

const BASE = '/exports/_notifications'

async function rowsOf(userId: number | string) {
  return db
    .from(NOTIFICATIONS_TABLE)
    .where('user_id', String(userId))
    .orderBy('title', 'asc')
    .select('id', 'title', 'read_at', 'panel', 'tenant_key')
}

async function rowById(id: string) {
  return db.from(NOTIFICATIONS_TABLE).where('id', id).first()
}

async function readAt(id: string) {
  const row = await rowById(id)
  return row.read_at
}

function list(client: any, user: User, url = BASE) {
  return client.get(url).accept('json').loginAs(user)
}

/**
 * Two users with notifications of their own, one for another panel and
 * one for every panel.
 */
async function seed() {
  const alice = await createUser()
  const bob = await createUser()
  const first = await notify(
    alice,
    Notification.make('Export ready')
      .body('12 rows')
      .icon('document-text')
      .color('success')
      .action('Download', '/exports/file')
  )
  const second = await notify(alice.id, Notification.make('Welcome').panel('exports'))
  const elsewhere = await notify(alice, Notification.make('Admin only').panel('admin'))
  const bobs = await notify(bob, Notification.make('Bob private'))
  return { alice, bob, first, second, elsewhere, bobs }
}

test.group('Notifications | the signed-in user’s own, on this panel', (group) => {
  withDatabase(group)

  test('the list holds the user’s notifications of this panel, newest first, with the unread count', async ({
    client,
    assert,
  }) => {
    const { alice, first } = await seed()
    const response = await list(client, alice)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.unread, 2)
    assert.equal(body.unreadLabel, '2 unread notifications')
    assert.sameMembers(
      body.items.map((item: any) => item.title),
      ['Export ready', 'Welcome']
    )
    const item = body.items.find((entry: any) => entry.id === first)
    assert.containsSubset(item, {
      title: 'Export ready',
      body: '12 rows',
      icon: 'document-text',
      color: 'success',
      actions: [{ label: 'Download', url: '/exports/file' }],
      read: false,
      url: `${BASE}/${first}`,
    })
    assert.match(item.since, /now|second/)
    /* only the contract's members */
    assert.sameMembers(Object.keys(item), [
      'id',
      'title',
      'body',
      'icon',
      'color',
      'actions',
      'read',
      'createdAt',
      'since',
      'url',
    ])

    /* the page tells the bell where to read (and the channel, transmit being installed) */
    const page = await client.get('/exports/export-posts').withInertia().loginAs(alice)
    assert.deepEqual(page.inertiaProps.kitPanel.notifications, {
      url: BASE,
      channel: `kit/notifications/${alice.id}`,
      pollSeconds: 30,
    })
    /* panels without notifications() have no bell and no route */
    const admin = await client.get('/admin/posts').withInertia().loginAs(alice)
    assert.notProperty(admin.inertiaProps.kitPanel, 'notifications')
    await expectStatus(client.get('/admin/_notifications').accept('json').loginAs(alice), 404)
  })

  test('the unread count reads in plurals: two, one, none', async ({ client, assert }) => {
    const { alice, first, second } = await seed()
    await client.post(`${BASE}/${first}/read`).withCsrfToken().accept('json').loginAs(alice)
    const one = await list(client, alice)
    assert.equal(one.body().unreadLabel, '1 unread notification')
    const none = await client
      .post(`${BASE}/${second}/read`)
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    assert.equal(none.body().unreadLabel, 'No unread notifications')
  })

  test('mark read, mark all read and delete change the user’s rows only', async ({
    client,
    assert,
  }) => {
    const { alice, bob, first, second, bobs, elsewhere } = await seed()
    const read = await client
      .post(`${BASE}/${first}/read`)
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    read.assertStatus(200)
    assert.equal(read.body().unread, 1)
    assert.isNotNull(await readAt(first))
    assert.isNull(await readAt(second))

    const all = await client.post(`${BASE}/read-all`).withCsrfToken().accept('json').loginAs(alice)
    all.assertStatus(200)
    assert.equal(all.body().unread, 0)
    assert.isNotNull(await readAt(second))
    /* another panel's notification and another user's stay unread */
    assert.isNull(await readAt(elsewhere))
    assert.isNull(await readAt(bobs))

    const removed = await client
      .delete(`${BASE}/${first}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    removed.assertStatus(200)
    assert.deepEqual(
      removed.body().items.map((item: any) => item.id),
      [second]
    )
    assert.isNull(await rowById(first))
    assert.lengthOf(await rowsOf(bob.id), 1)
  })

  test('another user’s notification answers 404 to read, mark and delete, and stays as it was', async ({
    client,
    assert,
  }) => {
    const { alice, bob, bobs, elsewhere } = await seed()
    const before = await rowsOf(bob.id)
    const bodies = new Set<string>()
    /* bob's notification, by alice */
    for (const request of [
      client.post(`${BASE}/${bobs}/read`).withCsrfToken().accept('json').loginAs(alice),
      client.delete(`${BASE}/${bobs}`).withCsrfToken().accept('json').loginAs(alice),
      /* alice's notification of another panel, through this panel */
      client.post(`${BASE}/${elsewhere}/read`).withCsrfToken().accept('json').loginAs(alice),
      client.delete(`${BASE}/${elsewhere}`).withCsrfToken().accept('json').loginAs(alice),
      /* unknown and malformed ids: the same answer */
      client
        .post(`${BASE}/00000000-0000-4000-8000-000000000000/read`)
        .withCsrfToken()
        .accept('json')
        .loginAs(alice),
      client.delete(`${BASE}/1%20or%201=1`).withCsrfToken().accept('json').loginAs(alice),
    ]) {
      const response = await request
      response.assertStatus(404)
      bodies.add(JSON.stringify(response.body()))
    }
    assert.lengthOf(bodies, 1)
    assert.deepEqual(await rowsOf(bob.id), before)
    assert.isNull(await readAt(elsewhere))
    /* alice's list never shows bob's */
    const aliceList = await list(client, alice)
    assert.notInclude(
      aliceList.body().items.map((item: any) => item.id),
      bobs
    )
  })

  test('writes need the CSRF token and a signed-in user; rows unchanged', async ({
    client,
    assert,
  }) => {
    const { alice, first } = await seed()
    const refused = await client
      .post(`${BASE}/${first}/read`)
      .accept('json')
      .loginAs(alice)
      .redirects(0)
    assert.notEqual(refused.status(), 200)
    const deleted = await client
      .delete(`${BASE}/${first}`)
      .accept('json')
      .loginAs(alice)
      .redirects(0)
    assert.notEqual(deleted.status(), 200)
    const all = await client.post(`${BASE}/read-all`).accept('json').loginAs(alice).redirects(0)
    assert.notEqual(all.status(), 200)
    const row = await rowById(first)
    assert.isNotNull(row)
    assert.isNull(row.read_at)
    const unchanged = await list(client, alice)
    assert.equal(unchanged.body().unread, 2)

    /* a guest reads nothing */
    const guest = await client.get(BASE).accept('json').redirects(0)
    assert.notEqual(guest.status(), 200)
    assert.notProperty(guest.body() ?? {}, 'items')
  })
})

test.group('Notifications | tenants', (group) => {
  withDatabase(group)

  test('a tenant’s notifications show under that tenant only; other tenants answer 404', async ({
    client,
    assert,
  }) => {
    const { alice, bob, acme, globex } = await twoTenants()
    /* alice belongs to both teams */
    await db.table('team_user').insert({ team_id: globex.id, user_id: alice.id })
    const acmeOnly = await notify(alice, Notification.make('Acme news').tenant(acme))
    const globexOnly = await notify(alice, Notification.make('Globex news').tenant(globex.id))
    const everywhere = await notify(alice, Notification.make('Hello everywhere'))
    const bobGlobex = await notify(bob, Notification.make('Bob at Globex').tenant(globex))

    const atAcme = await client.get('/acme/app/_notifications').accept('json').loginAs(alice)
    atAcme.assertStatus(200)
    assert.sameMembers(
      atAcme.body().items.map((item: any) => item.title),
      ['Acme news', 'Hello everywhere']
    )
    assert.equal(atAcme.body().items[0].url.startsWith('/acme/app/_notifications/'), true)
    const atGlobex = await client.get('/globex/app/_notifications').accept('json').loginAs(alice)
    assert.sameMembers(
      atGlobex.body().items.map((item: any) => item.title),
      ['Globex news', 'Hello everywhere']
    )

    /* Globex's notification through Acme's URL: 404, unchanged */
    await expectStatus(
      client
        .post(`/acme/app/_notifications/${globexOnly}/read`)
        .withCsrfToken()
        .accept('json')
        .loginAs(alice),
      404
    )
    await expectStatus(
      client
        .delete(`/acme/app/_notifications/${globexOnly}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(alice),
      404
    )
    assert.isNull(await readAt(globexOnly))
    /* mark all read at Acme leaves Globex's unread */
    await client
      .post('/acme/app/_notifications/read-all')
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    assert.isNotNull(await readAt(acmeOnly))
    assert.isNotNull(await readAt(everywhere))
    assert.isNull(await readAt(globexOnly))

    /* bob is no member of Acme: 404, and his Globex notification is untouched by alice */
    await expectStatus(client.get('/acme/app/_notifications').accept('json').loginAs(bob), 404)
    await expectStatus(
      client
        .delete(`/globex/app/_notifications/${bobGlobex}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(alice),
      404
    )
    assert.isNotNull(await rowById(bobGlobex))

    /* a panel without tenancy shows none of the tenant notifications */
    const plain = await list(client, alice)
    assert.deepEqual(
      plain.body().items.map((item: any) => item.title),
      ['Hello everywhere']
    )
  })
})

test.group('Notifications | jobs and the live channel', (group) => {
  group.each.timeout(90_000)
  withDatabase(group)

  test('an export job’s completion notifies its owner, with the download link', async ({
    client,
    assert,
  }) => {
    const alice = await createUser()
    const bob = await createUser()
    await createPost(alice, { title: 'Alpha', status: 'published' })
    const started = await client
      .post('/exports/export-posts/actions/export?_kit_page=index')
      .json({})
      .withCsrfToken()
      .accept('json')
      .loginAs(alice)
    started.assertStatus(202)
    const job = await waitForJob(started.body().job.id)
    assert.equal(job.status, 'completed', job.error ?? '')

    const response = await list(client, alice)
    const [item] = response.body().items
    assert.equal(item.title, 'Export ready: 1 row')
    assert.equal(item.color, 'success')
    assert.equal(item.actions[0].label, 'Download')
    const download = await client.get(item.actions[0].url).loginAs(alice)
    download.assertStatus(200)
    /* the link is its owner's only */
    const stranger = await client.get(item.actions[0].url).loginAs(bob)
    assert.notEqual(stranger.status(), 200)
    assert.lengthOf(await rowsOf(bob.id), 0)
    const [stored] = await rowsOf(alice.id)
    assert.equal(stored.panel, 'exports')
  })

  test('only the owner subscribes to a user’s channel; a notification arrives on it live', async ({
    client,
    assert,
  }) => {
    const alice = await createUser()
    const bob = await createUser()
    const base = `http://${process.env.HOST}:${process.env.PORT}`
    const uid = crypto.randomUUID()
    const controller = new AbortController()
    const stream = await fetch(`${base}/__transmit/events?uid=${uid}`, {
      signal: controller.signal,
    })
    assert.equal(stream.status, 200)
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let received = ''
    const reading = (async () => {
      try {
        while (true) {
          const { value, done } = await reader.read()
          if (done) return
          received += decoder.decode(value)
        }
      } catch {
        /* aborted */
      }
    })()
    try {
      /* bob asks for alice's channel: refused, not subscribed */
      const refused = await client
        .post('/__transmit/subscribe')
        .json({ uid, channel: `kit/notifications/${alice.id}` })
        .withCsrfToken()
        .loginAs(bob)
      refused.assertStatus(400)
      const { default: transmit } = await import('@adonisjs/transmit/services/main')
      assert.deepEqual(transmit.getSubscribersFor(`kit/notifications/${alice.id}`), [])
      /* a guest neither */
      const guest = await client
        .post('/__transmit/subscribe')
        .json({ uid, channel: `kit/notifications/${alice.id}` })
        .withCsrfToken()
      assert.notEqual(guest.status(), 204)

      const allowed = await client
        .post('/__transmit/subscribe')
        .json({ uid, channel: `kit/notifications/${alice.id}` })
        .withCsrfToken()
        .loginAs(alice)
      allowed.assertStatus(204)
      assert.deepEqual(transmit.getSubscribersFor(`kit/notifications/${alice.id}`), [uid])

      await notify(bob, Notification.make('For bob'))
      await notify(alice, Notification.make('For alice'))
      const deadline = Date.now() + 10_000
      while (!received.includes('notifications') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      assert.include(received, `kit/notifications/${alice.id}`)
      assert.include(received, '"type":"notifications"')
      assert.notInclude(received, `kit/notifications/${bob.id}`)
      /* the event carries no content: the bell reads the list through its scoped endpoint */
      assert.notInclude(received, 'For alice')
    } finally {
      controller.abort()
      await reading
    }
  })

  test('Notification.make() refuses unsafe links, unknown colors and blank titles', async ({
    assert,
  }) => {
    assert.throws(() => Notification.make('x').action('Go', 'javascript:alert(1)'), /refused/)
    assert.throws(() => Notification.make('x').action('Go', '//evil.example'), /refused/)
    assert.throws(() => Notification.make('x').color('pink' as any), /not one of/)
    assert.throws(() => Notification.make('  '), /non-empty/)
    assert.throws(() => Notification.make('x').icon('<svg>'), /icon name/)
    assert.throws(
      () =>
        Notification.make('x')
          .action('a', '/a')
          .action('b', '/b')
          .action('c', '/c')
          .action('d', '/d'),
      /at most 3/
    )
  })
})
