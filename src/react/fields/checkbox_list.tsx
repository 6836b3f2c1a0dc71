import { Checkbox } from '@ark-ui/react/checkbox'
import type { CheckboxListContract } from '../../renderers/types.ts'
import type { ControlProps } from './field_props.ts'

/**
 * Checkboxes for a list of options (Ark UI Checkbox group); the value is
 * the list of checked option values.
 */
export function CheckboxListField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<CheckboxListContract>) {
  const checked = (Array.isArray(value) ? value : []).map(String)
  return (
    <Checkbox.Group
      id={id}
      className="kit-checkbox-list"
      style={{ '--kit-option-columns': field.columns } as React.CSSProperties}
      name={field.name}
      value={checked}
      disabled={field.disabled}
      readOnly={field.readOnly}
      invalid={invalid}
      aria-describedby={describedBy}
      onValueChange={(next) => onChange(next)}
    >
      {field.options.map((option) => (
        <Checkbox.Root key={option.value} value={option.value} className="kit-checkbox">
          <Checkbox.Control className="kit-checkbox-control">
            <Checkbox.Indicator className="kit-checkbox-indicator">✓</Checkbox.Indicator>
          </Checkbox.Control>
          <Checkbox.Label className="kit-checkbox-label">{option.label}</Checkbox.Label>
          <Checkbox.HiddenInput />
        </Checkbox.Root>
      ))}
    </Checkbox.Group>
  )
}
