import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, reseed, rows } from './helpers.ts'

const MAIL_DIR = process.env.DEMO_MAIL_DIR!

/** The verification link of the mail number `count` to `address`, once the demo wrote it */
async function verificationLink(page: Page, address: string, count: number): Promise<string> {
  const started = Date.now()
  while (Date.now() - started < 20_000) {
    const files = existsSync(MAIL_DIR)
      ? readdirSync(MAIL_DIR)
          .filter((file) => file.endsWith('.json'))
          .sort((a, b) => Number.parseInt(a) - Number.parseInt(b) || a.localeCompare(b))
      : []
    const links = files
      .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')))
      .filter((mail) => mail.to[0].address === address)
      .map((mail) => mail.text.match(/https?:\/\/\S+\/verify-email\/\S+/)?.[0])
      .filter(Boolean)
    if (links.length >= count) return links[count - 1]
    await page.waitForTimeout(50)
  }
  throw new Error(`no verification mail number ${count} to ${address}`)
}

/**
 * Sign-up and email verification with each renderer: the sign-in page
 * links to the sign-up form, its rules answer by field, the new account
 * is signed in and held on "Verify your email" (every panel page sends it
 * there), the link read from the mail file verifies it and lands in the
 * panel.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Sign-up and email verification with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      rmSync(MAIL_DIR, { recursive: true, force: true })
      browser = await launch()
      return () => browser.close()
    })

    test('sign up, verify the email from the mail, land in the panel', async ({ assert }) => {
      /* a phone; React in light mode, Vue in dark mode */
      const dark = renderer === 'vue'
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: dark ? 'dark' : 'light',
      })
      if (dark) await context.addInitScript(() => localStorage.setItem('kit-theme', 'dark'))
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const email = `new.${renderer}@example.com`
      try {
        await page.goto(`${BASE}/renderer/${renderer}`)
        await page.goto(`${BASE}/admin/login`)
        await page.getByRole('link', { name: 'No account yet? Create one' }).click()
        await page.waitForURL(`${BASE}/admin/sign-up`)
        await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor()
        assert.equal(
          await page.evaluate(() => document.documentElement.classList.contains('dark')),
          dark
        )
        assert.deepEqual(await audit(page), [])

        /* the rules answer next to their fields; nothing is created */
        await page.getByLabel('Name').fill('Grace Hopper')
        await page.getByLabel('Email').fill(email)
        await page.getByLabel('Password', { exact: true }).fill('a long password')
        await page.getByLabel('Confirm the password').fill('another password')
        await page.getByRole('button', { name: 'Create the account' }).click()
        const error = page.locator('.kit-field-error').first()
        await error.waitFor()
        assert.include(await error.innerText(), 'Confirm the password')
        assert.lengthOf(rows('select id from users where email = ?', email), 0)
        assert.equal(await page.getByLabel('Email').inputValue(), email)

        /* created, signed in, held on the notice */
        await page.getByLabel('Password', { exact: true }).fill('a long password')
        await page.getByLabel('Confirm the password').fill('a long password')
        await page.getByRole('button', { name: 'Create the account' }).click()
        await page.waitForURL(`${BASE}/admin/verify-email`)
        await page.getByRole('heading', { level: 1, name: 'Verify your email' }).waitFor()
        await page.getByText(`We sent a link to ${email}.`).waitFor()
        assert.deepEqual(await audit(page), [])
        assert.deepEqual(rows('select email_verified_at from users where email = ?', email), [
          { email_verified_at: null },
        ])
        await page.goto(`${BASE}/admin/posts`)
        await page.waitForURL(`${BASE}/admin/verify-email`)

        /* the resend button answers */
        await page.getByRole('button', { name: 'Send the link again' }).click()
        await page.getByRole('status').filter({ hasText: 'A new link is on its way.' }).waitFor()

        /* the mailed link verifies and lands in the panel */
        const link = await verificationLink(page, email, 2)
        await page.goto(link)
        await page.waitForURL(`${BASE}/admin`)
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
        const [row] = rows<{ email_verified_at: unknown }>(
          'select email_verified_at from users where email = ?',
          email
        )
        assert.isNotNull(row.email_verified_at)
        /* used: refused */
        await page.goto(link)
        await page.getByText('This link is invalid or has expired.').waitFor()
      } finally {
        await context.close()
      }
    })
  })
}
