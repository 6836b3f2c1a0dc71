import type { Component } from 'vue'
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
