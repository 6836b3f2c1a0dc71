import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, openUserMenu, reseed, rows, signedIn, titles } from './helpers.ts'

/**
 * The interface with each renderer: dark mode, the navigation drawer of
 * small screens, flash messages, the confirmation dialog, column toggling,
 * and the global-search shortcut (the axe audits of every page are in
 * walk.spec.ts).
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Interface with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    /** A signed-in page in a fresh context (its own localStorage) */
    const signIn = (
      options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}
    ) =>
      signedIn(browser, {
        renderer,
        viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
        colorScheme: options.colorScheme,
      })

    const isDark = (page: Page) =>
      page.evaluate(() => document.documentElement.classList.contains('dark'))

    test('dark mode follows the system until the toggle chooses; the choice survives a reload', async ({
      assert,
    }) => {
      const system = await signIn({ colorScheme: 'dark' })
      assert.isTrue(await isDark(system))
      await system.context().close()

      const page = await signIn({ colorScheme: 'light' })
      try {
        /* the switch is in the user menu */
        await openUserMenu(page)
        const toggle = page.getByRole('button', { name: 'Dark mode' })
        assert.isFalse(await isDark(page))
        assert.equal(await toggle.getAttribute('aria-pressed'), 'false')
        await toggle.click()
        assert.isTrue(await isDark(page))
        assert.equal(await toggle.getAttribute('aria-pressed'), 'true')
        assert.equal(await page.evaluate(() => localStorage.getItem('kit-theme')), 'dark')

        /* the class is set by the head script, before the application runs */
        await page.reload({ waitUntil: 'commit' })
        await page.waitForFunction(() => document.body !== null)
        assert.isTrue(await isDark(page))
        await page.getByRole('heading', { level: 1, name: 'Posts', exact: true }).waitFor()
        await openUserMenu(page)
        assert.equal(await toggle.getAttribute('aria-pressed'), 'true')

        await toggle.click()
        assert.isFalse(await isDark(page))
        await page.reload()
        await page.getByRole('heading', { level: 1, name: 'Posts', exact: true }).waitFor()
        assert.isFalse(await isDark(page))
        assert.equal(await page.evaluate(() => localStorage.getItem('kit-theme')), 'light')
      } finally {
        await page.context().close()
      }
    })

    test('at 390x844 the navigation is a drawer: it opens, takes focus, and Escape closes it', async ({
      assert,
    }) => {
      const page = await signIn({ width: 390, height: 844 })
      try {
        const navigation = page.getByRole('navigation', { name: 'Panel' })
        const menu = page.getByRole('button', { name: 'Open navigation' })
        assert.isFalse(await navigation.isVisible())
        assert.equal(await menu.getAttribute('aria-expanded'), 'false')

        await menu.click()
        const drawer = page.getByRole('dialog', { name: 'Navigation' })
        await drawer.waitFor()
        assert.equal(await drawer.getAttribute('aria-modal'), 'true')
        assert.equal(await menu.getAttribute('aria-expanded'), 'true')
        assert.isTrue(await navigation.isVisible())
        /* focus is on the current page's link, inside the drawer */
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute('aria-current')),
          'page'
        )
        await page.keyboard.press('Tab')
        await page.keyboard.press('Tab')
        await page.keyboard.press('Tab')
        await page.keyboard.press('Tab')
        assert.isTrue(
          await page.evaluate(
            () => !!document.activeElement?.closest('[role="dialog"][aria-label="Navigation"]')
          )
        )

        await page.keyboard.press('Escape')
        await drawer.waitFor({ state: 'detached' })
        assert.isFalse(await navigation.isVisible())
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
          'Open navigation'
        )

        /* a link of the drawer navigates and closes it */
        await menu.click()
        await drawer.getByRole('link', { name: 'Authors' }).click()
        await page.waitForURL(`${BASE}/admin/authors`)
        await drawer.waitFor({ state: 'detached' })
        /* nothing is wider than the screen */
        assert.isAtMost(await page.evaluate(() => document.documentElement.scrollWidth), 390)
      } finally {
        await page.context().close()
      }
    })

    test('flash messages are announced with role=status', async ({ assert }) => {
      const page = await signIn()
      try {
        await page.goto(`${BASE}/admin/posts/1/edit`)
        const title = await page.getByLabel('Title').inputValue()
        await page.getByRole('button', { name: 'Save changes' }).click()
        const status = page.getByRole('status').filter({ hasText: `Post "${title}" saved` })
        await status.waitFor()
        assert.include(await status.innerText(), 'saved')
      } finally {
        await page.context().close()
      }
    })

    test('the confirmation is a modal dialog with focus inside; Escape closes it and nothing happens', async ({
      assert,
    }) => {
      const page = await signIn()
      try {
        const [title] = await titles(page)
        const post = { title }
        const trigger = page.getByRole('button', { name: `Delete ${title}` })
        await trigger.click()
        const dialog = page.getByRole('dialog', { name: 'Please confirm' })
        await dialog.waitFor()
        assert.equal(await dialog.getAttribute('aria-modal'), 'true')
        assert.isTrue(
          await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))
        )
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        assert.equal(
          await page.evaluate(() => document.activeElement?.textContent?.trim()),
          `Delete ${post.title}`
        )
        assert.lengthOf(
          rows('select id from posts where title = ? and deleted_at is not null', post.title),
          0
        )
      } finally {
        await page.context().close()
      }
    })

    test('a row with more than three actions keeps the rest in a menu', async ({ assert }) => {
      const page = await signIn()
      try {
        const [title] = await titles(page)
        const trigger = page.getByRole('button', { name: `More actions for ${title}` })
        assert.equal(await trigger.getAttribute('aria-haspopup'), 'menu')
        await trigger.click()
        const menu = page.getByRole('menu')
        await menu.waitFor()
        assert.deepEqual(await menu.getByRole('menuitem').allInnerTexts(), ['Publish', 'Comments'])
        await page.keyboard.press('Escape')
        await menu.waitFor({ state: 'hidden' })
        assert.isTrue(await trigger.evaluate((element) => element === document.activeElement))
        /* the inline actions stay buttons */
        assert.equal(await page.getByRole('button', { name: `Delete ${title}` }).count(), 1)
      } finally {
        await page.context().close()
      }
    })

    test('icon-only buttons show their label in a tooltip on hover and keyboard focus', async ({
      assert,
    }) => {
      const page = await signIn()
      try {
        /* hover: the user menu's theme toggle */
        await openUserMenu(page)
        const toggle = page.getByRole('button', { name: 'Dark mode' })
        await toggle.hover()
        const tip = page.getByRole('tooltip', { name: 'Dark mode' })
        await tip.waitFor()
        assert.equal(await tip.innerText(), 'Dark mode')
        assert.equal(await toggle.getAttribute('aria-label'), 'Dark mode')
        assert.equal(await toggle.getAttribute('aria-describedby'), await tip.getAttribute('id'))
        assert.deepEqual(await audit(page), [])
        await page.mouse.move(0, 0)
        await tip.waitFor({ state: 'hidden' })

        /* keyboard focus: a row's "More actions" trigger, reached with Tab */
        const [title] = await titles(page)
        const more = page.getByRole('button', { name: `More actions for ${title}` })
        await page.getByRole('button', { name: `Delete ${title}` }).focus()
        await page.keyboard.press('Tab')
        assert.isTrue(await more.evaluate((element) => element === document.activeElement))
        const moreTip = page.getByRole('tooltip', { name: `More actions for ${title}` })
        await moreTip.waitFor()
        assert.equal(await more.getAttribute('aria-describedby'), await moreTip.getAttribute('id'))
        /* the trigger still opens its menu */
        await page.keyboard.press('Enter')
        await page.getByRole('menu').waitFor()
        await page.keyboard.press('Escape')
        await page.getByRole('menu').waitFor({ state: 'hidden' })
      } finally {
        await page.context().close()
      }
    })

    test('leaving a form with unsaved changes asks first', async ({ assert }) => {
      const page = await signIn()
      try {
        await page.goto(`${BASE}/admin/posts/3/edit`)
        const title = await page.getByLabel('Title').inputValue()
        await page.getByLabel('Title').fill(`${title}, not saved`)
        const questions: string[] = []

        /* refused: the page stays, with the edit */
        page.once('dialog', (dialog) => {
          questions.push(dialog.message())
          dialog.dismiss()
        })
        await page
          .getByRole('navigation', { name: 'Panel' })
          .getByRole('link', { name: 'Authors' })
          .click()
        await page.waitForTimeout(300)
        assert.match(page.url(), /\/admin\/posts\/3\/edit$/)
        assert.equal(await page.getByLabel('Title').inputValue(), `${title}, not saved`)

        /* accepted: the visit goes on, nothing was saved */
        page.once('dialog', (dialog) => {
          questions.push(dialog.message())
          dialog.accept()
        })
        await page
          .getByRole('navigation', { name: 'Panel' })
          .getByRole('link', { name: 'Authors' })
          .click()
        await page.waitForURL(`${BASE}/admin/authors`)
        assert.deepEqual(questions, [
          'You have unsaved changes. Leave this page?',
          'You have unsaved changes. Leave this page?',
        ])
        assert.deepEqual(rows('select title from posts where id = 3'), [{ title }])

        /* an untouched form leaves silently */
        await page.goto(`${BASE}/admin/posts/3/edit`)
        await page
          .getByRole('navigation', { name: 'Panel' })
          .getByRole('link', { name: 'Authors' })
          .click()
        await page.waitForURL(`${BASE}/admin/authors`)
        assert.lengthOf(questions, 2)
      } finally {
        await page.context().close()
      }
    })

    test('hidden columns are remembered across a reload', async ({ assert }) => {
      const page = await signIn()
      try {
        const hasAuthor = async () => {
          const header = await page.locator('.kit-table thead th').allInnerTexts()
          return header.some((text) => text.includes('Author'))
        }
        assert.isTrue(await hasAuthor())
        await page.getByText('Columns', { exact: true }).click()
        await page.getByRole('checkbox', { name: 'Author', exact: true }).press('Space')
        assert.isFalse(await hasAuthor())

        await page.reload()
        await page.getByRole('heading', { level: 1, name: 'Posts', exact: true }).waitFor()
        assert.isFalse(await hasAuthor())
        assert.include(
          await page.evaluate(() => localStorage.getItem('kit-hidden-columns')),
          'author.name'
        )

        await page.getByText('Columns', { exact: true }).click()
        await page.getByRole('checkbox', { name: 'Author', exact: true }).press('Space')
        assert.isTrue(await hasAuthor())
      } finally {
        await page.context().close()
      }
    })

    test('"/" and Ctrl+K focus the global search', async ({ assert }) => {
      const page = await signIn()
      try {
        const box = page.getByRole('combobox', { name: 'Search everything' })
        await page.locator('h1').click()
        await page.keyboard.press('/')
        assert.isTrue(await box.evaluate((element) => element === document.activeElement))
        assert.equal(await box.inputValue(), '')
        await page.locator('h1').click()
        await page.keyboard.press('Control+k')
        assert.isTrue(await box.evaluate((element) => element === document.activeElement))
      } finally {
        await page.context().close()
      }
    })
  })
}
