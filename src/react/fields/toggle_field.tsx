import { Switch } from '@ark-ui/react/switch'

/**
 * A Toggle field drawn with Ark UI Switch: a visually hidden checkbox with
 * `role="switch"` (named by the field's `<label for={id}>`) and its track
 * and thumb. Space toggles it, and so does a click on the track.
 */
export function ToggleField({
  id,
  name,
  checked,
  onChange,
  ...aria
}: {
  'id': string
  'name': string
  'checked': boolean
  'onChange': (checked: boolean) => void
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  'aria-required'?: boolean
}) {
  return (
    <Switch.Root
      className="kit-switch"
      ids={{ hiddenInput: id, label: `${id}-label` }}
      name={name}
      checked={checked}
      invalid={aria['aria-invalid']}
      onCheckedChange={(details) => onChange(details.checked)}
    >
      <Switch.Control className="kit-switch-control">
        <Switch.Thumb className="kit-switch-thumb" />
      </Switch.Control>
      <Switch.HiddenInput role="switch" aria-describedby={aria['aria-describedby']} />
    </Switch.Root>
  )
}
