import { computed, defineComponent, h, onBeforeUnmount, ref, type PropType } from 'vue'
import { Combobox, createListCollection } from '@ark-ui/vue/combobox'
import type { FormValue, OptionContract, RemoteSelectContract } from '../../renderers/types.ts'
import { chosenKeys, debounce, type OptionSearch, searchOptions } from '../../renderers/shared.ts'
import { useText } from '../text.ts'

/** The combobox's own value: always none, the chosen values are listed above it */
const NONE: string[] = []

type RemoteField = Pick<
  RemoteSelectContract,
  'name' | 'label' | 'multiple' | 'options' | 'searchDebounce'
> & { search: OptionSearch }

/**
 * A select whose options are searched on the server (debounced) through the
 * option-search route, drawn with Ark UI Combobox: single or multiple
 * (many-to-many). Chosen values are listed with a remove button. The
 * field's `<label for={id}>` names the input.
 */
export const RemoteSelect = defineComponent({
  name: 'RemoteSelect',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<RemoteField>, required: true },
    value: { type: [String, Number, Boolean, Array, null] as PropType<FormValue>, default: null },
    describedBy: { type: String, default: undefined },
    invalid: { type: Boolean, default: false },
    /** Options created meanwhile (their labels) */
    extraOptions: { type: Array as PropType<OptionContract[]>, default: () => [] },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    const term = ref('')
    const options = ref<OptionContract[]>([])
    const open = ref(false)
    const status = ref('')
    const known = ref<OptionContract[]>([...props.field.options])
    let abort: AbortController | null = null
    const labelOf = (key: string) =>
      [...props.extraOptions, ...known.value].find((option) => option.value === key)?.label ?? key
    const collection = computed(() =>
      createListCollection({
        items: options.value,
        itemToValue: (option) => option.value,
        itemToString: (option) => option.label,
      })
    )

    const search = debounce(async (text: string) => {
      if (text.length < Math.max(props.field.search.minLength, 1)) {
        options.value = []
        open.value = false
        return
      }
      abort?.abort()
      abort = new AbortController()
      try {
        const found = await searchOptions(
          props.field.search,
          props.field.name,
          text,
          abort.signal,
          t
        )
        options.value = found
        open.value = found.length > 0
        status.value = found.length
          ? t('form.options', { count: found.length })
          : t('form.noOptions')
      } catch (error) {
        if ((error as Error).name !== 'AbortError') status.value = (error as Error).message
      }
    }, props.field.searchDebounce || 300)
    onBeforeUnmount(() => search.cancel())

    const choose = (option: OptionContract) => {
      known.value = [...known.value.filter((item) => item.value !== option.value), option]
      const current = chosenKeys(props.value)
      if (props.field.multiple) {
        if (!current.includes(option.value)) emit('change', [...current, option.value])
      } else {
        emit('change', option.value)
      }
      term.value = ''
      open.value = false
    }

    return () => {
      const current = chosenKeys(props.value)
      return h('div', { class: 'kit-remote-select' }, [
        current.length
          ? h(
              'ul',
              {
                'class': 'kit-chips',
                'aria-label': t('form.chosen', { label: props.field.label }),
              },
              current.map((key) =>
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
                          props.field.multiple ? current.filter((item) => item !== key) : null
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
            inputValue: term.value,
            onInputValueChange: (details: { inputValue: string; reason?: string }) => {
              if (details.reason !== 'input-change') return
              term.value = details.inputValue
              search(details.inputValue)
            },
            open: open.value,
            onOpenChange: (details: { open: boolean }) => {
              open.value = details.open && options.value.length > 0
            },
            openOnChange: false,
            openOnClick: false,
            modelValue: NONE,
            selectionBehavior: 'clear',
            /* Ark Vue reports a choice through valueChange (the value stays []) */
            onValueChange: (details: { value: string[] }) => {
              const option = options.value.find((item) => details.value.includes(item.value))
              if (option) choose(option)
            },
            positioning: { strategy: 'fixed', sameWidth: true },
          },
          () => [
            h(Combobox.Control, { class: 'kit-combobox-control' }, () => [
              h(Combobox.Input, {
                'aria-describedby': props.describedBy,
                'aria-invalid': props.invalid ? 'true' : undefined,
                'placeholder': t('form.searchOptions'),
              }),
            ]),
            h(Combobox.Positioner, { class: 'kit-combobox-positioner' }, () => [
              h(
                Combobox.Content,
                { 'class': 'kit-combobox-content', 'aria-label': props.field.label },
                () =>
                  options.value.map((option) =>
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
        h('span', { 'class': 'kit-sr-only', 'aria-live': 'polite' }, status.value),
      ])
    }
  },
})
