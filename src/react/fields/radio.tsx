import { RadioGroup } from '@ark-ui/react/radio-group'
import type { RadioContract } from '../../renderers/types.ts'
import type { ControlProps } from './field_props.ts'

/**
 * Radio buttons (Ark UI RadioGroup).
 */
export function RadioField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<RadioContract>) {
  return (
    <RadioGroup.Root
      id={id}
      className={`kit-radio-group${field.inline ? ' kit-radio-inline' : ''}`}
      name={field.name}
      value={value === null || value === undefined ? null : String(value)}
      disabled={field.disabled}
      readOnly={field.readOnly}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onValueChange={(details) => onChange(details.value)}
    >
      {field.options.map((option) => (
        <RadioGroup.Item key={option.value} value={option.value} className="kit-radio">
          <RadioGroup.ItemControl className="kit-radio-control" />
          <RadioGroup.ItemText className="kit-radio-label">{option.label}</RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
}
