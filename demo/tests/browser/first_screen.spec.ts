import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, launch, reseed, signedIn } from './helpers.ts'

/** docs/screenshots, where these screenshots are kept */
const SHOTS = new URL('../../../docs/screenshots/', import.meta.url).pathname

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as const

const PANELS = [
  { language: 'en', path: '/admin/posts', draft: 'Draft', published: 'Published' },
  { language: 'fr', path: '/gestion/posts', draft: 'Brouillon', published: 'Publié' },
] as const

/**
 * The posts list as a person first sees it, in English and French, light
 * and dark, on a phone (390x844) and wide (1440x900): the first record is
 * on the first screen (the stats widget and the tabs do not push it below),
 * the status badges read the options' labels in the panel's language, and
 * the screenshots land in docs/screenshots. With each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`The first screen with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('the first record is on the first screen; badges read the labels', async ({ assert }) => {
      for (const size of SIZES) {
        for (const theme of ['light', 'dark'] as const) {
          const page = await signedIn(browser, {
            renderer,
            theme,
            viewport: { width: size.width, height: size.height },
          })
          try {
            for (const panel of PANELS) {
              const where = `${panel.path} ${size.name} ${theme}`
              await page.goto(`${BASE}${panel.path}`)
              const first = page.locator('.kit-table tbody tr').first()
              await first.waitFor()
              await page.locator('.kit-widgets').waitFor()
              await page.locator('.kit-tabs').waitFor()
              await page.evaluate(() => window.scrollTo(0, 0))
              const box = (await first.boundingBox())!
              assert.isAbove(box.height, 0, where)
              assert.isAtMost(box.y + box.height, size.height, `${where}: the first row shows`)
              /* the page does not scroll sideways: what does not fit scrolls in its own strip */
              assert.isAtMost(
                await page.evaluate(() => document.documentElement.scrollWidth),
                size.width,
                where
              )
              const badges = await page.locator('.kit-table tbody .kit-badge').allInnerTexts()
              assert.includeMembers(badges, [panel.draft, panel.published], where)
              await page.screenshot({
                path: `${SHOTS}first_screen_${renderer}_${panel.language}_${size.name}_${theme}.png`,
              })
            }
          } finally {
            await page.context().close()
          }
        }
      }
    }).timeout(180_000)
  })
}
