import { test } from '@japa/runner'
import type { Browser, Page, Route } from 'playwright-core'
import { BASE, audit, execute, launch, reseed, rows, signedIn } from './helpers.ts'

/* over the automatic count's default threshold (10,000 rows) */
const BULK_POSTS = 12_000

/**
 * The posts list of a large table with the kit's default count: the
 * pagination shows SQLite's estimate in words, the active tab reuses it,
 * and the other tabs' badges arrive after the page (a placeholder first,
 * then their exact counts: each holds fewer rows than the threshold);
 * with each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Counts of a large table with the ${renderer} renderer`, (group) => {
    let browser: Browser
    let page: Page

    group.setup(async () => {
      reseed()
      execute(
        `with recursive seq(value) as (select 1 union all select value + 1 from seq where value < ?)
         insert into posts (author_id, title, status, is_featured, created_at)
         select 1, 'Bulk post ' || value, case when value % 2 = 0 then 'draft' else 'published' end, 0, datetime('now')
         from seq`,
        BULK_POSTS
      )
      execute('analyze')
      browser = await launch()
      page = await signedIn(browser, { renderer })
      return async () => {
        await browser.close()
        reseed()
      }
    })

    test('an estimated total, then the deferred tab badges', async ({ assert }) => {
      const live = rows<{ total: number }>(
        'select count(*) as total from posts where deleted_at is null'
      )[0].total
      assert.isAbove(live, BULK_POSTS)

      /* hold the request that loads the deferred badges until the placeholder was seen */
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      const deferred = async (route: Route) => {
        if ((route.request().headers()['x-inertia-partial-data'] ?? '').includes('tabBadges')) {
          await held
        }
        await route.continue()
      }
      await page.route('**/admin/posts*', deferred)
      await page.goto(`${BASE}/admin/posts`)

      /* the page is there while the badges load */
      const tabs = page.getByRole('navigation', { name: 'Tabs' })
      const loading = tabs.getByRole('status', { name: 'Counting…' })
      await loading.first().waitFor()
      assert.equal(await loading.count(), 2)
      const status = await page.locator('.kit-pagination-status').innerText()
      assert.match(status, /^Showing 1 to \d+ of about 12(\.\d)? thousand$/)
      /* the active tab's badge is the same estimate, read in words */
      const all = tabs.getByRole('link', { name: /^All/ })
      assert.equal(await all.locator('.kit-badge [aria-hidden]').innerText(), '~12K')
      assert.match(await all.locator('.kit-sr-only').innerText(), /^about 12,\d{3} records$/)

      release()
      await loading.first().waitFor({ state: 'detached' })
      /* each narrowed tab holds about 6,000 rows, under the threshold: counted exactly */
      for (const [name, value] of [
        ['Drafts', 'draft'],
        ['Published', 'published'],
      ]) {
        const [{ total }] = rows<{ total: number }>(
          'select count(*) as total from posts where deleted_at is null and status = ?',
          value
        )
        const tab = tabs.getByRole('link', { name: new RegExp(`^${name}`) })
        assert.equal(await tab.locator('.kit-badge').innerText(), String(total), name)
      }
      await page.unroute('**/admin/posts*', deferred)

      /* selecting every matching record names no number it does not know */
      await page.getByRole('checkbox', { name: 'Select all rows on this page' }).press('Space')
      await page.getByRole('button', { name: 'Select all matching records' }).click()
      await page.getByText('All matching records selected').waitFor()
      assert.deepEqual(await audit(page), [])
    })

    test('a search over the large table shows a lower bound', async ({ assert }) => {
      await page.goto(`${BASE}/admin/posts?search=Bulk`)
      const status = page.locator('.kit-pagination-status')
      await status.waitFor()
      assert.match(await status.innerText(), /^Showing 1 to \d+ of 10,0\d\d\+$/)
      /* the badges ignore the search: the active tab's badge is deferred too, then bounded */
      const all = page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: /^All/ })
      await all.locator('.kit-badge [aria-hidden]').waitFor()
      assert.equal(await all.locator('.kit-badge [aria-hidden]').innerText(), '~12K')
    })
  })
}
