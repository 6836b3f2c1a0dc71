import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, choose, launch, reseed, rows, signedIn } from './helpers.ts'

/** Rows of a CSV the kit wrote (UTF-8 with BOM, no quoted line breaks here) */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.length)
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .filter((match) => match.index! < line.length || match[1])
        .map((match) => match[1].replace(/^"|"$/g, '').replaceAll('""', '"'))
    )
}

/** The job panel once its job finished, and its link of that kind */
async function finishedJob(page: Page, kind: 'download' | 'report') {
  const job = page.locator('.kit-job[data-status="completed"]').last()
  await job.waitFor({ timeout: 15_000 })
  const bar = job.getByRole('progressbar')
  return { job, bar, link: job.locator(`a[data-kind="${kind}"]`) }
}

/**
 * Background jobs in the browser: an export with its progress bar and
 * download link, an import with its mapping step, a refused row and its
 * report; in both renderers.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Export and import jobs with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('export the tags: progress, then the download link and its rows', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/admin/tags`)
        await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor()
        await page.getByRole('button', { name: 'Export', exact: true }).click()
        /* the progress bar shows at once, then the job completes */
        await page.getByRole('progressbar').first().waitFor()
        const { bar, link, job } = await finishedJob(page, 'download')
        assert.equal(await bar.getAttribute('aria-valuenow'), '100')
        assert.include(await job.innerText(), 'Export ready')
        /* the toast carries the download link too */
        await page.locator('.kit-toast a[data-kind="download"]').waitFor()

        const href = (await link.getAttribute('href'))!
        const response = await page.request.get(new URL(href, BASE).toString())
        assert.equal(response.status(), 200)
        const file = csvRows(await response.text())
        const tags = rows<{ id: number; name: string }>('select id, name from tags order by id')
        assert.isAbove(tags.length, 0)
        assert.deepEqual(file[0], ['id', 'Name'])
        assert.deepEqual(
          file.slice(1).sort((a, b) => Number(a[0]) - Number(b[0])),
          tags.map((tag) => [String(tag.id), tag.name])
        )
        await page.screenshot({ path: `/tmp/kit-export-${renderer}.png` })

        /* another browser (not signed in) gets no file */
        const stranger = await browser.newContext()
        const refused = await stranger.request.get(new URL(href, BASE).toString(), {
          maxRedirects: 0,
        })
        assert.notEqual(refused.status(), 200)
        await stranger.close()
      } finally {
        await page.context().close()
      }
    })

    test('a query-wide bulk action is called as JSON: its message, the rows, the list reloaded', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        const drafts = rows<{ n: number }>(
          "select count(*) as n from posts where status = 'draft' and deleted_at is null"
        )[0].n
        assert.isAbove(drafts, 1)
        await page.goto(`${BASE}/admin/posts?tab=drafts`)
        await page.locator('.kit-table tbody tr').first().waitFor()
        await page.getByRole('checkbox', { name: 'Select all rows on this page' }).press('Space')
        await page
          .getByRole('region', { name: 'Bulk actions' })
          .getByRole('button', { name: 'Publish' })
          .click()
        await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
        await page.locator('.kit-toast').getByText(`${drafts} posts processed.`).waitFor()
        assert.equal(
          rows<{ n: number }>(
            "select count(*) as n from posts where status = 'draft' and deleted_at is null"
          )[0].n,
          0
        )
        /* the list reloaded: the drafts tab is empty now */
        await page.waitForFunction(
          () =>
            ![...document.querySelectorAll('.kit-table tbody .kit-badge')].some(
              (badge) => badge.textContent?.trim() === 'Draft'
            )
        )
      } finally {
        await page.context().close()
      }
    })

    test('import tags from a CSV with one invalid row: rows written, report link (dark)', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer, theme: 'dark', colorScheme: 'dark' })
      try {
        const before = rows<{ n: number }>('select count(*) as n from tags')[0].n
        const names = [`Imported alpha ${renderer}`, `Imported beta ${renderer}`]
        const csv = `tag,ignored\n${names[0]},1\nx,2\n${names[1]},3\n`

        await page.goto(`${BASE}/admin/tags`)
        await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor()
        await page.getByRole('button', { name: 'Import', exact: true }).click()
        const dialog = page.getByRole('dialog')
        await dialog.waitFor()
        await dialog.locator('input[type="file"]').setInputFiles({
          name: 'tags.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(csv),
        })
        await dialog.getByRole('button', { name: 'Next' }).click()
        /* the mapping step: the "tag" header guessed for Name */
        const select = dialog.getByRole('combobox', { name: 'Name', exact: true })
        await select.waitFor()
        const chosen = () => select.innerText().then((text) => text.trim())
        assert.equal(await chosen(), 'tag')
        /* an Ark Select: its listbox opens inside the dialog */
        await choose(page, 'Name', 'ignored')
        await choose(page, 'Name', 'tag')
        assert.equal(await chosen(), 'tag')
        await page.screenshot({ path: `/tmp/kit-import-mapping-${renderer}.png` })
        await dialog.getByRole('button', { name: 'Import', exact: true }).click()
        await dialog.waitFor({ state: 'detached' })

        const { link, job } = await finishedJob(page, 'report')
        assert.include(await job.innerText(), '2 rows written, 1 refused.')
        await page.locator('.kit-toast a[data-kind="report"]').waitFor()

        const written = rows<{ name: string }>(
          'select name from tags where name like ? order by name',
          `Imported % ${renderer}`
        )
        assert.deepEqual(
          written.map((row) => row.name),
          names
        )
        assert.equal(rows<{ n: number }>('select count(*) as n from tags')[0].n, before + 2)

        const response = await page.request.get(
          new URL((await link.getAttribute('href'))!, BASE).toString()
        )
        assert.equal(response.status(), 200)
        const report = await response.text()
        assert.include(report, 'x')
        assert.notInclude(report, names[0])
        /* the table shows the new tags (the page reloaded its data) */
        await page.getByRole('cell', { name: names[0] }).first().waitFor()
        assert.deepEqual(await audit(page), [])
        await page.screenshot({ path: `/tmp/kit-import-${renderer}.png` })
      } finally {
        await page.context().close()
      }
    })

    test('import tags from an Excel workbook: its first sheet, the header guessed', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        const name = `From Excel ${renderer}`
        const { default: ExcelJS } = await import('exceljs')
        const workbook = new ExcelJS.Workbook()
        const sheet = workbook.addWorksheet('Tags')
        sheet.addRow(['tag'])
        sheet.addRow([{ richText: [{ text: 'From ' }, { text: `Excel ${renderer}` }] }])

        await page.goto(`${BASE}/admin/tags`)
        await page.getByRole('button', { name: 'Import', exact: true }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByText('CSV or Excel (XLSX) file').waitFor()
        const buffer = Buffer.from(await workbook.xlsx.writeBuffer())
        await dialog.locator('input[type="file"]').setInputFiles({
          name: 'tags.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer,
        })
        await dialog.getByRole('button', { name: 'Next' }).click()
        const select = dialog.getByRole('combobox', { name: 'Name', exact: true })
        await select.waitFor()
        assert.equal(await select.innerText().then((text) => text.trim()), 'tag')
        await dialog.getByRole('button', { name: 'Import', exact: true }).click()
        await dialog.waitFor({ state: 'detached' })
        await page.locator('.kit-job[data-status="completed"]').last().waitFor({ timeout: 15_000 })
        await page.getByRole('cell', { name }).first().waitFor()
        assert.deepEqual(rows<{ name: string }>('select name from tags where name = ?', name), [
          { name },
        ])
      } finally {
        await page.context().close()
      }
    })
  })
}
