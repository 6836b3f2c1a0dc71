import { useMemo } from 'react'
import { Select, createListCollection } from '@ark-ui/react/select'
import { SelectButton, SelectPopup } from '../select_popup.tsx'
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
      <SelectButton className="kit-per-page-trigger" />
      <SelectPopup choices={collection.items} />
    </Select.Root>
  )
}
