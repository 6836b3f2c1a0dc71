import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import {
  BASE,
  audit,
  choose,
  launch,
  openFilters,
  reseed,
  rows,
  signedIn,
  titles as listedTitles,
} from './helpers.ts'

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
        /* the collapsible closes once its exit animation has run (a frame at least) */
        await page.locator('.kit-filters-trigger[aria-expanded="false"]').waitFor()
        await page
          .getByRole('combobox', { name: 'Status', exact: true })
          .waitFor({ state: 'hidden' })
        assert.equal(await badge.innerText(), '2')
        assert.deepEqual(await audit(page), [])
      } finally {
        await page.context().close()
      }
    })

    test('a form filter draws its fields and narrows the rows with their values', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        const titles = () => page.locator('.kit-table tbody tr').allInnerTexts()
        const expected = (where: string, ...params: unknown[]) =>
          rows<{ title: string }>(
            `select title from posts where deleted_at is null and ${where}`,
            ...params
          ).map((post) => post.title)
        const shown = async (wanted: string[]) => {
          const texts = await titles()
          assert.lengthOf(texts, wanted.length)
          for (const title of wanted) {
            assert.isTrue(
              texts.some((text) => text.includes(title)),
              `"${title}" is listed`
            )
          }
        }
        const visits: string[] = []
        page.on('request', (request) => {
          if (request.url().includes('wording')) visits.push(request.url())
        })

        await openFilters(page)
        const fieldset = page.getByRole('group', { name: 'Title wording' })
        const contains = fieldset.getByLabel('Title contains', { exact: true })
        /* typed key by key: one visit once the typing pauses */
        await contains.pressSequentially('WITH', { delay: 60 })
        await page.waitForURL(/wording%5D%5Bcontains%5D=WITH|wording\]\[contains\]=WITH/)
        await page.waitForLoadState('networkidle')
        assert.lengthOf(visits, 1)
        const withWith = expected("lower(title) like '%with%'")
        assert.isAbove(withWith.length, 1)
        await shown(withWith)
        assert.equal(await contains.inputValue(), 'WITH')
        const indicator = page.locator('.kit-indicator')
        const indicated = () => indicator.innerText().then((text) => text.trim())
        assert.equal(await indicated(), 'Title contains: WITH')

        /* a select applies at once, with the typed value kept */
        await choose(page, 'Title length', 'Short (under 20 characters)')
        await page.waitForURL(/length%5D=short|length\]=short/)
        await page.waitForLoadState('networkidle')
        const short = expected("lower(title) like '%with%' and length(title) < 20")
        assert.isAbove(short.length, 0)
        assert.isBelow(short.length, withWith.length)
        await shown(short)
        assert.equal(
          await indicated(),
          'Title contains: WITH, Title length: Short (under 20 characters)'
        )
        assert.equal(await page.locator('.kit-filters-count').innerText(), '1')

        /* removing the indicator clears the filter and its fields */
        await page.getByRole('button', { name: /^Remove filter/ }).click()
        await page.waitForURL((url) => !url.search.includes('wording'))
        await page.waitForLoadState('networkidle')
        assert.equal(await indicator.count(), 0)
        assert.equal(await contains.inputValue(), '')
        const all = rows<{ total: number }>(
          'select count(*) as total from posts where deleted_at is null'
        )[0].total
        assert.lengthOf(await titles(), Math.min(all, 10))
        assert.deepEqual(await audit(page), [])
      } finally {
        await page.context().close()
      }
    })

    test('changes made while the previous one is still answered all go through', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        /* every table visit answered late, as on a slow network */
        await page.route(/\/admin\/posts\?/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1200))
          await route.continue()
        })
        await openFilters(page)
        await choose(page, 'Status', 'In review')
        await choose(page, 'Featured', 'Featured')
        await page.getByRole('button', { name: /^Title/ }).click()
        await page.waitForURL(
          (url) =>
            url.search.includes('review') &&
            url.search.includes('isFeatured') &&
            url.search.includes('direction=asc'),
          { timeout: 30_000 }
        )
        await page.waitForLoadState('networkidle')
        const expected = rows<{ title: string }>(
          "select title from posts where deleted_at is null and status = 'review' and is_featured = 1 order by title asc limit 10"
        ).map((post) => post.title)
        assert.isAbove(expected.length, 0)
        assert.deepEqual(await listedTitles(page), expected)
        assert.equal(await page.locator('.kit-filters-count').innerText(), '2')
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
