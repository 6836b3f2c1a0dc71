/*
 * Interface behaviour shared by both renderers (no framework): the panel's
 * title, the drawer's focus trap, the global-search shortcut, the record
 * range of a table page and the columns a person hid.
 */

import type { TabBadgesContract, TabItemContract, TablePaginationContract } from './types.ts'
import { keyText, type KitText } from './text.ts'

/** What this file uses of a DOM element (the server build has no DOM types) */
interface ElementLike {
  tagName?: string
  isContentEditable?: boolean
  offsetParent?: unknown
  focus?(): void
}

/** What this file uses of a DOM container */
interface ContainerLike {
  querySelectorAll(selector: string): ArrayLike<ElementLike>
  contains(node: unknown): boolean
}

/** What this file uses of a keyboard event */
interface KeyPress {
  key: string
  shiftKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  target: unknown
  preventDefault(): void
}

const browser = globalThis as unknown as {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void }
  document?: { activeElement: unknown }
}

/**
 * The panel's title in the sidebar: its id in title case (`admin` → `Admin`).
 */
export function panelTitle(id: string | null | undefined, t: KitText = keyText): string {
  if (!id) return t('panel.label')
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal drawer): from the
 * last focusable element to the first, and back.
 */
export function trapFocus(event: KeyPress, container: ContainerLike) {
  if (event.key !== 'Tab') return
  const focusable = Array.from(
    container.querySelectorAll(
      'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]'
    )
  ).filter((element) => element.offsetParent !== null)
  if (!focusable.length) return
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  const active = browser.document?.activeElement
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus?.()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus?.()
  }
}

/**
 * Whether a key press asks for the global search: `/` outside a text
 * field, or Ctrl+K / Cmd+K anywhere.
 */
export function isSearchShortcut(event: KeyPress): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false
  const target = event.target as ElementLike | null
  const tag = target?.tagName
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable)
}

/**
 * The records a page shows: "Showing 11 to 20 of 24 records".
 */
export function recordRange(pagination: TablePaginationContract, t: KitText = keyText): string {
  if (pagination.total === 0) return t('pagination.none')
  const from = (pagination.page - 1) * pagination.perPage + 1
  const to = Math.min(pagination.page * pagination.perPage, pagination.total)
  /* simple pagination has no total; an estimated one is approximate */
  if (pagination.count === 'none') return t('pagination.rangeWithoutTotal', { from, to })
  const key =
    pagination.count === 'estimate'
      ? 'pagination.rangeEstimated'
      : pagination.count === 'atLeast'
        ? 'pagination.rangeAtLeast'
        : 'pagination.range'
  return t(key, { from, to, total: pagination.total })
}

/**
 * Whether a table's total is an exact count (not an estimate, a lower
 * bound or simple pagination's known rows).
 */
export function exactTotal(pagination: TablePaginationContract): boolean {
  return pagination.count === undefined || pagination.count === 'exact'
}

/**
 * What the bulk bar says is selected: "3 records selected", "24 records
 * selected (all matching records)", or, when every matching record is
 * selected and the total is not exact, no number it does not know ("All
 * matching records selected but 2").
 */
export function selectionStatus(
  pagination: TablePaginationContract,
  selection: { allMatching: boolean; except: unknown[] },
  count: number,
  t: KitText = keyText
): string {
  if (selection.allMatching && !exactTotal(pagination)) {
    return t('table.selectedAllMatching', { except: selection.except.length })
  }
  const selected = t('table.selected', { count })
  return selection.allMatching ? `${selected} ${t('table.allMatching')}` : selected
}

/**
 * The button that extends a page's selection to every matching record:
 * with their number when it is exact.
 */
export function selectAllMatchingLabel(
  pagination: TablePaginationContract,
  t: KitText = keyText
): string {
  return exactTotal(pagination)
    ? t('table.selectAllMatching', { total: pagination.total })
    : t('table.selectAllMatchingApproximate')
}

/**
 * What a tab shows as its badge: nothing (no badge), a placeholder while a
 * deferred badge loads (`loading`), or its text ("12", "~1.2M", "10K+")
 * with the words a screen reader reads for an approximate one ("about
 * 1,234,567 records").
 */
