import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, choose, launch, reseed, rows, signedIn } from './helpers.ts'

/**
 * Record pages that look finished: the view page's Edit button, the edit
 * page's Delete button, History values as the form shows them, no list
 * widget on record pages, no console error on submit, no /favicon.ico
 * request; in both renderers, light, dark and on a phone.
 */

/** Console errors and failed requests of a page, from now on */
function watch(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('response', (response) => {
    if (response.status() >= 400 && response.url().startsWith(BASE)) {
      errors.push(`${response.status()} ${response.url()}`)
    }
  })
  return errors
}

async function waitFor(check: () => boolean) {
  for (let tries = 0; tries < 80; tries++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

for (const renderer of ['react', 'vue'] as const) {
  test.group(`Record pages with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('edit a post through its form: no console error, History reads like the form', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      const errors = watch(page)
      try {
        const [post] = rows<{ id: number; title: string; is_featured: number }>(
          "select id, title, is_featured from posts where deleted_at is null and status = 'draft' order by id limit 1"
        )
        await page.goto(`${BASE}/admin/posts/${post.id}/edit`)
        await page.getByRole('heading', { level: 1, name: post.title }).waitFor()
        /* the list's stats are not repeated on the edit page */
        assert.equal(await page.getByText('Visible to you').count(), 0)
        await choose(page, 'Status', 'In review')
        await page.locator('.kit-field-toggle .kit-switch-control').click()
        const date = page.getByRole('textbox', { name: 'Published on', exact: true })
        await date.fill('2026-11-25')
        await date.press('Tab')
        await page.getByRole('button', { name: 'Save changes' }).click()
        await waitFor(() => {
          const [current] = rows<{ status: string }>(
            'select status from posts where id = ?',
            post.id
          )
          return current.status === 'review'
        })
        const [saved] = rows<{ status: string; published_on: string; is_featured: number }>(
          'select status, published_on, is_featured from posts where id = ?',
          post.id
        )
        assert.equal(saved.status, 'review')
        assert.match(String(saved.published_on), /^2026-11-25/)
        assert.equal(Number(saved.is_featured), post.is_featured ? 0 : 1)
        await page.waitForTimeout(500)
        assert.deepEqual(errors, [])

        await page.getByRole('link', { name: 'History', exact: true }).click()
        await page.waitForURL(`${BASE}/admin/posts/${post.id}/history`)
        await page.getByRole('heading', { level: 1, name: `History of ${post.title}` }).waitFor()
        /* the panel's breadcrumbs */
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
        assert.equal(
          await crumbs.getByRole('link', { name: 'Posts' }).getAttribute('href'),
          '/admin/posts'
        )
        const entry = page.locator('[data-audit-entry]').first()
        const change = (field: string) =>
          entry.locator('tr', { has: page.locator('th', { hasText: field }) })
        assert.equal(await change('Status').locator('.kit-audit-old').innerText(), 'Draft')
        assert.equal(await change('Status').locator('.kit-audit-new').innerText(), 'In review')
        assert.equal(
          await change('Featured').locator('.kit-audit-new').innerText(),
          post.is_featured ? 'No' : 'Yes'
        )
        assert.equal(
          await change('Published on').locator('.kit-audit-new').innerText(),
          'Nov 25, 2026'
        )
        assert.notMatch(await entry.innerText(), /\d{4}-\d{2}-\d{2}T|\btrue\b|\bfalse\b/)
        assert.include(await entry.innerText(), 'Demo Editor')
        assert.deepEqual(errors, [])
      } finally {
        await page.context().close()
      }
    }).timeout(90_000)

    test('the view page offers Edit, the edit page a confirmed Delete', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      const errors = watch(page)
      try {
        const [post] = rows<{ id: number; title: string }>(
          "select id, title from posts where deleted_at is null and status = 'published' order by id desc limit 1"
        )
        /* the list's stats, on the list */
        const [published] = rows<{ total: number }>(
          "select count(*) as total from posts where status = 'published' and deleted_at is null"
        )
        assert.include(
          await page.getByRole('region', { name: 'Summary' }).innerText(),
          `Published\n${published.total}`
        )
        await page.goto(`${BASE}/admin/posts/${post.id}`)
        await page.getByRole('heading', { level: 1, name: post.title }).waitFor()
        assert.equal(await page.getByRole('region', { name: 'Summary' }).count(), 0)
        /* the status as the list shows it: a badge */
        assert.equal(
          await page.locator('.kit-infolist .kit-badge', { hasText: 'published' }).count(),
          1
        )
        assert.equal(await page.getByText('Visible to you').count(), 0)
        await page
          .locator('.kit-header-actions')
          .getByRole('link', { name: 'Edit', exact: true })
          .click()
        await page.waitForURL(`${BASE}/admin/posts/${post.id}/edit`)

        await page.getByRole('button', { name: 'Delete', exact: true }).click()
        const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
        await dialog.getByText(`Delete “${post.title}”?`).waitFor()
        await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
        await page.waitForURL(`${BASE}/admin/posts`)
        const [deleted] = rows<{ deleted_at: string | null }>(
          'select deleted_at from posts where id = ?',
          post.id
        )
        assert.isNotNull(deleted.deleted_at)
        assert.deepEqual(errors, [])
      } finally {
        await page.context().close()
      }
    }).timeout(90_000)

    for (const [name, options] of [
      ['light', { theme: 'light' as const, colorScheme: 'light' as const }],
      ['dark', { theme: 'dark' as const, colorScheme: 'dark' as const }],
      ['phone', { viewport: { width: 390, height: 844 } }],
    ] as const) {
      test(`screenshots of the view, edit and History pages (${name})`, async ({ assert }) => {
        const page = await signedIn(browser, { renderer, ...options })
        const errors = watch(page)
        try {
          const [post] = rows<{ id: number; title: string }>(
            "select posts.id, posts.title from posts join kit_audit_entries on kit_audit_entries.record_key = posts.id and kit_audit_entries.resource = 'posts' where posts.deleted_at is null order by posts.id limit 1"
          )
          const [any] = rows<{ id: number }>(
            'select id from posts where deleted_at is null order by id limit 1'
          )
          const id = post?.id ?? any.id
          for (const [suffix, path] of [
            ['view', `/admin/posts/${id}`],
            ['edit', `/admin/posts/${id}/edit`],
            ['history', `/admin/posts/${id}/history`],
          ]) {
            await page.goto(`${BASE}${path}`)
            await page.getByRole('heading', { level: 1 }).waitFor()
            await page.waitForTimeout(300)
            await page.screenshot({
              path: `/tmp/kit-record-${suffix}-${renderer}-${name}.png`,
              fullPage: true,
            })
          }
          assert.deepEqual(errors, [])
        } finally {
          await page.context().close()
        }
      }).timeout(90_000)
    }
  })
}
