import { Link, router } from '@inertiajs/react'
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { KitPanelContract, NavigationItem } from '../renderers/types.ts'
import {
  applyPanelTheme,
  applyTheme,
  chooseTheme,
  followSystemTheme,
  storedTheme,
} from '../renderers/theme.ts'
import { panelTitle, trapFocus } from '../renderers/behaviour.ts'
import { GlobalSearch } from './global_search.tsx'
import { PanelNavigation } from './navigation.tsx'
import { KitIcon } from './icons.tsx'
import { KitToasts } from './toasts.tsx'
import { KitTooltip } from './tooltip.tsx'
import { useText } from './text.tsx'
import { ImpersonationBanner } from './account/impersonation_banner.tsx'
import { UserMenu } from './account/user_menu.tsx'
import { NotificationBell } from './notifications/notification_bell.tsx'
import { TenantSwitcher } from './tenant_switcher.tsx'
import { BrandMark, PanelFavicon } from './brand.tsx'

/**
 * The light/dark switch of the top bar (`aria-pressed` when dark). Without
 * a stored choice the mode follows the system; a click stores the choice.
 */
export function ThemeToggle() {
  const t = useText()
  const [dark, setDark] = useState(false)
  useEffect(() => {
    setDark(applyTheme(storedTheme()))
    return followSystemTheme(setDark)
  }, [])
  return (
    <KitTooltip label={t('panel.darkMode')}>
      <button
        type="button"
        className="kit-icon-button kit-theme-toggle"
        aria-label={t('panel.darkMode')}
        aria-pressed={dark}
        onClick={() => setDark(chooseTheme(!dark))}
      >
        <KitIcon name={dark ? 'sun' : 'moon'} />
      </button>
    </KitTooltip>
  )
}

/**
 * The panel's frame: the sidebar with the navigation (a drawer under
 * 1024 px, opened from the top bar; Escape closes it and focus returns to
 * the menu button), the top bar (global search, the user menu on panels
 * with `login()` or else the theme toggle, `topbar` content) and the page.
 */
export function PanelShell({
  navigation,
  kitPanel,
  topbar,
  children,
}: {
  navigation?: NavigationItem[] | null
  kitPanel?: KitPanelContract | null
  topbar?: ReactNode
  children: ReactNode
}) {
  const t = useText()
  const [open, setOpen] = useState(false)
  const sidebarId = useId()
  const menu = useRef<HTMLButtonElement>(null)
  const sidebar = useRef<HTMLDivElement>(null)
  const close = () => {
    setOpen(false)
    menu.current?.focus()
  }

  /* the drawer: focus inside while open, Escape closes, Tab stays inside */
  useEffect(() => {
    if (!open) return
    const current = sidebar.current?.querySelector<HTMLElement>('a[aria-current]')
    ;(current ?? sidebar.current?.querySelector<HTMLElement>('a, button'))?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
      else if (sidebar.current) trapFocus(event, sidebar.current)
    }
    /* in the capture phase: a tooltip of the drawer (its close button's)
       stops the Escape that closes it from bubbling */
    document.addEventListener('keydown', onKey, true)
    return () => document.removeEventListener('keydown', onKey, true)
  }, [open])
  useEffect(() => router.on('navigate', () => setOpen(false)), [])
  /* the panel's theme, before the page is painted */
  const theme = JSON.stringify(kitPanel?.theme ?? {})
  useLayoutEffect(() => {
    applyPanelTheme(JSON.parse(theme))
    return () => applyPanelTheme(null)
  }, [theme])

  const home = navigation?.[0]?.url
  const brand = kitPanel?.brand ?? panelTitle(kitPanel?.id, t)
  return (
    <div className="kit-page">
      <PanelFavicon kitPanel={kitPanel} />
      {open ? <div className="kit-sidebar-backdrop" onClick={close} /> : null}
      <div
        ref={sidebar}
        id={sidebarId}
        className={open ? 'kit-sidebar kit-sidebar-open' : 'kit-sidebar'}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? t('panel.navigation') : undefined}
      >
        <div className="kit-sidebar-header">
          {home ? (
            <Link href={home} className="kit-brand">
              <BrandMark kitPanel={kitPanel} brand={brand} />
            </Link>
          ) : (
            <span className="kit-brand">
              <BrandMark kitPanel={kitPanel} brand={brand} />
            </span>
          )}
          <KitTooltip label={t('panel.closeNavigation')}>
            <button
              type="button"
              className="kit-icon-button kit-sidebar-close"
              aria-label={t('panel.closeNavigation')}
              onClick={close}
            >
              <KitIcon name="x-mark" />
            </button>
          </KitTooltip>
        </div>
        <PanelNavigation items={navigation} />
      </div>
      <div className="kit-body">
        <ImpersonationBanner menu={kitPanel?.userMenu} />
        <div className="kit-topbar">
          <KitTooltip label={t('panel.openNavigation')}>
            <button
              ref={menu}
              type="button"
              className="kit-icon-button kit-topbar-menu"
              aria-label={t('panel.openNavigation')}
              aria-expanded={open}
              aria-controls={sidebarId}
              onClick={() => setOpen(true)}
            >
              <KitIcon name="bars-3" />
            </button>
          </KitTooltip>
          {kitPanel?.tenants ? <TenantSwitcher tenants={kitPanel.tenants} /> : null}
          {kitPanel ? <GlobalSearch url={kitPanel.searchUrl} /> : null}
          <div className="kit-topbar-end">
            <NotificationBell notifications={kitPanel?.notifications} />
            {kitPanel?.userMenu ? <UserMenu menu={kitPanel.userMenu} /> : <ThemeToggle />}
            {topbar}
          </div>
        </div>
        {children}
      </div>
      <KitToasts />
    </div>
  )
}
