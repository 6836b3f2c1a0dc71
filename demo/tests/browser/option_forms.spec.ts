import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, audit, launch, reseed, rows, signedIn } from './helpers.ts'

interface AuthorRow {
  id: number
  name: string
}

/**
 * A relationship select's option forms in the browser: the chosen owner of
 * a document is renamed in place (its values loaded from the server, saved
 * on their own without submitting the document), then the document is
 * saved with that owner. With each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Option forms with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('rename the chosen option in place, then save the form with it', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      const name = renderer === 'react' ? 'Edsger W. Dijkstra' : 'E. W. Dijkstra'
      try {
        const [edsger] = rows<AuthorRow>(
          "select id, name from authors where email = 'edsger@example.com'"
        )
        await page.goto(`${BASE}/admin/documents/create`)
        await page.getByRole('heading', { level: 1 }).waitFor()
        /* nothing chosen: no edit button */
        assert.equal(await page.getByRole('button', { name: /^Edit / }).count(), 0)

        await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Owned by ${renderer}`)
        await page.getByRole('combobox', { name: 'Owner', exact: true }).click()
        await page.getByRole('option', { name: 'Edsger Dijkstra', exact: true }).click()

        /* the edit form opens with the option's stored values */
        await page.getByRole('button', { name: 'Edit Edsger Dijkstra' }).click()
        const form = page.getByRole('group', { name: 'Edit Edsger Dijkstra' })
        const field = form.getByRole('textbox', { name: 'Name' })
        await page.waitForFunction(
          () =>
            (document.querySelector('.kit-option-form input') as HTMLInputElement | null)?.value ===
            'Edsger Dijkstra'
        )
        assert.deepEqual(await audit(page), [])

        /* a refused value: the field's error, nothing saved */
        await field.fill('E')
        await form.getByRole('button', { name: 'Save changes' }).click()
        await form.locator('.kit-field-error').waitFor()
        assert.equal(
          rows<AuthorRow>('select name from authors where id = ?', edsger.id)[0].name,
          'Edsger Dijkstra'
        )

        await field.fill(name)
        await form.getByRole('button', { name: 'Save changes' }).click()
        await page.getByRole('button', { name: `Edit ${name}` }).waitFor()
        /* the option is renamed; the document itself is not saved yet */
        assert.equal(
          rows<AuthorRow>('select name from authors where id = ?', edsger.id)[0].name,
          name
        )
        assert.lengthOf(rows('select id from documents where title = ?', `Owned by ${renderer}`), 0)
        assert.include(
          await page.getByRole('combobox', { name: 'Owner', exact: true }).innerText(),
          name
        )

        /* the document is saved with its owner */
        await page
          .getByRole('button', { name: /^Create/ })
          .last()
          .click()
        await page.waitForURL(/\/admin\/documents(\/\d+\/edit)?$/)
        const [document] = rows<{ owner_id: number }>(
          'select owner_id from documents where title = ?',
          `Owned by ${renderer}`
        )
        assert.equal(document.owner_id, edsger.id)
      } finally {
        await page.context().close()
      }
    })
  })
}
