import { useMemo } from 'react'
import { Select, createListCollection } from '@ark-ui/react/select'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'

/**
 * The page size of a table (Ark UI Select): a button (`role=combobox`)
 * named by its "Per page" label and a listbox of the allowed sizes.
 */
export function PerPageSelect({
  id,
  value,
  options,
  onChange,
}: {
  id: string
  value: number
  options: number[]
  onChange: (perPage: number) => void
}) {
  const t = useText()
  const collection = useMemo(
    () =>
      createListCollection({
        items: options.map((option) => ({ value: String(option), label: String(option) })),
      }),
    [options]
  )
  return (
    <Select.Root
      className="kit-pagination-size"
      collection={collection}
      ids={{ trigger: id, label: `${id}-label` }}
      value={[String(value)]}
      onValueChange={(details) => {
        const size = Number(details.value[0])
        if (Number.isInteger(size) && size !== value) onChange(size)
      }}
      positioning={{ strategy: 'fixed', placement: 'top-start', sameWidth: true }}
    >
      <Select.Label>{t('pagination.perPage')}</Select.Label>
      <Select.Control className="kit-select-control">
        <Select.Trigger className="kit-select-trigger kit-per-page-trigger">
          <Select.ValueText />
          <KitIcon name="chevron-up-down" />
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner className="kit-combobox-positioner">
        <Select.Content className="kit-combobox-content">
          {collection.items.map((option) => (
            <Select.Item key={option.value} item={option} className="kit-combobox-item">
              <Select.ItemText>{option.label}</Select.ItemText>
              <Select.ItemIndicator className="kit-select-indicator">
                <KitIcon name="check" />
              </Select.ItemIndicator>
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  )
}
