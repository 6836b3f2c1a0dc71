/*
 * Screenshots of the README (docs/screenshots/*.png), taken from a running
 * demo: `npm run demo` in one terminal, then
 * `node --import=@poppinss/ts-exec demo/tests/screenshots.ts` (DEMO_URL
 * defaults to http://127.0.0.1:3333).
 */
import { launch, USER } from './browser/helpers.ts'

const base = process.env.DEMO_URL ?? 'http://127.0.0.1:3333'
const out = new URL('../../docs/screenshots/', import.meta.url).pathname
const browser = await launch()
const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
await page.goto(`${base}/login`)
await page.getByLabel('Email').fill(USER.email)
await page.getByLabel('Password').fill(USER.password)
await page.getByRole('button', { name: 'Sign in' }).click()
await page.waitForURL(`${base}/admin/posts`)
await page.getByRole('checkbox', { name: 'Select Validating input with Vine' }).check()
await page.getByRole('checkbox', { name: 'Select Inertia without an API' }).check()
await page.screenshot({ path: `${out}list_page.png` })
await page.goto(`${base}/admin/posts/2/edit`)
await page.getByRole('tab', { name: 'Comments' }).waitFor()
await page.screenshot({ path: `${out}edit_page_relation_managers.png`, fullPage: true })
await page.goto(`${base}/admin/posts/999999/edit`)
await page.getByRole('heading', { level: 1 }).waitFor()
await page.screenshot({ path: `${out}error_page.png` })
await browser.close()
