import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, choose, launch, openFilters, reseed, rows, signedIn } from './helpers.ts'

/**
 * The table's filters behind the "Filters" button (its badge counts the
 * active ones), the records first on a phone-sized screen, and relation
 * tables that scroll sideways there instead of being cut off; with each
 * renderer. Screenshots land in demo/tmp/screenshots/ (SCREENSHOTS=1).
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Filters with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })
    group.each.timeout(60_000)

    const shot = async (page: Page, name: string) => {
      if (process.env.SCREENSHOTS) {
        await page.screenshot({ path: `demo/tmp/screenshots/${renderer}-${name}.png` })
      }
    }

    test('the filters open from a button that counts the active ones', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      try {
        const trigger = page.getByRole('button', { name: /^Filters/ })
        assert.equal(await trigger.getAttribute('aria-expanded'), 'false')
        assert.isFalse(
          await page.getByRole('combobox', { name: 'Status', exact: true }).isVisible()
        )
        assert.equal(await page.locator('.kit-filters-count').count(), 0)

        await openFilters(page)
        await shot(page, 'filters-open')
        await choose(page, 'Status', 'In review')
        await page.waitForURL(/filters%5Bstatus%5D=review|filters\[status\]=review/)
        await page.waitForLoadState('networkidle')
        /* the panel stays open across the visit, and the badge counts one filter */
        assert.equal(await trigger.getAttribute('aria-expanded'), 'true')
        const badge = page.locator('.kit-filters-count')
        assert.equal(await badge.innerText(), '1')
        assert.equal(await badge.getAttribute('aria-label'), '1 active filter')
        const review = rows<{ total: number }>(
          "select count(*) as total from posts where deleted_at is null and status = 'review'"
        )[0].total
        assert.equal(await page.locator('.kit-table tbody tr').count(), Math.min(review, 10))

        await choose(page, 'Featured', 'Featured')
        await page.waitForURL(/isFeatured/)
        await page.waitForLoadState('networkidle')
        assert.equal(await badge.innerText(), '2')
        assert.equal(await badge.getAttribute('aria-label'), '2 active filters')
        await shot(page, 'filters-active')

        /* closed again, the count stays on the button */
        await trigger.click()
        assert.equal(await trigger.getAttribute('aria-expanded'), 'false')
        assert.isFalse(
          await page.getByRole('combobox', { name: 'Status', exact: true }).isVisible()
        )
        assert.equal(await badge.innerText(), '2')
        assert.deepEqual(await audit(page), [])
      } finally {
        await page.context().close()
      }
    })

    test('at 390 px the records come first, and relation tables scroll sideways', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer, viewport: { width: 390, height: 844 } })
      try {
        const firstRow = await page.locator('.kit-table tbody tr').first().boundingBox()
        assert.isNotNull(firstRow)
        assert.isBelow(
          firstRow!.y + firstRow!.height,
          844,
          'the first record is on the first screen'
        )
        await shot(page, 'list-390')

        const [post] = rows<{ id: number }>(
          'select post_id as id from comments group by post_id order by count(*) desc limit 1'
        )
        await page.goto(`${BASE}/admin/posts/${post.id}/edit`)
        const scroller = page.locator('.kit-relation-manager .kit-table-scroll').first()
        await scroller.waitFor()
        await scroller.scrollIntoViewIfNeeded()
        await shot(page, 'relation-390')
        const sizes = await scroller.evaluate((element) => ({
          scroll: element.scrollWidth,
          client: element.clientWidth,
          right: element.getBoundingClientRect().right,
          page: document.documentElement.scrollWidth,
        }))
        /* the table is wider than the screen and scrolls inside its box... */
        assert.isAbove(sizes.scroll, sizes.client)
        /* ...which ends on the screen, and the page itself does not scroll sideways */
        assert.isAtMost(sizes.right, 390)
        assert.isAtMost(sizes.page, 390)
      } finally {
        await page.context().close()
      }
    })
  })
}
