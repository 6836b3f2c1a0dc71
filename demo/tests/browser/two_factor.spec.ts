import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { Secret, TOTP } from 'otpauth'
import { BASE, USER, audit, launch, openUserMenu, reseed, rows } from './helpers.ts'

/** The code of the authenticator app `steps` time steps from now */
function codeOf(secret: string, steps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + steps * 30_000 })
}

/** A six-digit code valid in no step around now */
function wrongCode(secret: string) {
  const valid = new Set([-1, 0, 1, 2].map((steps) => codeOf(secret, steps)))
  let code = 123456
  while (valid.has(String(code))) code++
  return String(code)
}

async function signInWithPassword(page: Page) {
  await page.goto(`${BASE}/admin/login`)
  await page.getByLabel('Email').fill(USER.email)
  await page.getByLabel('Password').fill(USER.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function signOut(page: Page) {
  await openUserMenu(page)
  await page.locator('.kit-user-menu-panel').getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${BASE}/admin/login`)
}

/**
 * Two-factor authentication with each renderer: enrolment on the profile
 * (the key read from the page, the code computed as an authenticator app
 * would), the recovery codes shown once, then sign-in with a code of the
 * app and with a recovery code.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Two-factor authentication with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('enrol, sign in with a code, sign in with a recovery code', async ({ assert }) => {
      /* React wide and light; Vue on a phone, dark */
      const phone = renderer === 'vue'
      const context = await browser.newContext({
        viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        colorScheme: phone ? 'dark' : 'light',
      })
      if (phone) await context.addInitScript(() => localStorage.setItem('kit-theme', 'dark'))
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      try {
        await page.goto(`${BASE}/renderer/${renderer}`)
        await signInWithPassword(page)
        await page.waitForURL(`${BASE}/admin`)

        /* enrolment: the current password, then the QR code and the key */
        await page.goto(`${BASE}/admin/profile`)
        const section = page.locator('.kit-two-factor')
        await section.getByRole('heading', { name: 'Two-factor authentication' }).waitFor()
        await section.getByRole('button', { name: 'Set up two-factor authentication' }).click()
        await section.getByLabel('Confirm with your password').fill('not my password')
        await section.getByRole('button', { name: 'Continue' }).click()
        await section.getByText('The current password is incorrect.').waitFor()
        /* the profile form above keeps its own errors */
        assert.isNull(await page.getByLabel('Current password').getAttribute('aria-invalid'))
        await section.getByLabel('Confirm with your password').fill(USER.password)
        await section.getByRole('button', { name: 'Continue' }).click()
        const secretNode = section.locator('.kit-two-factor-secret')
        await secretNode.waitFor()
        const shown = await secretNode.innerText()
        const secret = shown.trim()
        assert.match(secret, /^[A-Z2-7]{32}$/)
        assert.isTrue(
          await section
            .getByRole('img', { name: 'QR code to scan with your authenticator app' })
            .isVisible()
        )
        assert.deepEqual(await audit(page), [])

        /* a first code turns it on; the recovery codes are shown once */
        await section.getByLabel('Authentication code').fill(codeOf(secret))
        await section.getByRole('button', { name: 'Turn on' }).click()
        await section.getByRole('heading', { name: 'Your recovery codes' }).waitFor()
        const codes = await section.locator('.kit-recovery-codes code').allInnerTexts()
        assert.lengthOf(codes, 8)
        assert.equal(
          await section.getByRole('link', { name: 'Download the codes' }).getAttribute('download'),
          'recovery-codes.txt'
        )
        await section.getByText('Two-factor authentication is on.').waitFor()
        /* the forms closed: "New recovery codes or turn off" opens them */
        assert.equal(await section.getByLabel('Confirm with your password').count(), 0)
        assert.isTrue(
          await section.getByRole('button', { name: 'New recovery codes or turn off' }).isVisible()
        )
        assert.deepEqual(await audit(page), [])
        const [row] = rows<{ confirmed_at: string | null }>(
          'select confirmed_at from kit_two_factor where user_id = (select id from users where email = ?)',
          USER.email
        )
        assert.isNotNull(row.confirmed_at)
        /* once: gone after a reload, the key too */
        await page.reload()
        await section.getByText('8 recovery codes left.').waitFor()
        assert.equal(await section.locator('.kit-recovery-codes').count(), 0)
        assert.notInclude(await page.content(), secret)

        /* sign-in: the password, then the code of the app */
        await signOut(page)
        await signInWithPassword(page)
        await page.waitForURL(`${BASE}/admin/login/two-factor`)
        await page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }).waitFor()
        assert.deepEqual(await audit(page), [])
        await page.getByLabel('Authentication code').fill(wrongCode(secret))
        await page.getByRole('button', { name: 'Verify' }).click()
        await page.getByText('This code is invalid or has already been used.').waitFor()
        await page.getByLabel('Authentication code').fill(codeOf(secret, 1))
        await page.getByRole('button', { name: 'Verify' }).click()
        await page.waitForURL(`${BASE}/admin`)

        /* and with a recovery code */
        await signOut(page)
        await signInWithPassword(page)
        await page.waitForURL(`${BASE}/admin/login/two-factor`)
        await page.getByRole('button', { name: 'Use a recovery code' }).click()
        await page.getByLabel('Recovery code').fill(codes[0])
        await page.getByRole('button', { name: 'Verify' }).click()
        await page.waitForURL(`${BASE}/admin`)
        const [left] = rows<{ recovery_codes: string }>(
          'select recovery_codes from kit_two_factor where user_id = (select id from users where email = ?)',
          USER.email
        )
        assert.lengthOf(JSON.parse(left.recovery_codes), 7)
      } finally {
        await context.close()
      }
    }).timeout(120_000)
  })
}
