import { KitConfigurationException } from '../../support/errors.ts'
import type { Field } from './fields/field.ts'

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
  #fields: FormField[] = []

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
   * Declare the fields, in display order.
   */
  schema(fields: FormField[]): this {
    this.#fields = fields
    return this
  }

  getColumns() {
    return this.#columns
  }

  getFields(): FormField[] {
    return this.#fields
  }
}
