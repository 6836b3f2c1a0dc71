/*
 * adonis-kit
 *
 * Contracts of the layout trees of forms and infolists.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

/**
 * Width of a layout node in its grid: a number of columns or the whole row.
 */
export type ColumnSpanContract = number | 'full' | null

/**
 * A leaf of a layout tree: the field of the form's `fields` (the entry of
 * the infolist's `entries`) of this name.
 */
export interface LayoutLeafContract {
  kind: 'field'
  name: string
  columnSpan: ColumnSpanContract
}

/**
 * A section: a heading, a description, collapsible, around a grid.
 */
export interface LayoutSectionContract {
  kind: 'section'
  heading: string
  description: string | null
  collapsible: boolean
  collapsed: boolean
  columns: number | null
  columnSpan: ColumnSpanContract
  children: LayoutNodeContract[]
}

/**
 * A fieldset: a legend around a grid.
 */
export interface LayoutFieldsetContract {
  kind: 'fieldset'
  legend: string
  columns: number | null
  columnSpan: ColumnSpanContract
  children: LayoutNodeContract[]
}

/**
 * A grid of `columns` columns.
 */
export interface LayoutGridContract {
  kind: 'grid'
  columns: number | null
  columnSpan: ColumnSpanContract
  children: LayoutNodeContract[]
}

/**
 * Tabs: one panel shown at a time.
 */
export interface LayoutTabsContract {
  kind: 'tabs'
  columnSpan: ColumnSpanContract
  tabs: LayoutPanelContract[]
}

/**
 * A wizard: steps checked on the server one by one.
 */
export interface LayoutWizardContract {
  kind: 'wizard'
  columnSpan: ColumnSpanContract
  steps: LayoutPanelContract[]
  /**
   * Body key of a step check: submit the values with `<stepParameter>:
   * <index>` to the form's action as JSON; 422 with the errors of the
   * steps up to it, or `{ ok: true }` (nothing written)
   */
  stepParameter: string
}

/**
 * The layout nodes by contract `kind` (layout nodes are told apart by
 * `kind`, the name the server has always sent). A plugin adds its own by
 * augmenting this interface (`declare module 'adonis-kit/contracts'`);
 * each renderer's registry must then hold a layout component for it.
 */
export interface KitLayoutContracts {
  field: LayoutLeafContract
  section: LayoutSectionContract
  fieldset: LayoutFieldsetContract
  grid: LayoutGridContract
  tabs: LayoutTabsContract
  wizard: LayoutWizardContract
}

/**
 * A node of a form's (or an infolist's) layout tree: one of
 * `KitLayoutContracts`, told apart by `kind`.
 */
export type LayoutNodeContract = KitLayoutContracts[keyof KitLayoutContracts]

/**
 * A tab or a wizard step.
 */
export interface LayoutPanelContract {
  label: string
  description: string | null
  columns: number | null
  children: LayoutNodeContract[]
}
