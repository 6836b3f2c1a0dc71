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
import type { RepeaterFieldRenderer } from './form/repeater.ts'
import type { LayoutContext } from './form/layout.ts'
import { useText } from './text.ts'

/**
 * Any field contract.
 */
type AnyFieldContract = KitFieldContracts[keyof KitFieldContracts]

/**
 * The props the form hands a field's control (its label, helper text and
 * error are drawn around it by the form).
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
  renderField: RepeaterFieldRenderer
}

/**
 * The props a table hands a cell.
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
 * The props a table hands a filter's control: `go` applies a new filter
 * value (`go({ filters: { [filter.name]: value } })`).
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
 * The props an infolist hands an entry's value.
 */
export interface EntryProps<
  E extends KitEntryContracts[keyof KitEntryContracts] = KitEntryContracts[keyof KitEntryContracts],
> {
  entry: E
}

/**
 * The props a layout tree hands a node: its grid span as `style`.
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
 * The props a page hands a widget.
 */
export interface WidgetProps<
  W extends KitWidgetContracts[keyof KitWidgetContracts] =
    KitWidgetContracts[keyof KitWidgetContracts],
> {
  widget: W
}

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

const registry = createComponentRegistry<Component>()

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
