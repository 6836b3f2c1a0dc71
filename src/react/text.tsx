import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { keyText, kitText, type KitText } from '../renderers/text.ts'
import type { KitTextProps } from '../renderers/types.ts'

/**
 * The text function of the page being rendered (its `strings` and
 * `locale`). Outside a kit page, every key shows as itself.
 */
export const KitTextContext = createContext<KitText>(keyText)

/**
 * The text function of the current kit page.
 *
 * @example
 * const t = useText()
 * return <button>{t('action.cancel')}</button>
 */
export function useText(): KitText {
  return useContext(KitTextContext)
}

/** The locale of the current kit page (`en` outside a kit page) */
export const KitLocaleContext = createContext<string>('en')

/**
 * The locale of the current kit page (the date picker's month and day
 * names follow it).
 */
export function useLocale(): string {
  return useContext(KitLocaleContext)
}

/**
 * Gives its children the text function of a page's `strings` and `locale`.
 */
export function KitTextProvider({
  strings,
  locale,
  children,
}: KitTextProps & { children: ReactNode }) {
  const t = useMemo(() => kitText(strings, locale), [strings, locale])
  return (
    <KitLocaleContext.Provider value={locale || 'en'}>
      <KitTextContext.Provider value={t}>{children}</KitTextContext.Provider>
    </KitLocaleContext.Provider>
  )
}
