import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { BASE, audit, launch, reseed, rows, signedIn } from './helpers.ts'

/**
 * Holds the page's requests of the chunks whose file name starts with
 * `name` (the pickers loaded on demand) until the returned function is
 * called.
 */
async function hold(page: Page, name: string) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(new RegExp(`/${name}-[\\w-]+\\.js$`), async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * The Ark UI field widgets, driven by keyboard and by mouse in both
 * renderers, with the saved rows read back from the database: tags for a
 * many-to-many select, the date picker's calendar, the Toggle switch, and
 * the global search (Ctrl+K, then a click on a result).
 */
for (const renderer of ['react', 'vue'] as const) {
  test.group(`Field widgets with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('tags, a calendar date and a switch, by keyboard and mouse; the row is saved', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      const tagsOf = () =>
        rows<{ name: string }>(
          'select t.name from post_tag pt join tags t on t.id = pt.tag_id where pt.post_id = 2 order by t.name'
        ).map((row) => row.name)
      const before = tagsOf()
      const candidates = rows<{ name: string }>('select name from tags order by name')
        .map((row) => row.name)
        .filter((name) => !before.includes(name))
      const [byKeyboard, byMouse] = candidates
      const [post] = rows<{ is_featured: number }>('select is_featured from posts where id = 2')

      await page.goto(`${BASE}/admin/posts/2/edit`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      const chosen = page.getByRole('list', { name: 'Chosen tags' })

      /* a tag by keyboard: type, Arrow Down, Enter */
      const tags = page.getByRole('combobox', { name: 'Tags', exact: true })
      await tags.fill(byKeyboard.slice(0, 3))
      await page.getByRole('option', { name: byKeyboard, exact: true }).waitFor()
      await tags.press('ArrowDown')
      await tags.press('Enter')
      await chosen.getByText(byKeyboard, { exact: true }).waitFor()
      /* a tag by mouse: type, click the option */
      await tags.fill(byMouse.slice(0, 3))
      await page.getByRole('option', { name: byMouse, exact: true }).click()
      await chosen.getByText(byMouse, { exact: true }).waitFor()
      /* Backspace in the empty input removes the last tag; a click puts it back */
      await tags.fill('')
      await tags.press('Backspace')
      await chosen.getByText(byMouse, { exact: true }).waitFor({ state: 'detached' })
      await tags.fill(byMouse.slice(0, 3))
      await page.getByRole('option', { name: byMouse, exact: true }).click()
      await chosen.getByText(byMouse, { exact: true }).waitFor()

      /* a date from the calendar, by mouse: open it, next month, the 15th */
      await page.getByRole('button', { name: 'Pick a date' }).click()
      await page.getByRole('button', { name: 'Next month' }).click()
      await page.locator('.kit-date-day:not([data-outside-range])', { hasText: /^15$/ }).click()
      const date = page.getByLabel('Published on')
      const picked = await date.inputValue()
      assert.match(picked, /^\d{4}-\d{2}-15$/)

      /* the switch, by mouse */
      const featured = page.getByRole('switch', { name: 'Featured' })
      assert.equal(await featured.isChecked(), Boolean(post.is_featured))
      await page.locator('.kit-field-toggle .kit-switch-control').click()
      assert.equal(await featured.isChecked(), !post.is_featured)
      assert.deepEqual(await audit(page), [])

      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.status() < 400
      )
      await page.getByRole('button', { name: 'Save changes' }).click()
      await saved
      await page.getByText(/saved/).first().waitFor()
      assert.sameMembers(tagsOf(), [...before, byKeyboard, byMouse])
      const [after] = rows<{ published_on: string; is_featured: number }>(
        'select published_on, is_featured from posts where id = 2'
      )
      assert.match(String(after.published_on), new RegExp(`^${picked}`))
      assert.equal(Boolean(after.is_featured), !post.is_featured)
      await page.context().close()
    })

    test('a date typed, then emptied: the empty value is saved', async ({ assert }) => {
      const page = await signedIn(browser, { renderer })
      await page.goto(`${BASE}/admin/posts/3/edit`)
      const date = page.getByLabel('Published on')
      await date.fill('2026-04-30')
      await date.press('Enter')
      assert.equal(await date.inputValue(), '2026-04-30')
      let saved = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.status() < 400
      )
      await page.getByRole('button', { name: 'Save changes' }).click()
      await saved
      await page.getByText(/saved/).first().waitFor()
      assert.match(
        String(rows<{ d: string }>('select published_on as d from posts where id = 3')[0].d),
        /^2026-04-30/
      )
      await date.fill('')
      saved = page.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.status() < 400
      )
      await page.getByRole('button', { name: 'Save changes' }).click()
      await saved
      await page.waitForLoadState('networkidle')
      assert.deepEqual(rows('select published_on from posts where id = 3'), [
        { published_on: null },
      ])
      await page.context().close()
    })

    test('a date typed at machine speed: the input never shows the previous date, no key is lost, a date typed again is saved', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/admin/posts/3/edit`)
        await page.getByRole('button', { name: 'Pick a date' }).waitFor()
        const date = page.getByLabel('Published on')
        const save = async () => {
          const saved = page.waitForResponse(
            (response) => response.request().method() === 'PATCH' && response.status() < 400
          )
          await page.getByRole('button', { name: 'Save changes' }).click()
          await saved
          await page.waitForLoadState('networkidle')
          const [row] = rows<{ d: string | null }>(
            'select published_on as d from posts where id = 3'
          )
          return row.d === null ? null : String(row.d).slice(0, 10)
        }
        /* typed and committed at once: the input shows the new date at once */
        for (const day of ['2026-04-30', '2026-05-01', '2026-04-30']) {
          await date.fill(day)
          await date.press('Enter')
          assert.equal(await date.inputValue(), day, `${day} shown right after Enter`)
        }
        assert.equal(await save(), '2026-04-30')
        /* emptied, then typed key by key at once: every key kept; the same date is sent again */
        await date.fill('')
        await date.pressSequentially('2026-04-30')
        assert.equal(await date.inputValue(), '2026-04-30', 'no key lost')
        await date.press('Enter')
        assert.equal(await date.inputValue(), '2026-04-30')
        assert.equal(await save(), '2026-04-30')
        /* emptied and left: the picker lets its date go, so the same date typed later is sent */
        await date.fill('')
        await page.keyboard.press('Tab')
        await date.focus()
        await date.pressSequentially('2026-04-30')
        await page.keyboard.press('Tab')
        assert.equal(await date.inputValue(), '2026-04-30')
        assert.equal(await save(), '2026-04-30')
        /* emptied and saved: no date */
        await date.fill('')
        await page.keyboard.press('Tab')
        assert.equal(await date.inputValue(), '')
        assert.isNull(await save())
      } finally {
        await page.context().close()
      }
    }).timeout(60_000)

    test('while the date and color pickers load, plain inputs stand in: typed values are kept and saved', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      let patches = 0
      page.on('request', (request) => {
        if (request.method() === 'PATCH') patches++
      })
      const saveAndWait = async () => {
        const saved = page.waitForResponse(
          (response) => response.request().method() === 'PATCH' && response.status() < 400
        )
        await page.getByRole('button', { name: 'Save changes' }).click()
        await saved
        await page.waitForLoadState('networkidle')
      }

      /* the date picker's chunk held: the fallback input takes a typed date */
      const releaseDate = await hold(page, 'date_field')
      await page.goto(`${BASE}/admin/posts/4/edit`)
      const date = page.getByLabel('Published on')
      await date.waitFor()
      assert.equal(await page.locator('.kit-date-field[aria-busy="true"]').count(), 1)
      assert.equal(await page.getByRole('button', { name: 'Pick a date' }).count(), 0)
      assert.equal(await date.getAttribute('placeholder'), 'yyyy-mm-dd')
      await date.fill('2026-02-03')
      await date.press('Enter')
      assert.equal(patches, 0, 'Enter in the fallback does not submit the form')
      assert.deepEqual(await audit(page), [])
      /* the picker takes over with the typed date */
      releaseDate()
      await page.getByRole('button', { name: 'Pick a date' }).waitFor()
      assert.equal(await page.locator('.kit-date-field[aria-busy]').count(), 0)
      assert.equal(await date.inputValue(), '2026-02-03')
      await saveAndWait()
      assert.match(
        String(rows<{ d: string }>('select published_on as d from posts where id = 4')[0].d),
        /^2026-02-03/
      )

      /* the color picker's chunk held: the fallback input takes a typed color */
      const [author] = rows<{ id: number }>('select id from authors order by id limit 1')
      const releaseColor = await hold(page, 'color_picker')
      await page.goto(`${BASE}/admin/authors/${author.id}/edit`)
      const color = page.locator('.kit-color-picker-input')
      await color.waitFor()
      assert.equal(await page.locator('.kit-color-picker[aria-busy="true"]').count(), 1)
      await color.fill('#00AA55')
      await color.press('Enter')
      assert.equal(patches, 1, 'Enter in the fallback does not submit the form')
      assert.deepEqual(await audit(page), [])
      releaseColor()
      await page.getByRole('button', { name: 'Pick a color' }).waitFor()
      const shown = await color.inputValue()
      assert.equal(shown.toLowerCase(), '#00aa55')
      await saveAndWait()
      assert.equal(
        rows<{ c: string }>('select accent_color as c from authors where id = ?', author.id)[0].c,
        '#00aa55'
      )
      await page.context().close()
    }).timeout(60_000)

    test('global search: Ctrl+K focuses it, a click on a result opens the record', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      await page.keyboard.press('ControlOrMeta+k')
      const box = page.getByRole('combobox', { name: 'Search everything' })
      assert.isTrue(await box.evaluate((element) => element === document.activeElement))
      await page.keyboard.type('grace')
      const [grace] = rows<{ id: number }>("select id from authors where name = 'Grace Hopper'")
      await page.getByRole('option', { name: 'Grace Hopper' }).click()
      await page.waitForURL(`${BASE}/admin/authors/${grace.id}/edit`)
      /* Escape closes the list without leaving the page */
      await page.keyboard.press('ControlOrMeta+k')
      await page.keyboard.type('lov')
      await page.getByRole('option', { name: 'Ada Lovelace' }).waitFor()
      await page.keyboard.press('Escape')
      await page.getByRole('listbox', { name: 'Search everything' }).waitFor({ state: 'hidden' })
      assert.equal(page.url(), `${BASE}/admin/authors/${grace.id}/edit`)
      await page.context().close()
    })
  })
}
