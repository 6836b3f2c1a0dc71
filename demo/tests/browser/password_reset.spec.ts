import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, USER, audit, launch, reseed, rows } from './helpers.ts'

const MAIL_DIR = process.env.DEMO_MAIL_DIR!

/** The mails the demo wrote (its file transport), oldest first */
function mails(): { to: { address: string }[]; subject: string; text: string }[] {
  if (!existsSync(MAIL_DIR)) return []
  return readdirSync(MAIL_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort((a, b) => Number.parseInt(a) - Number.parseInt(b) || a.localeCompare(b))
    .map((file) => JSON.parse(readFileSync(join(MAIL_DIR, file), 'utf8')))
}

/** The reset link of the mail number `count`, once the demo has written it */
async function linkOfMail(page: Page, count: number): Promise<string> {
  const started = Date.now()
  while (mails().length < count) {
    if (Date.now() - started > 20_000) throw new Error(`no mail number ${count}`)
    await page.waitForTimeout(50)
  }
  const link = mails()[count - 1].text.match(/https?:\/\/\S+\/reset-password\/\S+/)
  if (!link) throw new Error('no reset link in the mail')
  return link[0]
}

/**
 * "Forgot your password?" with each renderer: the request form answers,
 * the link is read from the mail file the demo wrote, a new password is
 * set, the used link is refused, the new password signs in.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Password reset with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      rmSync(MAIL_DIR, { recursive: true, force: true })
      browser = await launch()
      return () => browser.close()
    })

    test('ask for a link, reset with it, sign in with the new password', async ({ assert }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      const password = `new ${renderer} password`
      try {
        await page.goto(`${BASE}/renderer/${renderer}`)
        await page.goto(`${BASE}/admin/login`)
        await page.getByRole('link', { name: 'Forgot your password?' }).click()
        await page.waitForURL(`${BASE}/admin/forgot-password`)
        await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor()
        assert.deepEqual(await audit(page), [])

        /* the same answer for an unknown email and the account's */
        await page.getByLabel('Email').fill('nobody@example.com')
        await page.getByRole('button', { name: 'Send the link' }).click()
        const sent = page.getByRole('status')
        await sent.filter({ hasText: 'If an account uses this email' }).waitFor()
        await page.getByLabel('Email').fill(USER.email)
        await page.getByRole('button', { name: 'Send the link' }).click()
        /* the mail file proves the request was answered */
        const link = await linkOfMail(page, 1)
        assert.lengthOf(mails(), 1)
        assert.equal(mails()[0].to[0].address, USER.email)

        /* the form of the link: rules per field, then the new password */
        await page.goto(link)
        await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor()
        assert.deepEqual(await audit(page), [])
        await page.getByLabel('New password', { exact: true }).fill('short')
        await page.getByLabel('Confirm the new password').fill('short')
        await page.getByRole('button', { name: 'Reset the password' }).click()
        await page.locator('.kit-field-error').first().waitFor()
        assert.include(await page.locator('.kit-field-error').first().innerText(), 'New password')
        await page.getByLabel('New password', { exact: true }).fill(password)
        await page.getByLabel('Confirm the new password').fill(password)
        await page.getByRole('button', { name: 'Reset the password' }).click()
        await page.waitForURL(`${BASE}/admin/login`)
        await page.getByText('Your password has been reset.').waitFor()
        assert.lengthOf(rows('select id from kit_password_reset_tokens'), 0)

        /* the used link: refused, with a way to ask for another */
        await page.goto(link)
        await page.getByText('This link is invalid or has expired.').waitFor()
        assert.isTrue(await page.getByRole('link', { name: 'Ask for a new link' }).isVisible())

        /* the old password no longer signs in; the new one does */
        await page.goto(`${BASE}/admin/login`)
        await page.getByLabel('Email').fill(USER.email)
        await page.getByLabel('Password').fill(USER.password)
        await page.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.getByText('These credentials do not match our records.').waitFor()
        await page.getByLabel('Password').fill(password)
        await page.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL(`${BASE}/admin`)
      } finally {
        await context.close()
      }
    })
  })
}
