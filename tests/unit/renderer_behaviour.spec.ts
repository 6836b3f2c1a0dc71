import { test } from '@japa/runner'
import {
  TOASTER_OPTIONS,
  UNSAVED_CHANGES,
  flashToast,
  hiddenColumns,
  isSearchShortcut,
  pageStatus,
  panelTitle,
  recordRange,
  selectAllMatchingLabel,
  selectionStatus,
  splitRowActions,
  tabBadge,
  storeHiddenColumns,
  warnBeforeLeaving,
} from '../../src/renderers/behaviour.ts'
import {
  DEFAULT_ICON,
  KIT_ICON_NAMES,
  actionIconName,
  iconName,
} from '../../src/renderers/icons.ts'
import {
  THEME_STORAGE_KEY,
  applyTheme,
  chooseTheme,
  prefersDark,
  storedTheme,
  themeScript,
} from '../../src/renderers/theme.ts'
import { kitText } from '../../src/renderers/text.ts'
import {
  formFilterValue,
  navigationSections,
  tableQuery,
  withTypedSearch,
  PendingTableChanges,
} from '../../src/renderers/shared.ts'
import { en } from '../../src/i18n/en.ts'
import { fr } from '../../src/i18n/fr.ts'

const english = kitText(en, 'en')
const french = kitText(fr, 'fr-FR')

/**
 * A browser-like global for one test: localStorage, matchMedia, the <html>
 * class list, confirm() and window listeners. Restored afterwards.
 */
function fakeBrowser(options: { systemDark?: boolean; confirm?: boolean } = {}) {
  const store = new Map<string, string>()
  const classes = new Set<string>()
  const listeners = new Map<string, (event: any) => void>()
  const questions: string[] = []
  const fake = {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    },
    matchMedia: () => ({
      matches: !!options.systemDark,
      addEventListener() {},
      removeEventListener() {},
    }),
    document: {
      documentElement: {
        classList: {
          toggle: (name: string, force: boolean) =>
            void (force ? classes.add(name) : classes.delete(name)),
          contains: (name: string) => classes.has(name),
        },
      },
    },
    location: { href: 'http://app.test/admin/posts/1/edit', pathname: '/admin/posts/1/edit' },
    confirm: (message: string) => {
      questions.push(message)
      return options.confirm ?? false
    },
    addEventListener: (type: string, listener: (event: any) => void) =>
      listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  }
  const saved = new Map<string, PropertyDescriptor | undefined>()
  for (const key of Object.keys(fake)) {
    saved.set(key, Object.getOwnPropertyDescriptor(globalThis, key))
    Object.defineProperty(globalThis, key, {
      value: (fake as any)[key],
      configurable: true,
      writable: true,
    })
  }
  const restore = () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor)
      else delete (globalThis as any)[key]
    }
  }
  return { store, classes, listeners, questions, restore }
}

test.group('Renderers | icons', () => {
  test('an icon name in any accepted spelling maps to the kebab name', ({ assert }) => {
    assert.equal(iconName('heroicon-o-document-text'), 'document-text')
    assert.equal(iconName('heroicon-s-users'), 'users')
    assert.equal(iconName('document-text'), 'document-text')
    assert.equal(iconName('DocumentTextIcon'), 'document-text')
    assert.equal(iconName('Cog6ToothIcon'), 'cog-6-tooth')
    assert.equal(iconName('Squares2X2Icon'), 'squares-2x2')
  })

  test('an unknown name, or none, draws the default icon', ({ assert }) => {
    assert.equal(iconName('heroicon-o-not-an-icon'), DEFAULT_ICON)
    assert.equal(iconName(null), DEFAULT_ICON)
    assert.equal(iconName(''), DEFAULT_ICON)
    assert.include(KIT_ICON_NAMES, DEFAULT_ICON)
  })

  test('row actions with a known name get an icon', ({ assert }) => {
    assert.equal(actionIconName('edit'), 'pencil-square')
    assert.equal(actionIconName('forceDelete'), 'trash')
    assert.equal(actionIconName('restore'), 'arrow-uturn-left')
    assert.isNull(actionIconName('publish'))
  })
})

