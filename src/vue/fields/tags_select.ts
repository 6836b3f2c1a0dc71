import { computed, defineComponent, h, ref, type PropType } from 'vue'
import { Combobox, createListCollection } from '@ark-ui/vue/combobox'
import type { OptionContract } from '../../renderers/types.ts'
import { filterOptions } from '../../renderers/shared.ts'
import { useText } from '../text.ts'

/**
 * A many-to-many select with its options in the page, drawn as tags: the
 * chosen options are listed with a remove button, and an Ark UI Combobox
 * (multiple) filters the other options as one types. Arrows and Enter
 * choose, Backspace in the empty input removes the last tag.
 */
export const TagsSelect = defineComponent({
  name: 'TagsSelect',
  props: {
    id: { type: String, required: true },
    label: { type: String, required: true },
    options: { type: Array as PropType<OptionContract[]>, required: true },
    value: { type: Array as PropType<string[]>, required: true },
    invalid: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    const term = ref('')
    const open = ref(false)
    const shown = computed(() => filterOptions(props.options, term.value, props.value))
    const collection = computed(() => createListCollection({ items: shown.value }))
    const labelOf = (key: string) =>
      props.options.find((option) => option.value === key)?.label ?? key

    return () =>
      h('div', { class: 'kit-remote-select kit-tags-select' }, [
        props.value.length
          ? h(
              'ul',
              { 'class': 'kit-chips', 'aria-label': t('form.chosen', { label: props.label }) },
              props.value.map((key) =>
                h('li', { key }, [
                  h('span', null, labelOf(key)),
                  h(
                    'button',
                    {
                      'type': 'button',
                      'class': 'kit-chip-remove',
                      'aria-label': t('form.remove', { label: labelOf(key) }),
                      'onClick': () =>
                        emit(
                          'change',
                          props.value.filter((item) => item !== key)
                        ),
                    },
                    '×'
                  ),
                ])
              )
            )
          : null,
        h(
          Combobox.Root,
          {
            collection: collection.value,
            ids: { input: props.id, label: `${props.id}-label` },
            multiple: true,
            inputValue: term.value,
            onInputValueChange: (details: { inputValue: string; reason?: string }) => {
              if (details.reason === 'input-change') term.value = details.inputValue
            },
            open: open.value && shown.value.length > 0,
            onOpenChange: (details: { open: boolean }) => {
              open.value = details.open
            },
            modelValue: props.value,
            /* Ark Vue reports a choice through valueChange */
            onValueChange: (details: { value: string[] }) => {
              emit('change', details.value)
              term.value = ''
              open.value = false
            },
            closeOnSelect: true,
            positioning: { strategy: 'fixed', sameWidth: true },
          },
          () => [
            h(Combobox.Control, { class: 'kit-combobox-control' }, () => [
              h(Combobox.Input, {
                'aria-describedby': props.describedBy,
                'aria-invalid': props.invalid ? 'true' : undefined,
                'placeholder': t('form.searchOptions'),
                'onKeydown': (event: KeyboardEvent) => {
                  if (event.key === 'Backspace' && term.value === '' && props.value.length) {
                    emit('change', props.value.slice(0, -1))
                  }
                },
              }),
            ]),
            h(Combobox.Positioner, { class: 'kit-combobox-positioner' }, () => [
              h(
                Combobox.Content,
                { 'class': 'kit-combobox-content', 'aria-label': props.label },
                () =>
                  shown.value.map((option) =>
                    h(
                      Combobox.Item,
                      { key: option.value, item: option, class: 'kit-combobox-item' },
                      () => [h(Combobox.ItemText, null, () => option.label)]
                    )
                  )
              ),
            ]),
          ]
        ),
      ])
  },
})
