/*
 * adonis-kit/react
 *
 * The React component registry: the component of every field, column,
 * filter, infolist entry, layout node, widget and page type. The kit's
 * built-ins (src/react/kit_components.tsx) and a plugin's components are
 * registered with the same `registerKitComponents`.
 */

import type { ComponentType, ReactNode } from 'react'
import type {
  FormValue,
  KitColumnContracts,
  KitEntryContracts,
  KitFieldContracts,
  KitFilterContracts,
  KitLayoutContracts,
  KitPageContracts,
  KitWidgetContracts,
  OptionContract,
  TableRowContract,
} from '../renderers/types.ts'
import type { TableQueryChange } from '../renderers/shared.ts'
import {
  createComponentRegistry,
  warnMissingComponent,
  type KitComponentFamily,
  type KitComponentsInput,
} from '../renderers/registry.ts'
import type { ControlProps } from './fields/field_props.ts'
import type { RepeaterFieldProps } from './form/repeater.tsx'
import type { LayoutContext } from './form/layout.tsx'
import { useText } from './text.tsx'

/**
 * Any field contract.
 */
type AnyFieldContract = KitFieldContracts[keyof KitFieldContracts]

/**
 * What the form hands a field's control (its label, helper text and error
 * are drawn around it by the form).
 */
export type FieldControlProps<F extends AnyFieldContract = AnyFieldContract> = ControlProps<F> & {
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
  renderField: (props: RepeaterFieldProps) => ReactNode
}

/**
 * What a table hands a cell.
 */
export interface CellProps<
  C extends KitColumnContracts[keyof KitColumnContracts] =
    KitColumnContracts[keyof KitColumnContracts],
> {
  column: C
  row: TableRowContract
  /** Called after the cell saved a value */
  onMutated?: () => void
}

/**
 * What a table hands a filter's control: `go` applies a new filter value
 * (`go({ filters: { [filter.name]: value } })`).
 */
export interface FilterControlProps<
  F extends KitFilterContracts[keyof KitFilterContracts] =
    KitFilterContracts[keyof KitFilterContracts],
> {
  filter: F
  id: string
  go: (change: TableQueryChange) => void
}

/**
 * What an infolist hands an entry's value.
 */
export interface EntryProps<
  E extends KitEntryContracts[keyof KitEntryContracts] = KitEntryContracts[keyof KitEntryContracts],
> {
  entry: E
}

/**
 * What a layout tree hands a node: its grid span as `style`.
 */
export interface LayoutNodeProps<
  N extends KitLayoutContracts[keyof KitLayoutContracts] =
    KitLayoutContracts[keyof KitLayoutContracts],
> {
  node: N
  /** The node's span in its parent grid */
  style: Record<string, string> | undefined
  context: LayoutContext
}

/**
 * What a page hands a widget.
 */
export interface WidgetProps<
  W extends KitWidgetContracts[keyof KitWidgetContracts] =
    KitWidgetContracts[keyof KitWidgetContracts],
> {
  widget: W
}

/**
 * The React components of every contract type: a map per family, one
 * member per type. The kit's built-in map has this type, so a contract type
 * without a component is a compile error.
 */
export interface KitReactComponents {
  fields: { [K in keyof KitFieldContracts]: ComponentType<FieldControlProps<KitFieldContracts[K]>> }
  columns: { [K in keyof KitColumnContracts]: ComponentType<CellProps<KitColumnContracts[K]>> }
  filters: {
    [K in keyof KitFilterContracts]: ComponentType<FilterControlProps<KitFilterContracts[K]>>
  }
  entries: { [K in keyof KitEntryContracts]: ComponentType<EntryProps<KitEntryContracts[K]>> }
  layout: { [K in keyof KitLayoutContracts]: ComponentType<LayoutNodeProps<KitLayoutContracts[K]>> }
  widgets: { [K in keyof KitWidgetContracts]: ComponentType<WidgetProps<KitWidgetContracts[K]>> }
  pages: { [K in keyof KitPageContracts]: ComponentType<KitPageContracts[K]> }
}

const registry = createComponentRegistry<ComponentType<any>>()

/**
 * Register React components by contract type, per family: a plugin's
 * components, or replacements of the kit's own.
 *
 *   registerKitComponents({ fields: { rating: RatingField }, columns: { rating: RatingCell } })
 */
export function registerKitComponents(components: KitComponentsInput<KitReactComponents>) {
  registry.register(components)
}

/**
 * The placeholder of a type no component is registered for: a visible,
 * translated note (the type is logged once).
 */
function MissingComponent({ family, type }: { family: KitComponentFamily; type: string }) {
  const t = useText()
  warnMissingComponent(family, type)
  return (
    <span className="kit-missing-component" role="note">
      {t(`panel.missingComponent.${family}`, { type })}
    </span>
  )
}

/**
 * Draw the component registered for a type of a family with these props,
 * or the placeholder when none is.
 */
export function renderKitComponent(
  family: KitComponentFamily,
  type: string,
  props: object
): ReactNode {
  const Component = registry.find(family, type)
  return Component ? <Component {...props} /> : <MissingComponent family={family} type={type} />
}

/**
 * The registered page component of a kit page name, or null.
 */
export function kitPage(name: string): ComponentType<any> | null {
  return registry.find('pages', name) ?? null
}

/**
 * The page drawn for a kit page name no component is registered for.
 */
export function missingPage(name: string): ComponentType {
  return function MissingPage() {
    return <MissingComponent family="pages" type={name} />
  }
}
