import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, reseed, rows, signedIn } from './helpers.ts'

/** The drafts the posts badge counts */
function drafts() {
  return String(
    rows<{ total: number }>(
      "select count(*) as total from posts where status = 'draft' and deleted_at is null"
    )[0].total
  )
}

/** The badge pill of a navigation link, once the deferred badges arrived */
async function badge(page: Page, href: string) {
  const pill = page.locator(`.kit-navigation a[href="${href}"] .kit-navigation-badge`)
  await pill.waitFor()
  return pill.innerText()
}

/**
 * The panel navigation (docs/navigation.md): badges loaded after the page,
 * a collapsible group that stays collapsed across visits, a cluster and
 * its sub-navigation, a custom link; axe in light, dark, on a phone (the
 * drawer) and in French; with each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Navigation with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('badges, a remembered collapsed group, a cluster and a custom link', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        const navigation = page.getByRole('navigation', { name: 'Panel' })
        /* the drafts badge, colored, read after the label */
        assert.equal(await badge(page, '/admin/posts'), drafts())
        const posts = navigation.getByRole('link', {
          name: new RegExp(`^Posts ?, ${drafts()}: Drafts$`),
        })
        await posts.waitFor()
        assert.include(
          await page
            .locator('.kit-navigation a[href="/admin/posts"] .kit-badge')
            .getAttribute('class'),
          'kit-color-warning'
        )
        assert.deepEqual(await audit(page), [])

        /* the Content group collapses, and stays collapsed on the next visit */
        const content = navigation.getByRole('button', { name: 'Content' })
        assert.equal(await content.getAttribute('aria-expanded'), 'true')
        await content.click()
        await posts.waitFor({ state: 'hidden' })
        await page.goto(`${BASE}/admin/authors`)
        await page.getByRole('heading', { level: 1, name: 'Authors' }).waitFor()
        assert.equal(await content.getAttribute('aria-expanded'), 'false')
        assert.isFalse(await posts.isVisible())
        await content.click()
        await posts.waitFor()

        /* the custom link opens in a new tab */
        const docs = navigation.getByRole('link', { name: /AdonisJS documentation/ })
        assert.equal(await docs.getAttribute('href'), 'https://docs.adonisjs.com')
        assert.equal(await docs.getAttribute('target'), '_blank')
        assert.equal(await docs.getAttribute('rel'), 'noopener noreferrer')

        /* the cluster: one item, then its own sub-navigation on its pages */
        assert.equal(await navigation.getByRole('link', { name: 'Tags' }).count(), 0)
        await navigation.getByRole('link', { name: 'Taxonomy' }).click()
        await page.waitForURL(`${BASE}/admin/reviews`)
        const cluster = page.getByRole('navigation', { name: 'Taxonomy' })
        await cluster.getByRole('link', { name: 'Tags' }).click()
        await page.waitForURL(`${BASE}/admin/tags`)
        await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor()
        assert.equal(await cluster.locator('[aria-current="page"]').innerText(), 'Tags')
        assert.equal(
          await navigation.getByRole('link', { name: 'Taxonomy' }).getAttribute('aria-current'),
          'page'
        )
        assert.deepEqual(await audit(page), [])
      } finally {
        await page.context().close()
      }
    }).timeout(120_000)

    test('dark, on a phone (the drawer) and in French: badges and groups stay accessible', async ({
      assert,
    }) => {
      const dark = await signedIn(browser, { renderer, theme: 'dark' })
      try {
        await badge(dark, '/admin/posts')
        assert.deepEqual(await audit(dark), [])
      } finally {
        await dark.context().close()
      }

      const phone = await signedIn(browser, { renderer, viewport: { width: 390, height: 844 } })
      try {
        await phone.getByRole('button', { name: 'Open navigation' }).click()
        const drawer = phone.getByRole('dialog', { name: 'Navigation' })
        await drawer.waitFor()
        assert.equal(await badge(phone, '/admin/posts'), drafts())
        assert.deepEqual(await audit(phone), [])
        assert.isAtMost(await phone.evaluate(() => document.documentElement.scrollWidth), 390)
      } finally {
        await phone.context().close()
      }

      const french = await signedIn(browser, { renderer })
      try {
        await french.goto(`${BASE}/gestion/posts`)
        await french.getByRole('heading', { level: 1, name: 'Articles', exact: true }).waitFor()
        const navigation = french.getByRole('navigation', { name: 'Panneau' })
        assert.equal(await badge(french, '/gestion/posts'), drafts())
        await navigation
          .getByRole('link', { name: new RegExp(`^Articles ?, ${drafts()}\\s: Brouillons$`) })
          .waitFor()
        await navigation.getByRole('button', { name: 'Contenu' }).waitFor()
        await navigation.getByRole('link', { name: 'Taxonomie' }).waitFor()
        await navigation
          .getByRole('link', { name: /Documentation AdonisJS \(s’ouvre dans un nouvel onglet\)/ })
          .waitFor()
        assert.deepEqual(await audit(french), [])
      } finally {
        await french.context().close()
      }
    }).timeout(120_000)
  })
}
