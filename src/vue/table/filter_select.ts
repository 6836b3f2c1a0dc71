import { computed, defineComponent, h, type PropType } from 'vue'
import { Select, createListCollection } from '@ark-ui/vue/select'
import type {
  MultiSelectFilterContract,
  SelectFilterContract,
  TernaryFilterContract,
} from '../../renderers/types.ts'
import type { TableQueryChange } from '../../renderers/shared.ts'
import { KitIcon } from '../icons.ts'
import { selectButton, selectPopup } from '../select_popup.ts'
import { useText } from '../text.ts'

/**
 * A select or ternary filter of the table toolbar (Ark UI Select): a
 * button (`role=combobox`) named by the filter's label. A single filter
 * starts with the "All" choice, which clears it; a multiple filter keeps
 * its listbox open while options are picked and has a clear button.
 * Applies the new value with `go` (null clears the filter).
 */
export const FilterSelect = defineComponent({
  name: 'FilterSelect',
  props: {
    id: { type: String, required: true },
    filter: {
      type: Object as PropType<
        SelectFilterContract | MultiSelectFilterContract | TernaryFilterContract
      >,
      required: true,
    },
    go: { type: Function as PropType<(change: TableQueryChange) => void>, required: true },
  },
  setup(props) {
    const change = (value: string | string[] | null) =>
      props.go({ filters: { [props.filter.name]: value } })
    const t = useText()
    const multiple = computed(
      () => props.filter.type === 'select' && props.filter.multiple === true
    )
    const allLabel = computed(() =>
      props.filter.type === 'ternary' ? props.filter.allLabel : t('table.all')
    )
    const collection = computed(() =>
      createListCollection<{ value: string; label: string }>({
        items: multiple.value
          ? props.filter.options
          : [{ value: '', label: allLabel.value }, ...props.filter.options],
      })
    )
    return () => {
      const filter = props.filter
      const value = filter.value ?? (multiple.value ? [] : '')
      return h(
        Select.Root,
        {
          'class': 'kit-filter kit-filter-select',
          'collection': collection.value,
          'ids': { trigger: props.id, label: `${props.id}-label` },
          'multiple': multiple.value,
          'closeOnSelect': !multiple.value,
          'modelValue': Array.isArray(value) ? value : [value],
          'onUpdate:modelValue': (chosen: string[]) =>
            multiple.value ? change(chosen.length ? chosen : null) : change(chosen[0] || null),
          'positioning': { strategy: 'fixed', placement: 'bottom-start' },
        },
        () => [
          h(Select.Label, null, () => filter.label),
          selectButton(
            { placeholder: allLabel.value },
            multiple.value
              ? h(
                  Select.ClearTrigger,
                  {
                    'class': 'kit-select-clear',
                    'aria-label': t('table.removeFilter', { label: filter.label }),
                  },
                  () => [h(KitIcon, { name: 'x-mark' })]
                )
              : null
          ),
          selectPopup(collection.value.items),
        ]
      )
    }
  },
})
