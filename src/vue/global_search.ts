import {
  computed,
  defineComponent,
  h,
  onBeforeUnmount,
  onMounted,
  ref,
  useId,
  type PropType,
} from 'vue'
import { router } from '@inertiajs/vue3'
import { Combobox, createListCollection } from '@ark-ui/vue/combobox'
import type { GlobalSearchGroupContract } from '../renderers/types.ts'
import { debounce, globalSearchItems, searchEverything } from '../renderers/shared.ts'
import { isSearchShortcut } from '../renderers/behaviour.ts'
import { KitIcon } from './icons.ts'
import { useText } from './text.ts'

/** The combobox's own value: always none (a choice visits its page) */
const NONE: string[] = []

/**
 * The global search of a panel (Ark UI Combobox): it asks `url?q=<term>`
 * (debounced) and lists the results grouped by resource; choosing one
 * visits the record's page. `/` or Ctrl+K (Cmd+K) focuses it.
 */
export const GlobalSearch = defineComponent({
  name: 'GlobalSearch',
  props: {
    url: { type: String, required: true },
    label: { type: String as PropType<string | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const label = () => props.label ?? t('search.label')
    const id = useId()
    const term = ref('')
    const groups = ref<GlobalSearchGroupContract[]>([])
    const open = ref(false)
    const status = ref('')
    let abort: AbortController | null = null
    const items = computed(() => globalSearchItems(groups.value))
    const collection = computed(() =>
      createListCollection({
        items: items.value,
        itemToValue: (item) => item.value,
        itemToString: (item) => item.result.title,
      })
    )

    const search = debounce(async (text: string) => {
      abort?.abort()
      abort = new AbortController()
      try {
        const found = await searchEverything(props.url, text, abort.signal, t)
        const count = found.reduce((total, group) => total + group.results.length, 0)
        groups.value = found
        open.value = text.trim().length >= 2 && count > 0
        status.value =
          text.trim().length < 2
            ? ''
            : count
              ? t('search.results', { count })
              : t('search.noResults')
      } catch (error) {
        if ((error as Error).name !== 'AbortError') status.value = (error as Error).message
      }
    }, 300)
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return
      event.preventDefault()
      ;(document.getElementById(id) as HTMLInputElement | null)?.focus()
    }
    onMounted(() => document.addEventListener('keydown', onKey))
    onBeforeUnmount(() => {
      search.cancel()
      document.removeEventListener('keydown', onKey)
    })

    return () =>
      h('div', { class: 'kit-remote-select kit-global-search', role: 'search' }, [
        h(
          Combobox.Root,
          {
            collection: collection.value,
            ids: { input: id, label: `${id}-label` },
            inputValue: term.value,
            onInputValueChange: (details: { inputValue: string; reason?: string }) => {
              if (details.reason !== 'input-change') return
              term.value = details.inputValue
              search(details.inputValue)
            },
            open: open.value,
            onOpenChange: (details: { open: boolean }) => {
              open.value = details.open && items.value.length > 0
            },
            openOnChange: false,
            openOnClick: false,
            modelValue: NONE,
            selectionBehavior: 'preserve',
            /* Ark Vue reports a choice through valueChange (the value stays []) */
            onValueChange: (details: { value: string[] }) => {
              const item = items.value.find((candidate) => details.value.includes(candidate.value))
              if (!item) return
              open.value = false
              router.visit(item.result.url)
            },
            positioning: { strategy: 'fixed', placement: 'bottom-start' },
          },
          () => [
            h(Combobox.Label, { class: 'kit-sr-only' }, () => label()),
            h(Combobox.Control, { class: 'kit-combobox-control' }, () => [
              h(KitIcon, { name: 'magnifying-glass' }),
              h(Combobox.Input, { type: 'search', placeholder: t('search.placeholder') }),
              h('kbd', { 'aria-hidden': 'true' }, '/'),
            ]),
            h(Combobox.Positioner, { class: 'kit-combobox-positioner' }, () => [
              h(Combobox.Content, { class: 'kit-combobox-content' }, () =>
                groups.value.map((group) =>
                  h(Combobox.ItemGroup, { key: group.resource }, () => [
                    h(
                      Combobox.ItemGroupLabel,
                      { class: 'kit-global-search-group' },
                      () => group.label
                    ),
                    ...items.value
                      .filter((item) => item.group === group.resource)
                      .map((item) =>
                        h(
                          Combobox.Item,
                          { key: item.value, item, class: 'kit-combobox-item' },
                          () => [h(Combobox.ItemText, null, () => item.result.title)]
                        )
                      ),
                  ])
                )
              ),
            ]),
          ]
        ),
        h('span', { 'class': 'kit-sr-only', 'aria-live': 'polite' }, status.value),
      ])
  },
})
