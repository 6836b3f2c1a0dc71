import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, USER, audit, launch, openUserMenu, reseed, rows } from './helpers.ts'

/* WebAuthn needs a domain as relying party: the demo is opened on localhost, not 127.0.0.1 */
const LOCAL = BASE.replace('127.0.0.1', 'localhost')

interface PasskeyRow {
  name: string
  counter: number
  last_used_at: string | null
}

/**
 * Passkeys with each renderer, in Chromium's virtual authenticator (a
 * platform authenticator with resident keys and user verification, driven
 * over CDP): add one on the profile, rename it, sign out, sign in with it,
 * remove it.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Passkeys with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('add a passkey on the profile, sign out, sign in with it', async ({ assert }) => {
      /* React on a wide light screen, Vue on a phone in dark mode */
      const phone = renderer === 'vue'
      const context = await browser.newContext({
        viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        colorScheme: phone ? 'dark' : 'light',
      })
      if (phone) await context.addInitScript(() => localStorage.setItem('kit-theme', 'dark'))
      const page = await context.newPage()
      page.setDefaultTimeout(15_000)
      try {
        const cdp = await context.newCDPSession(page)
        await cdp.send('WebAuthn.enable')
        const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
          },
        })

        /* sign in with the password, open the profile */
        await page.goto(`${LOCAL}/renderer/${renderer}`)
        await page.goto(`${LOCAL}/admin/login`)
        await page.getByLabel('Email').fill(USER.email)
        await page.getByLabel('Password').fill(USER.password)
        await page.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL(`${LOCAL}/admin`)
        await page.goto(`${LOCAL}/admin/profile`)
        const section = page.locator('section.kit-passkeys')
        await section.getByRole('heading', { level: 2, name: 'Passkeys' }).waitFor()
        await section.getByText('No passkey yet').waitFor()

        /* the current password is required before the browser's prompt */
        await section.getByRole('button', { name: 'Add a passkey' }).click()
        await section.getByLabel('Passkey name').fill('Work laptop')
        await section.getByRole('button', { name: 'Create the passkey' }).click()
        await section.locator('.kit-field-error').filter({ hasText: 'Current password' }).waitFor()
        assert.lengthOf(rows('SELECT id FROM kit_passkeys'), 0)

        await section.getByLabel('Current password').fill(USER.password)
        await section.getByRole('button', { name: 'Create the passkey' }).click()
        await page.getByRole('status').filter({ hasText: 'Passkey added' }).first().waitFor()
        const list = section.getByRole('list', { name: '1 passkey' })
        await list.getByText('Work laptop').waitFor()
        await list.getByText('Never used').waitFor()
        let stored = rows<PasskeyRow>('SELECT name, counter, last_used_at FROM kit_passkeys')
        assert.lengthOf(stored, 1)
        assert.equal(stored[0].name, 'Work laptop')
        const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
        assert.lengthOf(credentials, 1)
        assert.isTrue(credentials[0].isResidentCredential)
        assert.deepEqual(await audit(page), [])

        /* rename it */
        await list.getByRole('button', { name: 'Rename Work laptop' }).click()
        await list.getByLabel('Passkey name').fill('Old laptop')
        await list.getByRole('button', { name: 'Save' }).click()
        await list.getByText('Old laptop').waitFor()
        assert.equal(rows<PasskeyRow>('SELECT name FROM kit_passkeys')[0].name, 'Old laptop')

        /* sign out, then sign in with the passkey: no email, no password */
        await openUserMenu(page)
        await page.getByRole('button', { name: 'Sign out' }).click()
        await page.waitForURL(`${LOCAL}/admin/login`)
        assert.deepEqual(await audit(page), [])
        await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
        await page.waitForURL(`${LOCAL}/admin`)
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
        stored = rows<PasskeyRow>('SELECT name, counter, last_used_at FROM kit_passkeys')
        assert.isNotNull(stored[0].last_used_at)
        assert.isAbove(Number(stored[0].counter), 0)

        /* the profile shows when it was used; removing it asks first */
        await page.goto(`${LOCAL}/admin/profile`)
        await list.getByText(/^Last used /).waitFor()
        await list.getByRole('button', { name: 'Remove Old laptop' }).click()
        await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
        await section.getByText('No passkey yet').waitFor()
        assert.lengthOf(rows('SELECT id FROM kit_passkeys'), 0)
      } finally {
        await context.close()
      }
    }).timeout(120_000)
  })
}