export function tabBadge(
  tab: TabItemContract,
  deferred: TabBadgesContract | null | undefined,
  t: KitText = keyText
): { text: string; label: string | null } | 'loading' | null {
  const loaded = tab.badgeDeferred ? deferred?.[tab.key] : undefined
  if (tab.badgeDeferred && !loaded) return 'loading'
  const count = loaded ? loaded.badge : tab.badge
  const kind = loaded ? loaded.count : tab.badgeCount
  if (count === null) return null
  if (kind === 'estimate') {
    return {
      text: t('tabs.badgeEstimated', { count }),
      label: t('tabs.badgeEstimatedLabel', { count }),
    }
  }
  if (kind === 'atLeast') {
    return {
      text: t('tabs.badgeAtLeast', { count }),
      label: t('tabs.badgeAtLeastLabel', { count }),
    }
  }
  return { text: String(count), label: null }
}

export const HIDDEN_COLUMNS_KEY = 'kit-hidden-columns'

/**
 * The columns a person hid in a table (kept in localStorage, per table).
 */
export function hiddenColumns(table: string): string[] {
  try {
    const stored = JSON.parse(browser.localStorage?.getItem(HIDDEN_COLUMNS_KEY) ?? '{}')
    const list = stored?.[table]
    return Array.isArray(list) ? list.filter((name) => typeof name === 'string') : []
  } catch {
    return []
  }
}

/**
 * Stores the hidden columns of a table; returns them.
 */
export function storeHiddenColumns(table: string, columns: string[]): string[] {
  try {
    const stored = JSON.parse(browser.localStorage?.getItem(HIDDEN_COLUMNS_KEY) ?? '{}')
    const next = { ...(stored && typeof stored === 'object' ? stored : {}), [table]: columns }
    browser.localStorage?.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify(next))
  } catch {
    /* storage unavailable: the choice lasts until the page is left */
  }
  return columns
}

/** The catalog key of the question asked before leaving a form with unsaved changes */
export const UNSAVED_CHANGES = 'form.unsaved'

/** What this file uses of Inertia's `before` event */
interface BeforeVisitEvent {
  detail: { visit: { url: unknown; method: string } }
  preventDefault(): void
}

/**
 * Warns before a form with unsaved changes is left: the browser's prompt
 * when the page unloads, and a confirmation before an Inertia visit to
 * another page (a GET to another path; the form's own submission, a reload
 * of the same page and a table query stay silent). `onBefore` subscribes to
 * Inertia's `before` event (`(listener) => router.on('before', listener)`).
 * Returns the function that stops warning.
 */
export function warnBeforeLeaving(
  onBefore: (listener: (event: BeforeVisitEvent) => void) => () => void,
  t: KitText = keyText
): () => void {
  const page = globalThis as unknown as {
    location: { href: string; pathname: string }
    confirm(message: string): boolean
    addEventListener(type: 'beforeunload', listener: (event: BeforeVisitEvent) => void): void
    removeEventListener(type: 'beforeunload', listener: (event: BeforeVisitEvent) => void): void
  }
  const onUnload = (event: BeforeVisitEvent & { returnValue?: string }) => {
    event.preventDefault()
    event.returnValue = ''
  }
  page.addEventListener('beforeunload', onUnload)
  const off = onBefore((event) => {
    const { url, method } = event.detail.visit
    if (method.toLowerCase() !== 'get') return
    if (new URL(String(url), page.location.href).pathname === page.location.pathname) return
    if (!page.confirm(t(UNSAVED_CHANGES))) event.preventDefault()
  })
  return () => {
    page.removeEventListener('beforeunload', onUnload)
    off()
  }
}

/**
 * The labels of a table's page navigation (Ark UI Pagination translations).
 */
export function paginationLabels(label: string, t: KitText = keyText) {
  return {
    rootLabel: t('pagination.pages', { label }),
    prevTriggerLabel: t('pagination.previous'),
    nextTriggerLabel: t('pagination.next'),
    itemLabel: ({ page }: { page: number; totalPages: number }) => t('pagination.page', { page }),
  }
}

