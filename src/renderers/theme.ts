/*
 * Light and dark mode of the panel, shared by both renderers (no framework).
 *
 * The mode is the `dark` class on <html>. Without a stored choice it follows
 * the system (`prefers-color-scheme`); the top bar's toggle stores `light`
 * or `dark` in localStorage under `kit-theme`. `themeScript` sets the class
 * before the first paint when the application puts it in its HTML head.
 */

/** What this file uses of the browser (the server build has no DOM types) */
const browser = globalThis as unknown as {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void }
  matchMedia?: (query: string) => {
    matches: boolean
    addEventListener(type: 'change', listener: () => void): void
    removeEventListener(type: 'change', listener: () => void): void
  }
  document?: {
    documentElement: {
      classList: { toggle(name: string, force: boolean): void }
      style: { setProperty(name: string, value: string): void; removeProperty(name: string): void }
    }
  }
}

/** The localStorage key of the chosen mode */
export const THEME_STORAGE_KEY = 'kit-theme'

/** A stored choice, or `system` when none is stored */
export type ThemePreference = 'light' | 'dark' | 'system'

/**
 * The inline script for the HTML head that sets the `dark` class before the
 * page is painted (no flash of the light theme).
 *
 * @example
 * <script>{{{ themeScript }}}</script>
 */
export const themeScript = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');var d=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d)}catch(e){}})()`

/**
 * The stored choice (`system` when none, or when storage is unavailable).
 */
export function storedTheme(): ThemePreference {
  try {
    const value = browser.localStorage?.getItem(THEME_STORAGE_KEY)
    return value === 'dark' || value === 'light' ? value : 'system'
  } catch {
    return 'system'
  }
}

/**
 * Whether a preference means dark: an explicit choice, or the system's.
 */
export function prefersDark(preference: ThemePreference): boolean {
  if (preference !== 'system') return preference === 'dark'
  return !!browser.matchMedia?.('(prefers-color-scheme: dark)').matches
}

/**
 * Sets the `dark` class on <html> for a preference; returns whether dark.
 */
export function applyTheme(preference: ThemePreference): boolean {
  const dark = prefersDark(preference)
  browser.document?.documentElement.classList.toggle('dark', dark)
  return dark
}

/**
 * Stores an explicit choice and applies it.
 */
export function chooseTheme(dark: boolean): boolean {
  try {
    browser.localStorage?.setItem(THEME_STORAGE_KEY, dark ? 'dark' : 'light')
  } catch {
    /* storage unavailable: the choice lasts until the page is left */
  }
  return applyTheme(dark ? 'dark' : 'light')
}

/**
 * Follows the system's mode while no choice is stored; calls `onChange`
 * with the new state. Returns the function that stops following.
 */
export function followSystemTheme(onChange: (dark: boolean) => void): () => void {
  const query = browser.matchMedia?.('(prefers-color-scheme: dark)')
  if (!query) return () => {}
  const listener = () => {
    if (storedTheme() === 'system') onChange(applyTheme('system'))
  }
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}

/** The variables the current panel's theme set on <html> */
let appliedVariables: string[] = []

/**
 * Sets a panel's theme (`kitPanel.theme`: `--kit-*` CSS variables) on
 * <html>, so that dialogs and popups outside the page get it too, and
 * removes the variables of the previous panel's theme.
 */
export function applyPanelTheme(variables: Record<string, string> | null | undefined): void {
  const style = browser.document?.documentElement.style
  if (!style) return
  const next = Object.entries(variables ?? {}).filter(([name]) => name.startsWith('--kit-'))
  for (const name of appliedVariables) {
    if (!next.some(([other]) => other === name)) style.removeProperty(name)
  }
  for (const [name, value] of next) style.setProperty(name, value)
  appliedVariables = next.map(([name]) => name)
}
