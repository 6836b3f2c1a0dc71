import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, USER, audit, execute, launch, reseed, rows, signedIn } from './helpers.ts'

/** A generous wait: the bell hears of a job over transmit or at its next poll */
const LIVE = { timeout: 30_000 }

function bell(page: Page) {
  return page.locator('.kit-notification-bell')
}

/** Wait until the bell shows this many unread notifications */
async function unread(page: Page, count: number) {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('.kit-notification-bell')?.getAttribute('data-unread') ===
      String(expected),
    count,
    LIVE
  )
}

async function openDrawer(page: Page) {
  await bell(page).click()
  await page.locator('.kit-notifications').waitFor()
}

function userId(): number {
  return rows<{ id: number }>('select id from users where email = ?', USER.email)[0].id
}

function notificationsOf(id: number) {
  return rows<{ id: string; title: string; read_at: string | null; panel: string | null }>(
    'select id, title, read_at, panel from kit_notifications where user_id = ? order by created_at',
    String(id)
  )
}

/**
 * The notification bell in the browser: an export's completion arrives
 * while the page is open (over transmit on /admin, by polling on the
 * French /gestion), then mark read, mark all read and delete; in both
 * renderers, and axe on the drawer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Notifications with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('live over transmit: an export’s completion rings the bell; mark read', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/admin/tags`)
        await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor()
        /* the bell subscribed to the user's channel */
        await page.waitForFunction(
          () =>
            document.querySelector('.kit-notification-bell')?.getAttribute('data-mode') === 'live',
          undefined,
          LIVE
        )
        await unread(page, 0)
        await page.getByRole('button', { name: 'Export', exact: true }).click()
        await unread(page, 1)
        assert.match(
          (await bell(page).getAttribute('aria-label'))!,
          /^Notifications, 1 unread notification$/
        )
        const [stored] = notificationsOf(userId())
        assert.equal(stored.panel, 'admin')
        assert.isNull(stored.read_at)

        await openDrawer(page)
        const drawer = page.getByRole('dialog', { name: 'Notifications' })
        const item = drawer.locator(`[data-notification="${stored.id}"]`)
        await item.waitFor()
        assert.include(await item.innerText(), 'Export ready')
        assert.equal(await item.getByRole('link', { name: 'Download' }).count(), 1)
        await item.getByRole('button', { name: /^Mark as read/ }).click()
        await drawer.locator(`[data-notification="${stored.id}"][data-read="true"]`).waitFor()
        await unread(page, 0)
        assert.isNotNull(notificationsOf(userId())[0].read_at)

        assert.deepEqual(await audit(page), [])
        await page.keyboard.press('Escape')
        await page.locator('.kit-notifications').waitFor({ state: 'detached' })
      } finally {
        await page.context().close()
      }
    })

    test('polling in French: the export’s notification arrives; mark all read, delete', async ({
      assert,
    }) => {
      execute('delete from kit_notifications')
      const page = await signedIn(browser, {
        renderer,
        viewport: { width: 390, height: 844 },
        theme: 'dark',
      })
      try {
        await page.goto(`${BASE}/gestion/tags`)
        await page.getByRole('heading', { level: 1, name: 'Étiquettes' }).waitFor()
        assert.equal(await bell(page).getAttribute('data-mode'), 'polling')
        /* another notification, written by the application meanwhile */
        const now = new Date().toISOString()
        execute(
          `insert into kit_notifications (id, user_id, panel, tenant_key, title, body, icon, color, actions, read_at, created_at, updated_at)
           values ('6f1f7a52-9a51-4d0a-9d1e-1f1c8f3e2a10', ?, null, null, 'Bienvenue', 'Un mot de l’équipe', 'megaphone', 'primary', null, null, ?, ?)`,
          String(userId()),
          now,
          now
        )
        await page.getByRole('button', { name: /^(Export|Exporter)$/ }).click()
        await unread(page, 2)
        assert.equal(
          await bell(page).getAttribute('aria-label'),
          'Notifications, 2 notifications non lues'
        )

        /* the job's own toast covers the top of a phone's screen: dismissed first */
        const toast = page.locator('.kit-toast[id^="toast:kit-job-"]')
        await toast.waitFor(LIVE)
        await toast.getByRole('button', { name: 'Fermer' }).click()
        await toast.waitFor({ state: 'detached' })

        await openDrawer(page)
        const drawer = page.getByRole('dialog', { name: 'Notifications' })
        await drawer.getByText('Export prêt', { exact: false }).waitFor()
        assert.deepEqual(await audit(page), [])

        await drawer.getByRole('button', { name: 'Tout marquer comme lu' }).click()
        await unread(page, 0)
        await drawer.getByText('Aucune notification non lue').waitFor()
        assert.isTrue(notificationsOf(userId()).every((row) => row.read_at !== null))

        await drawer.getByRole('button', { name: 'Supprimer : Bienvenue' }).click()
        await drawer.locator('[data-notification="6f1f7a52-9a51-4d0a-9d1e-1f1c8f3e2a10"]').waitFor({
          state: 'detached',
        })
        const left = notificationsOf(userId())
        assert.lengthOf(left, 1)
        assert.match(left[0].title, /^Export prêt/)
        assert.equal(left[0].panel, 'gestion')
        await page.screenshot({ path: `/tmp/kit-notifications-${renderer}.png` })
      } finally {
        await page.context().close()
      }
    })
  })
}
