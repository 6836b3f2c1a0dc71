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
  KitColumnContracts,
  KitEntryContracts,
  KitFieldContracts,
  KitFilterContracts,
  KitLayoutContracts,
  KitPageContracts,
  KitWidgetContracts,
} from '../renderers/types.ts'
import {
  createComponentRegistry,
  warnMissingComponent,
  type CellProps,
  type EntryProps,
  type FieldControlPropsOf,
  type FilterControlProps,
  type KitComponentFamily,
  type KitComponentsInput,
  type LayoutNodePropsOf,
  type WidgetProps,
} from '../renderers/registry.ts'

export type { CellProps, EntryProps, FilterControlProps, WidgetProps }
import type { RepeaterFieldProps } from './form/repeater.tsx'
import type { LayoutContext } from './form/layout.tsx'
import { useText } from './text.tsx'

type AnyOf<Family> = Family[keyof Family]

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

/**
 * What the form hands a field's control (its label, helper text and error
 * are drawn around it by the form).
 */
export type FieldControlProps<F extends AnyOf<KitFieldContracts> = AnyOf<KitFieldContracts>> =
  FieldControlPropsOf<F, (props: RepeaterFieldProps) => ReactNode>

const registry = createComponentRegistry<ComponentType<any>>()

/**
 * What a layout tree hands a node: its grid span as `style`.
 */
export type LayoutNodeProps<N extends AnyOf<KitLayoutContracts> = AnyOf<KitLayoutContracts>> =
  LayoutNodePropsOf<N, LayoutContext>

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