test.group('Renderers | behaviour', () => {
  test('the record range of a page', ({ assert }) => {
    const page = { perPage: 10, perPageOptions: [10, 25], total: 24, lastPage: 3 }
    assert.equal(recordRange({ ...page, page: 1 }, english), 'Showing 1 to 10 of 24')
    assert.equal(recordRange({ ...page, page: 3 }, english), 'Showing 21 to 24 of 24')
    assert.equal(recordRange({ ...page, page: 1, total: 0, lastPage: 0 }, english), 'No records')
    assert.equal(recordRange({ ...page, page: 3 }, french), '21 à 24 sur 24')
    /* without strings, the keys show */
    assert.equal(recordRange({ ...page, page: 1, total: 0, lastPage: 0 }), 'pagination.none')
    /* estimated totals are approximate; simple pagination has none */
    assert.equal(
      recordRange({ ...page, page: 1, count: 'estimate' }, english),
      'Showing 1 to 10 of about 24'
    )
    assert.equal(recordRange({ ...page, page: 2, count: 'none' }, french), '11 à 20')
    /* large estimates read in words; a lower bound shows what is known */
    const large = { ...page, total: 1_234_567, lastPage: 123_457 }
    assert.equal(
      recordRange({ ...large, page: 1, count: 'estimate' }, english),
      'Showing 1 to 10 of about 1.2 million'
    )
    assert.equal(
      recordRange({ ...large, page: 1, count: 'estimate' }, french),
      '1 à 10 sur environ 1,2 million'
    )
    const bounded = { ...page, total: 10_000, lastPage: 1000, count: 'atLeast' as const }
    assert.equal(recordRange({ ...bounded, page: 1 }, english), 'Showing 1 to 10 of 10,000+')
    assert.equal(recordRange({ ...bounded, page: 1 }, french), '1 à 10 sur au moins 10\u202f000')
    assert.equal(
      pageStatus({ ...large, page: 2, count: 'estimate' }, english),
      'Page 2 of about 123,457 (about 1,234,567 records)'
    )
    assert.equal(
      pageStatus({ ...bounded, page: 3 }, french),
      'Page 3 (au moins 10\u202f000 enregistrements)'
    )
    assert.equal(
      pageStatus({ ...page, total: 1, lastPage: 1, page: 1, count: 'atLeast' }, english),
      'Page 1 (at least 1 record)'
    )
  })

  test('a selection of every matching record names no number it does not know', ({ assert }) => {
    const exact = { page: 1, perPage: 10, perPageOptions: [10], total: 24, lastPage: 3 }
    const estimated = { ...exact, total: 1_234_567, count: 'estimate' as const }
    const all = { allMatching: true, except: [] as unknown[] }
    assert.equal(selectAllMatchingLabel(exact, english), 'Select all 24 matching records')
    assert.equal(selectAllMatchingLabel(estimated, english), 'Select all matching records')
    assert.equal(
      selectionStatus(exact, all, 24, english),
      '24 records selected (all matching records)'
    )
    assert.equal(selectionStatus(estimated, all, 0, english), 'All matching records selected')
    assert.equal(
      selectionStatus(estimated, { allMatching: true, except: [1, 2] }, 0, french),
      'Tous les enregistrements correspondants sélectionnés sauf 2'
    )
    assert.equal(
      selectionStatus(estimated, { allMatching: false, except: [] }, 3, english),
      '3 records selected'
    )
  })

  test('tab badges: counts, approximate counts, and a placeholder while deferred', ({ assert }) => {
    const tab = { key: 'all', label: 'All', badge: null }
    assert.isNull(tabBadge(tab, null, english))
    assert.deepEqual(tabBadge({ ...tab, badge: 12 }, null, english), { text: '12', label: null })
    assert.deepEqual(
      tabBadge({ ...tab, badge: 1_234_567, badgeCount: 'estimate' }, null, english),
      { text: '~1.2M', label: 'about 1,234,567 records' }
    )
    const deferred = { ...tab, badgeDeferred: true as const }
    assert.equal(tabBadge(deferred, null, english), 'loading')
    assert.equal(tabBadge(deferred, { other: { badge: 1 } }, english), 'loading')
    assert.deepEqual(tabBadge(deferred, { all: { badge: 0 } }, english), { text: '0', label: null })
    assert.deepEqual(tabBadge(deferred, { all: { badge: 10_000, count: 'atLeast' } }, french), {
      text: '10\u00a0k+',
      label: 'au moins 10\u202f000 enregistrements',
    })
  })

  test('keyset tables move to the next and previous page through their cursors', ({ assert }) => {
    const table = {
      parameters: {
        search: 'search',
        sort: 'sort',
        direction: 'direction',
        page: 'page',
        perPage: 'perPage',
        filters: 'filters',
        tab: 'tab',
      },
      search: 'quartz',
      sort: { column: 'price', direction: 'desc' },
      filters: [],
      pagination: {
        page: 2,
        perPage: 25,
        perPageOptions: [25],
        total: 100,
        lastPage: 4,
        cursors: { parameter: 'cursor', next: 'n3', previous: 'p1' },
      },
    } as any
    assert.deepEqual(tableQuery(table, null, { page: 3 }), {
      search: 'quartz',
      sort: 'price',
      direction: 'desc',
      perPage: '25',
      page: '3',
      cursor: 'n3',
    })
    assert.equal(tableQuery(table, null, { page: 1 }).cursor, 'p1')
    /* a jump goes by number; another change starts over without a cursor */
    assert.notProperty(tableQuery(table, null, { page: 4 }), 'cursor')
    assert.notProperty(tableQuery(table, null, { search: 'other' }), 'cursor')
    const plain = { ...table, pagination: { ...table.pagination, cursors: undefined } }
    assert.notProperty(tableQuery(plain, null, { page: 3 }), 'cursor')
  })

  test('a form filter is one parameter per set field, a list one per item', ({ assert }) => {
    const table = {
      parameters: { filters: 'filters', search: 's', sort: 'o', direction: 'd', page: 'p' },
      filters: [{ name: 'wording', type: 'form', fields: [], label: 'Wording', value: null }],
      pagination: { page: 1, perPage: 0 },
    } as any
    const value = formFilterValue({
      contains: 'kit',
      length: '',
      tags: ['a', 'b'],
      none: [],
      featured: false,
      words: 3,
      gone: null,
    })
    assert.deepEqual(value, { contains: 'kit', tags: ['a', 'b'], featured: false, words: 3 })
    assert.deepEqual(tableQuery(table, null, { filters: { wording: value } }), {
      'filters[wording][contains]': 'kit',
      'filters[wording][tags][0]': 'a',
      'filters[wording][tags][1]': 'b',
      'filters[wording][featured]': 'false',
      'filters[wording][words]': '3',
    })
    /* nothing set: the filter is left out */
    assert.isNull(formFilterValue({ contains: '', tags: [] }))
    assert.deepEqual(tableQuery(table, null, { filters: { wording: null } }), {})
  })

  test('a change made while a search is being typed carries the typed search', ({ assert }) => {
    const table = {
      parameters: {
        search: 'search',
        sort: 'sort',
        direction: 'direction',
        page: 'page',
        perPage: 'perPage',
      },
      search: 'lucid',
      sort: null,
      filters: [],
      pagination: { page: 1, perPage: 10, perPageOptions: [10], total: 24, lastPage: 3 },
    } as any
    const query = (term: string, change: object) =>
      tableQuery(table, null, withTypedSearch(table, term, change))
    /* the search box emptied, its visit not sent yet: the sort goes without the old search */
    assert.deepEqual(query('', { sort: 'title' }), {
      sort: 'title',
      direction: 'asc',
      perPage: '10',
    })
    /* another term typed: it goes with the change */
    assert.deepEqual(query('japa', { page: 2 }), { search: 'japa', perPage: '10', page: '2' })
    /* nothing pending: the change alone */
    assert.deepEqual(query('lucid', { page: 2 }), { search: 'lucid', perPage: '10', page: '2' })
    /* the search's own visit */
    assert.deepEqual(query('japa', { search: 'jap' }), { search: 'jap', perPage: '10' })
  })

  test('a change made while an earlier visit waits is built on top of it', ({ assert }) => {
    const drawn = () =>
      ({
        parameters: {
          search: 'search',
          sort: 'sort',
          direction: 'direction',
          page: 'page',
          perPage: 'perPage',
          filters: 'filters',
        },
        search: null,
        sort: null,
        filters: [
          { name: 'status', value: null },
          { name: 'featured', value: null },
        ],
        pagination: { page: 1, perPage: 10, perPageOptions: [10], total: 24, lastPage: 3 },
      }) as any
    const table = drawn()
    const pending = new PendingTableChanges()
    const send = (change: object) => tableQuery(table, null, pending.merge(table, change))

    /* a filter, then a second one and a sort before the first is answered */
    assert.deepEqual(send({ filters: { status: 'review' } }), {
      'filters[status]': 'review',
      'perPage': '10',
    })
    assert.deepEqual(send({ filters: { featured: '1' } }), {
      'filters[status]': 'review',
      'filters[featured]': '1',
      'perPage': '10',
    })
    assert.deepEqual(send({ sort: 'title', direction: 'desc' }), {
      'sort': 'title',
      'direction': 'desc',
      'filters[status]': 'review',
      'filters[featured]': '1',
      'perPage': '10',
    })
    /* a page, then a filter: the filter goes back to page 1 */
    assert.equal(send({ page: 3 }).page, '3')
    assert.notProperty(send({ filters: { status: null } }), 'page')
    assert.notProperty(send({}), 'filters[status]')

    /* a new table drawn: nothing is pending any more */
    const next = drawn()
    assert.deepEqual(tableQuery(next, null, pending.merge(next, { page: 2 })), {
      perPage: '10',
      page: '2',
    })
  })

  test('the page status read by screen readers', ({ assert }) => {
    const page = { perPage: 10, perPageOptions: [10], total: 24, lastPage: 3 }
    assert.equal(pageStatus({ ...page, page: 2 }, english), 'Page 2 of 3 (24 records)')
    assert.equal(
      pageStatus({ ...page, page: 1, total: 1, lastPage: 1 }, english),
      'Page 1 of 1 (1 record)'
    )
    assert.equal(
      pageStatus({ ...page, page: 1, total: 0, lastPage: 0 }, english),
      'Page 1 of 1 (0 records)'
    )
    assert.equal(pageStatus({ ...page, page: 2 }, french), 'Page 2 sur 3 (24 enregistrements)')
  })

  test('past three actions in a row, the rest go to the menu', ({ assert }) => {
    assert.deepEqual(splitRowActions(['delete', 'publish'], true), {
      inline: ['delete', 'publish'],
      more: [],
    })
    assert.deepEqual(splitRowActions(['delete', 'publish', 'comments'], true), {
      inline: ['delete'],
      more: ['publish', 'comments'],
    })
    assert.deepEqual(splitRowActions(['a', 'b', 'c'], false), { inline: ['a', 'b', 'c'], more: [] })
    assert.deepEqual(splitRowActions(['a', 'b', 'c', 'd'], false), {
      inline: ['a', 'b'],
      more: ['c', 'd'],
    })
  })

  test('the panel title', ({ assert }) => {
    assert.equal(panelTitle('admin'), 'Admin')
    assert.equal(panelTitle('back_office'), 'Back Office')
    assert.equal(panelTitle(null, english), 'Panel')
    assert.equal(panelTitle(null, french), 'Panneau')
  })

  test('"/" outside a text field and Ctrl+K or Cmd+K ask for the search', ({ assert }) => {
    const press = (key: string, extra: Record<string, unknown> = {}) => ({
      key,
      shiftKey: false,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      target: { tagName: 'BODY' },
      preventDefault() {},
      ...extra,
    })
    assert.isTrue(isSearchShortcut(press('/')))
    assert.isFalse(isSearchShortcut(press('/', { target: { tagName: 'INPUT' } })))
    assert.isFalse(isSearchShortcut(press('/', { target: { isContentEditable: true } })))
    assert.isTrue(isSearchShortcut(press('k', { ctrlKey: true, target: { tagName: 'INPUT' } })))
    assert.isTrue(isSearchShortcut(press('K', { metaKey: true })))
    assert.isFalse(isSearchShortcut(press('k')))
  })

  test('hidden columns are stored per table; bad stored data reads as none', ({ assert }) => {
    const browser = fakeBrowser()
    try {
      assert.deepEqual(hiddenColumns('Posts'), [])
      storeHiddenColumns('Posts', ['author.name'])
      storeHiddenColumns('Comments', ['body'])
      assert.deepEqual(hiddenColumns('Posts'), ['author.name'])
      assert.deepEqual(hiddenColumns('Comments'), ['body'])
      browser.store.set('kit-hidden-columns', '{not json')
      assert.deepEqual(hiddenColumns('Posts'), [])
      browser.store.set('kit-hidden-columns', JSON.stringify({ Posts: [1, 'title'] }))
      assert.deepEqual(hiddenColumns('Posts'), ['title'])
    } finally {
      browser.restore()
    }
  })

  test('leaving a dirty form asks before a visit to another page only', ({ assert }) => {
    const browser = fakeBrowser({ confirm: false })
    let listener: ((event: any) => void) | null = null
    const stop = warnBeforeLeaving((callback) => {
      listener = callback
      return () => (listener = null)
    }, english)
    try {
      const visit = (url: string, method = 'get') => {
        let prevented = false
        listener!({ detail: { visit: { url, method } }, preventDefault: () => (prevented = true) })
        return prevented
      }
      assert.isTrue(visit('http://app.test/admin/authors'))
      assert.isFalse(visit('http://app.test/admin/posts/1/edit?tab=x'))
      assert.isFalse(visit('http://app.test/admin/posts/1', 'patch'))
      assert.deepEqual(browser.questions, [en[UNSAVED_CHANGES]])

      let unloadPrevented = false
      const unload: any = { preventDefault: () => (unloadPrevented = true) }
      browser.listeners.get('beforeunload')!(unload)
      assert.isTrue(unloadPrevented)

      stop()
      assert.isNull(listener)
      assert.isFalse(browser.listeners.has('beforeunload'))
    } finally {
      browser.restore()
    }
  })
})

