import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import {
  BASE,
  USER,
  audit,
  choose,
  execute,
  launch,
  openFilters,
  reseed,
  rows,
  titles,
} from './helpers.ts'

/** The demo's Inertia title template appends its name to every page's document title */
const TITLE = ' · adonis-kit demo'

/**
 * The same walk through the panel with each renderer: sign in, list,
 * search, sort, filter, tabs, create (a validation error, then success),
 * edit, delete, a bulk action, a relation attach, keyboard navigation of a
 * relation group, readable errors, and an axe audit of every page.
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Panel with the ${renderer} renderer`, (group) => {
    let browser: Browser
    let page: Page

    group.setup(async () => {
      reseed()
      browser = await launch()
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      page = await context.newPage()
      page.setDefaultTimeout(8000)
      await page.goto(`${BASE}/renderer/${renderer}`)
      return () => browser.close()
    })

    const list = async () => page.locator('.kit-table tbody tr').count()
    const ready = () => page.waitForLoadState('networkidle')

    test('sign in (wrong password, then the demo user)', async ({ assert }) => {
      await page.goto(`${BASE}/login`)
      assert.deepEqual(await audit(page), [])
      await page.getByLabel('Email').fill(USER.email)
      await page.getByLabel('Password').fill('wrong password')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.getByText('These credentials do not match our records.').waitFor()
      assert.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), 'true')
      await page.getByLabel('Password').fill(USER.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      /* the sign-in lands on the panel's dashboard */
      await page.waitForURL(`${BASE}/admin`)
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
      await page.goto(`${BASE}/admin/posts`)
      /* the list page is headed by the plural label, and so is the document */
      await page.getByRole('heading', { level: 1, name: 'Posts', exact: true }).waitFor()
      assert.equal(await page.title(), `Posts${TITLE}`)
      assert.include(
        await page.locator('.demo-bar').innerText(),
        renderer === 'vue' ? 'Vue' : 'React'
      )
    })

    test('list page', async ({ assert }) => {
      assert.equal(await list(), 10)
      assert.include(await page.locator('.kit-pagination').innerText(), 'Page 1 of 3 (24 records)')
      assert.deepEqual(await audit(page), [])
      await page.getByRole('button', { name: 'Next page' }).click()
      await page.waitForURL(/page=2/)
      assert.include(await page.locator('.kit-pagination').innerText(), 'Page 2 of 3')
    })

    test('page size: the per-page select (Ark UI Select) by keyboard', async ({ assert }) => {
      const size = page.getByRole('combobox', { name: 'Per page' })
      assert.equal(await size.locator('[data-part=value-text]').innerText(), '10')
      await size.focus()
      await page.keyboard.press('Enter')
      const listbox = page.getByRole('listbox')
      await listbox.waitFor()
      assert.deepEqual(await listbox.getByRole('option').allInnerTexts(), ['10', '25', '50'])
      assert.deepEqual(await audit(page), [])
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await page.waitForURL(/perPage=25/)
      await ready()
      assert.equal(await list(), 24)
      assert.include(await page.locator('.kit-pagination').innerText(), 'Page 1 of 1 (24 records)')
      assert.equal(await size.locator('[data-part=value-text]').innerText(), '25')
      /* back to ten rows a page for the next steps */
      await size.click()
      await page.getByRole('option', { name: '10' }).click()
      await page.waitForURL(/perPage=10/)
      await ready()
      assert.equal(await list(), 10)
    })

    test('search', async ({ assert }) => {
      await page.getByLabel('Search posts').fill('lucid')
      await page.waitForURL(/search=lucid/)
      await ready()
      assert.deepEqual(await titles(page), ['Lucid relationships in depth'])
      await page.getByLabel('Search posts').fill('')
      await page.waitForURL((url) => !url.search.includes('search='))
      await ready()
      assert.equal(await list(), 10)
    })

    test('sort', async ({ assert }) => {
      const header = page.locator('th', { has: page.getByRole('button', { name: /^Title/ }) })
      await page.getByRole('button', { name: /^Title/ }).click()
      await page.waitForURL(/direction=asc/)
      await ready()
      assert.equal(await header.getAttribute('aria-sort'), 'ascending')
      const expected = rows<{ title: string }>(
        'select title from posts where deleted_at is null order by title asc limit 10'
      ).map((row) => row.title)
      assert.deepEqual(await titles(page), expected)
      await page.getByRole('button', { name: /^Title/ }).click()
      await page.waitForURL(/direction=desc/)
      await ready()
      assert.equal(await header.getAttribute('aria-sort'), 'descending')
      const descending = await titles(page)
      assert.equal(descending[0], 'Writing a service provider')
    })

    test('filter', async ({ assert }) => {
      await openFilters(page)
      await choose(page, 'Status', 'In review')
      await page.waitForURL(/filters%5Bstatus%5D=review|filters\[status\]=review/)
      await ready()
      const badges = await page.locator('.kit-table tbody .kit-badge').allInnerTexts()
      assert.lengthOf(badges, 8)
      assert.isTrue(badges.every((text) => text === 'In review'))
      await choose(page, 'Status', 'All')
      /* the next test starts from the unfiltered list, not from one still loading */
      await page.waitForURL((url) => !url.search.includes('status'))
      await ready()
      assert.equal(await list(), 10)
    })

    test('ternary and date-range filters', async ({ assert }) => {
      const sorted = (values: string[]) => [...values].sort()
      await openFilters(page)
      await choose(page, 'Featured', 'Featured')
      await page.waitForURL(/filters%5BisFeatured%5D=true|filters\[isFeatured\]=true/)
      await ready()
      const featured = rows<{ title: string }>(
        'select title from posts where deleted_at is null and is_featured = 1'
      ).map((row) => row.title)
      assert.isAbove(featured.length, 0)
      assert.deepEqual(sorted(await titles(page)), sorted(featured))
      await choose(page, 'Featured', 'All')
      await page.waitForURL((url) => !url.search.includes('isFeatured'))
      await ready()

      /* the bounds are Ark DatePickers (loaded on demand: wait for both): a typed date applies on Enter */
      await page.locator('.kit-filter-range button.kit-date-trigger').nth(1).waitFor()
      const from = page.getByLabel('From', { exact: true })
      await from.fill('2026-02-01')
      await from.press('Enter')
      await page.waitForURL(/filters%5BpublishedOn%5D%5Bfrom%5D=2026-02-01|\[from\]=2026-02-01/)
      await ready()
      const published = rows<{ title: string }>(
        "select title from posts where deleted_at is null and published_on >= '2026-02-01'"
      ).map((row) => row.title)
      assert.isAbove(published.length, 0)
      assert.deepEqual(sorted(await titles(page)), sorted(published))
      assert.deepEqual(await audit(page), [])
      /* the other bound cannot go before this one: a typed earlier date is held to it */
      const until = page.getByLabel('Until', { exact: true })
      await until.fill('2026-01-15')
      await until.press('Enter')
      await page.waitForURL(/%5Buntil%5D=2026-02-01|\[until\]=2026-02-01/)
      await ready()
      assert.equal(await until.inputValue(), '2026-02-01', 'the held date is shown')
      await until.fill('')
      await page.waitForURL((url) => !url.search.includes('until'))
      await ready()
      await from.fill('')
      await page.waitForURL((url) => !url.search.includes('publishedOn'))
      await ready()
      assert.equal(await list(), 10)
    })

    test('switch tab', async ({ assert }) => {
      await page.getByRole('link', { name: /^Drafts/ }).click()
      await page.waitForURL(/tab=drafts/)
      await ready()
      assert.equal(
        await page.getByRole('link', { name: /^Drafts/ }).getAttribute('aria-current'),
        'page'
      )
      const badges = await page.locator('.kit-table tbody .kit-badge').allInnerTexts()
      assert.lengthOf(badges, 8)
      assert.isTrue(badges.every((text) => text === 'Draft'))
      assert.deepEqual(await audit(page), [])
    })

    test('bulk action on selected rows, then on all matching records', async ({ assert }) => {
      /* the row checkboxes (Ark UI Checkbox) by keyboard: focus, then Space */
      const selectAll = page.getByRole('checkbox', { name: 'Select all rows on this page' })
      const mixed = () => selectAll.evaluate((input) => (input as HTMLInputElement).indeterminate)
      const lucid = page.getByRole('checkbox', { name: 'Select Lucid relationships in depth' })
      await lucid.press('Space')
      assert.isTrue(await lucid.isChecked())
      assert.isTrue(await mixed(), 'some rows selected: the page checkbox is mixed')
      await page.getByRole('checkbox', { name: 'Select Inertia without an API' }).press('Space')
      await page
        .getByRole('region', { name: 'Bulk actions' })
        .getByRole('button', { name: 'Publish' })
        .click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Publish 2 posts?').waitFor()
      assert.deepEqual(await audit(page), [])
      await dialog.getByRole('button', { name: 'Publish' }).click()
      await page.getByText('2 posts processed.').waitFor()
      assert.deepEqual(
        rows(
          'select status from posts where title in (?, ?)',
          'Lucid relationships in depth',
          'Inertia without an API'
        ),
        [{ status: 'published' }, { status: 'published' }]
      )
      assert.equal(await list(), 6)

      /* every matching draft but one */
      await selectAll.press('Space')
      assert.isTrue(await selectAll.isChecked())
      assert.isFalse(await mixed())
      const accessible = page.getByRole('checkbox', { name: 'Select Accessible tables' })
      assert.isTrue(await accessible.isChecked())
      await accessible.press('Space')
      assert.isFalse(await accessible.isChecked())
      assert.isTrue(await mixed())
      await page
        .getByRole('region', { name: 'Bulk actions' })
        .getByRole('button', { name: 'Publish' })
        .click()
      await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
      await page.getByText('5 posts processed.').waitFor()
      assert.deepEqual(rows(`select title from posts where status = 'draft'`), [
        { title: 'Accessible tables' },
      ])
    })

    test('create: a validation error, then success', async ({ assert }) => {
      /* the bulk action's toast stays while the pointer rests on it (where the
         create button is): move away and let it close */
      await page.mouse.move(0, 0)
      await page.waitForFunction(() => !document.querySelector('.kit-toast'), null, {
        timeout: 15_000,
      })
      await page.getByRole('link', { name: /^All/ }).click()
      await ready()
      await page.getByRole('link', { name: 'New post' }).click()
      await page.waitForURL(`${BASE}/admin/posts/create`)
      await page.getByRole('heading', { level: 1, name: 'Create Post', exact: true }).waitFor()
      assert.equal(await page.title(), `Create Post · Posts${TITLE}`)
      const before = rows('select count(*) as total from posts')
      await page.getByLabel('Title').fill('ab')
      await page.getByRole('button', { name: 'Create' }).click()
      const title = page.getByLabel('Title')
      await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null)
      assert.equal(await title.getAttribute('aria-invalid'), 'true')
      const describedBy = await title.getAttribute('aria-describedby')
      assert.match(await page.locator(`[id="${describedBy}"]`).innerText(), /at least 3 characters/)
      assert.deepEqual(rows('select count(*) as total from posts'), before)
      assert.deepEqual(await audit(page), [])

      await title.fill('Browser-tested post')
      /* Status (Ark Select) by keyboard: open, move to "Draft", choose */
      const status = page.getByRole('combobox', { name: 'Status' })
      await status.focus()
      await page.keyboard.press('Enter')
      await page.getByRole('option', { name: 'Draft' }).waitFor()
      /* the listbox takes the focus a frame after it opens: keys go to it from then on */
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'listbox')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      await status.filter({ hasText: 'Draft' }).waitFor()
      /* Published on (Ark DatePicker): typed in the server's format */
      await page.getByLabel('Published on').fill('2026-03-01')
      await page.getByLabel('Published on').press('Tab')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.waitForURL(/\/admin\/posts\/\d+\/edit/)
      await page.getByText('Post "Browser-tested post" created').waitFor()
      /* the edit page is headed by the record title */
      await page
        .getByRole('heading', { level: 1, name: 'Browser-tested post', exact: true })
        .waitFor()
      assert.equal(await page.title(), `Browser-tested post · Posts${TITLE}`)
      const created = rows<{ status: string; published_on: string }>(
        'select status, published_on from posts where title = ?',
        'Browser-tested post'
      )
      assert.lengthOf(created, 1)
      assert.equal(created[0].status, 'draft')
      assert.match(String(created[0].published_on), /^2026-03-01/)
    })

    test('edit', async ({ assert }) => {
      assert.equal(await page.getByLabel('Title').inputValue(), 'Browser-tested post')
      assert.deepEqual(await audit(page), [])
      await page.getByLabel('Title').fill('Browser-tested post, edited')
      /* the Featured toggle (Ark Switch), switched on by keyboard */
      const featured = page.getByRole('switch', { name: 'Featured' })
      assert.isFalse(await featured.isChecked())
      await featured.focus()
      await page.keyboard.press('Space')
      assert.isTrue(await featured.isChecked())
      await page.getByRole('button', { name: 'Save changes' }).click()
      await page.getByText('Post "Browser-tested post, edited" saved').waitFor()
      await page
        .getByRole('heading', { level: 1, name: 'Browser-tested post, edited', exact: true })
        .waitFor()
      assert.deepEqual(
        rows('select title, is_featured from posts where title like ?', 'Browser-tested post%'),
        [{ title: 'Browser-tested post, edited', is_featured: 1 }]
      )
    })

    test('a relationship select creates an option without submitting the form', async ({
      assert,
    }) => {
      await page.getByRole('button', { name: 'New tags' }).click()
      const option = page.getByRole('group', { name: 'New tags' })
      await option.getByLabel('Name').fill('x')
      await option.getByRole('button', { name: 'Create tags' }).click()
      await page.waitForFunction(() => document.querySelector('fieldset [aria-invalid="true"]'))
      assert.lengthOf(rows("select id from tags where name = 'x'"), 0)
      assert.deepEqual(await audit(page), [])
      await option.getByLabel('Name').fill('observability')
      await option.getByRole('button', { name: 'Create tags' }).click()
      await option.waitFor({ state: 'detached' })
      /* the option exists and is chosen; the post is not saved yet */
      assert.lengthOf(rows("select id from tags where name = 'observability'"), 1)
      const tags = page.getByRole('list', { name: 'Chosen tags' })
      assert.equal(await tags.getByText('observability', { exact: true }).count(), 1)
      assert.deepEqual(
        rows(
          `select t.name from post_tag pt join tags t on t.id = pt.tag_id join posts p on p.id = pt.post_id
           where p.title = 'Browser-tested post, edited'`
        ),
        []
      )
      /* the previous save flashed the same message: let its toast close first, so the
         toast found below is this save's */
      await page.mouse.move(0, 0)
      await page.waitForFunction(() => !document.querySelector('.kit-toast'), null, {
        timeout: 15_000,
      })
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.status() < 400
      )
      await page.getByRole('button', { name: 'Save changes' }).click()
      await saved
      await ready()
      await page.getByText('Post "Browser-tested post, edited" saved').waitFor()
      await page
        .getByRole('heading', { level: 1, name: 'Browser-tested post, edited', exact: true })
        .waitFor()
      assert.deepEqual(
        rows(
          `select t.name from post_tag pt join tags t on t.id = pt.tag_id join posts p on p.id = pt.post_id
           where p.title = 'Browser-tested post, edited'`
        ),
        [{ name: 'observability' }]
      )
    })

    test('delete with confirmation', async ({ assert }) => {
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Posts' })
        .click()
      await page.getByLabel('Search posts').fill('Browser-tested')
      await page.waitForURL(/search=Browser-tested/)
      await ready()
      assert.equal(await list(), 1)
      await page.getByRole('button', { name: 'Delete Browser-tested post, edited' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      /* the server answers with the list page */
      await page.getByText('Post "Browser-tested post, edited" deleted').waitFor()
      await ready()
      assert.notInclude(await titles(page), 'Browser-tested post, edited')
      const [row] = rows<{ deleted_at: string | null }>(
        'select deleted_at from posts where title = ?',
        'Browser-tested post, edited'
      )
      assert.isNotNull(row.deleted_at)
    })

    test('restore from the trash (soft deletes)', async ({ assert }) => {
      await page.getByLabel('Search posts').fill('')
      await openFilters(page)
      await choose(page, 'Trashed records', 'Only trashed')
      await page.waitForURL(/trashed%5D=only|trashed\]=only/)
      await ready()
      assert.deepEqual(await titles(page), ['Browser-tested post, edited'])
      assert.equal(await page.locator('.kit-row-trashed').count(), 1)
      await page.getByRole('button', { name: 'Restore Browser-tested post, edited' }).click()
      await page.getByText('Post "Browser-tested post, edited" restored').waitFor()
      /* back to the list in the state it was left: still the trashed records */
      assert.match(page.url(), /trashed%5D=only|trashed\]=only/)
      assert.deepEqual(
        rows('select deleted_at from posts where title = ?', 'Browser-tested post, edited'),
        [{ deleted_at: null }]
      )
      /* back to the unfiltered list for the next steps (clearing a select filter is the
         "filter" step's) */
      await page.goto(`${BASE}/admin/posts`)
      await ready()
    })

    test('a missing record answers a readable message', async ({ assert }) => {
      await page.getByLabel('Search posts').fill('Testing with Japa')
      await page.waitForURL(/search=Testing/)
      await ready()
      execute('delete from posts where title = ?', 'Testing with Japa')
      await page.getByRole('link', { name: 'Edit Testing with Japa' }).click()
      /* the kit's message, not the date pickers' empty live regions */
      const alert = page.getByRole('alert').filter({ hasText: /\S/ })
      await alert.waitFor()
      assert.equal(await alert.innerText(), 'This record does not exist or is out of your reach.')
      assert.include(page.url(), '/admin/posts?')
    })

    test('a missing record loaded directly: the panel error page with a way back', async ({
      assert,
    }) => {
      const response = await page.goto(`${BASE}/admin/posts/999999/edit`)
      assert.equal(response?.status(), 404)
      await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor()
      assert.equal(
        await page.getByRole('alert').innerText(),
        'This record does not exist or is out of your reach.'
      )
      /* the panel's navigation is there */
      assert.isAbove(await page.getByRole('navigation').getByRole('link').count(), 1)
      assert.deepEqual(await audit(page), [])
      await page.getByRole('link', { name: 'Back to posts' }).click()
      await page.waitForURL(`${BASE}/admin/posts`)
      await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor()
    })

    test('the server decides which actions a row offers; a denied action reads as a message', async ({
      assert,
    }) => {
      await page.goto(`${BASE}/admin/authors`)
      /* authors with posts offer no delete (AuthorPolicy) */
      assert.equal(await page.getByRole('button', { name: 'Delete Ada Lovelace' }).count(), 0)
      const remove = page.getByRole('button', { name: 'Delete Edsger Dijkstra' })
      assert.equal(await remove.count(), 1)
      assert.deepEqual(await audit(page), [])
      /* the page is stale: Edsger wrote a post meanwhile, so the server refuses */
      const [edsger] = rows<{ id: number }>("select id from authors where name = 'Edsger Dijkstra'")
      execute(
        "insert into posts (author_id, title, status, is_featured, created_at) values (?, 'Late post', 'draft', 0, '2026-01-01')",
        edsger.id
      )
      await remove.click()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
      const alert = page.getByRole('alert')
      await alert.waitFor()
      assert.match(await alert.innerText(), /^You are not allowed to do this\./)
      assert.lengthOf(rows("select id from authors where name = 'Edsger Dijkstra'"), 1)
    })

    test('a row action runs on the row as it was drawn: a post changed since is refused', async ({
      assert,
    }) => {
      await page.goto(`${BASE}/admin/posts`)
      const [title] = await titles(page)
      execute("update posts set status = 'draft' where title = ?", title)
      await page.reload()
      /* Publish is in the row's "More actions" menu */
      const publish = async () => {
        await page.getByRole('button', { name: `More actions for ${title}` }).click()
        await page.getByRole('menuitem', { name: 'Publish' }).click()
        await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
      }
      await page.getByRole('button', { name: `More actions for ${title}` }).waitFor()
      /* the post is written elsewhere after the list was drawn */
      execute("update posts set body = 'Changed elsewhere' where title = ?", title)
      await publish()
      const alert = page.getByRole('alert').filter({ hasText: 'changed by someone else' })
      await alert.waitFor()
      assert.match(await alert.innerText(), /Reload the page and run the action again/)
      assert.deepEqual(rows('select status from posts where title = ?', title), [
        { status: 'draft' },
      ])
      /* drawn again, the row's version runs the action */
      await page.reload()
      await publish()
      await page.getByRole('status').filter({ hasText: 'Published' }).waitFor()
      assert.deepEqual(rows('select status from posts where title = ?', title), [
        { status: 'published' },
      ])
    })

    test('editable column: rename a tag in place', async ({ assert }) => {
      await page.goto(`${BASE}/admin/tags`)
      const cell = page.getByRole('textbox', { name: 'Name of devops' })
      await cell.fill('operations')
      await cell.press('Enter')
      await page.getByRole('status').waitFor()
      assert.deepEqual(rows("select name from tags where name in ('devops', 'operations')"), [
        { name: 'operations' },
      ])
      /* an invalid value is refused and reported; the row is unchanged */
      const renamed = page.getByRole('textbox', { name: 'Name of operations' })
      await renamed.fill('x')
      await renamed.press('Enter')
      await page.waitForFunction(() => document.querySelector('[role=alert]'))
      assert.match(await page.getByRole('alert').innerText(), /at least 2 characters/)
      assert.equal(await renamed.inputValue(), 'operations')
      assert.deepEqual(rows("select name from tags where name in ('x', 'operations')"), [
        { name: 'operations' },
      ])

      /* someone else renames the tag meanwhile: the cell's version is stale */
      execute(
        "update tags set name = 'ops-team', updated_at = '2030-01-01 00:00:00' where name = 'operations'"
      )
      await renamed.fill('platform')
      await renamed.press('Enter')
      await page.getByRole('alert').filter({ hasText: 'changed by someone else' }).waitFor()
      assert.deepEqual(rows("select name from tags where name in ('platform', 'ops-team')"), [
        { name: 'ops-team' },
      ])
    })

    test('view page: infolist, sub-navigation, widgets', async ({ assert }) => {
      await page.goto(`${BASE}/admin/posts/1`)
      /* the view page is headed by the record title */
      const [post] = rows<{ title: string }>('select title from posts where id = 1')
      await page.getByRole('heading', { level: 1, name: post.title, exact: true }).waitFor()
      assert.equal(await page.title(), `${post.title} · Posts${TITLE}`)
      const subnav = page.getByRole('navigation', { name: 'Record pages' })
      const active = subnav.locator('[aria-current="page"]')
      assert.equal(await active.innerText(), 'View')
      assert.equal(await active.evaluate((element) => element.tagName), 'SPAN')
      assert.deepEqual(await subnav.getByRole('link').allInnerTexts(), ['Edit', 'Tags'])
      const entries = await page.locator('.kit-infolist dt').allInnerTexts()
      assert.deepEqual(entries, ['Title', 'Status', 'Author', 'Featured', 'Published on', 'Body'])
      assert.equal(await page.locator('.kit-infolist dd').nth(3).innerText(), 'Yes')
      /* the list's stats belong to the list: not repeated on the view page */
      assert.equal(await page.getByRole('region', { name: 'Summary' }).count(), 0)
      /* the header's Edit button opens the edit page (the user may edit) */
      assert.equal(
        await page
          .locator('.kit-header-actions')
          .getByRole('link', { name: 'Edit' })
          .getAttribute('href'),
        '/admin/posts/1/edit'
      )
      /* read-only relation managers on the view page: no create, attach or row actions */
      assert.equal(await page.getByRole('tab', { name: 'Comments' }).count(), 1)
      assert.equal(await page.getByRole('button', { name: /^Add to/ }).count(), 0)
      assert.deepEqual(await audit(page), [])
    })

    test('simple resource: create in a modal with a many-to-many remote select', async ({
      assert,
    }) => {
      await page.goto(`${BASE}/admin/tags`)
      await page.getByRole('button', { name: 'New tag' }).click()
      const dialog = page.getByRole('dialog', { name: 'New tag' })
      await dialog.waitFor()
      assert.deepEqual(await audit(page), [])
      await dialog.getByRole('button', { name: 'Create' }).click()
      const name = dialog.getByLabel('Name')
      await page.waitForFunction(() =>
        document.querySelector('[role="dialog"] [aria-invalid="true"]')
      )
      assert.equal(await name.getAttribute('aria-invalid'), 'true')
      assert.lengthOf(rows("select id from tags where name = 'performance'"), 0)

      await name.fill('performance')
      const posts = dialog.getByRole('combobox', { name: 'Posts' })
      await posts.fill('ca')
      const option = dialog.getByRole('option', { name: 'Caching strategies' })
      await option.waitFor()
      await posts.press('ArrowDown')
      await posts.press('Enter')
      await dialog
        .getByRole('list', { name: 'Chosen posts' })
        .getByText('Caching strategies')
        .waitFor()
      await posts.fill('scal')
      await dialog.getByRole('option', { name: 'Pagination that scales' }).click()
      await dialog.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Tag "performance" created').waitFor()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      assert.deepEqual(
        rows(
          `select p.title from post_tag pt join posts p on p.id = pt.post_id join tags t on t.id = pt.tag_id
           where t.name = 'performance' order by p.title`
        ),
        [{ title: 'Caching strategies' }, { title: 'Pagination that scales' }]
      )
    })

    test('simple resource: edit in a modal', async ({ assert }) => {
      await page.getByRole('link', { name: 'Edit performance' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit tag' })
      await dialog.waitFor()
      assert.equal(await dialog.getByLabel('Name').inputValue(), 'performance')
      await dialog.getByRole('button', { name: 'Remove Caching strategies' }).click()
      await dialog.getByLabel('Name').fill('speed')
      await dialog.getByRole('button', { name: 'Save changes' }).click()
      await page.getByText('Tag "speed" saved').waitFor()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      assert.deepEqual(
        rows(
          `select p.title from post_tag pt join posts p on p.id = pt.post_id join tags t on t.id = pt.tag_id
           where t.name = 'speed'`
        ),
        [{ title: 'Pagination that scales' }]
      )
    })

    test('relation group: keyboard navigation', async ({ assert }) => {
      await page.goto(`${BASE}/admin/posts/1/edit`)
      const comments = page.getByRole('tab', { name: 'Comments' })
      const tags = page.getByRole('tab', { name: 'Tags' })
      assert.equal(await comments.getAttribute('aria-selected'), 'true')
      assert.equal(await tags.getAttribute('tabindex'), '-1')
      assert.equal(await page.getByRole('tabpanel').count(), 1)
      assert.deepEqual(await audit(page), [])
      /* the selection follows the focus (Ark UI Tabs re-renders after the key) */
      const chosen = (name: string) => page.getByRole('tab', { name, selected: true }).waitFor()
      await comments.focus()
      await page.keyboard.press('ArrowRight')
      await chosen('Tags')
      assert.isTrue(await tags.evaluate((element) => element === document.activeElement))
      /* one panel, the chosen tab's (the previous one may still be leaving) */
      const onePanel = (tabId: string | null) =>
        page.waitForFunction((id) => {
          const panels = document.querySelectorAll('[role="tabpanel"]')
          return (
            panels.length === 1 && (id === null || panels[0].getAttribute('aria-labelledby') === id)
          )
        }, tabId)
      await onePanel(await tags.getAttribute('id'))
      await page.keyboard.press('ArrowRight')
      await chosen('Comments')
      await page.keyboard.press('End')
      await chosen('Tags')
      await page.keyboard.press('Home')
      await chosen('Comments')
      assert.isTrue(await comments.evaluate((element) => element === document.activeElement))
      await page.keyboard.press('ArrowLeft')
      await chosen('Tags')
      await onePanel(await tags.getAttribute('id'))
    })

    test('relation attach', async ({ assert }) => {
      const panel = page.getByRole('tabpanel')
      assert.deepEqual(await panel.locator('tbody td:first-child').allInnerTexts(), ['adonisjs'])
      await panel.getByRole('button', { name: 'Attach to tags' }).click()
      const chooser = panel.getByRole('combobox', { name: 'Tag' })
      assert.deepEqual(await audit(page), [])
      await chooser.fill('se')
      await panel.getByRole('option', { name: 'security' }).click()
      await panel.getByRole('button', { name: 'Attach', exact: true }).click()
      await page.getByText('Tags: "security" attached').waitFor()
      await page.waitForFunction(
        () => document.querySelectorAll('[role=tabpanel] tbody tr').length === 2
      )
      assert.deepEqual(await panel.locator('tbody td:first-child').allInnerTexts(), [
        'adonisjs',
        'security',
      ])
      assert.equal(
        await page.getByRole('tab', { name: 'Tags' }).getAttribute('aria-selected'),
        'true'
      )
      assert.deepEqual(
        rows(
          'select t.name from post_tag pt join tags t on t.id = pt.tag_id where pt.post_id = 1 order by t.name'
        ),
        [{ name: 'adonisjs' }, { name: 'security' }]
      )
    })

    test('saving the owner form after an attach never detaches what was attached', async ({
      assert,
    }) => {
      const chosen = () =>
        page
          .getByRole('list', { name: 'Chosen tags' })
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ''))
      /* the owner form took the attach in */
      await page
        .getByRole('list', { name: 'Chosen tags' })
        .getByText('security', { exact: true })
        .waitFor()
      assert.sameMembers(await chosen(), ['adonisjs', 'security'])

      /* another window attaches a tag meanwhile: this form does not know it */
      execute(
        "insert into post_tag (post_id, tag_id) select 1, id from tags where name = 'testing'"
      )
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.status() < 400
      )
      await page.getByRole('button', { name: 'Save changes' }).click()
      await saved
      await ready()
      assert.deepEqual(
        rows(
          'select t.name from post_tag pt join tags t on t.id = pt.tag_id where pt.post_id = 1 order by t.name'
        ),
        [{ name: 'adonisjs' }, { name: 'security' }, { name: 'testing' }]
      )
      execute(
        "delete from post_tag where post_id = 1 and tag_id = (select id from tags where name = 'testing')"
      )
    })

    test('relation create: a comment (a validation error, then success)', async ({ assert }) => {
      await page.getByRole('tab', { name: 'Comments' }).click()
      const panel = page.getByRole('tabpanel')
      await panel.getByRole('button', { name: 'Add to comments' }).click()
      await panel.getByRole('button', { name: 'Create' }).click()
      await page.waitForFunction(() =>
        document.querySelector('[role=tabpanel] [aria-invalid="true"]')
      )
      assert.equal(await panel.getByLabel('Written by').getAttribute('aria-invalid'), 'true')
      /* the errors of the manager's form are not shown on the owner's form */
      const ownerForm = page.locator('form.kit-form').first()
      assert.equal(await ownerForm.locator('[aria-invalid="true"]').count(), 0)
      assert.isNull(await page.getByLabel('Body', { exact: true }).getAttribute('aria-invalid'))
      assert.deepEqual(rows('select count(*) as total from comments where post_id = 1'), [
        { total: 2 },
      ])
      await panel.getByLabel('Written by').fill('Barbara')
      await panel.getByRole('textbox', { name: 'Comment', exact: true }).fill('Clear and short.')
      await panel.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Comments: "Clear and short." created').waitFor()
      await page.waitForFunction(
        () => document.querySelectorAll('[role=tabpanel] tbody tr').length === 3
      )
      assert.deepEqual(
        rows('select author_name, body from comments where post_id = 1 order by id desc limit 1'),
        [{ author_name: 'Barbara', body: 'Clear and short.' }]
      )
    })

    test('a relation manager on a page of its own (ManageRelatedRecords)', async ({ assert }) => {
      await page.goto(`${BASE}/admin/posts/1`)
      await page
        .getByRole('navigation', { name: 'Record pages' })
        .getByRole('link', { name: 'Tags' })
        .click()
      await page.waitForURL(`${BASE}/admin/posts/1/tags`)
      const region = page.locator('.kit-relation')
      await region.getByRole('heading', { name: 'Tags' }).waitFor()
      const attached = rows<{ name: string }>(
        'select t.name from post_tag pt join tags t on t.id = pt.tag_id where pt.post_id = 1 order by t.name'
      ).map((row) => row.name)
      assert.deepEqual(await region.locator('tbody td:first-child').allInnerTexts(), attached)
      assert.deepEqual(await audit(page), [])
      await region.getByRole('button', { name: 'Detach security' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Detach' }).click()
      await page.getByText('Tags: "security" detached').waitFor()
      assert.deepEqual(
        rows(
          'select t.name from post_tag pt join tags t on t.id = pt.tag_id where pt.post_id = 1 order by t.name'
        ),
        [{ name: 'adonisjs' }]
      )
    })

    test('global search: results grouped by resource, chosen by keyboard', async ({ assert }) => {
      await page.goto(`${BASE}/admin/posts`)
      const box = page.getByRole('combobox', { name: 'Search everything' })
      await box.fill('lov')
      const results = page.getByRole('listbox', { name: 'Search everything' })
      await results.getByRole('option', { name: 'Ada Lovelace' }).waitFor()
      /* posts match on their author too; every result is a record the editor may open */
      const groups = await results
        .getByRole('group')
        .evaluateAll((elements) =>
          elements.map(
            (element) =>
              document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent
          )
        )
      assert.deepEqual(groups, ['Posts', 'Authors'])
      assert.deepEqual(await audit(page), [])
      const [ada] = rows<{ id: number }>("select id from authors where name = 'Ada Lovelace'")
      const postOptions = await results
        .getByRole('group', { name: 'Posts' })
        .getByRole('option')
        .count()
      for (let step = 0; step <= postOptions; step++) await box.press('ArrowDown')
      assert.equal(
        await box.getAttribute('aria-activedescendant'),
        await results.getByRole('option', { name: 'Ada Lovelace' }).getAttribute('id')
      )
      await box.press('Enter')
      await page.waitForURL(`${BASE}/admin/authors/${ada.id}/edit`)
    })

    test('nested resource: the comments of one post', async ({ assert }) => {
      await page.goto(`${BASE}/admin/posts?search=Getting+started`)
      /* a fourth row action: in the row's "More actions" menu */
      await page
        .getByRole('button', { name: 'More actions for Getting started with AdonisJS' })
        .click()
      await page.getByRole('menuitem', { name: 'Comments' }).click()
      await page.waitForURL(`${BASE}/admin/posts/1/comments`)
      await ready()
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
      assert.equal(
        await breadcrumb.getByRole('link', { name: 'Getting started with AdonisJS' }).count(),
        1
      )
      /* only this post's comments, read through the post, grouped by author */
      const expected = rows<{ author_name: string }>(
        'select author_name from comments where post_id = 1 order by author_name, id'
      ).map((row) => row.author_name)
      assert.deepEqual(
        await page
          .locator('.kit-table tbody tr:not(.kit-group-row) td:nth-child(3)')
          .allInnerTexts(),
        expected
      )
      const [all] = rows<{ total: number }>('select count(*) as total from comments')
      assert.isAbove(all.total, expected.length)
      assert.include(
        await page.locator('.kit-pagination').innerText(),
        `(${expected.length} records)`
      )
      assert.deepEqual(await audit(page), [])

      const [first] = rows<{ id: number }>('select id from comments where post_id = 1 order by id')
      await page.getByRole('link', { name: `Edit Comment #${first.id}`, exact: true }).click()
      await page.waitForURL(`${BASE}/admin/posts/1/comments/${first.id}/edit`)
      await page.getByLabel('Written by').fill('Linus T.')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await page.getByText(/saved/).waitFor()
      assert.deepEqual(rows('select author_name, post_id from comments where id = ?', first.id), [
        { author_name: 'Linus T.', post_id: 1 },
      ])
      assert.deepEqual(await audit(page), [])
    })

    test('tenant-scoped resource: the projects of one team', async ({ assert }) => {
      await page.goto(`${BASE}/acme/workspace/projects`)
      const names = () => page.locator('.kit-table tbody tr td:first-child').allInnerTexts()
      const acme = rows<{ name: string }>(
        "select p.name from projects p join teams t on t.id = p.team_id where t.slug = 'acme' order by p.id"
      ).map((row) => row.name)
      assert.deepEqual(await names(), acme)
      assert.deepEqual(await audit(page), [])

      /* the team's key comes from the URL's tenant, never from the form */
      await page.getByRole('link', { name: 'New project' }).click()
      await page.waitForURL(`${BASE}/acme/workspace/projects/create`)
      await page.getByLabel('Name').fill('Design system')
      /* Status (Ark Select) by mouse */
      await page.getByRole('combobox', { name: 'Status' }).click()
      await page.getByRole('option', { name: 'Active' }).click()
      await page.getByRole('button', { name: 'Create' }).click()
      await page.waitForURL(/\/acme\/workspace\/projects\/\d+\/edit/)
      assert.deepEqual(
        rows(
          "select t.slug from projects p join teams t on t.id = p.team_id where p.name = 'Design system'"
        ),
        [{ slug: 'acme' }]
      )

      /* a team the editor does not belong to does not exist for them */
      const response = await page.goto(`${BASE}/globex/workspace/projects`)
      assert.equal(response?.status(), 404)
      assert.notInclude(await page.locator('body').innerText(), 'Globex secret plan')
    })
  })
}
