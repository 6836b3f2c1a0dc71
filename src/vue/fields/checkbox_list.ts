import { h, type VNode } from 'vue'
import { Checkbox } from '@ark-ui/vue/checkbox'
import type { CheckboxListContract } from '../../renderers/types.ts'
import { part, type ControlProps } from './field_props.ts'

/**
 * Checkboxes for a list of options (Ark UI Checkbox group); the value is
 * the list of checked option values.
 */
export function checkboxListField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<CheckboxListContract>): VNode {
  return h(
    part(Checkbox.Group),
    {
      'id': id,
      'class': 'kit-checkbox-list',
      'style': { '--kit-option-columns': String(field.columns) },
      'name': field.name,
      'modelValue': (Array.isArray(value) ? value : []).map(String),
      'disabled': field.disabled,
      'readOnly': field.readOnly,
      'invalid': invalid,
      'aria-describedby': describedBy,
      'onUpdate:modelValue': (next: string[]) => onChange(next),
    },
    () =>
      field.options.map((option) =>
        h(
          part(Checkbox.Root),
          { key: option.value, value: option.value, class: 'kit-checkbox' },
          () => [
            h(part(Checkbox.Control), { class: 'kit-checkbox-control' }, () => [
              h(part(Checkbox.Indicator), { class: 'kit-checkbox-indicator' }, () => '✓'),
            ]),
            h(part(Checkbox.Label), { class: 'kit-checkbox-label' }, () => option.label),
            h(part(Checkbox.HiddenInput)),
          ]
        )
      )
  )
}
