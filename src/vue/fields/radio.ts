import { h, type VNode } from 'vue'
import { RadioGroup } from '@ark-ui/vue/radio-group'
import type { RadioContract } from '../../renderers/types.ts'
import { part, type ControlProps } from './field_props.ts'

/**
 * Radio buttons (Ark UI RadioGroup).
 */
export function radioField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<RadioContract>): VNode {
  return h(
    part(RadioGroup.Root),
    {
      'id': id,
      'class': `kit-radio-group${field.inline ? ' kit-radio-inline' : ''}`,
      'name': field.name,
      'modelValue': value === null || value === undefined ? null : String(value),
      'disabled': field.disabled,
      'readOnly': field.readOnly,
      'aria-invalid': invalid ? 'true' : undefined,
      'aria-describedby': describedBy,
      'onUpdate:modelValue': (next: string | null) => onChange(next),
    },
    () =>
      field.options.map((option) =>
        h(
          part(RadioGroup.Item),
          { key: option.value, value: option.value, class: 'kit-radio' },
          () => [
            h(part(RadioGroup.ItemControl), { class: 'kit-radio-control' }),
            h(part(RadioGroup.ItemText), { class: 'kit-radio-label' }, () => option.label),
            h(part(RadioGroup.ItemHiddenInput)),
          ]
        )
      )
  )
}
