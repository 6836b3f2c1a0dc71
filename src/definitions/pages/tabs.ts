import type { PageTab } from './page_tab.ts'

/**
 * The active tab: the requested key when it is declared, else the default
 * tab (marked `default()`, else the first). Null when there are no tabs.
 */
export function resolveTab(tabs: PageTab[], requested: unknown): PageTab | null {
  if (!tabs.length) {
    return null
  }
  const key = Array.isArray(requested) ? requested[0] : requested
  return (
    tabs.find((tab) => typeof key === 'string' && tab.key === key) ??
    tabs.find((tab) => tab.isDefault()) ??
    tabs[0]
  )
}
