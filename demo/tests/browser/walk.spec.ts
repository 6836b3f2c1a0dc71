import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, openFilters, reseed, rows, signedIn } from './helpers.ts'

/**
 * Every page of the demo: lists, create, edit and view pages, the relation
 * page, the simple resource, the custom list page, the tenant panel, the
 * French panel and the error page. Each waits for its heading.
 */
const PAGES = [
  '/admin/posts',
  '/admin/posts/create',
  '/admin/posts/2',
  '/admin/posts/2/edit',
  '/admin/posts/2/tags',
  '/admin/authors',
  '/admin/authors/create',
  '/admin/authors/1/edit',
  '/admin/tags',
  '/admin/posts/1/comments',
  '/admin/posts/1/comments/1/edit',
  '/acme/workspace/projects',
  '/acme/workspace/projects/create',
  '/acme/workspace/projects/1/edit',
  '/gestion/authors',
  '/gestion/tags',
  '/admin/posts/999999/edit',
]

/** The accessible name of the focused element, spaces collapsed */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element) return ''
    const input = element as HTMLInputElement
    const text =
      element.getAttribute('aria-label') ??
      (input.labels?.[0]?.innerText || element.innerText || '')
    return text.replace(/\s+/g, ' ').trim()
  })

/**
 * Presses Tab until the focused element's name matches (at most 120 times).
 */
async function tabTo(page: Page, name: RegExp) {
  for (let step = 0; step < 120; step++) {
    await page.keyboard.press('Tab')
    /* at a person's pace: a frame passes between two keys (widgets move the focus in a frame) */
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
    if (name.test(await focusedName(page))) return
  }
  throw new Error(`Tab never reached ${name}`)
}

/** Polls the database until the check passes (at most 5 s) */
async function eventually(check: () => boolean) {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return check()
}

for (const renderer of ['react', 'vue'] as const) {
  test.group(`Every page and the keyboard with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      for (const theme of ['light', 'dark'] as const) {
        test(`no serious or critical axe violation on any page, ${theme}, ${viewport.width}x${viewport.height}`, async ({
          assert,
        }) => {
          const page = await signedIn(browser, { renderer, viewport, colorScheme: theme, theme })
          try {
            for (const path of PAGES) {
              await page.goto(`${BASE}${path}`)
              await page
                .getByRole('heading', { level: 1 })
                .waitFor()
                .catch(() => assert.fail(`${path}: no heading`))
              /* only the last path is the error page */
              assert.equal(
                (await page.locator('.kit-header h1').innerText()) === 'Not found',
                path === PAGES.at(-1),
                path
              )
              await page.waitForLoadState('networkidle')
              assert.equal(
                await page.evaluate(() => document.documentElement.classList.contains('dark')),
                theme === 'dark',
                path
              )
              const violations = await audit(page)
              assert.deepEqual(violations, [], `${path}: ${JSON.stringify(violations)}`)
            }
          } finally {
            await page.context().close()
          }
        }).timeout(120_000)
      }
    }

    for (const theme of ['light', 'dark'] as const) {
      test(`no serious or critical axe violation with the toolbar's popups open, ${theme}`, async ({
        assert,
      }) => {
        const page = await signedIn(browser, { renderer, colorScheme: theme, theme })
        try {
          /* the column popover (Ark UI Popover of checkboxes) */
          await page.getByRole('button', { name: 'Columns', exact: true }).click()
          const columns = page.getByRole('dialog', { name: 'Shown columns' })
          await columns.waitFor()
          assert.deepEqual(await audit(page), [], 'the column popover')
          await page.keyboard.press('Escape')
          await columns.waitFor({ state: 'detached' })

          /* a select filter's listbox (Ark UI Select), behind the "Filters" button */
          await openFilters(page)
          await page.getByRole('combobox', { name: 'Status', exact: true }).click()
          await page.getByRole('option', { name: 'In review', exact: true }).waitFor()
          assert.deepEqual(await audit(page), [], 'the status listbox')
          await page.keyboard.press('Escape')
        } finally {
          await page.context().close()
        }
      }).timeout(60_000)
    }

    test('keyboard only: list, edit, save, back, delete with confirmation', async ({ assert }) => {
      reseed()
      const page = await signedIn(browser, { renderer })
      try {
        const [alan] = rows<{ id: number }>("select id from authors where name = 'Alan Turing'")
        await page.goto(`${BASE}/admin/authors`)
        await page.getByRole('heading', { level: 1, name: 'Authors' }).waitFor()

        /* list → edit */
        await tabTo(page, /^Edit Alan Turing$/)
        await page.keyboard.press('Enter')
        await page.waitForURL(`${BASE}/admin/authors/${alan.id}/edit`)
        await page.getByRole('heading', { level: 1 }).waitFor()

        /* edit → save */
        await tabTo(page, /^Name/)
        await page.keyboard.press('ControlOrMeta+A')
        await page.keyboard.type('Alan M. Turing')
        await tabTo(page, /^Save changes$/)
        await page.keyboard.press('Enter')
        assert.isTrue(
          await eventually(
            () =>
              rows<{ name: string }>('select name from authors where id = ?', alan.id)[0]?.name ===
              'Alan M. Turing'
          ),
          'the edit was saved'
        )

        /* back to the list through the breadcrumbs */
        await tabTo(page, /^Authors$/)
        await page.keyboard.press('Enter')
        await page.waitForURL(`${BASE}/admin/authors`)
        await page.getByRole('cell', { name: 'Alan M. Turing', exact: true }).waitFor()

        /* delete with the confirmation dialog */
        await tabTo(page, /^Delete Edsger Dijkstra$/)
        await page.keyboard.press('Enter')
        const dialog = page.getByRole('dialog', { name: 'Please confirm' })
        await dialog.waitFor()
        /* the dialog takes the focus on the frame after it opens */
        await dialog.evaluate(
          (element) =>
            new Promise<void>((resolve) => {
              const check = () =>
                element.contains(document.activeElement) ? resolve() : requestAnimationFrame(check)
              check()
            })
        )
        assert.isTrue(await dialog.evaluate((element) => element.contains(document.activeElement)))
        /* Escape first: nothing is deleted */
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        assert.lengthOf(rows("select id from authors where name = 'Edsger Dijkstra'"), 1)

        await tabTo(page, /^Delete Edsger Dijkstra$/)
        await page.keyboard.press('Enter')
        await dialog.waitFor()
        await tabTo(page, /^Delete$/)
        await page.keyboard.press('Enter')
        assert.isTrue(
          await eventually(
            () => rows("select id from authors where name = 'Edsger Dijkstra'").length === 0
          ),
          'the author was deleted'
        )
        /* the others are untouched */
        assert.deepEqual(
          rows<{ name: string }>('select name from authors order by id').map((row) => row.name),
          ['Ada Lovelace', 'Grace Hopper', 'Alan M. Turing']
        )
      } finally {
        await page.context().close()
      }
    }).timeout(90_000)
  })
}
