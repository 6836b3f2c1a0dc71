import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, choose, launch, openFilters, reseed, rows, signedIn } from './helpers.ts'

/**
 * The campaigns table (a query-builder filter, budget summaries, rows
 * reordered by priority) and the comments of a post grouped by author;
 * with each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Table features with the ${renderer} renderer`, (group) => {
    let browser: Browser
    let page: Page

    group.setup(async () => {
      reseed()
      browser = await launch()
      page = await signedIn(browser, { renderer })
      return () => browser.close()
    })

    const ready = () => page.waitForLoadState('networkidle')
    const names = () =>
      page.locator('.kit-table tbody tr:not(.kit-group-row)').evaluateAll((trs) =>
        trs.map((tr) =>
          /* the first cell that holds no control (not the checkbox, nor the reorder cell) */
          [...tr.querySelectorAll('td')]
            .filter((td) => !td.querySelector('input, button, select'))
            .map((td) => td.textContent!.trim())
            .find((text) => /[a-z]/.test(text))
        )
      )

    test('a query-builder rule narrows the rows and the summaries follow', async ({ assert }) => {
      await page.goto(`${BASE}/admin/campaigns`)
      await ready()
      await openFilters(page)
      const advanced = page.getByRole('group', { name: 'Advanced' })
      await advanced.getByRole('button', { name: 'Add rule' }).click()
      /* the rule's column and operator are Ark Selects */
      await choose(page, 'Column', 'Budget')
      await choose(page, 'Operator', 'is greater than')
      await advanced.getByLabel('Value').fill('1000')
      await advanced.getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL(/advanced/)
      await page.locator('.kit-table tbody tr', { hasText: 'Partner webinar' }).waitFor({
        state: 'detached',
      })
      const expected = rows<{ name: string }>(
        'select name from campaigns where budget > 1000 order by position'
      ).map((row) => row.name)
      assert.deepEqual(expected, ['Spring launch', 'Summer print run'])
      assert.deepEqual(await names(), expected)
      /* the footer sums every matching row: $5,000 + $1,200 */
      const footer = await page.locator('.kit-table tfoot').innerText()
      assert.include(footer, '$6,200.00')
      assert.include(footer, '$3,100.00')
      assert.deepEqual(await audit(page), [])
    })

    test('a multiple select filter: several channels, then cleared', async ({ assert }) => {
      await page.goto(`${BASE}/admin/campaigns`)
      await ready()
      await openFilters(page)
      const channel = page.getByRole('combobox', { name: 'Channel', exact: true })
      await channel.click()
      const listbox = page.locator(`[id="${await channel.getAttribute('aria-controls')}"]`)
      /* the listbox stays open while options are picked */
      await listbox.getByRole('option', { name: 'Email', exact: true }).click()
      await page.waitForURL(/channel/)
      await ready()
      await listbox.getByRole('option', { name: 'Print', exact: true }).click()
      await page.waitForURL(/print/)
      await ready()
      await page.keyboard.press('Escape')
      const expected = rows<{ name: string }>(
        "select name from campaigns where channel in ('email', 'print') order by position"
      ).map((row) => row.name)
      assert.isAbove(expected.length, 1)
      assert.deepEqual(await names(), expected)
      assert.include(await channel.innerText(), 'Email, Print')

      /* the clear button removes the filter */
      await page
        .locator('.kit-filter-select')
        .getByRole('button', { name: 'Remove filter Channel', exact: true })
        .click()
      await page.waitForURL((url) => !url.search.includes('channel'))
      await ready()
      assert.lengthOf(await names(), rows('select id from campaigns').length)
    })

    test('moving rows up and down stores the new order', async ({ assert }) => {
      await page.goto(`${BASE}/admin/campaigns`)
      await ready()
      const order = () =>
        rows<{ name: string }>('select name from campaigns order by position, id').map(
          (row) => row.name
        )
      assert.deepEqual(await names(), order())
      const [first, second] = order()
      await page.getByRole('button', { name: `Move ${first} down` }).click()
      await page.locator('.kit-table tbody tr').first().filter({ hasText: second }).waitFor()
      assert.deepEqual(order().slice(0, 2), [second, first])
      assert.deepEqual(await names(), order())

      /* from the keyboard: focus the last row's "move up" and press Enter */
      const last = order().at(-1)!
      const before = order().at(-2)!
      await page.getByRole('button', { name: `Move ${last} up` }).focus()
      await page.keyboard.press('Enter')
      await page.waitForFunction(
        (name) =>
          [...document.querySelectorAll('.kit-table tbody tr')].at(-1)?.textContent?.includes(name),
        before
      )
      assert.deepEqual(order().slice(-2), [last, before])
      assert.deepEqual(await names(), order())
    })

    test('select, toggle and color columns: the authors edited in place', async ({ assert }) => {
      await page.goto(`${BASE}/admin/authors`)
      await ready()
      const author = (name: string) =>
        rows<{ tier: string; newsletter: number; accent_color: string | null }>(
          'select tier, newsletter, accent_color from authors where name = ?',
          name
        )[0]
      const grace = author('Grace Hopper')
      assert.equal(grace.tier, 'regular')
      /* a select cell: the value is saved when another option is picked */
      await choose(page, 'Edit Tier of Grace Hopper', 'Guest')
      for (let attempt = 0; attempt < 50; attempt++) {
        if (author('Grace Hopper').tier === 'guest') break
        await page.waitForTimeout(100)
      }
      assert.equal(author('Grace Hopper').tier, 'guest')
      await page.getByRole('status').first().waitFor()

      /* a toggle cell (a switch), from the keyboard */
      const toggle = page.getByRole('switch', { name: 'Newsletter of Grace Hopper' })
      const before = Boolean(author('Grace Hopper').newsletter)
      assert.equal(await toggle.isChecked(), before)
      await toggle.focus()
      await page.keyboard.press('Space')
      for (let attempt = 0; attempt < 50; attempt++) {
        if (Boolean(author('Grace Hopper').newsletter) !== before) break
        await page.waitForTimeout(100)
      }
      assert.equal(Boolean(author('Grace Hopper').newsletter), !before)

      /* a color column: the swatch shows the stored color, the text its value */
      const ada = page.locator('.kit-table tbody tr', { hasText: 'Ada Lovelace' })
      assert.equal(
        await ada
          .locator('.kit-color-swatch')
          .evaluate((swatch) => getComputedStyle(swatch).backgroundColor),
        'rgb(124, 58, 237)'
      )
      assert.include(await ada.innerText(), '#7c3aed')
      assert.deepEqual(await audit(page), [])
    })

    test('the comments of a post are grouped by author', async ({ assert }) => {
      const [post] = rows<{ id: number }>(
        'select post_id as id from comments group by post_id order by post_id limit 1'
      )
      await page.goto(`${BASE}/admin/posts/${post.id}/comments`)
      await ready()
      const headers = await page.locator('.kit-table tbody tr.kit-group-row').allInnerTexts()
      const authors = rows<{ author_name: string }>(
        'select distinct author_name from comments where post_id = ? order by author_name',
        post.id
      ).map((row) => row.author_name)
      assert.deepEqual(authors, ['Linus', 'Margaret'])
      assert.deepEqual(
        headers.map((text) => text.trim()),
        authors.map((name) => `Written by: ${name}`)
      )
      assert.deepEqual(await audit(page), [])
    })
  })
}
