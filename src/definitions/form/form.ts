import { KitConfigurationException } from '../../support/errors.ts'
import type { Field } from './fields/field.ts'
import { formLeaves, isLayoutNode, type FormNode } from './layout/layout_component.ts'
import { Wizard } from './layout/wizard.ts'

/**
 * Any field the form accepts.
 */
export type FormField = Field

/**
 * The form builder a resource's `form()` receives. A fresh one is handed to
 * every call and must be returned.
 *
 * @example
 * ```ts
 * form(form: Form) {
 *   return form.columns(2).schema([TextInput.make('title').required().maxLength(255)])
 * }
 * ```
 */
export class Form {
  #columns = 1
  #schema: FormNode[] = []

  /**
   * Number of grid columns the renderer lays the fields out in.
   */
  columns(columns: number): this {
    if (!Number.isInteger(columns) || columns < 1 || columns > 12) {
      throw new KitConfigurationException(
        `Form.columns() takes an integer from 1 to 12, received ${columns}`
      )
    }
    this.#columns = columns
    return this
  }

  /**
   * Declare the fields, in display order, or a tree of layout components
   * (Section, Fieldset, Grid, Tabs, Wizard) whose leaves are fields.
   */
  schema(nodes: FormNode[]): this {
    this.#schema = nodes
    return this
  }

  getColumns() {
    return this.#columns
  }

  /**
   * The fields of the form: the leaves of its schema tree, in display order.
   */
  getFields(): FormField[] {
    return formLeaves(this.#schema)
  }

  /**
   * The schema tree as declared.
   */
  getSchema(): FormNode[] {
    return this.#schema
  }

  /**
   * Whether the schema holds a layout component or a column span (the
   * renderers then draw the tree).
   */
  hasLayout(): boolean {
    return this.#schema.some((node) => isLayoutNode(node) || node.getColumnSpan() !== null)
  }

  /**
   * The form's wizard, when its schema holds one at the top level.
   */
  getWizard(): Wizard | null {
    return (this.#schema.find((node) => node instanceof Wizard) as Wizard | undefined) ?? null
  }
}
