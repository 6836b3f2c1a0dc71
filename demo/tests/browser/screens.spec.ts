import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, PNG, launch, openFilters, reseed, signedIn } from './helpers.ts'

/**
 * The filters panel, the upload field and the rich text toolbar in English
 * (/admin) and French (/gestion), light and dark, wide and at 390x844: the
 * words are the language's, and screenshots land in demo/tmp/screenshots/
 * to be looked at. With each renderer.
 */
const VARIANTS = [
  { panel: 'admin', theme: 'light', width: 1440, height: 900 },
  { panel: 'gestion', theme: 'dark', width: 1440, height: 900 },
  { panel: 'admin', theme: 'dark', width: 390, height: 844 },
  { panel: 'gestion', theme: 'light', width: 390, height: 844 },
] as const

const WORDS = {
  admin: {
    filters: 'Filters',
    drop: 'Drag and drop',
    zone: 'File drop zone',
    bold: 'Bold',
    tooltip: 'Bold (Ctrl+B)',
  },
  gestion: {
    filters: 'Filtres',
    drop: 'Glissez-déposez',
    zone: 'Zone de dépôt de fichiers',
    bold: 'Gras',
    tooltip: 'Gras (Ctrl+B)',
  },
}

for (const renderer of ['react', 'vue'] as const) {
  test.group(`Screens with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('filters, upload and toolbar in English and French, light and dark, wide and narrow', async ({
      assert,
    }) => {
      for (const variant of VARIANTS) {
        const words = WORDS[variant.panel]
        const name = `${renderer}-${variant.panel}-${variant.theme}-${variant.width}`
        const path = (part: string) => `demo/tmp/screenshots/${name}-${part}.png`
        const page = await signedIn(browser, {
          renderer,
          theme: variant.theme,
          viewport: { width: variant.width, height: variant.height },
        })
        try {
          await page.goto(`${BASE}/${variant.panel}/posts`)
          const trigger = page.getByRole('button', { name: new RegExp(`^${words.filters}`) })
          await trigger.click()
          assert.equal(await trigger.getAttribute('aria-expanded'), 'true')
          await openFilters(page)
          await page.screenshot({ path: path('filters') })

          await page.goto(`${BASE}/${variant.panel}/documents/create`)
          const zone = page.locator('.kit-field-file .kit-upload-dropzone').first()
          assert.include(await zone.innerText(), words.drop)
          assert.equal(await zone.getAttribute('aria-label'), words.zone)
          const [chooser] = await Promise.all([
            page.waitForEvent('filechooser'),
            zone.getByRole('button').click(),
          ])
          await chooser.setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG })
          await page.locator('.kit-field-file .kit-upload-files li img').first().waitFor()
          /* an image shows its thumbnail, not the file icon too */
          assert.equal(
            await page
              .locator('.kit-field-file .kit-upload-files li .kit-upload-file-icon')
              .count(),
            0
          )
          const bold = page.getByRole('button', { name: words.bold, exact: true })
          /* the pointer comes onto the button from outside it, as a person's does */
          await page.mouse.move(1, 1)
          await bold.scrollIntoViewIfNeeded()
          await bold.hover()
          await page.getByText(words.tooltip, { exact: true }).waitFor()
          await page.screenshot({ path: path('upload-toolbar'), fullPage: true })
        } finally {
          await page.context().close()
        }
      }
    }).timeout(120_000)
  })
}
