import { router } from '@inertiajs/react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { GlobalSearchGroupContract, GlobalSearchResultContract } from '../renderers/types.ts'
import { comboboxKey, debounce, searchEverything } from '../renderers/shared.ts'
import { isSearchShortcut } from '../renderers/behaviour.ts'
import { KitIcon } from './icons.tsx'
import { useText } from './text.tsx'

/**
 * The global search of a panel: a combobox asking `url?q=<term>`
 * (debounced), its results grouped by resource; choosing one visits the
 * record's page. `/` or Ctrl+K (Cmd+K) focuses it.
 */
export function GlobalSearch({ url, label: givenLabel }: { url: string; label?: string }) {
  const t = useText()
  const label = givenLabel ?? t('search.label')
  const id = useId()
  const listId = `${id}-results`
  const [term, setTerm] = useState('')
  const [groups, setGroups] = useState<GlobalSearchGroupContract[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const abort = useRef<AbortController | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const results = groups.flatMap((group) => group.results)

  const search = useMemo(
    () =>
      debounce(async (text: string) => {
        abort.current?.abort()
        abort.current = new AbortController()
        try {
          const found = await searchEverything(url, text, abort.current.signal, t)
          const count = found.reduce((total, group) => total + group.results.length, 0)
          setGroups(found)
          setActive(-1)
          setOpen(text.trim().length >= 2)
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

  const go = (result: GlobalSearchResultContract) => {
    setOpen(false)
    router.visit(result.url)
  }

  let index = -1
  return (
    <div className="kit-remote-select kit-global-search" role="search">
      <label htmlFor={id} className="kit-sr-only">
        {label}
      </label>
      <KitIcon name="magnifying-glass" />
      <input
        ref={input}
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && results[active] ? `${listId}-${active}` : undefined}
        placeholder={t('search.placeholder')}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value)
          search(event.target.value)
        }}
        onKeyDown={(event) => {
          const next = comboboxKey(event.key, { open, active, count: results.length })
          if (!next) return
          if (next.handled) event.preventDefault()
          setOpen(next.open)
          setActive(next.active)
          if (next.choose) go(results[next.active])
        }}
      />
      <kbd aria-hidden="true">/</kbd>
      <ul id={listId} role="listbox" aria-label={label} hidden={!open || !results.length}>
        {groups.map((group) => (
          <li key={group.resource} role="presentation">
            <ul role="group" aria-label={group.label}>
              <li role="presentation" aria-hidden="true" className="kit-global-search-group">
                {group.label}
              </li>
              {group.results.map((result) => {
                index += 1
                const position = index
                return (
                  <li
                    key={`${group.resource}-${result.key}`}
                    id={`${listId}-${position}`}
                    role="option"
                    aria-selected={position === active}
                    onMouseDown={(event) => {
                      event.preventDefault()
                      go(result)
                    }}
                  >
                    {result.title}
                  </li>
                )
              })}
            </ul>
          </li>
        ))}
      </ul>
      <span className="kit-sr-only" aria-live="polite">
        {status}
      </span>
    </div>
  )
}
