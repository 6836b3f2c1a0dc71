import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, launch, reseed, signedIn } from './helpers.ts'

/** docs/screenshots, where these screenshots are kept */
const SHOTS = new URL('../../../docs/screenshots/', import.meta.url).pathname

/** Chart.js draws on a later frame, and slower under load */
const WAIT = 30_000

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as const

const PANELS = [
  { language: 'en', path: '/admin', title: 'Dashboard', reviews: 'Reviews' },
  { language: 'fr', path: '/gestion', title: 'Tableau de bord', reviews: 'Avis' },
] as const

/** The dashboard with every widget arrived and every chart drawn */
async function dashboardReady(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.kit-dashboard-grid') !== null &&
      document.querySelector('.kit-dashboard-grid .kit-widget-loading') === null &&
      [...document.querySelectorAll('.kit-dashboard-grid canvas')].every(
        (canvas) => canvas.getAttribute('data-kit-drawn') === 'true'
      ),
    undefined,
    { timeout: WAIT }
  )
}

/**
 * The panel around the resources as a person meets it: the dashboard, the
 * bell's drawer and a plugin's field, in English and French, light and
 * dark, on a phone and wide. Each page fits its width (nothing scrolls
 * sideways); the screenshots land in docs/screenshots. React only: the
 * other specs draw each of these screens with both renderers.
 */
test.group('The shell, as screenshots', (group) => {
  let browser: Browser

  group.setup(async () => {
    reseed()
    browser = await launch()
    return () => browser.close()
  })

  test('dashboard, notifications drawer and a plugin field in each language and theme', async ({
    assert,
  }) => {
    for (const size of SIZES) {
      for (const theme of ['light', 'dark'] as const) {
        const page = await signedIn(browser, {
          theme,
          viewport: { width: size.width, height: size.height },
        })
        try {
          for (const panel of PANELS) {
            const name = (screen: string) =>
              `${SHOTS}shell_${screen}_${panel.language}_${size.name}_${theme}.png`
            const where = `${panel.path} ${size.name} ${theme}`
            const fits = async () =>
              assert.isAtMost(
                await page.evaluate(() => document.documentElement.scrollWidth),
                size.width,
                where
              )

            await page.goto(`${BASE}${panel.path}`)
            await page.getByRole('heading', { level: 1, name: panel.title }).waitFor()
            await dashboardReady(page)
            await fits()
            await page.screenshot({ path: name('dashboard') })

            await page.locator('.kit-notification-bell').click()
            await page.getByRole('dialog').waitFor()
            await page.screenshot({ path: name('notifications') })
            await page.keyboard.press('Escape')
            await page.getByRole('dialog').waitFor({ state: 'hidden' })

            await page.goto(`${BASE}${panel.path}/reviews`)
            await page.getByRole('heading', { level: 1, name: panel.reviews }).waitFor()
            /* the plugin's cell is loaded on demand */
            await page
              .locator('.kit-table tbody tr .kit-rating-cell')
              .first()
              .waitFor({ timeout: WAIT })
            await fits()
            await page.screenshot({ path: name('plugin_rating') })
          }
        } finally {
          await page.context().close()
        }
      }
    }
  }).timeout(240_000)
})