test.group('Renderers | theme', () => {
  test('without a stored choice the system decides; a choice is stored and applied', ({
    assert,
  }) => {
    const browser = fakeBrowser({ systemDark: true })
    try {
      assert.equal(storedTheme(), 'system')
      assert.isTrue(prefersDark('system'))
      assert.isTrue(applyTheme(storedTheme()))
      assert.isTrue(browser.classes.has('dark'))

      assert.isFalse(chooseTheme(false))
      assert.equal(browser.store.get(THEME_STORAGE_KEY), 'light')
      assert.isFalse(browser.classes.has('dark'))
      assert.equal(storedTheme(), 'light')

      browser.store.set(THEME_STORAGE_KEY, 'purple')
      assert.equal(storedTheme(), 'system')
    } finally {
      browser.restore()
    }
  })

  test('the head script sets the class from the stored choice, else the system', ({ assert }) => {
    for (const [stored, systemDark, dark] of [
      [null, true, true],
      [null, false, false],
      ['dark', false, true],
      ['light', true, false],
    ] as const) {
      const browser = fakeBrowser({ systemDark })
      try {
        if (stored) browser.store.set(THEME_STORAGE_KEY, stored)
        new Function(themeScript)()
        assert.equal(
          browser.classes.has('dark'),
          dark,
          `stored ${stored}, system dark ${systemDark}`
        )
      } finally {
        browser.restore()
      }
    }
  })

  test('the panel navigation in sections: ungrouped items, then each group', ({ assert }) => {
    const item = (label: string, group: string | null) => ({
      label,
      icon: null,
      url: `/${label}`,
      sort: null,
      group,
      active: false,
    })
    const sections = navigationSections([
      item('a', null),
      item('b', null),
      item('c', 'Content'),
      item('d', 'Content'),
      item('e', 'Settings'),
    ])
    assert.deepEqual(
      sections.map((section) => [section.group, section.items.map((entry) => entry.label)]),
      [
        [null, ['a', 'b']],
        ['Content', ['c', 'd']],
        ['Settings', ['e']],
      ]
    )
    assert.deepEqual(navigationSections([]), [])
  })
})

