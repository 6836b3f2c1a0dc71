import { Checkbox } from '@ark-ui/react/checkbox'

/**
 * The selection checkbox of a row or of the page (Ark UI Checkbox): its
 * label is read by screen readers only; the page's checkbox
 * shows a dash while only some rows are selected (`indeterminate`).
 */
export function SelectionCheckbox({
  label,
  checked,
  onToggle,
}: {
  label: string
  checked: boolean | 'indeterminate'
  onToggle: () => void
}) {
  return (
    <Checkbox.Root
      className="kit-checkbox kit-selection"
      checked={checked}
      onCheckedChange={onToggle}
    >
      <Checkbox.Control className="kit-checkbox-control">
        <Checkbox.Indicator className="kit-checkbox-indicator">✓</Checkbox.Indicator>
        <Checkbox.Indicator className="kit-checkbox-indicator" indeterminate>
          –
        </Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label className="kit-sr-only">{label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  )
}
