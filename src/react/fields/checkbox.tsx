import { Checkbox } from '@ark-ui/react/checkbox'
import type { CheckboxContract } from '../../renderers/types.ts'
import type { ControlProps } from './field_props.ts'

/**
 * A single checkbox (Ark UI Checkbox).
 */
export function CheckboxField({
  id,
  field,
  value,
  invalid,
  onChange,
}: ControlProps<CheckboxContract>) {
  return (
    <Checkbox.Root
      className="kit-checkbox"
      ids={{ hiddenInput: id }}
      name={field.name}
      checked={value === true}
      disabled={field.disabled}
      readOnly={field.readOnly}
      invalid={invalid}
      onCheckedChange={(details) => onChange(details.checked === true)}
    >
      <Checkbox.Control className="kit-checkbox-control">
        <Checkbox.Indicator className="kit-checkbox-indicator">✓</Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label className="kit-checkbox-label">{field.label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  )
}
