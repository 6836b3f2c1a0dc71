import { KitConfigurationException } from '../../../support/errors.ts'
import type { Field } from '../fields/field.ts'

/**
 * A node of a form schema: a field (a leaf) or a layout component holding
 * other nodes.
 */
export type FormNode = Field | LayoutComponent

/**
 * A leaf of a layout tree outside forms (an infolist entry).
 */
export interface LayoutLeaf {
  readonly name: string
}

/**
 * What a layout component holds: form nodes, or infolist entries.
 */
export type LayoutChild = FormNode | LayoutLeaf

/**
 * The width of a node in its grid: a number of columns or the whole row.
 */
export type ColumnSpan = number | 'full'

/**
 * Check a column span given to `columnSpan()`.
 */
export function checkColumnSpan(span: ColumnSpan, owner: string): ColumnSpan {
  if (span !== 'full' && (!Number.isInteger(span) || span < 1 || span > 12)) {
    throw new KitConfigurationException(
      `${owner}.columnSpan() takes an integer from 1 to 12 or "full", received ${span}`
    )
  }
  return span
}

/**
 * Base class of layout components (Section, Fieldset, Grid, Tabs, Wizard):
 * they group nodes for display and never hold a value themselves.
 */
export abstract class LayoutComponent {
  #children: LayoutChild[] = []
  #columns: number | null = null
  #span: ColumnSpan | null = null

  /**
   * Declare the nodes inside the component, in display order.
   */
  schema(children: LayoutChild[]): this {
    this.#children = children
    return this
  }

  /**
   * Number of grid columns the component lays its children out in.
   */
  columns(columns: number): this {
    if (!Number.isInteger(columns) || columns < 1 || columns > 12) {
      throw new KitConfigurationException(
        `${this.constructor.name}.columns() takes an integer from 1 to 12, received ${columns}`
      )
    }
    this.#columns = columns
    return this
  }

  /**
   * Width of the component in the grid around it.
   */
  columnSpan(span: ColumnSpan): this {
    this.#span = checkColumnSpan(span, this.constructor.name)
    return this
  }

  getChildren(): LayoutChild[] {
    return this.#children
  }

  getColumns() {
    return this.#columns
  }

  getColumnSpan() {
    return this.#span
  }
}

/**
 * Whether a schema node is a layout component.
 */
export function isLayoutNode(node: unknown): node is LayoutComponent {
  return node instanceof LayoutComponent
}

/**
 * The fields of a schema tree, depth first, in display order: the one walk
 * every consumer of a form's fields goes through (fill, validation,
 * serialization, stale-form reconciliation, kit() fill).
 */
export function formLeaves<Leaf extends LayoutLeaf = Field>(nodes: LayoutChild[]): Leaf[] {
  const leaves: Leaf[] = []
  for (const node of nodes) {
    if (isLayoutNode(node)) {
      leaves.push(...formLeaves<Leaf>(node.getChildren()))
    } else {
      leaves.push(node as Leaf)
    }
  }
  return leaves
}
