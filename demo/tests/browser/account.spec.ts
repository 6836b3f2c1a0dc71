import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, USER, audit, launch, openUserMenu, reseed, rows } from './helpers.ts'

/**
 * The panel's own account screens with each renderer: a guest sent to the
 * sign-in page and back to the page asked for, the user menu, a name
 * changed on the profile page, sign-out.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Account screens with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('sign in, the user menu, the profile, sign out', async ({ assert }) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      page.setDefaultTimeout(8000)
      try {
        await page.goto(`${BASE}/renderer/${renderer}`)

        /* a guest asking for a page is sent to the sign-in page, which keeps the page */
        await page.goto(`${BASE}/admin/authors`)
        await page.waitForURL(`${BASE}/admin/login?redirect=%2Fadmin%2Fauthors`)
        await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
        assert.deepEqual(await audit(page), [])

        /* refused credentials: the message on the field, the password emptied */
        await page.getByLabel('Email').fill(USER.email)
        await page.getByLabel('Password').fill('wrong password')
        await page.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.getByText('These credentials do not match our records.').waitFor()
        assert.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), 'true')
        assert.equal(await page.getByLabel('Email').inputValue(), USER.email)

        await page.getByLabel('Password').fill(USER.password)
        await page.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL(`${BASE}/admin/authors`)
        await page.getByRole('heading', { level: 1, name: 'Authors', exact: true }).waitFor()

        /* the user menu: initials, name, email, profile, the language and theme switches */
        const menuButton = page.getByRole('button', { name: 'User menu' })
        assert.equal(await menuButton.locator('.kit-avatar').innerText(), 'DE')
        await openUserMenu(page)
        const menu = page.locator('.kit-user-menu-panel')
        assert.include(await menu.innerText(), 'Demo Editor')
        assert.include(await menu.innerText(), USER.email)
        assert.isTrue(await menu.getByRole('link', { name: 'Français' }).isVisible())
        assert.isTrue(await menu.getByRole('button', { name: 'Dark mode' }).isVisible())
        assert.deepEqual(await audit(page), [])
        /* Escape closes it and gives focus back to its button */
        await page.keyboard.press('Escape')
        await menu.waitFor({ state: 'hidden' })
        assert.isTrue(await menuButton.evaluate((element) => element === document.activeElement))

        /* the profile: a new name, saved, shown in the menu */
        await openUserMenu(page)
        await menu.getByRole('link', { name: 'Profile' }).click()
        await page.waitForURL(`${BASE}/admin/profile`)
        await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor()
        assert.equal(await page.getByLabel('Name').inputValue(), 'Demo Editor')
        assert.deepEqual(await audit(page), [])
        const name = `Demo ${renderer === 'vue' ? 'Vue' : 'React'} Editor`
        await page.getByLabel('Name').fill(name)
        await page.getByRole('button', { name: 'Save' }).click()
        await page.getByText('Profile saved').waitFor()
        assert.deepEqual(rows('select full_name from users where email = ?', USER.email), [
          { full_name: name },
        ])
        await openUserMenu(page)
        assert.include(await menu.innerText(), name)

        /* a wrong current password: its field says so, the row is unchanged */
        await page.keyboard.press('Escape')
        await page.getByLabel('Email').fill('someone.else@example.com')
        await page.getByLabel('Current password').fill('not my password')
        await page.getByRole('button', { name: 'Save' }).click()
        await page.getByText('The current password is incorrect.').waitFor()
        assert.equal(await page.getByLabel('Current password').getAttribute('aria-invalid'), 'true')
        assert.deepEqual(rows('select email from users where full_name = ?', name), [
          { email: USER.email },
        ])

        /* sign out: back to the sign-in page, the panel closed to the guest */
        await openUserMenu(page)
        await menu.getByRole('button', { name: 'Sign out' }).click()
        await page.waitForURL(`${BASE}/admin/login`)
        await page.goto(`${BASE}/admin/posts`)
        await page.waitForURL(`${BASE}/admin/login?redirect=%2Fadmin%2Fposts`)
      } finally {
        await context.close()
      }
    })
  })
}
