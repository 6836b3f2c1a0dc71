/*
 * adonis-kit/vue
 *
 * The Vue component registry: the component of every field, column,
 * filter, infolist entry, layout node, widget and page type. The kit's
 * built-ins (src/vue/kit_components.ts) and a plugin's components are
 * registered with the same `registerKitComponents`.
 */

import {
  defineComponent,
  h,
  type Component,
  type FunctionalComponent,
  type PropType,
  type VNode,
} from 'vue'
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
import type { RepeaterFieldRenderer } from './form/repeater.ts'
import type { LayoutContext } from './form/layout.ts'
import { useText } from './text.ts'

type AnyOf<Family> = Family[keyof Family]

/**
 * The Vue components of every contract type: a map per family, one member
 * per type (each receives the family's props above). The kit's built-in
 * map has this type, so a contract type without a component is a compile
 * error.
 */
export interface KitVueComponents {
  fields: { [K in keyof KitFieldContracts]: Component }
  columns: { [K in keyof KitColumnContracts]: Component }
  filters: { [K in keyof KitFilterContracts]: Component }
  entries: { [K in keyof KitEntryContracts]: Component }
  layout: { [K in keyof KitLayoutContracts]: Component }
  widgets: { [K in keyof KitWidgetContracts]: Component }
  pages: { [K in keyof KitPageContracts]: Component }
}

/**
 * A component drawn by a render function of its props (every prop reaches
 * it; none falls through to its root element).
 */
export function renderComponent<P>(
  render: (props: P) => VNode | VNode[] | string | null
): FunctionalComponent<P> {
  const component: FunctionalComponent<P> = (props) => render(props)
  component.inheritAttrs = false
  return component
}

/**
 * What the form hands a field's control (its label, helper text and error
 * are drawn around it by the form).
 */
export type FieldControlProps<F extends AnyOf<KitFieldContracts> = AnyOf<KitFieldContracts>> =
  FieldControlPropsOf<F, RepeaterFieldRenderer>

const registry = createComponentRegistry<Component>()

/**
 * What a layout tree hands a node: its grid span as `style`.
 */
export type LayoutNodeProps<N extends AnyOf<KitLayoutContracts> = AnyOf<KitLayoutContracts>> =
  LayoutNodePropsOf<N, LayoutContext>

/**
 * Register Vue components by contract type, per family: a plugin's
 * components, or replacements of the kit's own.
 *
 *   registerKitComponents({ fields: { rating: RatingField }, columns: { rating: RatingCell } })
 */
export function registerKitComponents(components: KitComponentsInput<KitVueComponents>) {
  registry.register(components)
}

/**
 * The placeholder of a type no component is registered for: a visible,
 * translated note (the type is logged once).
 */
const MissingComponent = defineComponent({
  name: 'KitMissingComponent',
  props: {
    family: { type: String as PropType<KitComponentFamily>, required: true },
    type: { type: String, required: true },
  },
  setup(props) {
    const t = useText()
    return () => {
      warnMissingComponent(props.family, props.type)
      return h(
        'span',
        { class: 'kit-missing-component', role: 'note' },
        t(`panel.missingComponent.${props.family}`, { type: props.type })
      )
    }
  },
})

/**
 * Draw the component registered for a type of a family with these props,
 * or the placeholder when none is.
 */
export function renderKitComponent(
  family: KitComponentFamily,
  type: string,
  props: Record<string, unknown>
): VNode {
  const component = registry.find(family, type)
  return component ? h(component, props) : h(MissingComponent, { family, type })
}

/**
 * The registered page component of a kit page name, or null.
 */
export function kitPage(name: string): Component | null {
  return registry.find('pages', name) ?? null
}

/**
 * The page drawn for a kit page name no component is registered for.
 */
export function missingPage(name: string): Component {
  return renderComponent(() => h(MissingComponent, { family: 'pages', type: name }))
}
