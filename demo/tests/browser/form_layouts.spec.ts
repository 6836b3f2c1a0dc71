import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, reseed, rows, signedIn } from './helpers.ts'

/**
 * Form layouts with each renderer: a create wizard whose steps are checked
 * on the server (sections, a grid, a fieldset, tabs), a milestones repeater
 * (add, reorder, an invalid item), a row action and a bulk action that ask
 * for data in a modal, and a view page laid out in sections and tabs.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Form layouts with the ${renderer} renderer`, (group) => {
    let browser: Browser
    let page: Page

    group.setup(async () => {
      reseed()
      browser = await launch()
      page = await signedIn(browser, { renderer })
      return () => browser.close()
    })

    const ready = () => page.waitForLoadState('networkidle')
    const milestones = () => page.getByRole('group', { name: 'Milestones' })

    test('a wizard checks each step on the server, then creates with a repeater', async ({
      assert,
    }) => {
      await page.goto(`${BASE}/admin/campaigns/create`)
      await ready()
      const steps = page.getByRole('list', { name: 'Steps' })
      assert.equal(await steps.locator('[aria-current="step"]').innerText(), '1\nDetails')
      await page.getByRole('heading', { name: 'Identity' }).waitFor()

      /* step 1 refused by the server: the error shows on the field */
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('x')
      await page.getByRole('button', { name: 'Next' }).click()
      await page.locator('.kit-field-error').first().waitFor()
      assert.equal(
        await page.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid'),
        'true'
      )
      assert.include(await steps.locator('[aria-current="step"]').innerText(), 'Details')
      assert.deepEqual(await audit(page), [])

      /* step 1 passes, step 2 refuses an empty budget */
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Autumn push')
      /* an Ark UI select: open it, pick the option */
      await page.getByRole('combobox', { name: 'Channel', exact: true }).click()
      await page.getByRole('option', { name: 'Social', exact: true }).click()
      await page.getByRole('button', { name: 'Next' }).click()
      await page
        .getByRole('group', { name: 'Money' })
        .or(page.locator('legend', { hasText: 'Money' }))
        .first()
        .waitFor()
      await page.getByRole('button', { name: 'Next' }).click()
      await page.locator('.kit-field-error').first().waitFor()
      assert.equal(
        await page
          .getByRole('spinbutton', { name: 'Budget', exact: true })
          .getAttribute('aria-invalid'),
        'true'
      )
      await page.getByRole('spinbutton', { name: 'Budget', exact: true }).fill('750')
      await page.getByRole('button', { name: 'Next' }).click()

      /* step 3: tabs around the repeater; two items, the second moved up */
      await page.getByRole('tab', { name: 'Milestones' }).waitFor()
      await page.getByRole('button', { name: 'Add to Milestones' }).click()
      await milestones().getByLabel('Title').nth(0).fill('Kickoff')
      await page.getByRole('button', { name: 'Add to Milestones' }).click()
      await milestones().getByLabel('Title').nth(1).fill('Teaser')
      /* an Ark UI switch: its input is visually hidden, so toggle it from the keyboard */
      await milestones().getByRole('switch').nth(1).focus()
      await page.keyboard.press('Space')
      await page.getByRole('button', { name: 'Move item 2 up' }).click()
      assert.deepEqual(
        await milestones()
          .getByLabel('Title')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
        ['Teaser', 'Kickoff']
      )
      assert.deepEqual(await audit(page), [])

      await page.getByRole('button', { name: 'Create', exact: true }).click()
      /* the create page's redirectAfterCreate(): the new campaign's view page */
      await page.waitForURL(/\/admin\/campaigns\/\d+$/)
      const [created] = rows<{
        id: number
        name: string
        channel: string
        budget: number
        milestones: string
      }>(`select id, name, channel, budget, milestones from campaigns where name = 'Autumn push'`)
      assert.equal(page.url(), `${BASE}/admin/campaigns/${created.id}`)
      await page.getByRole('heading', { level: 1, name: 'Autumn push' }).waitFor()
      await page.getByRole('link', { name: 'Edit', exact: true }).waitFor()
      assert.equal(created.channel, 'social')
      assert.equal(created.budget, 750)
      assert.deepEqual(JSON.parse(created.milestones), [
        { title: 'Teaser', done: true },
        { title: 'Kickoff', done: false },
      ])
    })

    test('an invalid repeater item is refused with its error; nothing written', async ({
      assert,
    }) => {
      const [campaign] = rows<{ id: number; milestones: string }>(
        `select id, milestones from campaigns where name = 'Spring launch'`
      )
      await page.goto(`${BASE}/admin/campaigns/${campaign.id}/edit`)
      await ready()
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('button', { name: 'Next' }).click()
      await milestones().getByLabel('Title').nth(1).fill('x')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await milestones().locator('.kit-field-error').waitFor()
      assert.equal(
        await milestones().getByLabel('Title').nth(1).getAttribute('aria-invalid'),
        'true'
      )
      assert.deepEqual(rows(`select milestones from campaigns where id = ?`, campaign.id), [
        { milestones: campaign.milestones },
      ])
      /* removing the invalid item saves */
      await page.getByRole('button', { name: 'Remove item 2' }).click()
      await Promise.all([
        page.waitForResponse(
          (response) =>
            response.url().endsWith(`/admin/campaigns/${campaign.id}`) &&
            response.request().method() !== 'GET'
        ),
        page.getByRole('button', { name: 'Save changes' }).click(),
      ])
      await ready()
      await page.waitForFunction(() => !document.querySelector('.kit-field-error'))
      const [saved] = rows<{ milestones: string }>(
        `select milestones from campaigns where id = ?`,
        campaign.id
      )
      assert.deepEqual(JSON.parse(saved.milestones), [{ title: 'Brief', done: true }])
    })

    test('a row action asks for data in a modal; invalid data never runs it', async ({
      assert,
    }) => {
      await page.goto(`${BASE}/admin/campaigns`)
      await ready()
      const title = 'Summer print run'
      const inline = page
        .getByRole('row', { name: new RegExp(title) })
        .getByRole('button', { name: 'Reschedule' })
      if (await inline.count()) {
        await inline.click()
      } else {
        await page.getByRole('button', { name: `More actions for ${title}` }).click()
        await page.getByRole('menuitem', { name: 'Reschedule' }).click()
      }
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Note').waitFor()
      assert.deepEqual(await audit(page), [])
      await dialog.getByRole('combobox', { name: 'Status' }).click()
      await page.getByRole('option', { name: 'Sent', exact: true }).click()
      await dialog.getByLabel('Note').fill('x')
      await dialog.getByRole('button', { name: 'Reschedule' }).click()
      await dialog.locator('.kit-field-error').waitFor()
      assert.equal(await dialog.getByLabel('Note').getAttribute('aria-invalid'), 'true')
      assert.deepEqual(rows(`select status, note from campaigns where name = ?`, title), [
        { status: 'scheduled', note: null },
      ])

      await dialog.getByLabel('Note').fill('Sent early')
      await dialog.getByRole('button', { name: 'Reschedule' }).click()
      await dialog.waitFor({ state: 'detached' })
      assert.deepEqual(rows(`select status, note from campaigns where name = ?`, title), [
        { status: 'sent', note: 'Sent early' },
      ])
    })

    test('a bulk action with a form; the view page in sections and tabs', async ({ assert }) => {
      await page.goto(`${BASE}/admin/campaigns`)
      await ready()
      await page.getByRole('checkbox', { name: 'Select Spring launch' }).press('Space')
      await page
        .getByRole('region', { name: 'Bulk actions' })
        .getByRole('button', { name: 'Set budget' })
        .click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Budget').fill('-3')
      await dialog.getByRole('button', { name: 'Set budget' }).click()
      await dialog.locator('.kit-field-error').waitFor()
      assert.deepEqual(rows(`select budget from campaigns where name = 'Spring launch'`), [
        { budget: 5000 },
      ])
      await dialog.getByLabel('Budget').fill('6400')
      await dialog.getByRole('button', { name: 'Set budget' }).click()
      await dialog.waitFor({ state: 'detached' })
      assert.deepEqual(rows(`select budget from campaigns where name = 'Spring launch'`), [
        { budget: 6400 },
      ])

      const [campaign] = rows<{ id: number }>(
        `select id from campaigns where name = 'Spring launch'`
      )
      await page.goto(`${BASE}/admin/campaigns/${campaign.id}`)
      await ready()
      await page.getByRole('heading', { name: 'Campaign', exact: true }).waitFor()
      await page.getByRole('tab', { name: 'Plan' }).click()
      await page.getByRole('tabpanel').getByText('Milestones').waitFor()
      assert.deepEqual(await audit(page), [])
    })
  })
}