test.group('Renderer behaviour | editable cells', () => {
  test('a cell sends its value with the version its row showed', async ({ assert }) => {
    const { cellSubmission } = await import('../../src/renderers/shared.ts')
    assert.deepEqual(cellSubmission({ version: '3' }, true), { value: true, _kit_version: '3' })
    assert.deepEqual(cellSubmission({}, 'text'), { value: 'text' })
  })
})

test.group('Renderers | flash toasts', () => {
  test('a new message never waits behind a full stack: the oldest toast goes', ({ assert }) => {
    const shown: string[] = []
    const dismissed: string[] = []
    const toaster = {
      dismiss: (id: string) => {
        dismissed.push(id)
        shown.splice(shown.indexOf(id), 1)
      },
      getVisibleToasts: () => [...shown].reverse().map((id) => ({ id })),
    }
    for (let index = 0; index < TOASTER_OPTIONS.max; index++) {
      shown.push(flashToast(`Message ${index}`, toaster).id)
    }
    const first = shown[0]
    assert.deepEqual(dismissed, [], 'room left: nothing dismissed')
    const next = flashToast('The latest action', toaster)
    assert.deepEqual(dismissed, [first], 'the oldest goes, whatever order the toaster lists')
    assert.notInclude(shown, next.id)
    assert.lengthOf(shown, TOASTER_OPTIONS.max - 1)
  })

  test('the same message again replaces its own toast and dismisses nothing else', ({ assert }) => {
    const dismissed: string[] = []
    const shown: string[] = []
    const toaster = {
      dismiss: (id: string) => dismissed.push(id),
      getVisibleToasts: () => shown.map((id) => ({ id })),
    }
    const first = flashToast('Saved again', toaster)
    shown.push(first.id, 'other-1', 'other-2')
    flashToast('Saved again', toaster)
    assert.deepEqual(dismissed, [first.id])
  })
})
