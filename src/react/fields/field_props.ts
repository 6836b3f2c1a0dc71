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

/**
 * What the form hands a date or date-time field.
 */
export interface DateFieldProps {
  id: string
  name: string
  withTime: boolean
  value: string | null
  invalid?: boolean
  describedBy?: string
  /** The earliest date that may be picked (`YYYY-MM-DD`) */
  min?: string | null
  /** The latest date that may be picked (`YYYY-MM-DD`) */
  max?: string | null
  onChange: (value: string | null) => void
}
