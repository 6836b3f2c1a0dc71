/*
 * adonis-kit
 *
 * The component registry both renderers share: per family (fields, columns,
 * filters, entries, layout components, widgets, pages), the component of
 * each contract `type`. The kit's built-ins and a plugin's components are
 * registered the same way (`registerKitComponents` of `adonis-kit/react`
 * and `adonis-kit/vue`); an unregistered type is drawn as a placeholder and
 * logged once.
 */

import type {
  InfolistEntryContract,
  KitColumnContracts,
  KitEntryContracts,
  KitFieldContracts,
  KitFilterContracts,
  KitLayoutContracts,
  KitPageContracts,
  KitWidgetContracts,
} from '../contracts/main.ts'

/**
 * The contract families a renderer draws by kind, keyed as the registry is.
 */
export interface KitContractFamilies {
  fields: KitFieldContracts
  columns: KitColumnContracts
  filters: KitFilterContracts
  entries: KitEntryContracts
  layout: KitLayoutContracts
  widgets: KitWidgetContracts
  pages: KitPageContracts
}

export type KitComponentFamily = keyof KitContractFamilies

/**
 * What `registerKitComponents` takes: for any family, components of any of
 * its types (`C` is a renderer's full map).
 */
export type KitComponentsInput<C extends Record<KitComponentFamily, object>> = {
  [F in KitComponentFamily]?: Partial<C[F]>
}

/**
 * A registry of one renderer: `register` adds (or replaces) components,
 * `find` returns the component of a type or undefined.
 */
export function createComponentRegistry<Component>() {
  const maps = new Map<KitComponentFamily, Map<string, Component>>()
  return {
    register(components: { [F in KitComponentFamily]?: object }) {
      for (const [family, members] of Object.entries(components)) {
        const map = maps.get(family as KitComponentFamily) ?? new Map<string, Component>()
        for (const [type, component] of Object.entries(members ?? {})) {
          map.set(type, component as Component)
        }
        maps.set(family as KitComponentFamily, map)
      }
    },
    find(family: KitComponentFamily, type: string): Component | undefined {
      return maps.get(family)?.get(type)
    },
  }
}

const warned = new Set<string>()

/**
 * Log once per family and type that no component is registered for it.
 */
export function warnMissingComponent(family: KitComponentFamily, type: string) {
  const key = `${family}:${type}`
  if (warned.has(key)) return
  warned.add(key)
  console.warn(
    `adonis-kit: no ${family} component is registered for the type "${type}"; ` +
      'register one with registerKitComponents()'
  )
}

/**
 * The kind of an infolist entry: its `type` when the server sends one (a
 * plugin's entry), else told by the members the kit's entries carry.
 */
export function entryType(entry: InfolistEntryContract): keyof KitEntryContracts {
  if (entry.type) return entry.type
  if (entry.image) return 'image'
  if (entry.html !== undefined) return 'html'
  if (entry.items) return 'repeatable'
  if (entry.keyValue) return 'keyValue'
  if (entry.icon) return 'icon'
  if (entry.color !== undefined) return 'color'
  if (entry.badge && entry.value !== null) return 'badge'
  return 'text'
}
