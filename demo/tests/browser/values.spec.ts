import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import {
  BASE,
  audit,
  launch,
  openFilters,
  openUserMenu,
  reseed,
  rows,
  signedIn,
} from './helpers.ts'

/** Names of the projects listed, in order */
const projectNames = (page: Page) =>
  page.locator('.kit-table tbody tr td:nth-child(1)').allInnerTexts()

/**
 * Words of the interface that a French page must not show: the renderers'
 * own texts in English (labels of the application's resources, columns and
 * the server's built-in action labels are not the renderers' words).
 */
const ENGLISH_UI = [
  'Search',
  'Columns',
  'Per page',
  'Showing',
  'Previous page',
  'Next page',
  'Cancel',
  'Save changes',
  'Create',
  'No records',
  'Select all',
  'Dark mode',
  'Open navigation',
  'Edit',
  'Please confirm',
]

/**
 * The text of the panel, hidden text included, without the breadcrumbs (the
 * server's page labels, outside the renderers' catalog).
 */
const panelText = (page: Page) =>
  page.evaluate(() => {
    const copy = document.querySelector('.kit-page')!.cloneNode(true) as HTMLElement
    copy.querySelectorAll('.kit-breadcrumbs').forEach((element) => element.remove())
    return copy.textContent!.replace(/\s+/g, ' ')
  })

