import { test } from '@japa/runner'
import type { Browser, Page } from 'playwright-core'
import { en } from '../../../src/i18n/en.ts'
import { fr } from '../../../src/i18n/fr.ts'
import { BASE, launch, openFilters, reseed, rows, signedIn } from './helpers.ts'

/**
 * Every page of the French panel (/gestion): lists, create, view and edit
 * pages, the tags page and a record sub-page.
 */
const FRENCH_PAGES = [
  '/gestion/profile',
  '/gestion/authors',
  '/gestion/authors/create',
  '/gestion/authors/1',
  '/gestion/authors/1/edit',
  '/gestion/tags',
  '/gestion/posts',
  '/gestion/posts/create',
  '/gestion/posts/2',
  '/gestion/posts/2/edit',
  '/gestion/posts/2/tags',
  '/gestion/authors/1/history',
  '/gestion/_activity',
  '/gestion/documents',
  '/gestion/documents/create',
  '/gestion/documents/1',
  '/gestion/documents/1/edit',
]

/**
 * The kit's English words that must not show on a French page: every
 * message of the English catalog that French says otherwise, as it reads
 * once its placeholders are filled (the text around them), and the default
 * labels of filters and bulk actions.
 */
const ENGLISH_PHRASES = [
  ...new Set(
    (Object.keys(en) as (keyof typeof en)[])
      .filter((key) => en[key] !== fr[key] && !en[key].includes(', plural,'))
      .flatMap((key) => en[key].split(/\{\w+\}/))
      .map((part) => part.replace(/^[\s"“”:.,()#?-]+|[\s"“”:.,()#?-]+$/g, ''))
      /* a phrase of a few letters could be a part of a word or of the data */
      .filter((part) => part.length >= 4 && /[a-z]/.test(part))
  ),
]

/**
 * Application data and names that are the same in both languages (seeded
 * post titles and bodies, people's names, URLs).
 */
const DATA_ALLOWLIST = new Set([
  'Markdown',
  'Options',
  'Message',
  'Action',
  'Actions',
  'Navigation',
  'Date',
  'Accent',
  'Code',
  'Site',
  'Sponsor',
  'Regular',
  'Guest',
  'Technology',
  'Design',
  'Travel',
  'Important',
  'Question',
  'Page',
  'Valeur',
  /* the same word in French */
  'Saturation',
])

/**
 * The demo's own English words that its resources declare in French too
 * (post statuses, the related-content group): none of them may show on a
 * French page, in a cell, a badge, a filter or a title.
 */
const DEMO_ENGLISH = [
  'Draft',
  'In review',
  'Published',
  'Related content',
  'Comments and tags of this post',
]

/**
 * Everything a French page shows, its records' cells included.
 */
const allWords = (page: Page) => page.evaluate(() => document.body.innerText.replace(/\s+/g, ' '))

/**
 * What a French page shows and says: its text (dialogs and toasts
 * included, outside the page's own element), its accessible names,
 * placeholders and titles; without the seeded records' own text (their
 * cells, titles and field values are data).
 */
const pageWords = (page: Page) =>
  page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement
    copy
      .querySelectorAll(
        'script, style, .kit-table tbody td:not(.kit-empty), .kit-entry-value, .kit-infolist dd, textarea, [contenteditable], .kit-page h1, .kit-breadcrumbs li:last-child, .kit-rich-text, .kit-markdown-preview'
      )
      .forEach((element) => element.remove())
    const attributes = [...copy.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap(
      (element) => [
        element.getAttribute('aria-label') ?? '',
        element.getAttribute('placeholder') ?? '',
        element.getAttribute('title') ?? '',
      ]
    )
    return [copy.textContent ?? '', ...attributes].join(' | ').replace(/\s+/g, ' ')
  })

/**
 * The kit's English phrases found in a text (whole words, case as written).
 */
function englishIn(text: string): string[] {
  return ENGLISH_PHRASES.filter(
    (phrase) =>
      !DATA_ALLOWLIST.has(phrase) &&
      new RegExp(
        `(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`,
        'u'
      ).test(text)
  )
}

/** The ring color of an element (Tailwind draws the border as a box shadow) */
const ringOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).boxShadow)

