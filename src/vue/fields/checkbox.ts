import { h, type VNode } from 'vue'
import { Checkbox } from '@ark-ui/vue/checkbox'
import type { CheckboxContract } from '../../renderers/types.ts'
import { part, type ControlProps } from './field_props.ts'

/**
 * A single checkbox (Ark UI Checkbox).
 */
export function checkboxField({
  id,
  field,
  value,
  invalid,
  onChange,
}: ControlProps<CheckboxContract>): VNode {
  return h(
    part(Checkbox.Root),
    {
      'class': 'kit-checkbox',
      'ids': { hiddenInput: id },
      'name': field.name,
      'checked': value === true,
      'disabled': field.disabled,
      'readOnly': field.readOnly,
      'invalid': invalid,
      'onUpdate:checked': (checked: unknown) => onChange(checked === true),
    },
    () => [
      h(part(Checkbox.Control), { class: 'kit-checkbox-control' }, () => [
        h(part(Checkbox.Indicator), { class: 'kit-checkbox-indicator' }, () => '✓'),
      ]),
      h(part(Checkbox.Label), { class: 'kit-checkbox-label' }, () => field.label),
      h(part(Checkbox.HiddenInput)),
    ]
  )
}
