import { Suspense, lazy } from 'react'
import type { FormFieldContract, FormValue, SimpleFieldContract } from '../../renderers/types.ts'
import { SIMPLE_FIELD_TYPES } from '../../renderers/field_conditions.ts'
import { CheckboxField } from './checkbox.tsx'
import { CheckboxListField } from './checkbox_list.tsx'
import { ColorPickerFallback } from './picker_fallbacks.tsx'
import type { ControlProps } from './field_props.ts'
import { KeyValueField } from './key_value.tsx'
import { PasswordField } from './password.tsx'
import { RadioField } from './radio.tsx'
import { TagsInputField } from './tags_input.tsx'
/* the color picker is loaded only by forms that draw a color field */
const ColorPickerField = lazy(() =>
  import('./color_picker.tsx').then((module) => ({ default: module.ColorPickerField }))
)

/**
 * Whether the field is one the simple-field controls draw.
 */
export function isSimpleField(field: FormFieldContract): field is SimpleFieldContract {
  return (SIMPLE_FIELD_TYPES as readonly string[]).includes(field.type)
}

/**
 * The control of a checkbox, checkbox list, radio, tags, key-value, color
 * or password field. `values` and `onOther` reach the form's other values
 * (a password's confirmation is submitted under its own name).
 */
export function SimpleFieldControl(
  props: ControlProps<SimpleFieldContract> & {
    values: Record<string, FormValue>
    onOther: (name: string, value: FormValue) => void
  }
) {
  const { field } = props
  switch (field.type) {
    case 'checkbox':
      return <CheckboxField {...props} field={field} />
    case 'checkboxList':
      return <CheckboxListField {...props} field={field} />
    case 'radio':
      return <RadioField {...props} field={field} />
    case 'tags':
      return <TagsInputField {...props} field={field} />
    case 'keyValue':
      return <KeyValueField {...props} field={field} />
    case 'color':
      return (
        <Suspense fallback={<ColorPickerFallback {...props} field={field} />}>
          <ColorPickerField {...props} field={field} />
        </Suspense>
      )
    case 'password':
      return (
        <PasswordField
          {...props}
          field={field}
          confirmation={
            field.confirmation ? String(props.values[field.confirmation.name] ?? '') : ''
          }
          onConfirm={(value) => field.confirmation && props.onOther(field.confirmation.name, value)}
        />
      )
  }
}
