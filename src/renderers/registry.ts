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
  FormValue,
  InfolistEntryContract,
  TableRowContract,
  KitColumnContracts,
  KitEntryContracts,
  KitFieldContracts,
  KitFilterContracts,
  KitLayoutContracts,
  KitPageContracts,
  KitWidgetContracts,
} from '../contracts/main.ts'
import type { TableQueryChange } from './table_state.ts'
import type { OptionContract } from './types.ts'

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

type AnyOf<Family> = Family[keyof Family]

/**
 * What the form hands a field's control (its label, helper text and error
 * are drawn around it by the form). `Nested` draws a nested field (each
 * renderer's own).
 */
export type FieldControlPropsOf<F extends AnyOf<KitFieldContracts>, Nested> = {
  id: string
  field: F
  value: FormValue
  invalid: boolean
  describedBy: string | undefined
  required: boolean
  onChange: (value: FormValue) => void
  /** The form's values (a password's confirmation, conditions) */
  values: Record<string, FormValue>
  /** Set another value of the form (a password's confirmation) */
  onOther: (name: string, value: FormValue) => void
  /** Files chosen in the control (file uploads) */
  onFiles: (files: File[]) => void
  /** The error of a nested value (a repeater item's field: `items.2.name`) */
  errorOf: (path: string) => string | null
  /** Options created or renamed in option forms since the page loaded (selects) */
  extraOptions: OptionContract[]
  /** Draw a nested field with its label and error (repeater items) */
  renderField: Nested
}

/**
 * What a table hands a cell.
 */
export type CellProps<C extends AnyOf<KitColumnContracts> = AnyOf<KitColumnContracts>> = {
  column: C
  row: TableRowContract
  /** Called after the cell saved a value */
  onMutated?: () => void
}

/**
 * What a table hands a filter's control: `go` applies a new filter value
 * (`go({ filters: { [filter.name]: value } })`; null clears the filter).
 */
export type FilterControlProps<F extends AnyOf<KitFilterContracts> = AnyOf<KitFilterContracts>> = {
  filter: F
  id: string
  go: (change: TableQueryChange) => void
}

/**
 * What an infolist hands an entry's value.
 */
export type EntryProps<E extends AnyOf<KitEntryContracts> = AnyOf<KitEntryContracts>> = {
  entry: E
}

/**
 * What a layout tree hands a node: its grid span as `style`, and the
 * renderer's layout context.
 */
export type LayoutNodePropsOf<N extends AnyOf<KitLayoutContracts>, Context> = {
  node: N
  /** The node's span in its parent grid */
  style: Record<string, string> | undefined
  context: Context
}

/**
 * What a page hands a widget.
 */
export type WidgetProps<W extends AnyOf<KitWidgetContracts> = AnyOf<KitWidgetContracts>> = {
  widget: W
}

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