/**
 * The page a table shows, read by screen readers: "Page 2 of 3 (24 records)".
 */
export function pageStatus(pagination: TablePaginationContract, t: KitText = keyText): string {
  const key =
    pagination.count === 'estimate'
      ? 'pagination.statusEstimated'
      : pagination.count === 'atLeast'
        ? 'pagination.statusAtLeast'
        : 'pagination.status'
  return t(key, {
    page: pagination.page,
    last: Math.max(pagination.lastPage, 1),
    count: pagination.total,
  })
}

/**
 * The row actions shown as buttons and the ones gathered in the row's
 * "More actions" menu: with more than three actions in a row (its edit
 * link counted), the edit link and the first action stay, the rest go to
 * the menu.
 */
export function splitRowActions<Action>(
  actions: Action[],
  hasEdit: boolean
): { inline: Action[]; more: Action[] } {
  if (actions.length + (hasEdit ? 1 : 0) <= 3) return { inline: actions, more: [] }
  const room = hasEdit ? 1 : 2
  return { inline: actions.slice(0, room), more: actions.slice(room) }
}

/**
 * The options of the panel's toaster (Ark UI Toast): top right under the
 * top bar, five seconds, at most three.
 */
export const TOASTER_OPTIONS = {
  placement: 'top-end' as const,
  offsets: { top: '5rem', right: '1rem', bottom: '1rem', left: '1rem' },
  gap: 12,
  max: 3,
  duration: 5000,
}

const flashIds = new Map<string, string>()
let partialVisit = false
let trackingVisits = false

/**
 * Follow the kind of each Inertia visit: a partial reload (`only` or
 * `except`) keeps the page's old `flash`, which must not show again. A
 * full visit shows its flash even when it equals the previous one (Inertia
 * may keep the same object for equal props).
 */
export function trackPartialVisits(router: {
  on: (type: 'start', callback: (event: CustomEvent) => void) => unknown
}) {
  if (trackingVisits) return
  trackingVisits = true
  router.on('start', (event) => {
    const visit = (event.detail as { visit?: { only?: string[]; except?: string[] } }).visit
    partialVisit = (visit?.only?.length ?? 0) > 0 || (visit?.except?.length ?? 0) > 0
  })
}

/** Whether the page shown comes from a partial reload */
export function isPartialVisit() {
  return partialVisit
}
let flashCount = 0

/**
 * What `flashToast()` reads of the toaster (Ark UI's `createToaster()`).
 */
export interface FlashToaster {
  dismiss: (id: string) => void
  getVisibleToasts?: () => Array<{ id?: string }>
}

/**
 * The toast of a flashed success message: always a new toast (Ark UI
 * ignores a `create` whose id belongs to a toast still closing, which would
 * lose the message), and the same message's previous toast, if any, is
 * dismissed so the two never stack. When the toaster already shows its
 * `max` toasts, the oldest goes: the message of what the person just did
 * shows at once, never queued behind earlier ones (whose timers pause while
 * the pointer rests on them).
 */
export function flashToast(message: string, toaster?: FlashToaster) {
  const previous = flashIds.get(message)
  if (previous) toaster?.dismiss(previous)
  const visible = (toaster?.getVisibleToasts?.() ?? []).filter(
    (toast): toast is { id: string } => typeof toast.id === 'string' && toast.id !== previous
  )
  if (visible.length >= TOASTER_OPTIONS.max) {
    const order = (id: string) => Number(/^kit-flash-(\d+)$/.exec(id)?.[1] ?? 0)
    const oldest = visible.reduce((first, toast) =>
      order(toast.id) < order(first.id) ? toast : first
    )
    toaster?.dismiss(oldest.id)
  }
  const id = `kit-flash-${++flashCount}`
  flashIds.set(message, id)
  return { id, description: message, type: 'success' as const }
}

/**
 * The inline style of a panel logo: its declared height (default 2rem),
 * the width following the image.
 */
export function brandLogoStyle(logo: { height?: string }): { height: string; width: 'auto' } {
  return { height: logo.height ?? '2rem', width: 'auto' }
}
