import { defineComponent, h, onBeforeUnmount, onMounted, ref, useId, type PropType } from 'vue'
import { router } from '@inertiajs/vue3'
import type { GlobalSearchGroupContract, GlobalSearchResultContract } from '../renderers/types.ts'
import { comboboxKey, debounce, searchEverything } from '../renderers/shared.ts'
import { isSearchShortcut } from '../renderers/behaviour.ts'
import { KitIcon } from './icons.ts'
import { useText } from './text.ts'

/**
 * The global search of a panel: a combobox asking `url?q=<term>`
 * (debounced), its results grouped by resource; choosing one visits the
 * record's page. `/` or Ctrl+K (Cmd+K) focuses it.
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
    const listId = `${id}-results`
    const term = ref('')
    const groups = ref<GlobalSearchGroupContract[]>([])
    const open = ref(false)
    const active = ref(-1)
    const status = ref('')
    let abort: AbortController | null = null
    const input = ref<HTMLInputElement | null>(null)
    const results = () => groups.value.flatMap((group) => group.results)

    const search = debounce(async (text: string) => {
      abort?.abort()
      abort = new AbortController()
      try {
        const found = await searchEverything(props.url, text, abort.signal, t)
        const count = found.reduce((total, group) => total + group.results.length, 0)
        groups.value = found
        active.value = -1
        open.value = text.trim().length >= 2
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
      input.value?.focus()
    }
    onMounted(() => document.addEventListener('keydown', onKey))
    onBeforeUnmount(() => {
      search.cancel()
      document.removeEventListener('keydown', onKey)
    })

    const go = (result: GlobalSearchResultContract) => {
      open.value = false
      router.visit(result.url)
    }

    return () => {
      const all = results()
      let index = -1
      return h('div', { class: 'kit-remote-select kit-global-search', role: 'search' }, [
        h('label', { for: id, class: 'kit-sr-only' }, label()),
        h(KitIcon, { name: 'magnifying-glass' }),
        h('input', {
          'ref': input,
          'id': id,
          'type': 'search',
          'role': 'combobox',
          'autocomplete': 'off',
          'aria-autocomplete': 'list',
          'aria-expanded': open.value ? 'true' : 'false',
          'aria-controls': listId,
          'aria-activedescendant':
            open.value && all[active.value] ? `${listId}-${active.value}` : undefined,
          'placeholder': t('search.placeholder'),
          'value': term.value,
          'onInput': (event: Event) => {
            term.value = (event.target as HTMLInputElement).value
            search(term.value)
          },
          'onKeydown': (event: KeyboardEvent) => {
            const next = comboboxKey(event.key, {
              open: open.value,
              active: active.value,
              count: all.length,
            })
            if (!next) return
            if (next.handled) event.preventDefault()
            open.value = next.open
            active.value = next.active
            if (next.choose) go(all[next.active])
          },
        }),
        h('kbd', { 'aria-hidden': 'true' }, '/'),
        h(
          'ul',
          {
            'id': listId,
            'role': 'listbox',
            'aria-label': label(),
            'hidden': !open.value || !all.length,
          },
          groups.value.map((group) =>
            h('li', { key: group.resource, role: 'presentation' }, [
              h('ul', { 'role': 'group', 'aria-label': group.label }, [
                h(
                  'li',
                  {
                    'role': 'presentation',
                    'aria-hidden': 'true',
                    'class': 'kit-global-search-group',
                  },
                  group.label
                ),
                ...group.results.map((result) => {
                  index += 1
                  const position = index
                  return h(
                    'li',
                    {
                      'key': `${group.resource}-${result.key}`,
                      'id': `${listId}-${position}`,
                      'role': 'option',
                      'aria-selected': position === active.value ? 'true' : 'false',
                      'onMousedown': (event: MouseEvent) => {
                        event.preventDefault()
                        go(result)
                      },
                    },
                    result.title
                  )
                }),
              ]),
            ])
          )
        ),
        h('span', { 'class': 'kit-sr-only', 'aria-live': 'polite' }, status.value),
      ])
    }
  },
})
