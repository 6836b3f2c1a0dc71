import { test } from '@japa/runner'
import type { Browser } from 'playwright-core'
import { BASE, launch, reseed, rows, signedIn } from './helpers.ts'

/**
 * The audit trail in the browser (not the axe audit of audit.spec.ts): edit
 * a record, open its History, see the change; the panel's Activity list;
 * in both renderers, light and dark.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`History and activity with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    for (const theme of ['light', 'dark'] as const) {
      test(`edit a record, open its History, see the change (${theme})`, async ({ assert }) => {
        const page = await signedIn(browser, { renderer, theme, colorScheme: theme })
        try {
          const [author] = rows<{ id: number; name: string }>(
            "select id, name from authors where name like 'Alan Turing%' order by id limit 1"
          )
          const renamed = `Alan Turing (${renderer}, ${theme})`
          await page.goto(`${BASE}/admin/authors/${author.id}/edit`)
          await page.getByRole('heading', { level: 1 }).waitFor()
          await page.getByRole('textbox', { name: 'Name', exact: true }).fill(renamed)
          await page.getByRole('button', { name: 'Save changes' }).click()
          for (let tries = 0; tries < 50; tries++) {
            const [current] = rows<{ name: string }>(
              'select name from authors where id = ?',
              author.id
            )
            if (current.name === renamed) break
            await page.waitForTimeout(100)
          }

          /* the audit row, written with the change */
          const [row] = rows<{ operation: string; changes: string; user_id: string }>(
            "select operation, changes, user_id from kit_audit_entries where resource = 'authors' and record_key = ? order by id desc limit 1",
            String(author.id)
          )
          assert.equal(row.operation, 'update')
          assert.deepEqual(JSON.parse(row.changes).name.new, renamed)

          /* the History button of the record page */
          await page.goto(`${BASE}/admin/authors/${author.id}/edit`)
          await page.getByRole('link', { name: 'History', exact: true }).click()
          await page.waitForURL(`${BASE}/admin/authors/${author.id}/history`)
          await page.getByRole('heading', { level: 1, name: `History of ${renamed}` }).waitFor()
          const entry = page.locator('[data-audit-entry]').first()
          assert.include(await entry.innerText(), 'Updated')
          assert.include(await entry.innerText(), 'Demo Editor')
          assert.equal(await entry.locator('.kit-audit-old').first().innerText(), author.name)
          assert.equal(await entry.locator('.kit-audit-new').first().innerText(), renamed)
          await page.screenshot({ path: `/tmp/kit-history-${renderer}-${theme}.png` })

          /* the panel's Activity list, from the navigation */
          await page.getByRole('link', { name: 'Activity', exact: true }).first().click()
          await page.waitForURL(`${BASE}/admin/_activity`)
          await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
          const latest = page.locator('[data-audit-entry]').first()
          assert.include(await latest.innerText(), renamed)
          /* the record by its title, linked to its page; the user by audit.userTitle */
          assert.equal(
            await latest.getByRole('link', { name: renamed }).getAttribute('href'),
            `/admin/authors/${author.id}/edit`
          )
          assert.include(await latest.innerText(), 'Demo Editor')
          await page.screenshot({ path: `/tmp/kit-activity-${renderer}-${theme}.png` })
        } finally {
          await page.context().close()
        }
      }).timeout(60_000)
    }
  })
}
