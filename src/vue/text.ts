import { computed, inject, provide, type InjectionKey, type Ref } from 'vue'
import { keyText, kitText, type KitText } from '../renderers/text.ts'
import type { KitStrings } from '../renderers/types.ts'

const KIT_TEXT: InjectionKey<Ref<KitText>> = Symbol('kit-text')
const KIT_LOCALE: InjectionKey<Ref<string>> = Symbol('kit-locale')

/**
 * Gives the components under the current one the text function of a
 * page's `strings` and `locale` (read again when they change).
 */
export function provideText(source: () => { strings?: KitStrings | null; locale?: string | null }) {
  const text = computed(() => {
    const { strings, locale } = source()
    return kitText(strings, locale)
  })
  provide(KIT_TEXT, text)
  provide(
    KIT_LOCALE,
    computed(() => source().locale || 'en')
  )
}

/**
 * The text function of the current kit page; outside a kit page, every key
 * shows as itself. Call it in `setup()`, use it in the render function.
 *
 * @example
 * const t = useText()
 * return () => h('button', t('action.cancel'))
 */
export function useText(): KitText {
  const text = inject(KIT_TEXT, null)
  return (key, data) => (text ? text.value : keyText)(key, data)
}

/**
 * The locale of the current kit page (`en` outside a kit page; the date
 * picker's month and day names follow it). Call it in `setup()`, read it in
 * the render function.
 */
export function useLocale(): () => string {
  const locale = inject(KIT_LOCALE, null)
  return () => locale?.value ?? 'en'
}