/**
 * Formatted values (money, links, relative dates), copy buttons, the
 * summary footer and the numeric range filter on the workspace's projects,
 * and a panel in French; with each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Values and languages with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('formatted cells, safe links only, and the summaries of every matching row', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/acme/workspace/projects`)
        const row = page.locator('.kit-table tbody tr', { hasText: 'Mobile app' })
        /* money in the panel's locale, from the raw cents */
        assert.match(await row.locator('td').nth(2).innerText(), /^\s*€48,000\.50\s*$/)
        /* a url() column: a link to the safe address, text for javascript: */
        const link = row.getByRole('link', { name: 'https://apps.acme.example' })
        assert.equal(await link.getAttribute('href'), 'https://apps.acme.example')
        const unsafe = page.locator('.kit-table tbody tr', { hasText: 'Old intranet' })
        assert.equal(await unsafe.getByRole('link', { name: /javascript/ }).count(), 0)
        assert.include(await unsafe.innerText(), 'javascript:alert(1)')
        /* since(): a relative time */
        assert.match(await row.locator('td').nth(4).innerText(), /ago|now/)

        /* the footer: sum and average under the budget column (Acme's projects only) */
        const [acme] = rows<{ total: number }>(
          `select sum(budget_cents) as total from projects where team_id =
             (select id from teams where slug = 'acme')`
        )
        assert.equal(acme.total, 6_140_050)
        const footer = page.locator('.kit-table tfoot td').nth(2)
        assert.include(await footer.innerText(), 'Sum')
        assert.include(await footer.innerText(), '€61,400.50')
        assert.include(await footer.innerText(), 'Average')
        assert.include(await footer.innerText(), '€20,466.83')
      } finally {
        await page.context().close()
      }
    })

    test('a copy button copies the raw value and says so', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: BASE,
        })
        await page.goto(`${BASE}/acme/workspace/projects`)
        const row = page.locator('.kit-table tbody tr', { hasText: 'Website relaunch' })
        await row.getByRole('button', { name: 'Copy Website' }).click()
        await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
        assert.equal(
          await page.evaluate(() => navigator.clipboard.readText()),
          'https://acme.example/relaunch'
        )
      } finally {
        await page.context().close()
      }
    })

    test('typing the bounds of the numeric range narrows the rows', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/acme/workspace/projects`)
        assert.deepEqual(await projectNames(page), [
          'Website relaunch',
          'Mobile app',
          'Old intranet',
        ])
        await openFilters(page)
        const range = page.getByRole('group', { name: 'Budget (EUR)' })
        await range.getByLabel('Min').fill('1000')
        await range.getByLabel('Min').press('Enter')
        await page.waitForURL(/budgetCents/)
        await page.locator('.kit-table tbody tr', { hasText: 'Old intranet' }).waitFor({
          state: 'detached',
        })
        assert.deepEqual(await projectNames(page), ['Website relaunch', 'Mobile app'])

        await range.getByLabel('Max').fill('20000')
        await range.getByLabel('Max').press('Enter')
        await page.locator('.kit-table tbody tr', { hasText: 'Mobile app' }).waitFor({
          state: 'detached',
        })
        assert.deepEqual(await projectNames(page), ['Website relaunch'])
        /* the summaries follow the filter */
        assert.include(await page.locator('.kit-table tfoot').innerText(), '€12,500.00')
      } finally {
        await page.context().close()
      }
    })

    test('a French panel speaks French, with none of the English interface words', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/gestion/authors`)
        await page.getByRole('heading', { level: 1 }).waitFor()
        const text = await panelText(page)
        assert.include(text, 'Colonnes')
        assert.include(text, 'Par page')
        assert.match(text, /1 à 4 sur 4/)
        assert.include(text, 'Modifier')
        assert.equal(
          await page.getByRole('button', { name: 'Page suivante' }).count(),
          1,
          'the pagination speaks French'
        )
        /* the dark-mode switch is in the user menu */
        await openUserMenu(page)
        assert.equal(await page.getByRole('button', { name: 'Mode sombre' }).count(), 1)

        /* the create page: French buttons */
        await page.goto(`${BASE}/gestion/authors/create`)
        await page.getByRole('heading', { level: 1 }).waitFor()
        const form = await panelText(page)
        assert.include(form, 'Créer')
        for (const word of ENGLISH_UI) {
          const pattern = new RegExp(`\\b${word}\\b`)
          assert.notMatch(text, pattern, `"${word}" on the list`)
          assert.notMatch(form, pattern, `"${word}" on the create page`)
        }
        /* labels read by screen readers too */
        const labels = await page.evaluate(() =>
          [...document.querySelectorAll('.kit-page [aria-label]')].map((element) =>
            element.getAttribute('aria-label')
          )
        )
        for (const word of ENGLISH_UI) {
          assert.notInclude(labels, word)
        }
      } finally {
        await page.context().close()
      }
    })

    test('the date picker of a French panel names months and days and announces dates in French; the value keeps YYYY-MM-DD', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/gestion/posts/1/edit`)
        await page.getByRole('heading', { level: 1 }).waitFor()
        /* the label the resource declares for French */
        const date = page.getByLabel('Publié le')
        /* the picker loads on demand: type into it, not into its stand-in */
        await page.getByRole('button', { name: 'Choisir une date' }).waitFor()
        await date.fill('2026-04-30')
        await date.press('Enter')
        assert.equal(await date.inputValue(), '2026-04-30', 'typed with its dashes')
        await page.getByRole('button', { name: 'Choisir une date' }).click()
        const grid = page.getByRole('grid')
        await grid.waitFor()
        assert.equal(await page.locator('.kit-date-range').innerText(), 'avril 2026')
        assert.equal(await grid.getAttribute('aria-label'), 'avril 2026')
        /* the week starts on Monday in French */
        const days = await grid
          .locator('thead th')
          .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('abbr')))
        assert.deepEqual(days, [
          'lundi',
          'mardi',
          'mercredi',
          'jeudi',
          'vendredi',
          'samedi',
          'dimanche',
        ])
        assert.equal(
          await page.getByRole('button', { name: 'jeudi 30 avril 2026' }).count(),
          1,
          'each day is named in French'
        )
        assert.deepEqual(await audit(page), [])
        /* what the picker says by itself is French too: the calendar's name and
           the date it announces once picked */
        assert.equal(
          await page.locator('.kit-date-content').getAttribute('aria-label'),
          'Calendrier'
        )
        const announced = (text: string) =>
          page.locator('[data-live-announcer]', { hasText: text }).waitFor({ state: 'attached' })
        await page.getByRole('button', { name: 'Mois suivant' }).click()
        assert.equal(await page.locator('.kit-date-range').innerText(), 'mai 2026')
        await page.getByRole('button', { name: 'vendredi 15 mai 2026' }).click()
        assert.equal(await date.inputValue(), '2026-05-15')
        await announced('vendredi 15 mai 2026')
        assert.equal(await date.getAttribute('placeholder'), 'aaaa-mm-jj')
        /* the dashes stay typeable, one key at a time */
        await date.fill('')
        await date.pressSequentially('2026-05-15')
        assert.equal(await date.inputValue(), '2026-05-15', 'typed key by key')
        await date.press('Enter')
        const saved = page.waitForResponse(
          (response) => response.request().method() === 'PATCH' && response.status() < 400
        )
        await page.getByRole('button', { name: 'Enregistrer' }).click()
        await saved
        await page.waitForLoadState('networkidle')
        const [{ published }] = rows<{ published: string }>(
          'select published_on as published from posts where id = 1'
        )
        assert.equal(String(published).slice(0, 10), '2026-05-15')
      } finally {
        await page.context().close()
      }
    }).timeout(60_000)
  })
}
