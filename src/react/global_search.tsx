import { router } from '@inertiajs/react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Combobox, createListCollection } from '@ark-ui/react/combobox'
import type { GlobalSearchGroupContract } from '../renderers/types.ts'
import { debounce, globalSearchItems, searchEverything } from '../renderers/shared.ts'
import { isSearchShortcut } from '../renderers/behaviour.ts'
import { KitIcon } from './icons.tsx'
import { useText } from './text.tsx'

/**
 * The global search of a panel (Ark UI Combobox): it asks `url?q=<term>`
 * (debounced) and lists the results grouped by resource; choosing one
 * visits the record's page. `/` or Ctrl+K (Cmd+K) focuses it.
 */
export function GlobalSearch({ url, label: givenLabel }: { url: string; label?: string }) {
  const t = useText()
  const label = givenLabel ?? t('search.label')
  const id = useId()
  const [term, setTerm] = useState('')
  const [groups, setGroups] = useState<GlobalSearchGroupContract[]>([])
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState('')
  const abort = useRef<AbortController | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const items = useMemo(() => globalSearchItems(groups), [groups])
  const collection = useMemo(
    () =>
      createListCollection({
        items,
        itemToValue: (item) => item.value,
        itemToString: (item) => item.result.title,
      }),
    [items]
  )

  const search = useMemo(
    () =>
      debounce(async (text: string) => {
        abort.current?.abort()
        abort.current = new AbortController()
        try {
          const found = await searchEverything(url, text, abort.current.signal, t)
          const count = found.reduce((total, group) => total + group.results.length, 0)
          setGroups(found)
          setOpen(text.trim().length >= 2 && count > 0)
          setStatus(
            text.trim().length < 2
              ? ''
              : count
                ? t('search.results', { count })
                : t('search.noResults')
          )
        } catch (error) {
          if ((error as Error).name !== 'AbortError') setStatus((error as Error).message)
        }
      }, 300),
    [url]
  )
  useEffect(() => () => search.cancel(), [search])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return
      event.preventDefault()
      input.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className="kit-remote-select kit-global-search" role="search">
      <Combobox.Root
        collection={collection}
        ids={{ input: id, label: `${id}-label` }}
        inputValue={term}
        onInputValueChange={(details) => {
          if (details.reason !== 'input-change') return
          setTerm(details.inputValue)
          search(details.inputValue)
        }}
        open={open}
        onOpenChange={(details) => setOpen(details.open && items.length > 0)}
        openOnChange={false}
        openOnClick={false}
        value={[]}
        selectionBehavior="preserve"
        onSelect={(details) => {
          const item = items.find((candidate) => candidate.value === details.itemValue)
          if (!item) return
          setOpen(false)
          router.visit(item.result.url)
        }}
        positioning={{ strategy: 'fixed', placement: 'bottom-start' }}
      >
        <Combobox.Label className="kit-sr-only">{label}</Combobox.Label>
        <Combobox.Control className="kit-combobox-control">
          <KitIcon name="magnifying-glass" />
          <Combobox.Input ref={input} type="search" placeholder={t('search.placeholder')} />
          <kbd aria-hidden="true">/</kbd>
        </Combobox.Control>
        <Combobox.Positioner className="kit-combobox-positioner">
          <Combobox.Content className="kit-combobox-content">
            {groups.map((group) => (
              <Combobox.ItemGroup key={group.resource}>
                <Combobox.ItemGroupLabel className="kit-global-search-group">
                  {group.label}
                </Combobox.ItemGroupLabel>
                {items
                  .filter((item) => item.group === group.resource)
                  .map((item) => (
                    <Combobox.Item key={item.value} item={item} className="kit-combobox-item">
                      <Combobox.ItemText>{item.result.title}</Combobox.ItemText>
                    </Combobox.Item>
                  ))}
              </Combobox.ItemGroup>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <span className="kit-sr-only" aria-live="polite">
        {status}
      </span>
    </div>
  )
}
