import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, choose, launch, reseed, rows, signedIn } from './helpers.ts'

interface PostRow {
  title: string
  slug: string | null
  category: string | null
  subcategory: string | null
}

/**
 * Live fields with each renderer, on the post form: the slug follows the
 * title when the title loses focus, the subcategory's options follow the
 * category, a field typed while an update is under way keeps what was
 * typed, and the save writes what the form shows.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Live fields with the ${renderer} renderer`, (group) => {
    let browser: Browser
    let page: Page

    group.setup(async () => {
      reseed()
      browser = await launch()
      page = await signedIn(browser, { renderer })
      return () => browser.close()
    })

    const options = async (label: string) => {
      const trigger = page.getByRole('combobox', { name: label, exact: true })
      await trigger.click()
      const listbox = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`)
      const names = await listbox.getByRole('option').allInnerTexts()
      await page.keyboard.press('Escape')
      /* the placeholder entry ("Choose…") is no option */
      return names.map((name) => name.trim()).filter((name) => !['Choose…', '—'].includes(name))
    }

    /* wait for the answer of the next state request, taken in */
    const updated = async (change: () => Promise<void>) => {
      const answer = page.waitForResponse((response) =>
        response.url().endsWith('/admin/posts/state')
      )
      await change()
      await answer
      await page.waitForFunction(() => !document.querySelector('.kit-live-busy'))
    }

    test('slug from the title, subcategories from the category, typed text kept, saved', async ({
      assert,
    }) => {
      await page.goto(`${BASE}/admin/posts/create`)
      await page.waitForLoadState('networkidle')
      const title = page.getByRole('textbox', { name: 'Title', exact: true })
      const slug = page.getByRole('textbox', { name: 'Slug', exact: true })

      /* the title's hook runs when the title loses focus */
      await title.fill('Café opening night')
      assert.equal(await slug.inputValue(), '')
      await title.press('Tab')
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-kit-field="slug"] input') as HTMLInputElement)?.value ===
          'cafe-opening-night'
      )

      /* no category: the subcategory is disabled; a category offers its own */
      const subcategory = page.getByRole('combobox', { name: 'Subcategory', exact: true })
      assert.isTrue(await subcategory.isDisabled())
      await updated(() => choose(page, 'Category', 'News'))
      await page.waitForFunction(
        () =>
          !(document.querySelector('[data-kit-field="subcategory"] button') as HTMLButtonElement)
            ?.disabled
      )
      assert.deepEqual(await options('Subcategory'), ['Releases', 'Events'])
      await choose(page, 'Subcategory', 'Events')
      await updated(() => choose(page, 'Category', 'Guides'))
      assert.deepEqual(await options('Subcategory'), ['Basics', 'Advanced'])
      await choose(page, 'Subcategory', 'Advanced')

      /* an answer that comes back after the person typed in the slug keeps the typed slug */
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/admin/posts/state', async (route) => {
        await held
        await route.continue()
      })
      await title.fill('A different title')
      await title.press('Tab')
      await page.locator('.kit-live-busy').waitFor()
      assert.equal(await page.locator('.kit-live-busy').innerText(), 'Updating the form…')
      await slug.fill('my-own-slug')
      release()
      await page.locator('.kit-live-busy').waitFor({ state: 'detached' })
      await page.unroute('**/admin/posts/state')
      assert.equal(await slug.inputValue(), 'my-own-slug')

      assert.deepEqual(await audit(page), [])

      await choose(page, 'Status', 'Draft')
      await page.getByRole('button', { name: 'Create', exact: true }).click()
      await page.waitForURL((url) => !url.pathname.endsWith('/create'))
      const [row] = rows<PostRow>(
        'select title, slug, category, subcategory from posts where title = ?',
        'A different title'
      )
      assert.deepEqual(row, {
        title: 'A different title',
        slug: 'my-own-slug',
        category: 'guides',
        subcategory: 'advanced',
      })
    }).timeout(120_000)
  })
}
