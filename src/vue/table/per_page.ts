import { computed, defineComponent, h, type PropType } from 'vue'
import { Select, createListCollection } from '@ark-ui/vue/select'
import { selectButton, selectPopup } from '../select_popup.ts'
import { useText } from '../text.ts'

/**
 * The page size of a table (Ark UI Select): a button (`role=combobox`)
 * named by its "Per page" label and a listbox of the allowed sizes.
 * Emits `change` with the chosen size.
 */
export const PerPageSelect = defineComponent({
  name: 'PerPageSelect',
  props: {
    id: { type: String, required: true },
    value: { type: Number, required: true },
    options: { type: Array as PropType<number[]>, required: true },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    const collection = computed(() =>
      createListCollection({
        items: props.options.map((option) => ({ value: String(option), label: String(option) })),
      })
    )
    return () =>
      h(
        Select.Root,
        {
          'class': 'kit-pagination-size',
          'collection': collection.value,
          'ids': { trigger: props.id, label: `${props.id}-label` },
          'modelValue': [String(props.value)],
          'onUpdate:modelValue': (value: string[]) => {
            const size = Number(value[0])
            if (Number.isInteger(size) && size !== props.value) emit('change', size)
          },
          'positioning': { strategy: 'fixed', placement: 'top-start', sameWidth: true },
        },
        () => [
          h(Select.Label, null, () => t('pagination.perPage')),
          selectButton({ className: 'kit-per-page-trigger' }),
          selectPopup(collection.value.items),
        ]
      )
  },
})
