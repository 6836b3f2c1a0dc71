/*
 * adonis-kit
 *
 * Global search and panel navigation.
 * Framework-free, shared by the React and Vue renderers (re-exported by
 * src/renderers/shared.ts).
 */

import type {
  GlobalSearchGroupContract,
  GlobalSearchResultContract,
  NavigationItem,
} from './types.ts'
import { keyText, type KitText } from './text.ts'
import { httpErrorMessage } from './errors.ts'

/**
 * One result of the global search as a combobox item: a value unique across
 * resources, the resource it belongs to and the result.
 */
export interface GlobalSearchItem {
  value: string
  group: string
  result: GlobalSearchResultContract
}

/**
 * The results of the global search, in their groups' order, as combobox
 * items (the keyboard walks them in this order).
 */
export function globalSearchItems(groups: GlobalSearchGroupContract[]): GlobalSearchItem[] {
  return groups.flatMap((group) =>
    group.results.map((result) => ({
      value: `${group.resource}:${result.key}`,
      group: group.resource,
      result,
    }))
  )
}

/**
 * Ask a panel's global search (`GET <panel>/search?q=<term>`). Terms under
 * two characters are not sent (the server answers nothing for them).
 */
export async function searchEverything(
  url: string,
  term: string,
  signal?: AbortSignal,
  t: KitText = keyText
): Promise<GlobalSearchGroupContract[]> {
  if (term.trim().length < 2) return []
  const separator = url.includes('?') ? '&' : '?'
  const response = await fetch(`${url}${separator}q=${encodeURIComponent(term)}`, {
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal,
  })
  if (!response.ok) throw new Error(httpErrorMessage(response.status, null, t))
  const body = (await response.json()) as { groups?: unknown }
  return Array.isArray(body.groups) ? (body.groups as GlobalSearchGroupContract[]) : []
}

/**
 * The panel navigation in sections: ungrouped items, then one section per
 * `navigationGroup` (the server sends them in this order).
 */
export function navigationSections(
  items: NavigationItem[]
): { group: string | null; items: NavigationItem[] }[] {
  const sections: { group: string | null; items: NavigationItem[] }[] = []
  for (const item of items) {
    const group = item.group ?? null
    const last = sections.at(-1)
    if (last && last.group === group) {
      last.items.push(item)
    } else {
      sections.push({ group, items: [item] })
    }
  }
  return sections
}
