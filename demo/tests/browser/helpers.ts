import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { spawnSync } from 'node:child_process'
import { chromium, type Browser, type Page } from 'playwright-core'
import Database from 'better-sqlite3'

const require = createRequire(import.meta.url)
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export const BASE = process.env.DEMO_URL!
export const USER = { email: 'editor@example.com', password: 'kit-demo-password' }

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

/** Rows of the demo database (read-only checks) */
export function rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(process.env.DEMO_DB!, { readonly: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

export function execute(sql: string, ...params: unknown[]) {
  const db = new Database(process.env.DEMO_DB!)
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

export function reseed() {
  const result = spawnSync(
    process.execPath,
    ['--import=@poppinss/ts-exec', 'demo/bin/console.ts', 'migration:fresh', '--force', '--seed'],
    { cwd: new URL('../../../', import.meta.url), env: process.env, stdio: 'ignore' }
  )
  if (result.status !== 0) throw new Error('migration:fresh --seed failed')
}

/**
 * axe-core audit of the current page: the serious and critical violations.
 */
export async function audit(page: Page) {
  await page.addScriptTag({ content: AXE })
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node: any) => node.target.join(' ')).slice(0, 3),
    }))
  })
  return (violations as { id: string; impact: string; nodes: string[] }[]).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical'
  )
}

/** Titles of the table's rows */
export async function titles(page: Page) {
  return page.locator('.kit-table tbody tr td:nth-child(2)').allInnerTexts()
}

/**
 * A page of a fresh browser context (its own cookies and localStorage),
 * signed in as the demo user with one renderer (the sign-in lands on the
 * dashboard), then on the posts list.
 */
export async function signedIn(
  browser: Browser,
  options: {
    base?: string
    renderer?: 'react' | 'vue'
    viewport?: { width: number; height: number }
    colorScheme?: 'light' | 'dark'
    theme?: 'light' | 'dark'
  } = {}
): Promise<Page> {
  const base = options.base ?? BASE
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  })
  if (options.theme) {
    await context.addInitScript((value) => localStorage.setItem('kit-theme', value), options.theme)
  }
  const page = await context.newPage()
  page.setDefaultTimeout(8000)
  await page.goto(`${base}/renderer/${options.renderer ?? 'react'}`)
  await page.goto(`${base}/login`)
  await page.getByLabel('Email').fill(USER.email)
  await page.getByLabel('Password').fill(USER.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  /* the sign-in lands on the dashboard; the specs start on the posts list */
  await page.waitForURL(`${base}/admin`)
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await page.goto(`${base}/admin/posts`)
  await page.getByRole('heading', { level: 1, name: 'Posts', exact: true }).waitFor()
  return page
}

/**
 * Opens the user menu of the top bar (the dark-mode switch, the profile,
 * sign-out) unless it is open.
 */
export async function openUserMenu(page: Page) {
  const button = page.getByRole('button', { name: /^(User menu|Menu utilisateur)$/ })
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
  await page.locator('.kit-user-menu-panel:not([hidden])').waitFor()
}

/**
 * Picks an option of a select drawn with Ark UI Select (a `combobox`
 * button named by its label, and the listbox it controls).
 */
export async function choose(page: Page, label: string, option: string) {
  const trigger = page.getByRole('combobox', { name: label, exact: true })
  await trigger.click()
  const listbox = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`)
  await listbox.getByRole('option', { name: option, exact: true }).click()
}

/**
 * Opens the table's filters (the "Filters" button) unless they are open.
 */
export async function openFilters(page: Page) {
  const trigger = page.getByRole('button', { name: /^(Filters|Filtres)\b/ }).first()
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click()
  await page.locator('.kit-filters-panel:not([hidden])').first().waitFor()
}

/** A valid 1x1 PNG */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
