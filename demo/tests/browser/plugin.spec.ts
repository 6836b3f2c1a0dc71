import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, openFilters, reseed, rows, signedIn } from './helpers.ts'

type ReviewRow = { id: number; title: string; score: number | null }

const reviewByTitle = (title: string) =>
  rows<ReviewRow>('SELECT id, title, score FROM reviews WHERE title = ?', title)[0]

/** The text of each row of the reviews table */
const rowTexts = (page: Page) => page.locator('.kit-table tbody tr').allInnerTexts()

/**
 * The kit-rating plugin (packages/kit-rating), used by the demo's reviews
 * as an application uses an installed plugin: its field drawn with Ark UI's
 * RatingGroup, set by click and by keyboard and saved; its column showing
 * stars; its "at least N stars" filter narrowing the rows; in each
 * renderer, the rows read back from the database.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`The kit-rating plugin with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })
    group.each.timeout(90_000)

    test('the column shows each review as stars, named by its text', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/admin/reviews`)
        await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor()
        /* the cell component loads on demand: wait for it */
        const clear = page
          .locator('.kit-table tbody tr', { hasText: 'Clear and complete' })
          .locator('.kit-rating-cell[role="img"]')
        await clear.waitFor()
        assert.equal(await clear.getAttribute('aria-label'), '5 stars out of 5')
        const unrated = page
          .locator('.kit-table tbody tr', { hasText: 'Not read yet' })
          .locator('.kit-rating-cell[role="img"]')
        await unrated.waitFor()
        assert.equal(await unrated.getAttribute('aria-label'), 'Not rated')
        assert.equal(await unrated.getAttribute('data-rating'), '0')
        assert.equal(await page.getByRole('img', { name: '2 stars out of 5' }).count(), 1)
        assert.deepEqual(await audit(page), [])
      } finally {
        await page.context().close()
      }
    })

    test('a review is rated by keyboard and by click, and saved', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      const title = `Rated with ${renderer}`
      try {
        await page.goto(`${BASE}/admin/reviews/create`)
        await page.locator('input[name="title"]').fill(title)
        const score = page.getByRole('radiogroup', { name: 'Score' })
        await score.waitFor()
        assert.equal(await score.getByRole('radio').count(), 5)

        const checked = (name: string) =>
          page.getByRole('radio', { name, checked: true }).waitFor({ timeout: 15_000 })
        /* the keyboard: Tab from the title reaches the first star; End, Home and the arrows */
        await page.locator('input[name="title"]').press('Tab')
        await page.waitForFunction(
          () => document.activeElement?.getAttribute('aria-label') === '1 star'
        )
        await page.keyboard.press('End')
        await checked('5 stars')
        await page.keyboard.press('ArrowLeft')
        await checked('4 stars')
        await page.keyboard.press('Home')
        await checked('1 star')
        await page.keyboard.press('ArrowRight')
        await checked('2 stars')
        await page.keyboard.press('ArrowRight')
        await checked('3 stars')

        /* a click on the fifth star, then on the second */
        await score.getByRole('radio', { name: '5 stars' }).click()
        await checked('5 stars')
        await score.getByRole('radio', { name: '2 stars' }).click()
        await checked('2 stars')
        /* the pointer leaves; the keyboard goes on from the focused star */
        await page.mouse.move(0, 0)
        await page.keyboard.press('ArrowRight')
        await checked('3 stars')
        await page.keyboard.press('ArrowRight')
        await checked('4 stars')
        assert.deepEqual(await audit(page), [])

        await page.getByRole('button', { name: 'Create', exact: true }).click()
        await page.waitForURL((url) => !url.pathname.endsWith('/create'))
        await page.waitForLoadState('networkidle')
        const saved = reviewByTitle(title)
        assert.exists(saved)
        assert.equal(saved.score, 4)

        /* the edit form starts from the saved value; clearing it stores NULL */
        await page.goto(`${BASE}/admin/reviews/${saved.id}/edit`)
        await page.getByRole('radio', { name: '4 stars', checked: true }).waitFor()
        await page.getByRole('button', { name: 'Clear the rating' }).click()
        await page.getByRole('button', { name: 'Clear the rating' }).waitFor({ state: 'detached' })
        await page.getByRole('button', { name: 'Save changes' }).click()
        /* the update answers with a redirect and a flashed message: wait for the row */
        for (const until = Date.now() + 20_000; Date.now() < until;) {
          if (reviewByTitle(title).score === null) break
          await page.waitForTimeout(100)
        }
        assert.isNull(reviewByTitle(title).score)
      } finally {
        await page.context().close()
      }
    })

    test('the filter keeps the reviews rated at least N stars', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/admin/reviews`)
        await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor()
        await openFilters(page)
        const atLeast = page.getByRole('radiogroup', { name: 'At least' })
        await atLeast.waitFor()
        await atLeast.getByRole('radio', { name: '4 stars' }).click()
        await page.waitForURL(/filters%5Bscore%5D%5Bmin%5D=4|filters\[score\]\[min\]=4/)
        await page.waitForLoadState('networkidle')
        const expected = rows<{ title: string }>(
          'SELECT title FROM reviews WHERE score >= 4 ORDER BY title'
        ).map((row) => row.title)
        assert.isAbove(expected.length, 0)
        await page.waitForFunction(
          (count) => document.querySelectorAll('.kit-table tbody tr').length === count,
          expected.length
        )
        const texts = await rowTexts(page)
        for (const title of expected) {
          assert.isTrue(
            texts.some((text) => text.includes(title)),
            `${title} in ${texts}`
          )
        }
        /* the indicator names the filter's field and value */
        await page.getByText('At least: 4').first().waitFor()
      } finally {
        await page.context().close()
      }
    })
  })
}
