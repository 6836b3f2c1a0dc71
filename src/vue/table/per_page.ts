import { computed, defineComponent, h, type PropType } from 'vue'
import { Select, createListCollection } from '@ark-ui/vue/select'
import { KitIcon } from '../icons.ts'
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
          h(Select.Control, { class: 'kit-select-control' }, () => [
            h(Select.Trigger, { class: 'kit-select-trigger kit-per-page-trigger' }, () => [
              h(Select.ValueText),
              h(KitIcon, { name: 'chevron-up-down' }),
            ]),
          ]),
          h(Select.Positioner, { class: 'kit-combobox-positioner' }, () => [
            h(Select.Content, { class: 'kit-combobox-content' }, () =>
              collection.value.items.map((option) =>
                h(
                  Select.Item,
                  { key: option.value, item: option, class: 'kit-combobox-item' },
                  () => [
                    h(Select.ItemText, null, () => option.label),
                    h(Select.ItemIndicator, { class: 'kit-select-indicator' }, () => [
                      h(KitIcon, { name: 'check' }),
                    ]),
                  ]
                )
              )
            ),
          ]),
        ]
      )
  },
})
