import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, execute, launch, reseed, rows, signedIn } from './helpers.ts'

type AuthorRow = {
  id: number
  newsletter: number
  topics: string | null
  tier: string
  sponsor: string | null
  keywords: string | null
  links: string | null
  accent_color: string | null
  portal_password: string | null
  bio: string | null
}

const authorByEmail = (email: string) =>
  rows<AuthorRow>('SELECT * FROM authors WHERE email = ?', email)[0]

/**
 * The checkbox, checkbox list, radio, tags, color, key-value and password
 * fields and a conditional field, filled in the author form with each
 * renderer; the saved row is read back from the database.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(
    `Choice, list, JSON, color and password fields with the ${renderer} renderer`,
    (group) => {
      let browser: Browser

      group.setup(async () => {
        reseed()
        browser = await launch()
        return () => browser.close()
      })

      test('every field is filled, saved, and the password never comes back', async ({
        assert,
      }) => {
        const page = await signedIn(browser, { renderer })
        const email = `fields-${renderer}@example.com`
        await page.goto(`${BASE}/admin/authors/create`)
        await page.locator('input[name="name"]').fill(`Fields ${renderer}`)
        await page.locator('input[name="email"]').fill(email)

        await page.locator('.kit-field-checkbox .kit-checkbox').click()
        await page.locator('.kit-checkbox-list').getByText('Technology').click()
        await page.locator('.kit-checkbox-list').getByText('Travel').click()

        /* the sponsor field shows only for the sponsor tier */
        assert.equal(await page.locator('input[name="sponsor"]').count(), 0)
        await page.locator('.kit-radio-group').getByText('Sponsor').click()
        await page.locator('input[name="sponsor"]').waitFor()
        await page.locator('input[name="sponsor"]').fill('Acme')

        const tags = page.locator('.kit-tags-input')
        /* each tag shows as a chip before the next field is typed, as a person sees it */
        await tags.fill('adonis')
        await tags.press('Enter')
        await page.locator('.kit-tag-preview', { hasText: 'adonis' }).waitFor()
        await tags.fill('  kit ')
        await tags.press('Enter')
        await page.locator('.kit-tag-preview', { hasText: 'kit' }).waitFor()

        const color = page.locator('.kit-color-picker-input')
        await color.fill('#FF0000')
        await color.press('Enter')

        await page.getByRole('button', { name: 'Add row' }).click()
        await page.getByLabel('Site 1').fill('github')
        await page.getByLabel('URL 1').fill('https://github.com/adonis-kit')

        await page.locator('input[name="portalPassword"]').fill('correct horse battery')
        await page
          .locator('input[name="portalPassword_confirmation"]')
          .fill('correct horse battery')

        await page.screenshot({ path: `/tmp/kit-fields-${renderer}-light.png`, fullPage: true })
        await page.getByRole('button', { name: 'Create', exact: true }).click()
        await page.waitForURL((url) => !url.pathname.endsWith('/create'))

        const row = authorByEmail(email)
        assert.equal(row.newsletter, 1)
        assert.deepEqual(JSON.parse(row.topics!), ['tech', 'travel'])
        assert.equal(row.tier, 'sponsor')
        assert.equal(row.sponsor, 'Acme')
        assert.deepEqual(JSON.parse(row.keywords!), ['adonis', 'kit'])
        assert.equal(row.accent_color, '#ff0000')
        assert.deepEqual(JSON.parse(row.links!), { github: 'https://github.com/adonis-kit' })
        assert.isString(row.portal_password)
        assert.notEqual(row.portal_password, 'correct horse battery')

        /* the edit form: an empty password, and no hash anywhere in the page */
        await page.goto(`${BASE}/admin/authors/${row.id}/edit`)
        await page.locator('input[name="portalPassword"]').waitFor()
        assert.equal(await page.locator('input[name="portalPassword"]').inputValue(), '')
        const html = await page.content()
        assert.notInclude(html, row.portal_password!)
        assert.equal(await page.locator('.kit-tag-preview').count(), 2)

        /* a blank password keeps the stored one; the tier change hides the sponsor */
        await page.locator('.kit-radio-group').getByText('Guest').click()
        assert.equal(await page.locator('input[name="sponsor"]').count(), 0)
        await page.getByRole('button', { name: 'Save changes' }).click()
        await page.locator('.kit-toast').first().waitFor()
        const saved = authorByEmail(email)
        assert.equal(saved.tier, 'guest')
        assert.equal(saved.sponsor, 'Acme')
        assert.equal(saved.portal_password, row.portal_password)

        /* the color picker's sliders speak the panel's language, with their values */
        for (const [prefix, pick, hue] of [
          ['admin', 'Pick a color', 'Hue'],
          ['gestion', 'Choisir une couleur', 'Teinte'],
        ]) {
          await page.goto(`${BASE}/${prefix}/authors/${row.id}/edit`)
          await page.getByRole('button', { name: pick }).click()
          const slider = page.getByRole('slider', { name: hue, exact: true })
          await slider.waitFor()
          assert.equal(await slider.getAttribute('aria-valuetext'), `${hue} 0°`)
          assert.equal(await page.getByRole('slider').count(), 2)
          await page.keyboard.press('Escape')
        }
        await page.context().close()
      }).timeout(60_000)

      test('tags typed back to back at machine speed: every key kept, every tag saved', async ({
        assert,
      }) => {
        const page = await signedIn(browser, { renderer })
        try {
          execute("update authors set keywords = null where email = 'ada@example.com'")
          const ada = authorByEmail('ada@example.com')!
          await page.goto(`${BASE}/admin/authors/${ada.id}/edit`)
          const tags = page.locator('.kit-tags-input')
          await tags.waitFor()
          /* each tag's first key follows its Enter at once */
          const typed = ['alpha', 'beta', 'gamma', 'delta']
          for (const tag of typed) {
            await tags.pressSequentially(tag)
            await tags.press('Enter')
          }
          assert.deepEqual(
            await page.locator('.kit-tag-preview [data-part="item-text"]').allInnerTexts(),
            typed
          )
          assert.equal(await tags.inputValue(), '')
          /* Backspace on the empty input still reaches the last tag (the input is not held) */
          await tags.pressSequentially('x')
          await tags.press('Backspace')
          assert.equal(await tags.inputValue(), '')
          const saved = page.waitForResponse(
            (response) => response.request().method() === 'PATCH' && response.status() < 400
          )
          await page.getByRole('button', { name: 'Save changes' }).click()
          await saved
          await page.waitForLoadState('networkidle')
          assert.deepEqual(JSON.parse(authorByEmail('ada@example.com')!.keywords!), typed)
        } finally {
          await page.context().close()
        }
      }).timeout(60_000)

      test('passing through an empty color field chooses no color', async ({ assert }) => {
        const page = await signedIn(browser, { renderer })
        try {
          execute("update authors set accent_color = null where email = 'edsger@example.com'")
          const edsger = authorByEmail('edsger@example.com')!
          await page.goto(`${BASE}/admin/authors/${edsger.id}/edit`)
          const color = page.locator('.kit-color-picker-input')
          await color.waitFor()
          /* the picker (loaded on demand) is in place: its trigger is a button */
          await page.getByRole('button', { name: 'Pick a color' }).waitFor()
          await color.focus()
          await page.keyboard.press('Tab')
          await page.locator('textarea[name="bio"]').fill(`Bio through ${renderer}`)
          await page.getByRole('button', { name: 'Save changes' }).click()
          await page.locator('.kit-toast').first().waitFor()
          const saved = authorByEmail('edsger@example.com')!
          assert.equal(saved.bio, `Bio through ${renderer}`)
          assert.isNull(saved.accent_color)
        } finally {
          await page.context().close()
        }
      }).timeout(60_000)

      test('a bad value is refused with a field error and nothing is saved', async ({ assert }) => {
        const page = await signedIn(browser, { renderer, theme: 'dark' })
        await page.goto(`${BASE}/admin/authors/create`)
        await page.locator('input[name="name"]').fill('Refused')
        await page.locator('input[name="email"]').fill(`refused-${renderer}@example.com`)
        await page.locator('.kit-radio-group').getByText('Sponsor').click()
        await page.locator('input[name="portalPassword"]').fill('correct horse battery')
        await page.locator('input[name="portalPassword_confirmation"]').fill('another one')
        await page.getByRole('button', { name: 'Create', exact: true }).click()
        await page.locator('.kit-field-error').first().waitFor()
        const errors = await page.locator('.kit-field-error').allInnerTexts()
        assert.isAtLeast(errors.length, 2)
        await page.screenshot({ path: `/tmp/kit-fields-${renderer}-dark.png`, fullPage: true })
        assert.isUndefined(authorByEmail(`refused-${renderer}@example.com`))
        await page.context().close()
      }).timeout(60_000)
    }
  )
}
