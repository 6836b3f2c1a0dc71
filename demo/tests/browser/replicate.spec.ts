import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, launch, reseed, rows, signedIn } from './helpers.ts'

interface CampaignRow {
  id: number
  name: string
  channel: string
  budget: number
  milestones: string | null
  status: string
}

const COLUMNS = 'id, name, channel, budget, milestones, status'

/**
 * The replicate action with each renderer: from a row of the campaigns
 * table (its modal asks for the copy's name; an empty name is refused and
 * writes nothing) and from the edit page's header.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Replicate with the ${renderer} renderer`, (group) => {
    let browser: Browser
    let page: Page

    group.setup(async () => {
      reseed()
      browser = await launch()
      page = await signedIn(browser, { renderer })
      return () => browser.close()
    })

    const ready = () => page.waitForLoadState('networkidle')
    const count = () => rows<{ n: number }>('select count(*) as n from campaigns')[0].n

    test('a row action copies a campaign under the name typed in its modal', async ({ assert }) => {
      const [source] = rows<CampaignRow>(
        `select ${COLUMNS} from campaigns where name = 'Spring launch'`
      )
      const before = count()
      await page.goto(`${BASE}/admin/campaigns`)
      await ready()
      const inline = page
        .getByRole('row', { name: /Spring launch/ })
        .getByRole('button', { name: 'Replicate' })
      if (await inline.count()) {
        await inline.click()
      } else {
        await page.getByRole('button', { name: 'More actions for Spring launch' }).click()
        await page.getByRole('menuitem', { name: 'Replicate' }).click()
      }
      const dialog = page.getByRole('dialog')
      const name = dialog.getByLabel('Name of the copy')
      await name.waitFor()

      /* an empty name: the resource's rules refuse it, nothing is written */
      await dialog.getByRole('button', { name: 'Replicate' }).click()
      await dialog.locator('.kit-field-error').waitFor()
      assert.equal(await name.getAttribute('aria-invalid'), 'true')
      assert.equal(count(), before)

      await name.fill(`Spring launch ${renderer} copy`)
      await dialog.getByRole('button', { name: 'Replicate' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page
        .getByText(`Campaign "Spring launch ${renderer} copy" created as a copy of "Spring launch"`)
        .waitFor()
      const [copy] = rows<CampaignRow>(
        `select ${COLUMNS} from campaigns where name = ?`,
        `Spring launch ${renderer} copy`
      )
      assert.notEqual(copy.id, source.id)
      assert.equal(copy.channel, source.channel)
      assert.equal(copy.budget, source.budget)
      assert.deepEqual(JSON.parse(copy.milestones ?? '[]'), JSON.parse(source.milestones ?? '[]'))
      assert.equal(copy.status, 'draft')
      assert.equal(count(), before + 1)
      /* the source is unchanged */
      assert.deepEqual(
        rows<CampaignRow>(`select ${COLUMNS} from campaigns where id = ?`, source.id),
        [source]
      )
    }).timeout(90_000)

    test('the edit page replicates its record from the header', async ({ assert }) => {
      const [source] = rows<CampaignRow>(
        `select ${COLUMNS} from campaigns where name = 'Summer print run'`
      )
      await page.goto(`${BASE}/admin/campaigns/${source.id}/edit`)
      await ready()
      await page.getByRole('button', { name: 'Replicate' }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Name of the copy').fill(`Summer ${renderer} copy`)
      await dialog.getByRole('button', { name: 'Replicate' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page.getByText(`Campaign "Summer ${renderer} copy" created as a copy`).waitFor()
      const [copy] = rows<CampaignRow>(
        `select ${COLUMNS} from campaigns where name = ?`,
        `Summer ${renderer} copy`
      )
      assert.equal(copy.budget, source.budget)
      assert.equal(copy.channel, source.channel)
    }).timeout(90_000)
  })
}