for (const renderer of ['react', 'vue'] as const) {
  test.group(`The French panel with the ${renderer} renderer`, (group) => {
    let browser: Browser

    group.setup(async () => {
      reseed()
      browser = await launch()
      return () => browser.close()
    })

    test('no English word of the kit on any French page', async ({ assert }) => {
      assert.isAbove(ENGLISH_PHRASES.length, 200, 'the catalog yields the phrases to look for')
      const page = await signedIn(browser, { renderer })
      try {
        for (const path of FRENCH_PAGES) {
          await page.goto(`${BASE}${path}`)
          await page.getByRole('heading', { level: 1 }).waitFor()
          /* the filters' words too: they open from their button */
          if (await page.getByRole('button', { name: /^Filtres\b/ }).count()) {
            await openFilters(page)
          }
          assert.deepEqual(englishIn(await pageWords(page)), [], path)
          const shown = await allWords(page)
          assert.deepEqual(
            DEMO_ENGLISH.filter((phrase) => new RegExp(`\\b${phrase}\\b`).test(shown)),
            [],
            path
          )
        }
        /* the French labels the resources declare: options, badges, the relation group */
        await page.goto(`${BASE}/gestion/posts/2/edit`)
        await page.getByRole('heading', { level: 2, name: 'Contenu associé' }).waitFor()
        await page.goto(`${BASE}/gestion/posts`)
        const badges = await page.locator('.kit-table tbody .kit-badge').allInnerTexts()
        assert.includeMembers(badges, ['Brouillon', 'Publié'])
        const headers = await page.locator('.kit-table thead th').allInnerTexts()
        for (const label of ['Titre', 'Auteur', 'Statut', 'À la une']) {
          assert.include(headers.join(' | '), label)
        }
        assert.equal(
          await page.getByRole('heading', { level: 1 }).innerText(),
          'Articles',
          'the plural label in French'
        )
        /* the filters' default words, the tabs and the widget: French, and no short English word */
        await openFilters(page)
        const toolbar = await page.locator('.kit-page').innerText()
        for (const word of ['Tous', 'Du', 'Au', 'Éléments supprimés', 'Brouillons', 'Publiés']) {
          assert.include(toolbar, word)
        }
        for (const word of ['All', 'Yes', 'No', 'From', 'Until', 'Trashed', 'Drafts', 'Posts']) {
          assert.notMatch(toolbar, new RegExp(`\\b${word}\\b`), word)
        }
      } finally {
        await page.context().close()
      }
    }).timeout(180_000)

    test('a bulk delete asks in French, in red, and answers a French sentence', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        const before = rows<{ n: number }>(
          'select count(*) as n from posts where deleted_at is null'
        )[0].n
        await page.goto(`${BASE}/gestion/posts`)
        await page.locator('.kit-table tbody tr').first().waitFor()
        const boxes = page.locator('.kit-table tbody tr').getByRole('checkbox')
        await boxes.nth(0).press('Space')
        await boxes.nth(1).press('Space')
        await page
          .getByRole('region', { name: 'Actions groupées' })
          .getByRole('button', { name: 'Supprimer', exact: true })
          .click()
        const dialog = page.getByRole('dialog')
        await dialog.getByText('Supprimer 2 articles ?').waitFor()
        const confirm = dialog.getByRole('button', { name: 'Supprimer', exact: true })
        assert.match((await confirm.getAttribute('class')) ?? '', /kit-color-red/)
        /* red, not the primary color: the button's background is a red */
        const background = await confirm.evaluate(
          (element) => getComputedStyle(element).backgroundColor
        )
        const [l, c, h] = background.match(/[\d.]+/g)!.map(Number)
        assert.match(background, /^oklch\(/, 'the theme colors are oklch')
        assert.isBelow(l, 0.7, `a dark enough red (${background})`)
        assert.isAbove(c, 0.15, `a saturated color (${background})`)
        assert.isTrue(h < 40 || h > 350, `a red hue (${background})`)
        assert.deepEqual(englishIn(await pageWords(page)), [], 'the dialog')
        await page.screenshot({ path: `/tmp/words-dialog-${renderer}.png` })

        await confirm.click()
        const toast = page.locator('.kit-toast').filter({ hasText: '2 articles supprimés.' })
        await toast.waitFor()
        assert.deepEqual(englishIn(await toast.innerText()), [], 'the toast')
        assert.equal(
          rows<{ n: number }>('select count(*) as n from posts where deleted_at is null')[0].n,
          before - 2
        )
      } finally {
        await page.context().close()
      }
    }).timeout(120_000)

    test('a search that finds nothing offers to clear it, with a neutral icon', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/gestion/posts`)
        const first = page.locator('.kit-table tbody tr').first()
        await first.waitFor()
        const search = page.getByRole('searchbox').first()
        await search.fill('zzzz-nothing-matches')
        await search.press('Enter')
        const empty = page.locator('.kit-empty')
        await empty.getByText('Aucun résultat parmi les articles pour cette recherche').waitFor()
        /* no create button, no X: a magnifying glass and a way back */
        assert.equal(await empty.getByRole('link').count(), 0)
        assert.deepEqual(englishIn(await pageWords(page)), [], 'the empty state')
        await page.screenshot({ path: `/tmp/words-empty-${renderer}.png` })
        await empty.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click()
        await page.locator('.kit-table tbody tr:not(:has(.kit-empty))').first().waitFor()
        assert.equal(await search.inputValue(), '')
        assert.notInclude(page.url(), 'zzzz')
      } finally {
        await page.context().close()
      }
    }).timeout(120_000)

    test('refused fields: French messages naming the label, red text inputs like the select', async ({
      assert,
    }) => {
      const page = await signedIn(browser, { renderer })
      try {
        await page.goto(`${BASE}/gestion/posts/create`)
        await page.getByRole('heading', { level: 1 }).waitFor()
        await page.getByLabel('Titre').fill('x')
        await page.getByRole('button', { name: 'Créer', exact: true }).click()
        await page.locator('.kit-field-error').first().waitFor()
        const errors = await page.locator('.kit-field-error').allInnerTexts()
        assert.include(errors.join(' '), 'Le champ Titre doit contenir au moins 3 caractères')
        assert.deepEqual(englishIn(await pageWords(page)), [], 'the refused form')
        /* the invalid text input's ring is the invalid select's red */
        const input = await ringOf(page, '.kit-form input[aria-invalid="true"]')
        const select = await ringOf(page, '.kit-select-trigger[aria-invalid="true"]')
        assert.equal(input, select)
        const grey = await ringOf(page, '.kit-form textarea:not([aria-invalid="true"])')
        assert.notEqual(input, grey, 'a field without an error keeps its grey ring')
        assert.equal(
          rows<{ n: number }>('select count(*) as n from posts where title = ?', 'x')[0].n,
          0
        )
      } finally {
        await page.context().close()
      }
    }).timeout(120_000)

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      for (const theme of ['light', 'dark'] as const) {
        test(`the delete dialog and the empty search, ${theme}, ${viewport.width}x${viewport.height}`, async ({
          assert,
        }) => {
          const page = await signedIn(browser, { renderer, viewport, theme, colorScheme: theme })
          try {
            await page.goto(`${BASE}/admin/posts?search=zzzz-nothing`)
            await page.locator('.kit-empty').getByText('No posts match your search').waitFor()
            await page.locator('.kit-empty').scrollIntoViewIfNeeded()
            await page.screenshot({
              path: `/tmp/words-empty-${renderer}-${theme}-${viewport.width}.png`,
            })
            await page.goto(`${BASE}/admin/posts`)
            await page.locator('.kit-table tbody tr').first().waitFor()
            const boxes = page.locator('.kit-table tbody tr').getByRole('checkbox')
            await boxes.nth(0).press('Space')
            await boxes.nth(1).press('Space')
            await page
              .getByRole('region', { name: 'Bulk actions' })
              .getByRole('button', { name: 'Delete', exact: true })
              .click()
            await page.getByRole('dialog').getByText('Delete 2 posts?').waitFor()
            await page.screenshot({
              path: `/tmp/words-dialog-${renderer}-${theme}-${viewport.width}.png`,
            })
            assert.equal(await page.getByRole('dialog').count(), 1)
          } finally {
            await page.context().close()
          }
        }).timeout(120_000)
      }
    }
  })
}
