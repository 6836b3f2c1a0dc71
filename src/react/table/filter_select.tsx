import { useMemo } from 'react'
import { Select, createListCollection } from '@ark-ui/react/select'
import type {
  MultiSelectFilterContract,
  SelectFilterContract,
  TernaryFilterContract,
} from '../../renderers/types.ts'
import { KitIcon } from '../icons.tsx'
import type { FilterControlProps } from '../registry.tsx'
import { SelectButton, SelectPopup } from '../select_popup.tsx'
import { useText } from '../text.tsx'

/**
 * A select or ternary filter of the table toolbar (Ark UI Select): a
 * button (`role=combobox`) named by the filter's label. A single filter
 * starts with the "All" choice, which clears it; a multiple filter keeps
 * its listbox open while options are picked and has a clear button.
 */
export function FilterSelect({
  id,
  filter,
  go,
}: FilterControlProps<SelectFilterContract | MultiSelectFilterContract | TernaryFilterContract>) {
  const t = useText()
  const onChange = (value: string | string[] | null) => go({ filters: { [filter.name]: value } })
  const multiple = filter.type === 'select' && filter.multiple === true
  const allLabel = filter.type === 'ternary' ? filter.allLabel : t('table.all')
  const collection = useMemo(
    () =>
      createListCollection({
        items: multiple ? filter.options : [{ value: '', label: allLabel }, ...filter.options],
      }),
    [filter.options, multiple, allLabel]
  )
  const value = filter.value ?? (multiple ? [] : '')
  return (
    <Select.Root
      className="kit-filter kit-filter-select"
      collection={collection}
      ids={{ trigger: id, label: `${id}-label` }}
      multiple={multiple}
      closeOnSelect={!multiple}
      value={Array.isArray(value) ? value : [value]}
      onValueChange={(details) =>
        multiple
          ? onChange(details.value.length ? details.value : null)
          : onChange(details.value[0] || null)
      }
      positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
    >
      <Select.Label>{filter.label}</Select.Label>
      <SelectButton placeholder={allLabel}>
        {multiple ? (
          <Select.ClearTrigger
            className="kit-select-clear"
            aria-label={t('table.removeFilter', { label: filter.label })}
          >
            <KitIcon name="x-mark" />
          </Select.ClearTrigger>
        ) : null}
      </SelectButton>
      <SelectPopup choices={collection.items} />
    </Select.Root>
  )
}
