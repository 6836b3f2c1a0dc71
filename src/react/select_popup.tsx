import { useMemo, type ReactNode } from 'react'
import { Select, createListCollection } from '@ark-ui/react/select'
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

/**
 * A single select of the kit (Ark UI Select): a button (`role=combobox`)
 * named by its label (visible, or read by screen readers only) and the
 * listbox of the choices. `onChange` is called with the picked value only
 * when it differs from `value`.
 *
 * @example
 * <ChoiceSelect id="rule-0-column" label={t('queryBuilder.column')} hideLabel
 *   choices={columns} value={rule.column} onChange={setColumn} />
 */
export function ChoiceSelect({
  id,
  label,
  hideLabel,
  name,
  className,
  labelClassName,
  choices,
  value,
  onChange,
}: {
  id: string
  label: string
  /** Keep the label for screen readers only */
  hideLabel?: boolean
  /** The name of a hidden native select, for a surrounding form */
  name?: string
  className?: string
  labelClassName?: string
  choices: SelectChoice[]
  value: string
  onChange: (value: string) => void
}) {
  const collection = useMemo(() => createListCollection({ items: choices }), [choices])
  return (
    <Select.Root
      className={className ? `kit-choice-select ${className}` : 'kit-choice-select'}
      collection={collection}
      ids={{ trigger: id, label: `${id}-label` }}
      name={name}
      value={[value]}
      onValueChange={(details) => {
        const picked = details.value[0]
        if (picked !== undefined && picked !== value) onChange(picked)
      }}
      positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
    >
      <Select.Label className={hideLabel ? 'kit-sr-only' : labelClassName}>{label}</Select.Label>
      <SelectButton />
      <SelectPopup choices={collection.items} />
      {name ? <Select.HiddenSelect /> : null}
    </Select.Root>
  )
}
