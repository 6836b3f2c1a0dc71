import { test } from '@japa/runner'
import { BASE, audit, launch } from './helpers.ts'

test.group('Accessibility audit', () => {
  test('the audit reports serious and critical violations when a page has them', async ({
    assert,
  }) => {
    const browser = await launch()
    try {
      const page = await browser.newPage()
      await page.goto(`${BASE}/login`)
      await page.evaluate(() => {
        const image = document.createElement('img')
        image.src = '/missing.png'
        const input = document.createElement('input')
        document.querySelector('main')!.append(image, input)
      })
      const violations = await audit(page)
      assert.includeMembers(
        violations.map((violation) => violation.id),
        ['image-alt', 'label']
      )
    } finally {
      await browser.close()
    }
  })
})
