import type { Component, PropType } from 'vue'
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
 * An Ark UI part as `h()` takes it (their props are checked by Ark's own
 * types at runtime; the render functions pass plain objects).
 */
export function part(component: unknown): Component {
  return component as Component
}

/**
 * The props of a date or date-time field: the picker and the input that
 * stands in while it loads take the same ones.
 */
export const dateFieldProps = {
  id: { type: String, required: true },
  name: { type: String, required: true },
  withTime: { type: Boolean, default: false },
  value: { type: String as PropType<string | null>, default: null },
  invalid: { type: Boolean, default: false },
  describedBy: { type: String, default: undefined },
  /** The earliest date that may be picked (`YYYY-MM-DD`) */
  min: { type: String as PropType<string | null>, default: null },
  /** The latest date that may be picked (`YYYY-MM-DD`) */
  max: { type: String as PropType<string | null>, default: null },
} as const
