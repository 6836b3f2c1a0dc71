import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, audit, launch, reseed, rows, signedIn } from './helpers.ts'

/**
 * The infolist entry kinds on an author's view page (icon, badge, color
 * swatch, key-value table, Markdown rendered on the server, the author's
 * posts repeated) and the Markdown editor's Write/Preview tabs; with each
 * renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Infolist entries and Markdown preview with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('the view page draws each entry kind', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      const [ada] = rows<{ id: number }>("select id from authors where name = 'Ada Lovelace'")
      await page.goto(`${BASE}/admin/authors/${ada.id}`)
      await page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor()
      const entry = (label: string) =>
        page.locator('.kit-infolist-entry').filter({
          has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }),
        })

      /* an icon with its words for screen readers */
      const newsletter = entry('Newsletter').first()
      assert.equal(await newsletter.locator('.kit-icon-cell .kit-sr-only').innerText(), 'Yes')
      assert.include(
        await newsletter.locator('.kit-icon-cell').getAttribute('class'),
        'kit-color-success'
      )

      /* a badge colored by value */
      const tier = entry('Tier').locator('.kit-badge')
      /* by its option's label (the form's radio declares the options) */
      assert.equal(await tier.innerText(), 'Sponsor')
      assert.include(await tier.getAttribute('class'), 'kit-color-success')

      /* a swatch of the color the server checked */
      const swatch = entry('Accent color').locator('.kit-color-swatch')
      assert.equal(
        await swatch.evaluate((element) => getComputedStyle(element).backgroundColor),
        'rgb(124, 58, 237)'
      )
      assert.include(await entry('Accent color').innerText(), '#7c3aed')

      /* a key-value table with the declared headings */
      const links = entry('Links').locator('table.kit-key-value-entry')
      assert.deepEqual(await links.locator('thead th').allInnerTexts(), ['Site', 'URL'])
      assert.deepEqual(await links.locator('tbody th').allInnerTexts(), ['website', 'mastodon'])
      assert.deepEqual(await links.locator('tbody td').allInnerTexts(), [
        'https://ada.example.com',
        '@ada@example.social',
      ])

      /* Markdown rendered and sanitized on the server */
      const bio = entry('Bio').locator('.kit-prose')
      assert.equal(await bio.locator('strong').innerText(), 'engines')
      assert.equal(
        await bio.locator('a').getAttribute('href'),
        'https://en.wikipedia.org/wiki/Analytical_engine'
      )

      /* the author's posts, each with its own entries */
      const [count] = rows<{ total: number }>(
        'select count(*) as total from posts where author_id = ? and deleted_at is null',
        ada.id
      )
      const items = entry('Posts').locator('.kit-repeatable-item')
      assert.equal(await items.count(), count.total)
      const [first] = rows<{ title: string; status: string }>(
        'select title, status from posts where author_id = ? and deleted_at is null order by id limit 1',
        ada.id
      )
      const firstItem = items.first()
      assert.equal(await firstItem.getAttribute('aria-label'), 'Item 1')
      assert.deepEqual(await firstItem.locator('dt').allInnerTexts(), [
        'Title',
        'Status',
        'Featured',
        'Published on',
      ])
      assert.equal(await firstItem.locator('dd').first().innerText(), first.title)
      assert.equal(
        await firstItem.locator('.kit-badge').innerText(),
        { draft: 'Draft', review: 'In review', published: 'Published' }[first.status]
      )
      assert.deepEqual(await audit(page), [])
      await page.context().close()
    }).timeout(60_000)

    test('the Markdown editor previews on the server, sanitized, and keeps the source', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      await page.goto(`${BASE}/admin/documents/create`)
      const tabs = page.getByRole('tablist', { name: 'Markdown: write or preview' })
      await tabs.waitFor()
      const source =
        '# Heading\n\n**bold** [bad](javascript:alert(1))\n\n<img src=x onerror="window.__xss=1">'
      await page.getByLabel('Notes').fill(source)

      const previewed = page.waitForResponse(
        (response) =>
          response.url().endsWith('/admin/documents/markdown/notes') &&
          response.request().method() === 'POST'
      )
      await tabs.getByRole('tab', { name: 'Preview' }).click()
      const answer = await previewed
      assert.equal(answer.status(), 200)
      const preview = page.locator('.kit-markdown-preview .kit-prose')
      await preview.locator('strong', { hasText: 'bold' }).waitFor()
      assert.equal(await preview.locator('h1').innerText(), 'Heading')
      assert.equal(await preview.locator('img, script').count(), 0)
      assert.isNull(await preview.locator('a').getAttribute('href'))
      assert.isUndefined(await page.evaluate(() => (window as { __xss?: number }).__xss))
      assert.isFalse(await page.getByLabel('Notes').isVisible())
      assert.deepEqual(await audit(page), [])

      /* back to Write: the source is kept as typed */
      await tabs.getByRole('tab', { name: 'Write' }).click()
      assert.equal(await page.getByLabel('Notes').inputValue(), source)
      assert.equal(
        await tabs.getByRole('tab', { name: 'Write' }).getAttribute('aria-selected'),
        'true'
      )
      /* nothing was written by previewing */
      assert.lengthOf(rows("select id from documents where notes like '%Heading%'"), 0)
      await page.context().close()
    }).timeout(60_000)
  })
}
