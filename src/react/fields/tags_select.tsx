import { useMemo, useState } from 'react'
import { Combobox, createListCollection } from '@ark-ui/react/combobox'
import type { OptionContract } from '../../renderers/types.ts'
import { filterOptions } from '../../renderers/shared.ts'
import { useText } from '../text.tsx'

/**
 * A many-to-many select with its options in the page, drawn as tags: the
 * chosen options are listed with a remove button, and an Ark UI Combobox
 * (multiple) filters the other options as one types. Arrows and Enter
 * choose, Backspace in the empty input removes the last tag.
 */
export function TagsSelect({
  id,
  label,
  options,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string
  label: string
  options: OptionContract[]
  value: string[]
  invalid?: boolean
  describedBy?: string
  onChange: (value: string[]) => void
}) {
  const t = useText()
  const [term, setTerm] = useState('')
  const [open, setOpen] = useState(false)
  const shown = useMemo(() => filterOptions(options, term, value), [options, term, value])
  const collection = useMemo(() => createListCollection({ items: shown }), [shown])
  const labelOf = (key: string) => options.find((option) => option.value === key)?.label ?? key

  return (
    <div className="kit-remote-select kit-tags-select">
      {value.length ? (
        <ul className="kit-chips" aria-label={t('form.chosen', { label })}>
          {value.map((key) => (
            <li key={key}>
              <span>{labelOf(key)}</span>
              <button
                type="button"
                className="kit-chip-remove"
                aria-label={t('form.remove', { label: labelOf(key) })}
                onClick={() => onChange(value.filter((item) => item !== key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Combobox.Root
        collection={collection}
        ids={{ input: id, label: `${id}-label` }}
        multiple
        inputValue={term}
        onInputValueChange={(details) => {
          if (details.reason === 'input-change') setTerm(details.inputValue)
        }}
        open={open && shown.length > 0}
        onOpenChange={(details) => setOpen(details.open)}
        value={value}
        closeOnSelect
        onSelect={(details) => {
          if (!value.includes(details.itemValue)) onChange([...value, details.itemValue])
          setTerm('')
          setOpen(false)
        }}
        positioning={{ strategy: 'fixed', sameWidth: true }}
      >
        <Combobox.Control className="kit-combobox-control">
          <Combobox.Input
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            placeholder={t('form.searchOptions')}
            onKeyDown={(event) => {
              if (event.key === 'Backspace' && term === '' && value.length) {
                onChange(value.slice(0, -1))
              }
            }}
          />
        </Combobox.Control>
        <Combobox.Positioner className="kit-combobox-positioner">
          <Combobox.Content className="kit-combobox-content" aria-label={label}>
            {shown.map((option) => (
              <Combobox.Item key={option.value} item={option} className="kit-combobox-item">
                <Combobox.ItemText>{option.label}</Combobox.ItemText>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
    </div>
  )
}
