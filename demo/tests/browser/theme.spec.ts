import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, reseed, signedIn } from './helpers.ts'

/** The computed value of a CSS color, as the browser resolves it on a probe element */
const resolved = (page: Page, color: string) =>
  page.evaluate((value) => {
    const probe = document.createElement('div')
    probe.style.color = value
    document.body.append(probe)
    const result = getComputedStyle(probe).color
    probe.remove()
    return result
  }, color)

/** The background of the page header's primary action */
const primaryBackground = (page: Page) =>
  page
    .locator('.kit-header .kit-button-primary')
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor)

/**
 * A panel's theme (`panel('workspace').brandName().theme()`): its colors,
 * radius and brand on its pages, in a dialog outside the page, and gone on
 * another panel; with each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Panel theme with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('the workspace panel is drawn in its own colors; the admin panel keeps the defaults', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        const defaultPrimary = await primaryBackground(page)

        await page.goto(`${BASE}/acme/workspace/projects`)
        await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor()
        /* the brand is the panel's logo, named by the brand name */
        assert.isTrue(
          await page
            .locator('.kit-brand')
            .first()
            .getByRole('img', { name: 'Team workspace' })
            .first()
            .isVisible()
        )
        const root = await page.evaluate(() => ({
          primary: document.documentElement.style.getPropertyValue('--kit-primary-500'),
          radius: document.documentElement.style.getPropertyValue('--kit-radius'),
        }))
        assert.deepEqual(root, { primary: '#059669', radius: '0.375rem' })
        const themed = await primaryBackground(page)
        assert.equal(themed, await resolved(page, 'color-mix(in oklab, #059669 84%, black)'))
        assert.notEqual(themed, defaultPrimary)
        assert.deepEqual(await audit(page), [])

        /* back to the admin panel: the theme's variables are gone */
        await page.goto(`${BASE}/admin/posts`)
        await page.getByRole('heading', { level: 1, name: 'Posts', exact: true }).waitFor()
        assert.equal(
          await page.evaluate(() =>
            document.documentElement.style.getPropertyValue('--kit-primary-500')
          ),
          ''
        )
        assert.equal(await primaryBackground(page), defaultPrimary)
      } finally {
        await page.context().close()
      }
    })

    test('in dark mode and on a phone the panel colors stay readable', async ({ assert }) => {
      for (const viewport of [undefined, { width: 390, height: 844 }]) {
        const page = await signedIn(browser, { renderer, theme: 'dark', viewport })
        try {
          await page.goto(`${BASE}/acme/workspace/projects`)
          await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor()
          assert.isTrue(
            await page.evaluate(() => document.documentElement.classList.contains('dark'))
          )
          assert.deepEqual(await audit(page), [])
        } finally {
          await page.context().close()
        }
      }
    })
  })
}
