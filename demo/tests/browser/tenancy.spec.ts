import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, reseed, signedIn } from './helpers.ts'

/** The favicon links Inertia set in the page head (after the root view's default) */
const favicons = (page: Page) =>
  page.evaluate(() =>
    [...document.head.querySelectorAll('link[rel="icon"][data-inertia]')].map((link) =>
      link.getAttribute('href')
    )
  )

/** The src of the visible logo image of the sidebar's header */
const visibleLogo = (page: Page) =>
  page.locator('.kit-sidebar-header .kit-logo img:visible').getAttribute('src')

/**
 * The workspace panel (a tenant panel): the panel root sends the editor to
 * their first team, the top bar's switcher lists their two teams (not
 * Globex) and moves to the same page under the other one; the logo follows
 * the color mode, the favicon is the panel's and leaves with it; with each
 * renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Tenant switcher and branding with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('switch team from the top bar; logo light and dark; favicon; phone width', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        /* the panel root: the editor's first team (by name) */
        await page.goto(`${BASE}/workspace`)
        await page.waitForURL(`${BASE}/acme/workspace/projects`)
        await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor()
        assert.deepEqual(await favicons(page), ['/brand/workspace-icon.svg'])
        assert.equal(await visibleLogo(page), '/brand/workspace.svg')
        assert.isTrue(await page.getByRole('img', { name: 'Team workspace' }).first().isVisible())

        /* the switcher: the current team, then both of the editor's teams */
        const button = page.getByRole('button', { name: /Switch team or organization/ })
        const current = button.locator('.kit-tenant-switcher-current')
        assert.equal(await current.innerText(), 'Acme')
        await button.click()
        const list = page.locator('.kit-tenant-switcher-list:not([hidden])')
        await list.waitFor()
        assert.deepEqual(await list.getByRole('link').allInnerTexts(), ['Acme', 'Initech'])
        assert.equal(
          await list.getByRole('link', { name: 'Acme' }).getAttribute('aria-current'),
          'page'
        )
        assert.deepEqual(await audit(page), [])
        /* Escape closes it and gives focus back */
        await page.keyboard.press('Escape')
        await list.waitFor({ state: 'hidden' })
        assert.isTrue(await button.evaluate((element) => element === document.activeElement))

        await button.click()
        await list.getByRole('link', { name: 'Initech' }).click()
        await page.waitForURL(`${BASE}/initech/workspace/projects`)
        await page.getByRole('cell', { name: 'TPS reports', exact: true }).waitFor()
        assert.equal(
          await page.getByRole('cell', { name: 'Website relaunch', exact: true }).count(),
          0
        )
        assert.equal(await current.innerText(), 'Initech')

        /* dark mode: the dark logo */
        await page.emulateMedia({ colorScheme: 'dark' })
        await page.reload()
        await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor()
        assert.equal(await visibleLogo(page), '/brand/workspace-dark.svg')
        assert.deepEqual(await audit(page), [])

        /* a phone: the switcher stays in the top bar */
        await page.setViewportSize({ width: 390, height: 844 })
        await page.emulateMedia({ colorScheme: 'light' })
        await button.click()
        await list.waitFor()
        assert.isTrue(await list.getByRole('link', { name: 'Acme' }).isVisible())
        assert.deepEqual(await audit(page), [])
        await page.keyboard.press('Escape')

        /* another panel (French, no favicon nor tenants): the favicon is gone */
        await page.setViewportSize({ width: 1280, height: 900 })
        await page.goto(`${BASE}/gestion/posts`)
        await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor()
        assert.deepEqual(await favicons(page), [])
        assert.equal(await page.locator('.kit-tenant-switcher').count(), 0)
        /* back in the workspace: its favicon again */
        await page.goto(`${BASE}/acme/workspace/projects`)
        await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor()
        assert.deepEqual(await favicons(page), ['/brand/workspace-icon.svg'])
        assert.deepEqual(await audit(page), [])
      } finally {
        await page.context().close()
      }
    }).timeout(120_000)
  })
}
