import type { ReactNode } from 'react'
import { Select } from '@ark-ui/react/select'
import { KitIcon } from './icons.tsx'

/**
 * One choice of a select: the value sent and the label shown.
 */
export interface SelectChoice {
  value: string
  label: string
}

/**
 * The button of an Ark UI Select (`role=combobox`): the chosen value and a
 * chevron (or the placeholder while nothing is chosen), then `children`
 * (a clear button) in the same control.
 */
export function SelectButton({
  className,
  describedBy,
  placeholder,
  children,
}: {
  className?: string
  describedBy?: string
  /** Shown while nothing is chosen */
  placeholder?: string
  children?: ReactNode
}) {
  return (
    <Select.Control className="kit-select-control">
      <Select.Trigger
        className={className ? `kit-select-trigger ${className}` : 'kit-select-trigger'}
        aria-describedby={describedBy}
      >
        <Select.ValueText placeholder={placeholder} />
        <KitIcon name="chevron-up-down" />
      </Select.Trigger>
      {children}
    </Select.Control>
  )
}

/**
 * The popup of an Ark UI Select: the positioner (above the sticky table
 * header and the page's bars) and the listbox of the choices, a check
 * beside the chosen ones. Shared by every select of the kit.
 */
export function SelectPopup({ choices }: { choices: SelectChoice[] }) {
  return (
    <Select.Positioner className="kit-combobox-positioner">
      <Select.Content className="kit-combobox-content">
        {choices.map((choice) => (
          <Select.Item key={choice.value} item={choice} className="kit-combobox-item">
            <Select.ItemText>{choice.label}</Select.ItemText>
            <Select.ItemIndicator className="kit-select-indicator">
              <KitIcon name="check" />
            </Select.ItemIndicator>
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Positioner>
  )
}
