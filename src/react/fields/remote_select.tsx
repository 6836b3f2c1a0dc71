import { useEffect, useMemo, useRef, useState } from 'react'
import { Combobox, createListCollection } from '@ark-ui/react/combobox'
import type { FormValue, OptionContract, RemoteSelectContract } from '../../renderers/types.ts'
import { chosenKeys, debounce, type OptionSearch, searchOptions } from '../../renderers/shared.ts'
import { useText } from '../text.tsx'

/**
 * A select whose options are searched on the server (debounced) through the
 * option-search route, drawn with Ark UI Combobox: single or multiple
 * (many-to-many). Chosen values are listed with a remove button. The
 * field's `<label for={id}>` names the input.
 */
export function RemoteSelect({
  id,
  field,
  value,
  describedBy,
  invalid,
  extraOptions,
  onChange,
}: {
  id: string
  field: Pick<
    RemoteSelectContract,
    'name' | 'label' | 'multiple' | 'options' | 'searchDebounce'
  > & {
    search: OptionSearch
  }
  value: FormValue
  describedBy?: string
  invalid?: boolean
  /** Options created meanwhile (their labels) */
  extraOptions?: OptionContract[]
  onChange: (value: FormValue) => void
}) {
  const t = useText()
  const [term, setTerm] = useState('')
  const [options, setOptions] = useState<OptionContract[]>([])
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState('')
  const [known, setKnown] = useState<OptionContract[]>(field.options)
  const abort = useRef<AbortController | null>(null)
  const chosen = chosenKeys(value)
  const labelOf = (key: string) =>
    [...(extraOptions ?? []), ...known].find((option) => option.value === key)?.label ?? key
  const collection = useMemo(
    () =>
      createListCollection({
        items: options,
        itemToValue: (option) => option.value,
        itemToString: (option) => option.label,
      }),
    [options]
  )

  const search = useMemo(
    () =>
      debounce(async (text: string) => {
        if (text.length < Math.max(field.search.minLength, 1)) {
          setOptions([])
          setOpen(false)
          return
        }
        abort.current?.abort()
        abort.current = new AbortController()
        try {
          const found = await searchOptions(field.search, field.name, text, abort.current.signal, t)
          setOptions(found)
          setOpen(found.length > 0)
          setStatus(found.length ? t('form.options', { count: found.length }) : t('form.noOptions'))
        } catch (error) {
          if ((error as Error).name !== 'AbortError') setStatus((error as Error).message)
        }
      }, field.searchDebounce || 300),
    [field.search.url, field.search.minLength, field.name]
  )
  useEffect(() => () => search.cancel(), [search])

  const choose = (option: OptionContract) => {
    setKnown((current) => [...current.filter((item) => item.value !== option.value), option])
    if (field.multiple) {
      if (!chosen.includes(option.value)) onChange([...chosen, option.value])
    } else {
      onChange(option.value)
    }
    setTerm('')
    setOpen(false)
  }

  return (
    <div className="kit-remote-select">
      {chosen.length ? (
        <ul className="kit-chips" aria-label={t('form.chosen', { label: field.label })}>
          {chosen.map((key) => (
            <li key={key}>
              <span>{labelOf(key)}</span>
              <button
                type="button"
                className="kit-chip-remove"
                aria-label={t('form.remove', { label: labelOf(key) })}
                onClick={() =>
                  onChange(field.multiple ? chosen.filter((item) => item !== key) : null)
                }
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
        inputValue={term}
        onInputValueChange={(details) => {
          if (details.reason !== 'input-change') return
          setTerm(details.inputValue)
          search(details.inputValue)
        }}
        open={open}
        onOpenChange={(details) => setOpen(details.open && options.length > 0)}
        openOnChange={false}
        openOnClick={false}
        value={[]}
        selectionBehavior="clear"
        onSelect={(details) => {
          const option = options.find((item) => item.value === details.itemValue)
          if (option) choose(option)
        }}
        positioning={{ strategy: 'fixed', sameWidth: true }}
      >
        <Combobox.Control className="kit-combobox-control">
          <Combobox.Input
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            placeholder={t('form.searchOptions')}
          />
        </Combobox.Control>
        <Combobox.Positioner className="kit-combobox-positioner">
          <Combobox.Content className="kit-combobox-content" aria-label={field.label}>
            {options.map((option) => (
              <Combobox.Item key={option.value} item={option} className="kit-combobox-item">
                <Combobox.ItemText>{option.label}</Combobox.ItemText>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <span className="kit-sr-only" aria-live="polite">
        {status}
      </span>
    </div>
  )
}
