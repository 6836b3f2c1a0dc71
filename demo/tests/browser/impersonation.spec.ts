import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, audit, launch, reseed, rows, signedIn } from './helpers.ts'

/**
 * The audit rows of impersonations: operation, acting user and target.
 */
function impersonations() {
  return rows<{ operation: string; user: string; target: string }>(
    `select operation, u.email as user, t.email as target from kit_audit_entries a
     join users u on u.id = cast(a.user_id as integer)
     join users t on t.id = cast(a.record_key as integer)
     where a.resource = 'users' order by a.id`
  )
}

/**
 * Impersonation with each renderer: the demo user (an admin) signs in as
 * another user from the users list, every page shows the banner, and
 * "Return to my account" brings the admin back to the users list (the
 * React run on a wide screen, the Vue run on a phone).
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Impersonation with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('impersonate from the users list, the banner, return', async ({ assert }) => {
      const viewport = renderer === 'vue' ? { width: 390, height: 844 } : undefined
      const page = await signedIn(browser, { renderer, viewport })
      await page.goto(`${BASE}/admin/users`)
      await page.getByRole('heading', { level: 1, name: 'Users', exact: true }).waitFor()
      await page.waitForLoadState('networkidle')

      /* the admin's own row offers no impersonation */
      const own = page.getByRole('row', { name: /Demo Editor/ })
      assert.equal(await own.getByRole('button', { name: 'Impersonate' }).count(), 0)

      const inline = page
        .getByRole('row', { name: /Riley Reader/ })
        .getByRole('button', { name: 'Impersonate' })
      if (await inline.count()) {
        await inline.click()
      } else {
        await page.getByRole('button', { name: 'More actions for Riley Reader' }).click()
        await page.getByRole('menuitem', { name: 'Impersonate' }).click()
      }
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
      await dialog.getByRole('button', { name: 'Impersonate' }).click()

      /* signed in as the other user, on the panel's home, with the banner */
      await page.waitForURL(`${BASE}/admin`)
      const banner = page.locator('.kit-impersonation-banner')
      await banner.getByText('You are signed in as Riley Reader').waitFor()
      assert.deepEqual(await audit(page), [])
      assert.deepEqual(impersonations(), [
        { operation: 'impersonate', user: 'editor@example.com', target: 'reader@example.com' },
      ])
      /* on every page: the authors list too */
      await page.goto(`${BASE}/admin/authors`)
      await banner.getByText('You are signed in as Riley Reader').waitFor()

      /* back to the admin's own account, on the users list */
      await banner.getByRole('button', { name: 'Return to my account' }).click()
      await page.waitForURL(`${BASE}/admin/users`)
      await page.getByRole('heading', { level: 1, name: 'Users', exact: true }).waitFor()
      await banner.waitFor({ state: 'detached' })
      assert.deepEqual(impersonations(), [
        { operation: 'impersonate', user: 'editor@example.com', target: 'reader@example.com' },
        {
          operation: 'stopImpersonating',
          user: 'editor@example.com',
          target: 'reader@example.com',
        },
      ])
      await page.context().close()
    })
  })
}
