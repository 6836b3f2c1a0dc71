import type { FormFieldContract, FormValue, TableFilterContract } from '../../../contracts/main.ts'

/**
 * The accepted value of a form filter: the values of its fields that are
 * set (an empty field is left out), by field name.
 */
export type FormFilterData = Record<string, FormValue>

/**
 * The contract of a form filter (`Filter.make().form()`): its fields'
 * contracts, drawn with the form's field components, and the current data
 * (`filters[<name>][<field>]=…`).
 *
 * Declared here until `src/contracts` carries it in `TableFilterContract`.
 */
export interface FormFilterContract {
  name: string
  label: string
  type: 'form'
  fields: FormFieldContract[]
  /** The set values by field name; null when the filter is inactive */
  value: FormFilterData | null
}

/**
 * The contract of any filter the kit serializes.
 */
export type FilterContract = TableFilterContract | FormFilterContract
