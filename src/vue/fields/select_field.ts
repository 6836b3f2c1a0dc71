import { computed, defineComponent, h, type PropType } from 'vue'
import { Select, createListCollection } from '@ark-ui/vue/select'
import type { OptionContract } from '../../renderers/types.ts'
import { selectButton, selectPopup } from '../select_popup.ts'

/**
 * A static single select drawn with Ark UI Select: a button (`role=combobox`)
 * named by the field's `<label id={id}-label>`, and a listbox of the
 * options (type-ahead, arrows, Enter, Escape). The empty choice (first
 * option, value '') sends `null`.
 */
export const SelectField = defineComponent({
  name: 'SelectField',
  props: {
    id: { type: String, required: true },
    name: { type: String, required: true },
    options: { type: Array as PropType<OptionContract[]>, required: true },
    value: { type: String as PropType<string | null>, default: null },
    /** The label of the empty choice */
    emptyLabel: { type: String, required: true },
    invalid: { type: Boolean, default: false },
    /** Drawn disabled (the field is disabled or read-only) */
    disabled: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const collection = computed(() =>
      createListCollection({ items: [{ value: '', label: props.emptyLabel }, ...props.options] })
    )
    return () =>
      h(
        Select.Root,
        {
          'class': 'kit-select-field',
          'collection': collection.value,
          'ids': { trigger: props.id, label: `${props.id}-label` },
          'name': props.name,
          'modelValue': [props.value ?? ''],
          'invalid': props.invalid,
          'disabled': props.disabled,
          'onUpdate:modelValue': (value: string[]) => emit('change', value[0] || null),
          'positioning': { strategy: 'fixed', sameWidth: true },
        },
        () => [
          selectButton({ describedBy: props.describedBy }),
          selectPopup(collection.value.items),
          h(Select.HiddenSelect),
        ]
      )
  },
})
