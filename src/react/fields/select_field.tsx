import { useMemo } from 'react'
import { Select, createListCollection } from '@ark-ui/react/select'
import type { OptionContract } from '../../renderers/types.ts'
import { SelectButton, SelectPopup } from '../select_popup.tsx'

/**
 * A static single select drawn with Ark UI Select: a button (`role=combobox`)
 * named by the field's `<label id={id}-label>`, and a listbox of the
 * options (type-ahead, arrows, Enter, Escape). The empty choice (first
 * option, value '') sends `null`.
 */
export function SelectField({
  id,
  name,
  options,
  value,
  emptyLabel,
  invalid,
  disabled,
  describedBy,
  onChange,
}: {
  id: string
  name: string
  options: OptionContract[]
  value: string | null
  /** The label of the empty choice */
  emptyLabel: string
  invalid?: boolean
  /** Drawn disabled (the field is disabled or read-only) */
  disabled?: boolean
  describedBy?: string
  onChange: (value: string | null) => void
}) {
  const collection = useMemo(
    () => createListCollection({ items: [{ value: '', label: emptyLabel }, ...options] }),
    [options, emptyLabel]
  )
  return (
    <Select.Root
      className="kit-select-field"
      collection={collection}
      ids={{ trigger: id, label: `${id}-label` }}
      name={name}
      value={[value ?? '']}
      invalid={invalid}
      disabled={disabled}
      onValueChange={(details) => onChange(details.value[0] || null)}
      positioning={{ strategy: 'fixed', sameWidth: true }}
    >
      <SelectButton describedBy={describedBy} />
      <SelectPopup choices={collection.items} />
      <Select.HiddenSelect />
    </Select.Root>
  )
}
