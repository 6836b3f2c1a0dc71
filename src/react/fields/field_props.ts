import type { FormValue } from '../../renderers/types.ts'

/**
 * What the form hands each field control.
 */
export interface ControlProps<Contract> {
  id: string
  field: Contract
  value: FormValue
  invalid: boolean
  describedBy: string | undefined
  required: boolean
  onChange: (value: FormValue) => void
}
