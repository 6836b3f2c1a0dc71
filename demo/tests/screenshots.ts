/*
 * Screenshots of the README and docs (docs/screenshots/*.png), taken from a
 * running demo: `npm run demo` in one terminal, then
 * `node --import=@poppinss/ts-exec demo/tests/screenshots.ts` (DEMO_URL
 * defaults to http://127.0.0.1:3333; SHOTS_DIR writes elsewhere, SHOTS keeps the names with
 * these prefixes). Each page is taken in light and dark
 * mode, at 1280x860 and at 390x844 (a phone).
 */
import type { Browser, Page } from 'playwright-core'
import { launch, signedIn } from './browser/helpers.ts'

const base = process.env.DEMO_URL ?? 'http://127.0.0.1:3333'
const out = process.env.SHOTS_DIR
  ? `${process.env.SHOTS_DIR.replace(/\/$/, '')}/`
  : new URL('../../docs/screenshots/', import.meta.url).pathname
const only = process.env.SHOTS?.split(',')
const renderer = process.env.RENDERER === 'vue' ? 'vue' : 'react'

const signIn = (
  browser: Browser,
  theme: 'light' | 'dark',
  viewport: { width: number; height: number }
) => signedIn(browser, { base, renderer, viewport, colorScheme: theme, theme })

async function shoot(page: Page, name: string, fullPage = false, scrolled = false) {
  if (only && !only.some((prefix) => name.startsWith(prefix))) return
  await page.waitForLoadState('networkidle')
  /* a popup stays where its button is: the page keeps its scroll */
  if (!fullPage && !scrolled) await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${out}${name}.png`, fullPage })
}

const browser = await launch()
for (const theme of ['light', 'dark'] as const) {
  const suffix = theme === 'light' ? '' : '_dark'
  const page = await signIn(browser, theme, { width: 1280, height: 860 })
  await page.getByRole('checkbox', { name: 'Select Validating input with Vine' }).press('Space')
  await page.getByRole('checkbox', { name: 'Select Inertia without an API' }).press('Space')
  await shoot(page, `list_page${suffix}`)
  /* the toolbar's popups: the column popover, then a select filter's listbox */
  await page.getByRole('button', { name: 'Columns', exact: true }).click()
  await page.getByRole('dialog', { name: 'Shown columns' }).waitFor()
  await shoot(page, `list_columns${suffix}`)
  await page.keyboard.press('Escape')
  await page.getByRole('combobox', { name: 'Status', exact: true }).click()
  await page.getByRole('option', { name: 'In review', exact: true }).waitFor()
  await shoot(page, `list_filter${suffix}`)
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Delete Getting started with AdonisJS' }).click()
  await page.getByRole('dialog', { name: 'Please confirm' }).waitFor()
  await shoot(page, `confirmation_dialog${suffix}`)
  await page.keyboard.press('Escape')
  await page.goto(`${base}/admin/posts/2/edit`)
  await page.getByRole('tab', { name: 'Comments' }).waitFor()
  await shoot(page, `edit_page_relation_managers${suffix}`, true)
  await page.goto(`${base}/admin/posts?search=nothing-matches-this`)
  await page.getByText('No records found.').waitFor()
  await shoot(page, `empty_state${suffix}`)
  await page.goto(`${base}/admin/posts/999999/edit`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await shoot(page, `error_page${suffix}`)
  /* formatted values, links, copy buttons and the summary footer */
  await page.goto(`${base}/acme/workspace/projects`)
  await page.locator('.kit-table tfoot').waitFor()
  await shoot(page, `projects_list${suffix}`)
  await page.goto(`${base}/gestion/authors`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await shoot(page, `french_list${suffix}`)
  await page.context().close()

  const phone = await signIn(browser, theme, { width: 390, height: 844 })
  await shoot(phone, `mobile_list_page${suffix}`)
  await phone.locator('.kit-table-toolbar').evaluate((toolbar) => {
    toolbar.scrollIntoView()
    window.scrollBy(0, -80)
  })
  await phone.getByRole('combobox', { name: 'Status', exact: true }).click()
  await phone.getByRole('option', { name: 'In review', exact: true }).waitFor()
  await shoot(phone, `mobile_list_filter${suffix}`, false, true)
  await phone.keyboard.press('Escape')
  await phone.getByRole('button', { name: 'Columns', exact: true }).click()
  await phone.getByRole('dialog', { name: 'Shown columns' }).waitFor()
  await shoot(phone, `mobile_list_columns${suffix}`, false, true)
  await phone.keyboard.press('Escape')
  await phone.getByRole('button', { name: 'Open navigation' }).click()
  await phone.mouse.move(380, 820)
  await shoot(phone, `mobile_navigation${suffix}`)
  await phone.keyboard.press('Escape')
  await phone.goto(`${base}/admin/posts/2/edit`)
  await phone.getByRole('tab', { name: 'Comments' }).waitFor()
  await shoot(phone, `mobile_edit_page${suffix}`)
  await phone.goto(`${base}/acme/workspace/projects`)
  await phone.locator('.kit-table tfoot').waitFor()
  await shoot(phone, `mobile_projects_list${suffix}`)
  await phone.context().close()
}
await browser.close()
