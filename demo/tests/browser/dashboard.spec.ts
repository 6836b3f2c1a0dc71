import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, reseed, rows, signedIn } from './helpers.ts'

/** Chart.js draws on a later frame, and slower under load: wait on the canvas itself */
const CHART_TIMEOUT = 30_000

/** Wait until every widget of the dashboard has arrived (the deferred prop) */
async function widgetsLoaded(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.kit-dashboard-grid') !== null &&
      document.querySelector('.kit-dashboard-grid .kit-widget-loading') === null,
    undefined,
    { timeout: CHART_TIMEOUT }
  )
}

/** Wait until Chart.js has drawn the chart of a widget (the canvas is marked once drawn) */
async function chartDrawn(page: Page, widget: string) {
  await page.waitForFunction(
    (id) => {
      const canvas = document.querySelector<HTMLCanvasElement>(
        `[data-widget="${id}"] canvas[data-kit-drawn="true"]`
      )
      return canvas !== null && canvas.width > 0 && canvas.height > 0
    },
    widget,
    { timeout: CHART_TIMEOUT }
  )
}

/** The value shown for a stat of a widget, by its label */
async function statValue(page: Page, widget: string, label: string) {
  const stat = page
    .locator(`[data-widget="${widget}"] .kit-stats > div`)
    .filter({ has: page.getByText(label, { exact: true }) })
  return stat.locator('dd').first().innerText()
}

const count = (sql: string, ...params: unknown[]) =>
  Number(Object.values(rows(sql, ...params)[0])[0])

/**
 * The admin panel's landing dashboard with each renderer: stats, charts
 * drawn by Chart.js, the table widget, the date range, French labels, and
 * axe in light, dark and 390x844.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Dashboard with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('the panel opens on its dashboard; the date range changes the numbers', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      page.setDefaultTimeout(CHART_TIMEOUT)
      try {
        await page.goto(`${BASE}/admin`)
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
        await widgetsLoaded(page)
        const all = count('select count(*) as total from posts where deleted_at is null')
        assert.equal(await statValue(page, 'posts', 'All posts'), String(all))
        await chartDrawn(page, 'published-per-week')
        await chartDrawn(page, 'statuses')
        const summary = await page
          .locator('[data-widget="statuses"] canvas')
          .getAttribute('aria-label')
        assert.include(summary, 'Draft')
        assert.include(summary, 'Published')
        /* the table widget: the latest posts, linked to the list */
        assert.isAbove(await page.locator('[data-widget="latest-posts"] tbody tr').count(), 0)
        assert.equal(
          await page.getByRole('link', { name: 'View all' }).getAttribute('href'),
          '/admin/posts'
        )
        assert.deepEqual(await audit(page), [])

        /* January 2026 only: the published posts of that month */
        const january = count(
          `select count(*) as total from posts where deleted_at is null
           and published_on >= '2026-01-01' and published_on <= '2026-01-31'`
        )
        await page.getByLabel('From').fill('2026-01-01')
        await page.getByLabel('Until').fill('2026-01-31')
        await page.getByRole('button', { name: 'Apply' }).click()
        await page.waitForURL(/from=2026-01-01&until=2026-01-31/)
        await page.waitForFunction(
          (expected) => {
            const stat = [
              ...document.querySelectorAll('[data-widget="posts"] .kit-stats > div'),
            ].find(
              (element) => element.querySelector('dt')?.textContent === 'Published in the period'
            )
            return stat?.querySelector('dd')?.textContent === expected
          },
          String(january),
          { timeout: CHART_TIMEOUT }
        )
        await chartDrawn(page, 'published-per-week')
        assert.isAbove(january, 0)

        /* a date that is not one: the field says so, the page stays */
        await page.goto(`${BASE}/admin?from=2026-02-30`)
        await page.getByText('From must be a date (YYYY-MM-DD).').waitFor()
        assert.equal(await page.getByLabel('From').getAttribute('aria-invalid'), 'true')

        /* still signed in after the deferred requests */
        await page.goto(`${BASE}/admin/posts`)
        await page.getByRole('heading', { level: 1, name: 'Posts', exact: true }).waitFor()
      } finally {
        await page.context().close()
      }
    })

    test('dark mode and a phone: the charts are drawn; axe finds nothing', async ({ assert }) => {
      for (const options of [
        { theme: 'dark' as const },
        { viewport: { width: 390, height: 844 } },
      ]) {
        const page = await signedIn(browser, { renderer, ...options })
        page.setDefaultTimeout(CHART_TIMEOUT)
        try {
          await page.goto(`${BASE}/admin`)
          await widgetsLoaded(page)
          await chartDrawn(page, 'statuses')
          assert.deepEqual(await audit(page), [], JSON.stringify(options))
        } finally {
          await page.context().close()
        }
      }
    })

    test('the French panel writes its dashboard in French', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      page.setDefaultTimeout(CHART_TIMEOUT)
      try {
        await page.goto(`${BASE}/gestion`)
        await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor()
        await widgetsLoaded(page)
        await chartDrawn(page, 'statuses')
        const summary = await page
          .locator('[data-widget="statuses"] canvas')
          .getAttribute('aria-label')
        assert.include(summary, 'Brouillon')
        assert.include(summary, 'Publié')
        assert.notInclude(summary, 'Draft')
        assert.notInclude(summary, 'Published')
        await page.getByText('Tous les articles', { exact: true }).waitFor()
        await page.getByLabel('Du').waitFor()
        await page.getByRole('button', { name: 'Appliquer' }).waitFor()
        assert.deepEqual(await audit(page), [])
        await page.setViewportSize({ width: 390, height: 844 })
        assert.deepEqual(await audit(page), [])
      } finally {
        await page.context().close()
      }
    })
  })
}
