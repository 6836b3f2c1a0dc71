import { defineAsyncComponent, h, type VNode } from 'vue'
import type { FormValue, SimpleFieldContract } from '../../renderers/types.ts'
import type { KitText } from '../../renderers/text.ts'
import { checkboxField } from './checkbox.ts'
import { checkboxListField } from './checkbox_list.ts'
import { ColorPickerFallback } from './picker_fallbacks.ts'
import type { ControlProps } from './field_props.ts'
import { KeyValueField } from './key_value.ts'
import { passwordField } from './password.ts'
import { radioField } from './radio.ts'
import { tagsInputField } from './tags_input.ts'
/* the color picker is loaded only by forms that draw a color field */
const ColorPickerField = defineAsyncComponent({
  loader: () => import('./color_picker.ts').then((module) => module.ColorPickerField),
  loadingComponent: ColorPickerFallback,
  delay: 0,
})

/**
 * The control of a checkbox, checkbox list, radio, tags, key-value, color
 * or password field. `values` and `onOther` reach the form's other values
 * (a password's confirmation is submitted under its own name).
 */
export function simpleFieldControl(
  props: ControlProps<SimpleFieldContract> & {
    values: Record<string, FormValue>
    onOther: (name: string, value: FormValue) => void
  },
  t: KitText
): VNode {
  const { field } = props
  switch (field.type) {
    case 'checkbox':
      return checkboxField({ ...props, field })
    case 'checkboxList':
      return checkboxListField({ ...props, field })
    case 'radio':
      return radioField({ ...props, field })
    case 'tags':
      return tagsInputField({ ...props, field })
    case 'keyValue':
      return h(KeyValueField, {
        id: props.id,
        field,
        value: props.value,
        invalid: props.invalid,
        describedBy: props.describedBy,
        onChange: props.onChange,
      })
    case 'color':
      return h(ColorPickerField, {
        id: props.id,
        field,
        value: props.value,
        invalid: props.invalid,
        describedBy: props.describedBy,
        onChange: props.onChange,
      })
    case 'password':
      return passwordField(
        {
          ...props,
          field,
          confirmation: field.confirmation
            ? String(props.values[field.confirmation.name] ?? '')
            : '',
          onConfirm: (value) => field.confirmation && props.onOther(field.confirmation.name, value),
        },
        t
      )
  }
}
