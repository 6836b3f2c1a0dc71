import { test } from '@japa/runner'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { BASE, PNG, launch, reseed, rows, signedIn } from './helpers.ts'

/** The demo's local Drive disk (demo/config/drive.ts) */
const DISK = new URL('../../tmp/uploads/', import.meta.url)

interface DocumentRow {
  id: number
  title: string
  cover: string | null
  body: string | null
}

/**
 * A document created in the browser: a cover uploaded with the form
 * (multipart) and a rich text body typed in Tiptap with the toolbar; the
 * row and the stored file are checked, then the cover is shown in the list
 * and on the view page. With each renderer.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Uploads and rich text with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('upload a cover and write rich text: the row and the file are stored', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      await page.goto(`${BASE}/admin/documents/create`)
      const title = `Brochure ${renderer}`
      await page.getByLabel('Title').fill(title)
      await page
        .locator('input[type=file][name=cover]')
        .setInputFiles({ name: '../../evil name.png', mimeType: 'image/png', buffer: PNG })
      /* the chosen image is previewed before it is sent */
      await page.locator('.kit-field-file .kit-upload-preview').first().waitFor()

      const editor = page.locator('.kit-rich-content')
      await editor.click()
      await page.keyboard.type('Hello ')
      await page.getByRole('button', { name: 'Bold' }).click()
      await page.keyboard.type('world')
      await page.getByRole('button', { name: 'Bold' }).click()
      await page.getByLabel('Notes').fill('# Notes\n<script>alert(1)</script>*ok*')

      await page.getByRole('button', { name: 'Create', exact: true }).click()
      await page.waitForURL((url) => !url.pathname.endsWith('/create'))

      const [row] = rows<DocumentRow & { notes: string }>(
        'select * from documents where title = ?',
        title
      )
      assert.exists(row)
      assert.match(row.cover!, /^covers\/[0-9a-f-]{36}\.png$/)
      assert.isTrue(existsSync(new URL(row.cover!, DISK)))
      assert.deepEqual(readFileSync(new URL(row.cover!, DISK)), PNG)
      assert.equal(row.body, '<p>Hello <strong>world</strong></p>')
      assert.equal(row.notes, '# Notes\n*ok*')

      /* the list shows the cover from the disk */
      await page.goto(`${BASE}/admin/documents`)
      const image = page.locator('.kit-table img.kit-image').first()
      await image.waitFor()
      assert.include(await image.getAttribute('src'), `/uploads/${row.cover}`)
      /* drawn once the file has arrived from the disk */
      await image.evaluate((img: HTMLImageElement) =>
        img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve))
      )
      assert.isTrue(await image.evaluate((img: HTMLImageElement) => img.naturalWidth > 0))

      /* the view page: the cover and the sanitized body */
      await page.goto(`${BASE}/admin/documents/${row.id}`)
      await page.locator('.kit-prose strong', { hasText: 'world' }).waitFor()
      await page.locator('.kit-infolist img.kit-image').waitFor()

      /* the edit form shows the stored cover; removing it deletes the file once saved */
      await page.goto(`${BASE}/admin/documents/${row.id}/edit`)
      await page.locator('.kit-field-file .kit-upload-preview').first().waitFor()
      await page.locator('.kit-rich-content strong', { hasText: 'world' }).waitFor()
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((value) => {
          document.documentElement.classList.toggle('dark', value === 'dark')
        }, theme)
        await page.screenshot({
          path: new URL(`../../tmp/uploads-${renderer}-${theme}.png`, import.meta.url).pathname,
          fullPage: true,
        })
      }
      await page.getByRole('button', { name: /^Remove / }).click()
      await page.getByRole('button', { name: 'Save changes' }).click()
      /* the edit page may stay where it is: wait for the row */
      let saved = row as DocumentRow
      for (let attempt = 0; attempt < 50 && saved.cover !== null; attempt++) {
        await page.waitForTimeout(100)
        saved = rows<DocumentRow>('select * from documents where id = ?', row.id)[0]
      }
      assert.isNull(saved.cover)
      /* the file goes once the transaction committed: a moment after the row */
      const removed = new URL(row.cover!, DISK)
      for (let attempt = 0; attempt < 50 && existsSync(removed); attempt++) {
        await page.waitForTimeout(100)
      }
      assert.isFalse(existsSync(removed))
    }).timeout(60_000)

    test('a file dropped on the drop zone is previewed, sent with a progress bar and stored', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/admin/documents/create`)
        const title = `Dragged in ${renderer}`
        await page.getByLabel('Title').fill(title)
        /* a real PNG, padded so its upload takes a moment on the slowed network */
        const bytes = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 7)])
        const file = join(mkdtempSync(join(tmpdir(), 'kit-drop-')), 'dropped.png')
        writeFileSync(file, bytes)
        const zone = page
          .locator('.kit-upload', { has: page.locator('input[name=cover]') })
          .locator('.kit-upload-dropzone')
        /* a real drop, through Chromium's drag pipeline (a DataTransfer built in the page
           has no file entries, which the drop zone reads) */
        const cdp = await page.context().newCDPSession(page)
        const box = (await zone.boundingBox())!
        const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
        for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
          await cdp.send('Input.dispatchDragEvent', {
            type,
            ...at,
            data: { items: [], files: [file], dragOperationsMask: 1 },
          })
        }
        /* the dropped file is listed with its preview and name before it is sent */
        const item = page.locator('.kit-upload-files li', { hasText: 'dropped.png' })
        await item.locator('img.kit-upload-preview').waitFor()

        /* the upload goes out at 256 KB/s: the progress bar shows while it does */
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: 256 * 1024,
        })
        await page.getByRole('button', { name: 'Create', exact: true }).click()
        const progress = page.locator('progress.kit-upload-progress')
        await progress.waitFor({ timeout: 15_000 })
        const percent = Number(await progress.getAttribute('value'))
        assert.isAtLeast(percent, 0)
        assert.isAtMost(percent, 100)
        await page.waitForURL((url) => !url.pathname.endsWith('/create'), { timeout: 30_000 })
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        })

        const [row] = rows<DocumentRow>('select * from documents where title = ?', title)
        assert.exists(row)
        assert.match(row.cover!, /^covers\/[0-9a-f-]{36}\.png$/)
        assert.deepEqual(readFileSync(new URL(row.cover!, DISK)), bytes)
      } finally {
        await page.context().close()
      }
    }).timeout(90_000)

    test('a row action form uploads a file and sends rich text: stored like the form', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      const [row] = rows<DocumentRow>('select * from documents order by id limit 1')
      await page.goto(`${BASE}/admin/documents`)
      await page.waitForLoadState('networkidle')
      const inline = page
        .getByRole('row', { name: new RegExp(row.title) })
        .getByRole('button', { name: 'Replace cover' })
      if (await inline.count()) {
        await inline.click()
      } else {
        await page.getByRole('button', { name: `More actions for ${row.title}` }).click()
        await page.getByRole('menuitem', { name: 'Replace cover' }).click()
      }
      const dialog = page.getByRole('dialog')
      const input = dialog.locator('input[type=file][name=cover]')
      await input.waitFor({ state: 'attached' })

      /* no file: the server refuses the required upload, nothing changes */
      await dialog.getByRole('button', { name: 'Replace cover' }).click()
      await dialog.locator('.kit-field-error').first().waitFor()
      assert.deepEqual(rows<DocumentRow>('select * from documents where id = ?', row.id), [row])

      await input.setInputFiles({ name: 'new cover.png', mimeType: 'image/png', buffer: PNG })
      await dialog.locator('.kit-rich-content').click()
      await page.keyboard.type('Caption')
      await dialog.getByRole('button', { name: 'Replace cover' }).click()
      await dialog.waitFor({ state: 'detached' })

      let saved = row
      for (let attempt = 0; attempt < 50 && saved.cover === row.cover; attempt++) {
        await page.waitForTimeout(100)
        saved = rows<DocumentRow>('select * from documents where id = ?', row.id)[0]
      }
      assert.match(saved.cover!, /^covers\/[0-9a-f-]{36}\.png$/)
      assert.notEqual(saved.cover, row.cover)
      assert.deepEqual(readFileSync(new URL(saved.cover!, DISK)), PNG)
      assert.equal(saved.body, '<p>Caption</p>')
    }).timeout(90_000)

    test('a file chosen in the drop zone is previewed and stored; the toolbar is named icons', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/admin/documents/create`)
        const title = `Dropped ${renderer}`
        await page.getByLabel('Title').fill(title)

        /* a file dragged over the drop zone lights it up */
        const zone = page.locator('.kit-field-file .kit-upload-dropzone').first()
        const dataTransfer = await page.evaluateHandle((base64) => {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
          const transfer = new DataTransfer()
          transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }))
          return transfer
        }, PNG.toString('base64'))
        await zone.dispatchEvent('dragenter', { dataTransfer })
        await zone.dispatchEvent('dragover', { dataTransfer })
        await page.locator('.kit-field-file .kit-upload-dropzone[data-dragging]').waitFor()
        await zone.dispatchEvent('dragleave', { dataTransfer })
        /* (a synthetic drop carries no file entry in Chromium, so the file is chosen
           through the drop zone's "Choose a file" button, the browser's file chooser) */
        const [chooser] = await Promise.all([
          page.waitForEvent('filechooser'),
          zone.getByRole('button', { name: 'Choose a file', exact: true }).click(),
        ])
        await chooser.setFiles({ name: 'dropped.png', mimeType: 'image/png', buffer: PNG })
        /* the preview: thumbnail, name, size, and a remove button */
        const item = page.locator('.kit-field-file .kit-upload-files li', {
          hasText: 'dropped.png',
        })
        await item.locator('img.kit-upload-preview').waitFor()
        assert.match(await item.innerText(), /dropped\.png\s*70\s*byte/)
        await item.getByRole('button', { name: 'Remove dropped.png' }).waitFor()

        /* the toolbar: icon buttons named by aria-label, with their shortcut */
        const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
        const bold = toolbar.getByRole('button', { name: 'Bold', exact: true })
        assert.equal(await bold.innerText(), '')
        assert.equal(await bold.getAttribute('aria-keyshortcuts'), 'Control+B')
        assert.equal(await bold.locator('svg').count(), 1)
        await bold.hover()
        await page.getByText('Bold (Ctrl+B)', { exact: true }).waitFor()
        const editor = page.locator('.kit-rich-content')
        await editor.click()
        await toolbar.getByRole('button', { name: 'Heading', exact: true }).click()
        await page.keyboard.type('Title')
        await page.keyboard.press('Enter')
        await toolbar.getByRole('button', { name: 'Italic', exact: true }).click()
        await page.keyboard.type('slanted')
        await page.keyboard.press('Enter')
        /* a shortcut does what its button does */
        await page.keyboard.press('Control+b')
        await page.keyboard.type('strong')
        assert.equal(await bold.getAttribute('aria-pressed'), 'true')

        await page.getByRole('button', { name: 'Create', exact: true }).click()
        await page.waitForURL((url) => !url.pathname.endsWith('/create'))
        const [row] = rows<DocumentRow>('select * from documents where title = ?', title)
        assert.exists(row)
        assert.match(row.cover!, /^covers\/[0-9a-f-]{36}\.png$/)
        assert.deepEqual(readFileSync(new URL(row.cover!, DISK)), PNG)
        /* heading, italic, then bold by its shortcut (the italic mark goes on past Enter) */
        assert.match(row.body!, /^<h2>Title<\/h2><p><em>slanted<\/em><\/p><p>.*strong.*<\/p>$/)
        assert.match(row.body!, /<strong>(<em>)?strong|<em><strong>strong/)
      } finally {
        await page.context().close()
      }
    }).timeout(60_000)
  })
}
